import UIKit

/// Neuburg, "Touches": "Gesture Recognizer Delegate", the single-recognizer variant:
/// the same press-then-drag behaviour as `PulsingDragTarget` from one long press, whose
/// `changed` state is the drag ("a UILongPressGestureRecognizer can implement
/// draggability all on its own").
///
/// Contract: when the press begins the view pulses (as `PulsingDragTarget`'s does,
/// under the same key) and the offset from the finger to the view's centre is stored;
/// while the press changes the view's centre is the finger plus that offset, so the
/// view keeps the spot where it was pressed under the finger; when the press ends or is
/// cancelled the pulse stops. Before the press nothing moves.
///
/// Recognizers hold their targets weakly, as in UIKit: whoever calls `configure(_:)`
/// keeps this object for as long as the view is in use.
///
/// Repairs and choices:
/// - Neuburg does not show the recognizer being made: `configure(_:)` adds one long
///   press with `LongPressDragTarget.longPress` as its action (no selectors on Linux).
/// - As in `PulsingDragTarget`: `CATransform3D` values without `NSValue`, `.infinity`
///   for `HUGE_VALF`, and the pulse added under `PulsingDragTarget.pulseKey` and
///   removed by that key, not with `removeAllAnimations`.
/// - `_origOffset` becomes `origOffset`; `lp.view` is optional in Swift.
@MainActor
public final class LongPressDragTarget {
    private var origOffset = CGPoint.zero

    public init() {}

    /// Attaches the long press to `v`, with this object as its target.
    public func configure(_ v: UIView) {
        let lp = UILongPressGestureRecognizer(target: self, action: LongPressDragTarget.longPress)
        v.addGestureRecognizer(lp)
    }

    func longPress(_ lp: UILongPressGestureRecognizer) {
        guard let vv = lp.view else { return }
        if lp.state == .began {
            let anim = CABasicAnimation(keyPath: "transform")
            anim.toValue = CATransform3DMakeScale(1.1, 1.1, 1)
            anim.fromValue = CATransform3DIdentity
            anim.repeatCount = .infinity
            anim.autoreverses = true
            vv.layer.add(anim, forKey: PulsingDragTarget.pulseKey)
            origOffset = CGPoint(x: vv.bounds.midX - lp.location(in: vv).x,
                                 y: vv.bounds.midY - lp.location(in: vv).y)
        }
        if lp.state == .changed {
            var c = lp.location(in: vv.superview)
            c.x += origOffset.x
            c.y += origOffset.y
            vv.center = c
        }
        if lp.state == .ended || lp.state == .cancelled {
            vv.layer.removeAnimation(forKey: PulsingDragTarget.pulseKey)
        }
    }
}
