import UIKit

/// Where an app's text and controls are on screen, for `OverlayPlacement`: what the
/// debug layer's panels and labels keep off where there is room.
///
/// Counted: every label's text (as wide as the text, not the label); every control (a
/// button, a switch, a slider: the whole control, not its parts); every image view with
/// an image; and every small drawn thing (`isDrawnThing`: a scene's target square).
/// Each is the box it shows in, in window points, cut to the views that clip it, so a
/// row scrolled out of a list is not there. Not counted: hidden views and those under
/// 0.01 alpha, and plain views holding others however large (a scene's stage, a list's
/// rows and background), which are places for things: a panel may sit over them.
@MainActor
public enum AppContentMap {
    /// The content of `window`'s views, front to back does not matter: a list of boxes.
    public static func rects(in window: UIWindow) -> [CGRect] {
        var found: [CGRect] = []
        collect(window, clip: window.bounds, in: window, into: &found)
        return found
    }

    private static func collect(_ view: UIView, clip: CGRect, in window: UIWindow, into found: inout [CGRect]) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        let box = view === window ? window.bounds : view.convert(textBox(of: view) ?? view.bounds, to: window)
        let shown = box.intersection(clip)
        let isShown = !shown.isNull && !shown.isEmpty
        if isShown, isContent(view) {
            found.append(shown)
            // A control's own labels and images are the control.
            if view is UIControl { return }
        }
        // A view that does not clip may hold subviews outside its own box (a zero-sized
        // container's); one that clips shows none beyond it.
        if view.clipsToBounds {
            guard isShown else { return }
            for subview in view.subviews { collect(subview, clip: shown, in: window, into: &found) }
        } else {
            for subview in view.subviews { collect(subview, clip: clip, in: window, into: &found) }
        }
    }

    /// Where a label's text is in its bounds: as wide as the text, where its alignment
    /// puts it, and the label's whole height (a list row's label is as wide as the row,
    /// but its text leaves the rest free).
    private static func textBox(of view: UIView) -> CGRect? {
        guard let label = view as? UILabel, !(label.text ?? "").isEmpty else { return nil }
        let bounds = label.bounds
        let width = min(bounds.width, label.sizeThatFits(bounds.size).width)
        let x: CGFloat = switch label.textAlignment {
        case .center: bounds.minX + (bounds.width - width) / 2
        case .right: bounds.maxX - width
        case .left, .justified, .natural: bounds.minX
        }
        return CGRect(x: x, y: bounds.minY, width: width, height: bounds.height)
    }

    private static func isContent(_ view: UIView) -> Bool {
        switch view {
        case let label as UILabel: !(label.text ?? "").isEmpty
        case is UIControl: true
        case let image as UIImageView: image.image != nil
        default: isDrawnThing(view)
        }
    }

    /// A view that is a thing on screen rather than a place for things: one with no
    /// subviews that draws a fill or a border, no more than an eighth of the window and
    /// at least 8 points each way (a scene's target square, a swatch; not a hairline
    /// separator, not a stage).
    private static func isDrawnThing(_ view: UIView) -> Bool {
        guard view.subviews.isEmpty, view.bounds.width >= 8, view.bounds.height >= 8,
              view.backgroundColor.map({ $0.cgColor.alpha > 0 }) ?? false || view.layer.borderWidth > 0,
              let window = view.window else { return false }
        return view.bounds.width * view.bounds.height <= window.bounds.width * window.bounds.height / 8
    }
}
