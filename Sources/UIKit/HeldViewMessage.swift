/// A phase of a touch withheld from its view by a recognizer's `delaysTouchesBegan` or
/// `delaysTouchesEnded`, with the touch as it was then: when the phase is finally
/// delivered, the view gets the original touch with its original phase, timestamp and
/// locations (seed 000: "what's delivered is the original touch with the original
/// event, which still have their original timestamps").
@MainActor
struct HeldViewMessage {
    let phase: UITouch.Phase
    let timestamp: TimeInterval
    let location: CGPoint
    let previousLocation: CGPoint
    /// Which dispatch withheld it: a recognizer's cancellation reports touches withheld
    /// in different events in separate calls.
    let batch: UInt64

    init(of touch: UITouch, batch: UInt64) {
        phase = touch.phase
        timestamp = touch.timestamp
        location = touch.locationInWindow
        previousLocation = touch.previousLocationInWindow
        self.batch = batch
    }

}
