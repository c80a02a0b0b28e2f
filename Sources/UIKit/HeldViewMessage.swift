/// A phase of a touch withheld from its view by a recognizer's `delaysTouchesBegan` or
/// `delaysTouchesEnded` (or the `cancelled` of a cut-off), with the touch as it was
/// then: when the phase is finally delivered, the view gets the original touch with its
/// original phase, timestamp, locations, force and contact size (Neuburg, "Touches":
/// "what's delivered is the original touch with the original event, which still have
/// their original timestamps").
@MainActor
struct HeldViewMessage {
    let phase: UITouch.Phase
    let timestamp: TimeInterval
    let location: CGPoint
    let previousLocation: CGPoint
    let force: CGFloat
    let majorRadius: CGFloat
    /// Which dispatch withheld it: a recognizer's cancellation reports touches withheld
    /// in different events in separate calls.
    let batch: UInt64

    init(of touch: UITouch, batch: UInt64) {
        phase = touch.livePhase
        timestamp = touch.liveTimestamp
        location = touch.liveLocation
        previousLocation = touch.livePreviousLocation
        force = touch.liveForce
        majorRadius = touch.liveMajorRadius
        self.batch = batch
    }

    /// The touch as it is now, but cancelled: what a view reads inside the
    /// `touchesCancelled` of a recognizer's cut-off, as in UIKit.
    init(cancelling touch: UITouch) {
        phase = .cancelled
        timestamp = touch.liveTimestamp
        location = touch.liveLocation
        previousLocation = touch.livePreviousLocation
        force = touch.liveForce
        majorRadius = touch.liveMajorRadius
        batch = 0
    }

}
