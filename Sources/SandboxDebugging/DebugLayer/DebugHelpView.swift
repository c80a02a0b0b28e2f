import UIKit

/// The help panel: every tool with its key and what it does, how to summon the toolbar,
/// and a button to close it. Lines wrap to the panel's width; the panel is as tall as
/// its text.
@MainActor
public final class DebugHelpView: UIView {
    public let titleLabel = DebugStyle.makeLabel(font: DebugStyle.titleFont)
    public let closeButton = DebugStyle.makeButton(title: "Close")
    /// One label per line of help, in order.
    public private(set) var lineLabels: [UILabel] = []

    /// The lines: a key (or nil) and what it does.
    public var lines: [(key: String?, text: String)] = [] {
        didSet { rebuild() }
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        backgroundColor = DebugStyle.panel
        layer.cornerRadius = 12
        titleLabel.text = "Touch debugging"
        addSubview(titleLabel)
        addSubview(closeButton)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The height the panel needs at `width`.
    public func height(forWidth width: CGFloat) -> CGFloat {
        layout(width: width, apply: false)
    }

    public override func layoutSubviews() {
        super.layoutSubviews()
        _ = layout(width: bounds.width, apply: true)
    }

    private static let keyColumn: CGFloat = 52
    private static let padding: CGFloat = 16

    @discardableResult
    private func layout(width: CGFloat, apply: Bool) -> CGFloat {
        let padding = Self.padding
        let closeWidth = DebugStyle.width(of: closeButton)
        if apply {
            closeButton.frame = CGRect(x: width - padding - closeWidth, y: padding, width: closeWidth, height: DebugStyle.minimumTarget)
            titleLabel.frame = CGRect(x: padding, y: padding, width: max(0, width - 3 * padding - closeWidth), height: DebugStyle.minimumTarget)
        }
        var y = padding + DebugStyle.minimumTarget + 8
        var index = 0
        for line in lines {
            let keyLabel = lineLabels[index], textLabel = lineLabels[index + 1]
            index += 2
            let textWidth = max(0, width - 2 * padding - Self.keyColumn)
            let height = max(22, textLabel.sizeThatFits(CGSize(width: textWidth, height: .greatestFiniteMagnitude)).height.rounded(.up))
            if apply {
                keyLabel.frame = CGRect(x: padding, y: y, width: Self.keyColumn - 8, height: 22)
                textLabel.frame = CGRect(x: padding + Self.keyColumn, y: y, width: textWidth, height: height)
            }
            _ = line
            y += height + 6
        }
        return y + padding - 6
    }

    private func rebuild() {
        for label in lineLabels { label.removeFromSuperview() }
        lineLabels = []
        for line in lines {
            let key = DebugStyle.makeLabel(font: DebugStyle.buttonFont, color: DebugStyle.accent)
            key.text = line.key
            let text = DebugStyle.makeLabel()
            text.text = line.text
            text.numberOfLines = 0
            text.lineBreakMode = .byWordWrapping
            lineLabels += [key, text]
            addSubview(key)
            addSubview(text)
        }
        setNeedsLayout()
    }
}
