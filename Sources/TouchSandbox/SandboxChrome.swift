import CairoRenderer
import Foundation

/// The sandbox's frame around a scene: the caption at the top, the scene's hint low on
/// the stage, and the help line listing the keys at the bottom.
struct SandboxChrome {
    static let captionHeight: CGFloat = 32
    static let helpHeight: CGFloat = 28
    /// The hint's baseline is this far above the help line.
    static let hintBaselineOffset: CGFloat = 20
    /// The hint's line, from the help line up to above its 16-point capitals.
    static let hintClearance: CGFloat = 44

    var caption: String
    var hint: String?
    var isHelpVisible = true
    var keys: [(key: String, action: String)]

    func draw(in canvas: Canvas, size: CGSize) {
        canvas.fill(CGRect(x: 0, y: 0, width: size.width, height: Self.captionHeight), with: SandboxStyle.chrome)
        canvas.drawText(caption, at: CGPoint(x: 12, y: 21), size: 13, color: SandboxStyle.primaryText)
        if let hint {
            // Low on the stage, centred, so it never covers the scene's own views.
            let width = canvas.measureText(hint, size: 16)
            canvas.drawText(hint, at: CGPoint(x: (size.width - width) / 2, y: size.height - Self.helpHeight - Self.hintBaselineOffset),
                            size: 16, color: SandboxStyle.secondaryText)
        }
        guard isHelpVisible else { return }
        let bar = Self.helpBar(in: size)
        canvas.fill(bar, with: SandboxStyle.chrome)
        var x: CGFloat = 12
        for (key, action) in keys {
            let keyWidth = canvas.measureText(key, size: 12, weight: .bold)
            canvas.fillRoundedRect(CGRect(x: x - 4, y: bar.minY + 6, width: keyWidth + 8, height: 17), radius: 4,
                                   with: SandboxStyle.keyCap)
            canvas.drawText(key, at: CGPoint(x: x, y: bar.minY + 19), size: 12, color: SandboxStyle.accent,
                            weight: .bold)
            x += keyWidth + 8
            canvas.drawText(action, at: CGPoint(x: x, y: bar.minY + 19), size: 12, color: SandboxStyle.primaryText)
            x += canvas.measureText(action, size: 12) + 18
        }
    }

    static func helpBar(in size: CGSize) -> CGRect {
        CGRect(x: 0, y: size.height - helpHeight, width: size.width, height: helpHeight)
    }

    /// The part of a window of `size` that the chrome never covers: below the caption
    /// and above the hint line (the help line is below the hint). Scenes whose views
    /// fill the window lay them out in it.
    static func clearArea(in size: CGSize) -> CGRect {
        let bottom = size.height - helpHeight - hintClearance
        return CGRect(x: 0, y: captionHeight, width: size.width, height: max(0, bottom - captionHeight))
    }
}
