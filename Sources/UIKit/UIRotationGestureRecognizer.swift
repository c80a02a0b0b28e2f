import Foundation

/// Two fingers turning about each other: continuous (Neuburg, "Touches":
/// "UIRotationGestureRecognizer"; Apple, "Gesture Recognizers": listing 1-5).
///
/// It begins once the line between the fingers has turned
/// `GestureThresholds.rotationHysteresis` radians since the second finger went down;
/// `rotation` then counts from that start, so the began action already reports the
/// angle turned. Changed on every later move, ended when either finger lifts, cancelled
/// on a cancelled touch while recognizing, failed if a finger lifts or a third goes down
/// before it began (see `TwoFingerGesture` for the whole contract).
///
/// Prevention keeps UIKit's default: a rotation that recognizes makes a pinch on the
/// same touches fail, and a pinch that recognizes makes the rotation fail, unless a
/// delegate's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` allows both
/// (Apple, "Gesture Recognizers": "Permitting Simultaneous Gesture Recognition").
open class UIRotationGestureRecognizer: UIGestureRecognizer, TwoFingerGesture {
    /// The angle turned, in radians, positive clockwise on screen as in UIKit (so
    /// `CGAffineTransform(rotationAngle: rotation)` follows the fingers); 0 before the
    /// gesture. It accumulates each move's turn, so it goes past ±π without jumping.
    /// Setting it (commonly back to 0 after applying it) makes later turns add to the
    /// new value.
    ///
    /// Setting it keeps `velocity`, though Apple's reference says it resets it: as the
    /// pan's `setTranslation(_:in:)` does on iOS (observed; see there), so the same
    /// idiom (set it back to 0 on every call, read `velocity` in `.ended`) works for
    /// all three continuous recognizers. No observation of iOS zeroing a rotation's
    /// velocity was found.
    open var rotation: CGFloat = 0

    /// How fast the fingers turn, in radians per second, estimated over the last
    /// `GestureThresholds.velocitySampleWindow` seconds (see `VelocityTracker`).
    open var velocity: CGFloat {
        turnVelocity.scalarVelocity
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        pairTouchesBegan(touches, with: event)
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        pairTouchesMoved(touches, with: event)
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        pairTouchesEnded(touches, with: event)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        pairTouchesCancelled(touches, with: event)
    }

    open override func reset() {
        fingerPair.removeAll()
        rotation = 0
        lastAngle = nil
        turnSinceStart = 0
        turnVelocity.removeAll()
        super.reset()
    }

    // MARK: - Measurement (TwoFingerGesture)

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) var fingerPair = FingerPair()

    func startMeasuring(_ pair: FingerPair, at time: TimeInterval) {
        lastAngle = pair.angle
        turnSinceStart = 0
        turnVelocity.add(turnSinceStart, at: time)
    }

    func measure(_ pair: FingerPair, at time: TimeInterval) -> Bool {
        // Fingers on one spot have no direction: the turn resumes once they part.
        if let angle = pair.angle {
            if let lastAngle {
                // The shorter way round: atan2 jumps by 2π where the line crosses ±π.
                let turn = CGFloat(remainder(Double(angle - lastAngle), 2 * .pi))
                turnSinceStart += turn
                rotation += turn
            }
            lastAngle = angle
        }
        turnVelocity.add(turnSinceStart, at: time)
        return abs(turnSinceStart) >= GestureThresholds.rotationHysteresis
    }

    // MARK: - Private

    /// The line's direction when last measured.
    private var lastAngle: CGFloat?
    /// The angle turned since the second finger went down; unlike `rotation`, the
    /// client cannot reset it, so the hysteresis and the velocity see no jumps.
    private var turnSinceStart: CGFloat = 0
    private var turnVelocity = VelocityTracker()
}
