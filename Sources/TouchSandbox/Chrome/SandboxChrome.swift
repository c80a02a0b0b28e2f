import CairoRenderer
import Foundation

/// The sandbox's frame around a scene: the caption bar at the top (the scene's caption,
/// and on the right the status: slow animations, the last screenshot saved), the scene's
/// hint low on the stage, and the toolbar's place at the bottom.
@MainActor
struct SandboxChrome {
    static let captionHeight: CGFloat = 32
    /// The toolbar's height (the bottom bar).
    static let helpHeight: CGFloat = 28
    /// The hint's baseline is this far above the toolbar.
    static let hintBaselineOffset: CGFloat = 20
    /// The hint's line, from the toolbar up to above its 16-point capitals.
    static let hintClearance: CGFloat = 44

    var caption: String
    var hint: String?
    /// A transient line at the right of the caption bar ("saved shot.png").
    var status: String?

    /// Draws the caption bar and the hint; the toolbar is drawn separately
    /// (`SandboxToolbar`), above any open panel, because it stays usable under one.
    /// `badges` are short states shown at the right of the caption bar ("SLOW ×10").
    /// Each part is skipped when it lies outside the canvas's clip (a frame redraws only
    /// its damage, often several small rectangles, each drawn on its own).
    func draw(in canvas: Canvas, size: CGSize, badges: [String]) {
        let clip = canvas.clipBounds
        let captionBar = Self.captionBar(in: size)
        if clip.intersects(captionBar) { drawCaptionBar(captionBar, in: canvas, size: size, badges: badges) }
        if let hint {
            // Low on the stage, centred, so it never covers the scene's own views.
            let baseline = size.height - Self.helpHeight - Self.hintBaselineOffset
            guard clip.intersects(CGRect(x: 0, y: baseline - 16, width: size.width, height: 22)) else { return }
            let text = canvas.truncated(hint, toWidth: size.width - 24, size: 16)
            let width = canvas.measureText(text, size: 16)
            canvas.drawText(text, at: CGPoint(x: (size.width - width) / 2, y: baseline), size: 16, color: SandboxStyle.secondaryText)
        }
    }

    private func drawCaptionBar(_ captionBar: CGRect, in canvas: Canvas, size: CGSize, badges: [String]) {
        canvas.fill(captionBar, with: SandboxStyle.chrome)
        var right = size.width - 10
        for badge in badges.reversed() {
            let width = canvas.measureText(badge, size: 12, weight: .bold) + 12
            right -= width
            canvas.fillRoundedRect(CGRect(x: right, y: 7, width: width, height: 18), radius: 9, with: SandboxStyle.badge)
            canvas.drawText(badge, at: CGPoint(x: right + 6, y: 20.5), size: 12, color: Canvas.Color(hex: 0x1C1C1E), weight: .bold)
            right -= 8
        }
        if let status {
            let text = canvas.truncated(status, toWidth: max(0, right - size.width / 2), size: 12)
            right -= canvas.measureText(text, size: 12)
            canvas.drawText(text, at: CGPoint(x: right, y: 20.5), size: 12, color: SandboxStyle.secondaryText)
            right -= 12
        }
        canvas.drawText(canvas.truncated(caption, toWidth: max(0, right - 12), size: 13), at: CGPoint(x: 12, y: 21),
                        size: 13, color: SandboxStyle.primaryText)
    }

    static func captionBar(in size: CGSize) -> CGRect {
        CGRect(x: 0, y: 0, width: size.width, height: captionHeight)
    }

    static func toolbar(in size: CGSize) -> CGRect {
        CGRect(x: 0, y: size.height - helpHeight, width: size.width, height: helpHeight)
    }

    /// The part of a window of `size` that the chrome never covers: below the caption
    /// and above the hint line (the toolbar is below the hint). Scenes whose views
    /// fill the window lay them out in it.
    static func clearArea(in size: CGSize) -> CGRect {
        let bottom = size.height - helpHeight - hintClearance
        return CGRect(x: 0, y: captionHeight, width: size.width, height: max(0, bottom - captionHeight))
    }
}
