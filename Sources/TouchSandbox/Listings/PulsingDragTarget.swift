import UIKit

/// Neuburg, "Touches": "Gesture Recognizer Delegate": a long press and a pan on one
/// view, joined by the pan's delegate, so that the user must tap and hold to "get the
/// view's attention" (it pulses) before dragging it. This object is Neuburg's view
/// controller: both recognizers' target, and the pan's delegate.
///
/// Contract, as Neuburg describes it:
/// - The long press's action starts a pulse when it begins (the layer's transform
///   going from identity to a 1.1 scale and back, for ever) and removes it when the
///   press ends or is cancelled.
/// - The pan may begin only while the long press has begun (its delegate says no while
///   the long press is possible or failed), and it may recognize alongside the long
///   press. So a drag without the press moves nothing (the long press fails once the
///   finger strays `allowableMovement` before `minimumPressDuration`), and after the
///   press the view follows the finger exactly: the pan's translation counts from where
///   the finger went down, and the finger held still meanwhile.
///
/// Recognizers hold their targets weakly and delegates are weak, as in UIKit: whoever
/// calls `configure(_:)` keeps this object for as long as the view is in use.
///
/// Repairs and choices:
/// - Neuburg leaves out the code creating the recognizers ("we kept a reference to the
///   UILongPressGestureRecognizer (longPresser), and we made ourself the
///   UIPanGestureRecognizer's delegate"): `configure(_:)` adds the long press, then the
///   pan, with unbound methods as actions (no selectors on Linux; DESIGN.md).
/// - `[NSValue valueWithCATransform3D:]` goes: the animation takes `CATransform3D`
///   values directly; `HUGE_VALF` is `.infinity`.
/// - Neuburg adds the pulse with key `nil` and stops it with `removeAllAnimations`;
///   here it has a key, `pulseKey`, and only it is removed, so the pulse can be found
///   (`animation(forKey:)`) and stopping it leaves the view's other animations alone.
/// - `vv.superview` and `lp.view` are optional in Swift: a recognizer without a view
///   has nothing to move.
@MainActor
public final class PulsingDragTarget: UIGestureRecognizerDelegate {
    /// The key of the pulse animation on the pressed view's layer.
    public static let pulseKey = "pulse"

    private(set) var longPresser: UILongPressGestureRecognizer?
    private var origC = CGPoint.zero

    public init() {}

    /// Attaches the long press and the pan to `v`, with this object as their target and
    /// as the pan's delegate.
    public func configure(_ v: UIView) {
        let lp = UILongPressGestureRecognizer(target: self, action: PulsingDragTarget.longPress)
        v.addGestureRecognizer(lp)
        longPresser = lp

        let p = UIPanGestureRecognizer(target: self, action: PulsingDragTarget.panning)
        p.delegate = self
        v.addGestureRecognizer(p)
    }

    // MARK: - Actions

    func longPress(_ lp: UILongPressGestureRecognizer) {
        if lp.state == .began {
            let anim = CABasicAnimation(keyPath: "transform")
            anim.toValue = CATransform3DMakeScale(1.1, 1.1, 1)
            anim.fromValue = CATransform3DIdentity
            anim.repeatCount = .infinity
            anim.autoreverses = true
            lp.view?.layer.add(anim, forKey: Self.pulseKey)
        }
        if lp.state == .ended || lp.state == .cancelled {
            lp.view?.layer.removeAnimation(forKey: Self.pulseKey)
        }
    }

    func panning(_ p: UIPanGestureRecognizer) {
        guard let vv = p.view else { return }
        if p.state == .began {
            origC = vv.center
        }
        let delta = p.translation(in: vv.superview)
        var c = origC
        c.x += delta.x
        c.y += delta.y
        vv.center = c
    }

    // MARK: - UIGestureRecognizerDelegate (the pan's)

    /// No while the long press is possible or failed: the pan waits for the press.
    public func gestureRecognizerShouldBegin(_ g: UIGestureRecognizer) -> Bool {
        guard let longPresser else { return false }
        if longPresser.state == .possible || longPresser.state == .failed {
            return false
        }
        return true
    }

    /// Yes: the pan and the long press recognize together.
    public func gestureRecognizer(_ g1: UIGestureRecognizer,
                                  shouldRecognizeSimultaneouslyWith g2: UIGestureRecognizer) -> Bool {
        true
    }
}
