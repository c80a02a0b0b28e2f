import UIKit

/// Beginning iPhone Development with Swift, ch. 18, "Forwarding an Event: Keeping the
/// Responder Chain Alive": a responder that either handles a touch event itself, which
/// ends the event's trip up the responder chain, or passes it on "by calling the same
/// method on the next responder".
///
/// Each of the four touches methods follows the listing's `respondToFictionalEvent`:
/// if `shouldHandle` (here `handlesTouches`) it handles the touches, else it calls the
/// same method on `next`. A view that passes touches on thus behaves exactly as one
/// that does not override the methods (UIKit's `UIResponder` forwards to `next`), and a
/// view that handles them is Neuburg's "the buck stops here": every touches method in
/// one class, none calling on.
///
/// Repairs and choices:
/// - The listing is damaged: of `respondToFictionalEvent(event:)` only the `if
///   shouldHandleEvent(event) { } else {` skeleton survives. Its two branches are
///   rebuilt from the sentence after it: handle, or call the same method on the next
///   responder (Swift's `next`, Swift 1's `nextResponder()`).
/// - Neuburg says never to call a touches method directly except `super`'s; for a
///   plain view the two are the same call, since `UIResponder`'s default is exactly
///   `next?.touchesBegan(touches, with: event)`. The listing's form is kept.
/// - "Handling" is reporting: `touchesReceived` is told of every touches message that
///   reaches the view and whether the view kept it, before it is passed on, so the
///   sandbox can draw the chain in the order the message travelled.
public final class ForwardingResponderView: UIView {
    /// Whether this view keeps the touches that reach it (the listing's
    /// `shouldHandleEvent`) rather than passing them to `next`.
    public var handlesTouches = false

    /// Told of each touches message that reaches this view: the touches (whose `view`
    /// is the hit-test view, which may be below this one), the phase, and whether this
    /// view kept them.
    public var touchesReceived: (@MainActor (_ touches: Set<UITouch>, _ phase: UITouch.Phase, _ kept: Bool) -> Void)?

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !keeps(touches, .began) {
            next?.touchesBegan(touches, with: event)
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !keeps(touches, .moved) {
            next?.touchesMoved(touches, with: event)
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !keeps(touches, .ended) {
            next?.touchesEnded(touches, with: event)
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        if !keeps(touches, .cancelled) {
            next?.touchesCancelled(touches, with: event)
        }
    }

    /// The listing's `shouldHandleEvent`: reports the message and answers whether this
    /// view keeps it.
    private func keeps(_ touches: Set<UITouch>, _ phase: UITouch.Phase) -> Bool {
        touchesReceived?(touches, phase, handlesTouches)
        return handlesTouches
    }
}
