import Foundation
import UIKit

/// The inspector's view of the live hierarchy (the Inspect tool): which view a finger
/// picks, and what the panel says about it.
///
/// **Picking is by geometry, not by hit-testing**: the deepest, frontmost view whose
/// drawn bounds (its presentation, where it is seen now) hold the point, hidden views,
/// views with interaction off and subviews sticking out of their superviews included,
/// in the app's windows (not the tools' own, `UIWindow.isSystemWindow`). So a view the
/// hit-test never reaches can still be inspected; the panel says so.
///
/// **The panel** shows the selection's details, then the whole hierarchy as a tree:
/// every window, and every view's subviews along the path to the selection (the rest
/// folded, as a navigator reveals its selection), with the layers that are not views'
/// (a shape layer on a board) listed where they are. A level of more than
/// `siblingLimit` subviews shows those around the path and says how many more.
@MainActor
public struct ViewInspection {
    /// The picked view, weakly: an inspection on screen keeps no view alive.
    public private(set) weak var view: UIView?
    public let title: String
    public let subtitle: String
    /// The details, then the hierarchy.
    public let rows: [DebugListRow]
    /// The details alone (for tests and the README): the geometry, the flags, every
    /// animating key's model and presentation values with its progress, and the
    /// recognizers with their states.
    public let details: [String]

    /// The most subviews of one level listed; those nearest the path to the selection.
    public static let siblingLimit = 40
    /// What the subtitle says of the pick, so nobody mistakes it for the hit-test.
    public static let pickNote = "picked by geometry (hidden views too), not by hit-testing"

    /// The inspection of `view`, at `now` (the media clock, for the animations' progress).
    public init(of view: UIView, now: CFTimeInterval = CACurrentMediaTime()) {
        self.view = view
        title = ViewOutline.name(of: view)
        subtitle = Self.pickNote
        details = Self.details(of: view, now: now)
        rows = [DebugListRow(text: "Details", style: .heading)] + details.map { DebugListRow(text: $0, style: .note) }
            + [DebugListRow(text: "Hierarchy", style: .heading)] + Self.hierarchy(revealing: view)
    }

    // MARK: - Picking

    /// The deepest, frontmost view of the app's windows drawn under `screenPoint`.
    public static func pick(at screenPoint: CGPoint, in windows: [UIWindow]) -> UIView? {
        for window in ScreenTouchRouting.frontToBack(windows) where !window.isSystemWindow && !window.isHidden {
            let point = window.convertFromScreen(screenPoint)
            if let found = pick(in: window, at: point) { return found }
        }
        return nil
    }

    /// The deepest, frontmost view of `view`'s subtree whose drawn bounds hold `point`
    /// (in `view`'s drawn coordinates), `view` itself last.
    private static func pick(in view: UIView, at point: CGPoint) -> UIView? {
        for subview in view.subviews.reversed() {
            let local = subview.layer.presentationOrSelf().pointFromSuperlayer(point)
            if let found = pick(in: subview, at: local) { return found }
        }
        return view.layer.presentationOrSelf().bounds.contains(point) ? view : nil
    }

    // MARK: - Details

    private static func details(of view: UIView, now: CFTimeInterval) -> [String] {
        let layer = view.layer
        var lines = [
            "frame \(rect(view.frame)) \u{B7} bounds \(rect(view.bounds))",
            "center \(point(view.center)) \u{B7} transform \(transform(view.transform))",
            "alpha \(number(view.alpha)) \u{B7} \(view.isHidden ? "hidden" : "shown") \u{B7} interaction \(view.isUserInteractionEnabled ? "on" : "off") \u{B7} clipsToBounds \(view.clipsToBounds ? "yes" : "no")",
        ]
        if let path = layer.hitTestPath {
            lines.append("hit-tests by its path, inside \(rect(path.boundingBox))")
        }
        let keys = layer.animationKeys() ?? []
        if !layer.hasAnimations {
            lines.append("no animation in flight")
        } else if keys.isEmpty {
            lines.append("animations without keys in flight (no values to show)")
        }
        let shown = layer.presentationOrSelf()
        for key in keys {
            guard let animation = layer.animation(forKey: key) else { continue }
            let keyPath = (animation as? CAPropertyAnimation)?.keyPath ?? key
            var line = "\(keyPath): model \(value(of: keyPath, in: layer)) \u{B7} presentation \(value(of: keyPath, in: shown))"
            line += " \u{B7} \(progress(of: animation, in: layer, now: now))"
            lines.append(line)
        }
        for recognizer in view.gestureRecognizers ?? [] {
            lines.append("\(type(of: recognizer)): \(recognizer.state)\(recognizer.isEnabled ? "" : " (disabled)")")
        }
        return lines
    }

    /// A property's value as the panel shows it, for the key paths UIKit's animations
    /// use; others are named only.
    static func value(of keyPath: String, in layer: CALayer) -> String {
        switch keyPath.split(separator: ".").first.map(String.init) ?? keyPath {
        case "position": point(layer.position)
        case "bounds": rect(layer.bounds)
        case "opacity": number(CGFloat(layer.opacity))
        case "transform": transform(CATransform3DGetAffineTransform(layer.transform))
        case "cornerRadius": number(layer.cornerRadius)
        case "anchorPoint": point(layer.anchorPoint)
        case "zPosition": number(layer.zPosition)
        case "borderWidth": number(layer.borderWidth)
        case "strokeEnd": (layer as? CAShapeLayer).map { number($0.strokeEnd) } ?? "\u{2013}"
        default: "\u{2013}"
        }
    }

