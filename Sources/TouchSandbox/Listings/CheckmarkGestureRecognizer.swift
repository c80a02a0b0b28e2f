import UIKit

/// Seed 001, listing 1-8: a discrete, single-touch checkmark recognizer. The finger
/// goes down-and-right (the downstroke), then up-and-right (the upstroke); lifting after
/// an upstroke recognizes. `midPoint` is where the upstroke began, for clients.
///
/// Repairs to the listing:
/// - It declares `nowPoint` twice (once in window coordinates); the second, in the
///   view's coordinates, is the one used, so the window one is dropped.
/// - `strokeUp` and `midPoint` are the properties it mentions but does not show.
/// - `reset()` is listing 1-9's: it clears `midPoint` and `strokeUp`.
/// - `touchesCancelled` sets `.failed`, as written; the state machine turns that into
///   `cancelled` only for gestures under way, and a checkmark is never under way
///   (discrete), so failing is right.
public final class CheckmarkGestureRecognizer: UIGestureRecognizer {
    /// Where the upstroke began, in the view's coordinates.
    public private(set) var midPoint = CGPoint.zero
    /// Whether the upstroke has begun.
    public private(set) var strokeUp = false

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            return
        }
    }

    public override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state == .failed { return }
        guard let touch = touches.first else { return }
        let nowPoint = touch.location(in: view)
        let prevPoint = touch.previousLocation(in: view)

        if !strokeUp {
            // On downstroke, both x and y increase in positive direction.
            if nowPoint.x >= prevPoint.x && nowPoint.y >= prevPoint.y {
                midPoint = nowPoint
                // Upstroke has increasing x value but decreasing y value.
            } else if nowPoint.x >= prevPoint.x && nowPoint.y <= prevPoint.y {
                strokeUp = true
            } else {
                state = .failed
            }
        }
    }

    public override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state == .possible && strokeUp {
            state = .recognized
        }
    }

    public override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        midPoint = .zero
        strokeUp = false
        state = .failed
    }

    public override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
    }
}
