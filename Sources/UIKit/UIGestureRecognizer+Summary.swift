import Foundation

// What a person reading the recognizer HUD needs to tell recognizers apart: the gesture
// and the configuration that distinguishes it from its siblings, or the app's own name.

extension UIGestureRecognizer {
    /// The app's `name` if it gave one, else `summary`.
    public var displayTitle: String {
        name ?? summary
    }

    /// The gesture and its distinguishing configuration: `Tap`, `Tap ×2`,
    /// `Tap ×2, 2 fingers`, `Swipe ←`, `Swipe ↑↓`, `Pan`, `Pan 1–2 fingers`,
    /// `Pan 2+ fingers`, `Edge pan from left`, `Long press 0.5 s`, `Pinch`, `Rotation`; a recognizer of another
    /// class by the part of its class name that names the gesture (`Checkmark` for
    /// `CheckmarkGestureRecognizer`).
    public var summary: String {
        switch self {
        case let tap as UITapGestureRecognizer:
            return Self.join("Tap" + (tap.numberOfTapsRequired == 1 ? "" : " \u{D7}\(tap.numberOfTapsRequired)"),
                             fingers: tap.numberOfTouchesRequired)
        case let swipe as UISwipeGestureRecognizer:
            let arrows: [(UISwipeGestureRecognizer.Direction, String)] = [
                (.left, "\u{2190}"), (.right, "\u{2192}"), (.up, "\u{2191}"), (.down, "\u{2193}"),
            ]
            let shown = arrows.filter { swipe.direction.contains($0.0) }.map(\.1).joined()
            return Self.join("Swipe" + (shown.isEmpty ? "" : " \(shown)"), fingers: swipe.numberOfTouchesRequired)
        case let edgePan as UIScreenEdgePanGestureRecognizer:
            let edges: [(UIRectEdge, String)] = [(.left, "left"), (.right, "right"), (.top, "top"), (.bottom, "bottom")]
            let shown = edges.filter { edgePan.edges.contains($0.0) }.map(\.1).joined(separator: ", ")
            return "Edge pan" + (shown.isEmpty ? "" : " from \(shown)")
        case let pan as UIPanGestureRecognizer:
            let least = pan.minimumNumberOfTouches, most = pan.maximumNumberOfTouches
            if least <= 1 && most == Int.max { return "Pan" }
            if most == Int.max { return "Pan \(least)+ fingers" }
            if least == most { return least == 1 ? "Pan 1 finger" : "Pan \(least) fingers" }
            return "Pan \(max(least, 1))\u{2013}\(most) fingers"
        case let press as UILongPressGestureRecognizer:
            let seconds = String(format: "%g", press.minimumPressDuration)
            var title = "Long press \(seconds) s"
            if press.numberOfTapsRequired > 0 { title += " after \(press.numberOfTapsRequired) tap\(press.numberOfTapsRequired == 1 ? "" : "s")" }
            return Self.join(title, fingers: press.numberOfTouchesRequired)
        case is UIPinchGestureRecognizer:
            return "Pinch"
        case is UIRotationGestureRecognizer:
            return "Rotation"
        default:
            var name = Substring("\(type(of: self))")
            if name.hasSuffix("GestureRecognizer"), name.count > "GestureRecognizer".count {
                name = name.dropLast("GestureRecognizer".count)
            }
            if name.hasPrefix("UI"), name.count > 2 { name = name.dropFirst(2) }
            return String(name)
        }
    }

    private static func join(_ gesture: String, fingers: Int) -> String {
        fingers > 1 ? "\(gesture), \(fingers) fingers" : gesture
    }
}