    /// How far an animation is: its progress through the current cycle, the cycle, and
    /// its length.
    /// The animation's own timing does the arithmetic (speed, time offset, repeats,
    /// autoreverse and fill), as the engine samples it.
    static func progress(of animation: CAAnimation, in layer: CALayer, now: CFTimeInterval) -> String {
        let timing = animation.timing(defaultDuration: 0.25)
        let local = layer.convertTime(now, from: nil)
        let progress = timing.sample(atParentTime: local).progress ?? 0
        let percent = Int((progress * 100).rounded(.down))
        var text = "\(percent) % of \(number(CGFloat(timing.duration))) s"
        if animation.repeatCount > 1 || animation.repeatCount.isInfinite || animation.repeatDuration > 0 || animation.autoreverses {
            let elapsed = max(0, (local - timing.beginTime) * CFTimeInterval(timing.speed) + timing.timeOffset)
            let cycle = timing.cycleDuration > 0 ? Int(elapsed / timing.cycleDuration) : 0
            text += ", cycle \(cycle + 1)"
        }
        return text
    }

    // MARK: - Hierarchy

    /// The tree of the selection's window: the path to the selection unfolded.
    private static func hierarchy(revealing selection: UIView) -> [DebugListRow] {
        var path = Set<ObjectIdentifier>()
        var current: UIView? = selection
        while let view = current {
            path.insert(ObjectIdentifier(view))
            current = view.superview
        }
        guard let window = selection.window else { return tree(rootOf(selection), depth: 0, path: path) }
        let windows = ScreenTouchRouting.frontToBack(window.application.visibleWindows.filter { !$0.isSystemWindow })
        return windows.flatMap { tree($0, depth: 0, path: path) }
    }

    private static func rootOf(_ view: UIView) -> UIView {
        var root = view
        while let parent = root.superview { root = parent }
        return root
    }

    /// A view's row, then (when it is on the path) its children's: subviews, and its
    /// layer's sublayers that are no view's.
    private static func tree(_ view: UIView, depth: Int, path: Set<ObjectIdentifier>) -> [DebugListRow] {
        var rows = [DebugListRow(text: rowText(of: view), style: .view, depth: depth, viewID: ObjectIdentifier(view))]
        guard path.contains(ObjectIdentifier(view)) else { return rows }
        let subviews = view.subviews
        // Around the path: the child on it, and as many of its neighbours as the limit
        // allows.
        let onPath = subviews.firstIndex { path.contains(ObjectIdentifier($0)) } ?? 0
        let low = max(0, min(onPath - siblingLimit / 2, subviews.count - siblingLimit))
        let shown = low..<min(subviews.count, low + siblingLimit)
        if shown.lowerBound > 0 {
            rows.append(DebugListRow(text: "\u{2026} \(shown.lowerBound) subviews before", style: .note, depth: depth + 1))
        }
        for subview in subviews[shown] {
            rows += tree(subview, depth: depth + 1, path: path)
        }
        if shown.upperBound < subviews.count {
            rows.append(DebugListRow(text: "\u{2026} \(subviews.count - shown.upperBound) subviews after", style: .note,
                                     depth: depth + 1))
        }
        for sublayer in view.layer.sublayers ?? [] where !(sublayer.delegate is UIView) {
            rows.append(DebugListRow(text: "\u{B7} \(ViewOutline.name(of: sublayer)) \(rect(sublayer.frame))", style: .note, depth: depth + 1))
        }
        return rows
    }

    private static func rowText(of view: UIView) -> String {
        var text = "\(ViewOutline.name(of: view)) \(rect(view.frame))"
        if view.isHidden { text += " hidden" }
        if view.alpha < 0.01 { text += " alpha \(number(view.alpha))" }
        if !view.isUserInteractionEnabled { text += " no interaction" }
        return text
    }

    // MARK: - Figures

    private static func number(_ value: CGFloat) -> String { ViewOutline.number(value) }
    private static func point(_ value: CGPoint) -> String { ViewOutline.point(value) }
    private static func rect(_ value: CGRect) -> String { ViewOutline.rect(value) }

    /// A transform as people read it: identity, or its rotation, scale and translation.
    static func transform(_ t: CGAffineTransform) -> String {
        if t.isIdentity { return "identity" }
        let angle = atan2(t.b, t.a) * 180 / .pi
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot(), scaleY = (t.c * t.c + t.d * t.d).squareRoot()
        var parts: [String] = []
        if abs(angle) > 0.01 { parts.append("rotated \(number(angle))\u{B0}") }
        if abs(scaleX - 1) > 0.001 || abs(scaleY - 1) > 0.001 {
            parts.append(scaleX == scaleY ? "scaled \(number(scaleX))" : "scaled \(number(scaleX)) \u{D7} \(number(scaleY))")
        }
        if t.tx != 0 || t.ty != 0 { parts.append("moved \(point(CGPoint(x: t.tx, y: t.ty)))") }
        return parts.joined(separator: ", ")
    }
}
