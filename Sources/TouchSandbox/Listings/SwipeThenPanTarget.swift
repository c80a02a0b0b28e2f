import UIKit

/// Apple, "Gesture Recognizers", listing 1-6 ("Declaring a Specific Order for Two
/// Gesture Recognizers"): a swipe and a pan on one view, the pan required to wait for
/// the swipe to fail, so that a swipe is not taken for the start of a pan.
///
/// Contract, as the guide describes it: the pan stays possible while the swipe
/// analyses the touches. A quick straight stroke is a swipe, and the pan fails; a stroke
/// the swipe rejects (too slow, `GestureThresholds.swipeMaximumDuration`; off its axes;
/// not a permitted direction) lets the pan begin, with its translation counted from
/// where the finger went down, so the view catches up with the finger at once.
///
/// Recognizers hold their targets weakly, as in UIKit: whoever calls `configure(_:)`
/// keeps this object for as long as the view is in use.
///
/// Repairs and choices:
/// - The listing shows only `[self.panRecognizer requireGestureRecognizerToFail:
///   self.swipeRecognizer]` (`require(toFail:)`); the recognizers came from a nib.
///   Here `configure(_:)` makes them: two swipes, one permitting only left and one only
///   right, since `direction` is the permitted set and not the direction detected
///   (DESIGN.md), and the pan requires each of them to fail.
/// - The pan's action is Neuburg's stateless drag ("Gesture Recognizer Classes"): move
///   the view's centre by the translation, then `setTranslation(.zero, in:)`.
/// - The actions append to `actionLog` ("swipe left", "swipe right", "pan began", "pan
///   changed", "pan ended", "pan cancelled"), which the sandbox shows and tests read.
@MainActor
public final class SwipeThenPanTarget {
    /// The actions received so far, oldest first.
    public private(set) var actionLog: [String] = []
    /// Called after each entry joins `actionLog`.
    public var actionLogged: (@MainActor (String) -> Void)?

    private(set) var swipeRecognizers: [UISwipeGestureRecognizer] = []
    private(set) var panRecognizer: UIPanGestureRecognizer?

    public init() {}

    /// Attaches the two swipes and the pan to `v`, with this object as their target.
    public func configure(_ v: UIView) {
        for direction in [UISwipeGestureRecognizer.Direction.left, .right] {
            let swipe = UISwipeGestureRecognizer(target: self, action: SwipeThenPanTarget.swiped)
            swipe.direction = direction
            v.addGestureRecognizer(swipe)
            swipeRecognizers.append(swipe)
        }
        let pan = UIPanGestureRecognizer(target: self, action: SwipeThenPanTarget.dragging)
        for swipe in swipeRecognizers {
            pan.require(toFail: swipe)
        }
        v.addGestureRecognizer(pan)
        panRecognizer = pan
    }

    // MARK: - Actions

    func swiped(_ s: UISwipeGestureRecognizer) {
        log(s.direction == .left ? "swipe left" : "swipe right")
    }

    func dragging(_ p: UIPanGestureRecognizer) {
        if let vv = p.view, p.state == .began || p.state == .changed {
            let delta = p.translation(in: vv.superview)
            vv.center = CGPoint(x: vv.center.x + delta.x, y: vv.center.y + delta.y)
            p.setTranslation(.zero, in: vv.superview)
        }
        log("pan \(p.state)")
    }

    private func log(_ entry: String) {
        actionLog.append(entry)
        actionLogged?(entry)
    }
}
