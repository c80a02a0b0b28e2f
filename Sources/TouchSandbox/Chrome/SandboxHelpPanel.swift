import CairoRenderer
import Foundation

/// The help panel (H): every key of the sandbox with what it does, the keys that move
/// between scenes, and how the mouse plays two fingers. Drawn centred over the dimmed
/// scene; any touch or Esc closes it.
@MainActor
enum SandboxHelpPanel {
    /// One line of the panel: a key cap (or a gesture) and what it does.
    struct Line: Equatable {
        var key: String
        var text: String
    }

    static let title = "Touch Sandbox keys"
    static let rowHeight: CGFloat = 19
    static let textSize: CGFloat = 12

    /// The panel's lines, in order: the chrome's actions, scene navigation, then the
    /// mouse.
    static var lines: [Line] {
        SandboxAction.allCases.map { Line(key: $0.key, text: $0.helpText) } + [
            Line(key: "\u{2190} \u{2192}", text: "previous / next scene"),
            Line(key: "Esc", text: "close the open panel"),
            Line(key: "drag", text: "mouse: one finger"),
            Line(key: "Ctrl+drag", text: "mouse: a second finger mirrored about the window's centre (pinch, rotate)"),
            Line(key: "Ctrl+Shift+drag", text: "mouse: two fingers moving together (two-finger pan)"),
        ]
    }

    static func draw(in canvas: Canvas, size: CGSize) {
        canvas.fill(CGRect(origin: .zero, size: size), with: SandboxStyle.veil)
        let keyColumn = lines.map { canvas.measureText($0.key, size: textSize, weight: .bold) }.max() ?? 0
        let height = CGFloat(lines.count + 2) * rowHeight + 24
        let width = min(size.width - 24, 640)
        let panel = CGRect(x: (size.width - width) / 2, y: max(8, (size.height - height) / 2), width: width, height: height)
        canvas.fillRoundedRect(panel, radius: 10, with: SandboxStyle.panel)
        var y = panel.minY + 12 + rowHeight - 4
        canvas.drawText(title, at: CGPoint(x: panel.minX + 16, y: y), size: 14, color: SandboxStyle.primaryText, weight: .bold)
        y += rowHeight * 1.5
        let textX = panel.minX + 16 + keyColumn + 20
        for line in lines {
            let keyWidth = canvas.measureText(line.key, size: textSize, weight: .bold)
            canvas.fillRoundedRect(CGRect(x: panel.minX + 12, y: y - 13, width: keyWidth + 8, height: 17), radius: 4,
                                   with: SandboxStyle.keyCap)
            canvas.drawText(line.key, at: CGPoint(x: panel.minX + 16, y: y), size: textSize, color: SandboxStyle.accent,
                            weight: .bold)
            let text = canvas.truncated(line.text, toWidth: panel.maxX - 12 - textX, size: textSize)
            canvas.drawText(text, at: CGPoint(x: textX, y: y), size: textSize, color: SandboxStyle.primaryText)
            y += rowHeight
        }
    }
}
