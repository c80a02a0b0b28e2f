import UIKit

/// Apple, "Gesture Recognizers", listing 1-8: a discrete, single-touch checkmark
/// recognizer. The finger goes down-and-right (the downstroke), then up-and-right (the
/// upstroke); lifting after an upstroke recognizes. `midPoint` is where the upstroke
/// began, for clients.
///
/// Repairs to the listing:
/// - It declares `nowPoint` twice (once in window coordinates); the second, in the
///   view's coordinates, is the one used, so the window one is dropped.
/// - `strokeUp` and `midPoint` are the properties it mentions but does not show.
/// - `reset()` is listing 1-9's: it clears `midPoint` and `strokeUp`.
/// - A stroke starts afresh: `touchesBegan` puts `midPoint` where the finger lands and
///   clears `strokeUp`. The listing kept both from the last stroke when that one ended
///   undecided (no upstroke, so neither recognized nor failed), so the next stroke
///   could recognize with the last one's `midPoint`.
/// - An upstroke must follow a downstroke: the listing took a stroke that went up and
///   right from its first move (a straight rising line) for a checkmark, with
///   `midPoint` still `.zero`, the view's corner. Such a stroke now fails.
/// - `touchesCancelled` sets `.failed`, as written; the state machine turns that into
///   `cancelled` only for gestures under way, and a checkmark is never under way
///   (discrete), so failing is right.
public final class CheckmarkGestureRecognizer: UIGestureRecognizer {
    /// Where the upstroke began, in the view's coordinates.
    public private(set) var midPoint = CGPoint.zero
    /// Whether the upstroke has begun.
    public private(set) var strokeUp = false
    /// Whether this stroke has gone down and right yet (repair: see above).
    private var strokeDown = false

    public override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if touches.count != 1 {
            state = .failed
            return
        }
        // Repair: a new stroke keeps nothing of the last one.
        midPoint = touches.first?.location(in: view) ?? .zero
        strokeUp = false
        strokeDown = false
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
                strokeDown = true
                // Upstroke has increasing x value but decreasing y value.
            } else if nowPoint.x >= prevPoint.x && nowPoint.y <= prevPoint.y {
                // Repair: no upstroke without a downstroke before it.
                if !strokeDown {
                    state = .failed
                    return
                }
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
        strokeDown = false
        state = .failed
    }

    public override func reset() {
        super.reset()
        midPoint = .zero
        strokeUp = false
        strokeDown = false
    }
}
