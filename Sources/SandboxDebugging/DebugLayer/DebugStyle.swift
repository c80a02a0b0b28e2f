import UIKit

/// The debug layer's look, sized for fingers: every control at least 44 × 44 points
/// (`minimumTarget`), no type under 13 points, on the dark chrome the overlays share
/// (`DebugPalette`).
@MainActor
public enum DebugStyle {
    /// The smallest side of anything a finger is meant to hit.
    public static let minimumTarget: CGFloat = 44
    /// The toolbar's height: a 44-point row of buttons and 8 points above and below.
    public static let toolbarHeight: CGFloat = 60
    /// Space between buttons and around panels.
    public static let spacing: CGFloat = 8
    public static let buttonFont = UIFont.systemFont(ofSize: 15, weight: .semibold)
    public static let bodyFont = UIFont.systemFont(ofSize: 15)
    public static let titleFont = UIFont.systemFont(ofSize: 17, weight: .bold)

    public static let bar = UIColor(red: 0x2C / 255, green: 0x2C / 255, blue: 0x2E / 255, alpha: 0.96)
    public static let panel = UIColor(red: 0x2C / 255, green: 0x2C / 255, blue: 0x2E / 255, alpha: 0.97)
    public static let button = UIColor(red: 0x3A / 255, green: 0x3A / 255, blue: 0x3C / 255, alpha: 1)
    public static let litButton = UIColor(red: 0x0A / 255, green: 0x5C / 255, blue: 0xB8 / 255, alpha: 1)
    public static let primaryText = UIColor(red: 0xF2 / 255, green: 0xF2 / 255, blue: 0xF7 / 255, alpha: 1)
    public static let secondaryText = UIColor(red: 0xAE / 255, green: 0xAE / 255, blue: 0xB2 / 255, alpha: 1)
    public static let accent = UIColor(red: 0x0A / 255, green: 0x84 / 255, blue: 1, alpha: 1)
    public static let badge = UIColor(red: 1, green: 0x9F / 255, blue: 0x0A / 255, alpha: 1)
    /// The recording badge.
    public static let recording = UIColor(red: 0xD7 / 255, green: 0x2D / 255, blue: 0x20 / 255, alpha: 1)
    /// Dims what lies behind a modal panel (the help, the gallery's scene list).
    public static let veil = UIColor(white: 0, alpha: 0.55)

    /// A rounded, finger-sized button with a white title, dimmed while pressed.
    public static func makeButton(title: String) -> UIButton {
        let button = UIButton(type: .custom)
        button.setTitle(title, for: .normal)
        button.setTitleColor(primaryText, for: .normal)
        button.titleLabel?.font = buttonFont
        button.backgroundColor = self.button
        button.layer.cornerRadius = 8
        return button
    }

    /// The width a button needs for its title, with 14 points either side, and never
    /// under `minimumTarget`.
    public static func width(of button: UIButton) -> CGFloat {
        let title = button.titleLabel?.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: minimumTarget)).width ?? 0
        return max(minimumTarget, (title + 28).rounded(.up))
    }

    /// `buttons` split into rows of their widths (`width(of:)`, at most `width`) that fit
    /// `width` with `spacing` between them, in order; a button as wide as the row gets a
    /// row of its own. The panels that wrap their buttons lay them out by it.
    public static func rows(of buttons: [UIButton], inWidth width: CGFloat) -> [[(button: UIButton, width: CGFloat)]] {
        var rows: [[(button: UIButton, width: CGFloat)]] = [[]]
        var used: CGFloat = 0
        for button in buttons {
            let buttonWidth = min(width, self.width(of: button))
            let needed = rows[rows.count - 1].isEmpty ? buttonWidth : used + spacing + buttonWidth
            if needed > width, !rows[rows.count - 1].isEmpty {
                rows.append([(button, buttonWidth)])
                used = buttonWidth
            } else {
                rows[rows.count - 1].append((button, buttonWidth))
                used = needed
            }
        }
        return rows
    }

    /// A label in the chrome's type.
    public static func makeLabel(font: UIFont = bodyFont, color: UIColor = primaryText) -> UILabel {
        let label = UILabel(frame: .zero)
        label.font = font
        label.textColor = color
        return label
    }
}
