import UIKit

/// Neuburg, "Touches": "Multiple Gesture Recognizers" ("So our view is now configured
/// as follows"): one view with a double-tap recognizer, a single-tap recognizer that
/// requires the double tap to fail, and a pan recognizer, all sending their actions to
/// this object (Neuburg's view controller).
///
/// What the user sees, as Neuburg says: a single tap is reported only once the double
/// tap has failed (`GestureThresholds.maximumIntervalBetweenTaps` after the finger
/// lifts, with no second tap); a double tap reports "double" and never "single"; a drag
/// moves the view and fires neither tap.
///
/// Recognizers hold their targets weakly, as UIKit does: whoever calls
/// `configure(_:)` keeps this object for as long as the view is in use.
///
/// Repairs and choices:
/// - `initWithTarget:action:` with `@selector(doubleTap)` and friends becomes
///   `UITapGestureRecognizer(target: self, action: TapDoubleTapPanTarget.doubleTap)`,
///   the unbound-method form (no selectors on Linux; DESIGN.md), and
///   `requireGestureRecognizerToFail:` becomes `require(toFail:)`.
/// - The listing's `dragging:` is Neuburg's stateless version, defined just before it
///   (move the centre by the translation, then `setTranslation(.zero, in:)`); `p.view`
///   is optional in Swift, hence the `guard`.
/// - Neuburg's actions `NSLog` "single" and "double"; here they append to
///   `actionLog`, which the sandbox draws under the view and tests read. `dragging`
///   logs each of its states as well ("drag began", "drag changed", "drag ended"),
///   which Neuburg's do not.
@MainActor
public final class TapDoubleTapPanTarget {
    /// The actions received so far, oldest first.
    public private(set) var actionLog: [String] = []
    /// Called after each entry joins `actionLog`.
    public var actionLogged: (@MainActor (String) -> Void)?

    public init() {}

    /// Attaches the listing's three recognizers to `v`, with this object as the target.
    public func configure(_ v: UIView) {
        let t2 = UITapGestureRecognizer(target: self, action: TapDoubleTapPanTarget.doubleTap)
        t2.numberOfTapsRequired = 2
        v.addGestureRecognizer(t2)

        let t1 = UITapGestureRecognizer(target: self, action: TapDoubleTapPanTarget.singleTap)
        t1.require(toFail: t2)
        v.addGestureRecognizer(t1)

        let p = UIPanGestureRecognizer(target: self, action: TapDoubleTapPanTarget.dragging)
        v.addGestureRecognizer(p)
    }

    // MARK: - Actions

    func singleTap() {
        log("single")
    }

    func doubleTap() {
        log("double")
    }

    func dragging(_ p: UIPanGestureRecognizer) {
        guard let vv = p.view else { return }
        if p.state == .began || p.state == .changed {
            let delta = p.translation(in: vv.superview)
            var c = vv.center
            c.x += delta.x
            c.y += delta.y
            vv.center = c
            p.setTranslation(.zero, in: vv.superview)
        }
        log("drag \(p.state)")
    }

    private func log(_ entry: String) {
        actionLog.append(entry)
        actionLogged?(entry)
    }
}
