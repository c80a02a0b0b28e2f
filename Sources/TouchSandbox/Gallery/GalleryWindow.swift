import SandboxDebugging
import UIKit

/// The gallery's own chrome, above the scene's window and below the debug layer's: the
/// caption bar at the top, the scene's hint above the toolbar, and the scene list.
/// Transparent to touches wherever it shows nothing, so the scene gets every other
/// touch.
@MainActor
final class GalleryWindow: UIWindow {
    let galleryView = GalleryView(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        windowLevel = .statusBar
        // The gallery's chrome is the sandbox's, not the scene's: not in `windows`.
        isSystemWindow = true
        addSubview(galleryView)
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        galleryView.frame = bounds
    }

    /// Only its bars and the scene list take touches; the rest passes through.
    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        return hit === self || hit === galleryView ? nil : hit
    }
}

/// The gallery window's root: caption bar, hint and scene list, laid out for any size.
@MainActor
final class GalleryView: UIView {
    /// The caption bar's height: a 44-point row.
    static let captionHeight: CGFloat = 44
    /// The hint's band, above the toolbar.
    static let hintHeight: CGFloat = 36
    /// What the scene gets clear of the bars: the caption above; the toolbar and the
    /// hint below.
    static var sceneInsets: (top: CGFloat, bottom: CGFloat) { (captionHeight, DebugStyle.toolbarHeight + hintHeight) }

    /// The caption's bar; a tap on it scrolls the scene to its top, as a tap on iOS's
    /// status bar does (`UIWindow.scrollToTop()`).
    let captionBar = CaptionBar(frame: .zero)
    let captionLabel = DebugStyle.makeLabel(font: DebugStyle.buttonFont)
    let hintLabel = DebugStyle.makeLabel(color: DebugStyle.secondaryText)
    let sceneList = SceneListView(frame: .zero)

    override init(frame: CGRect) {
        super.init(frame: frame)
        // Opaque: the scene lays out below it, and nothing should show through text.
        captionBar.backgroundColor = UIColor(red: 0x2C / 255, green: 0x2C / 255, blue: 0x2E / 255, alpha: 1)
        captionLabel.lineBreakMode = .byTruncatingTail
        captionBar.addSubview(captionLabel)
        hintLabel.textAlignment = .center
        hintLabel.lineBreakMode = .byTruncatingTail
        hintLabel.isUserInteractionEnabled = false
        addSubview(captionBar)
        addSubview(hintLabel)
        addSubview(sceneList)
        sceneList.isHidden = true
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    /// The smallest type the bars use: two lines of it fit either band.
    static let smallFont = UIFont.systemFont(ofSize: 13)

    /// One line at `large` where the text fits the label's width; otherwise two lines
    /// at 13 points, so a narrow window wraps a caption instead of cutting it (an
    /// ellipsis only when even two lines cannot hold it). Two lines are balanced: the
    /// label narrows to the least width that still holds the text in two, so the
    /// second line is not a word or two left alone ("2)").
    static func fit(_ label: UILabel, large: UIFont) {
        label.font = large
        label.numberOfLines = 1
        let oneLine = label.sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: label.bounds.height)).width
        guard oneLine > label.bounds.width else { return }
        label.font = smallFont
        label.numberOfLines = 2
        label.lineBreakMode = .byWordWrapping
        let full = label.bounds.width
        func height(at width: CGFloat) -> CGFloat {
            label.numberOfLines = 0
            defer { label.numberOfLines = 2 }
            return label.sizeThatFits(CGSize(width: width, height: .greatestFiniteMagnitude)).height
        }
        let twoLines = height(at: full)
        guard twoLines <= 2 * smallFont.lineHeight + 1 else { return }
        var low = full / 2, high = full
        while high - low > 1 {
            let middle = (low + high) / 2
            if height(at: middle) <= twoLines { high = middle } else { low = middle }
        }
        let narrowed = high.rounded(.up)
        // A centred label stays centred where it was.
        if label.textAlignment == .center { label.frame.origin.x += (full - narrowed) / 2 }
        label.frame.size.width = narrowed
    }

    override func layoutSubviews() {
        super.layoutSubviews()
        let size = bounds.size
        captionBar.frame = CGRect(x: 0, y: 0, width: size.width, height: Self.captionHeight)
        captionLabel.frame = CGRect(x: 12, y: 0, width: max(0, size.width - 24), height: Self.captionHeight)
        Self.fit(captionLabel, large: DebugStyle.buttonFont)
        hintLabel.frame = CGRect(x: 12, y: size.height - DebugStyle.toolbarHeight - Self.hintHeight,
                                 width: max(0, size.width - 24), height: Self.hintHeight)
        Self.fit(hintLabel, large: DebugStyle.bodyFont)
        sceneList.frame = CGRect(x: 0, y: Self.captionHeight, width: size.width,
                                 height: max(0, size.height - Self.captionHeight - DebugStyle.toolbarHeight))
    }
}

/// The gallery's caption bar: a tap on it (a finger that lifts on it) calls `onTap`.
/// Handled here rather than by a tap recognizer: the gallery adds no recognizer of its
/// own to the app's.
@MainActor
final class CaptionBar: UIView {
    var onTap: (() -> Void)?

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        guard let touch = touches.first, bounds.contains(touch.location(in: self)) else { return }
        onTap?()
    }
}
