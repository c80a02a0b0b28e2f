import Foundation

/// Two fingers moving apart or together: continuous (Neuburg, "Touches":
/// "UIPinchGestureRecognizer"; Apple, "Gesture Recognizers": "Pinching in and out").
///
/// It begins once the distance between the fingers has changed by
/// `GestureThresholds.pinchHysteresis` since the second finger went down; `scale` is
/// then the distance now over the distance at the start, so the began action already
/// reports the scale the fingers have reached. Changed on every later move, ended when
/// either finger lifts, cancelled on a cancelled touch while recognizing, failed if a
/// finger lifts or a third goes down before it began (see `TwoFingerGesture` for the
/// whole contract). Two fingers that go down on one spot start counting the scale once
/// they part.
///
/// Prevention keeps UIKit's default: a pinch that recognizes makes a rotation on the
/// same touches fail, and a rotation that recognizes makes the pinch fail, unless a
/// delegate's `gestureRecognizer(_:shouldRecognizeSimultaneouslyWith:)` allows both
/// (Apple, "Gesture Recognizers": "Permitting Simultaneous Gesture Recognition").
open class UIPinchGestureRecognizer: UIGestureRecognizer, TwoFingerGesture {
    /// The distance between the fingers over their distance at the start; 1 before the
    /// gesture. Setting it (commonly back to 1 after applying it to a transform) makes
    /// later moves scale from the new value.
    ///
    /// Setting it keeps `velocity`, though Apple's reference says it resets it: as the
    /// pan's `setTranslation(_:in:)` does on iOS (observed; see there), so the same
    /// idiom (set it back to 1 on every call, read `velocity` in `.ended`) works for
    /// all three continuous recognizers. No observation of iOS zeroing a pinch's
    /// velocity was found.
    open var scale: CGFloat {
        get { currentScale }
        set {
            currentScale = newValue
            scaleAtBase = newValue
            distanceAtBase = currentDistance
        }
    }

    /// How fast `scale` changes, in scale factor per second, estimated over the last
    /// `GestureThresholds.velocitySampleWindow` seconds (see `VelocityTracker`).
    open var velocity: CGFloat {
        guard distanceAtBase > 0 else { return 0 }
        return scaleAtBase / distanceAtBase * distanceVelocity.scalarVelocity
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
        currentScale = 1
        scaleAtBase = 1
        startDistance = 0
        currentDistance = 0
        distanceAtBase = 0
        distanceVelocity.removeAll()
        super.reset()
    }

    // MARK: - Measurement (TwoFingerGesture)

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) var fingerPair = FingerPair()

    func startMeasuring(_ pair: FingerPair, at time: TimeInterval) {
        startDistance = pair.distance
        currentDistance = startDistance
        distanceAtBase = startDistance
        scaleAtBase = currentScale
        distanceVelocity.add(currentDistance, at: time)
    }

    func measure(_ pair: FingerPair, at time: TimeInterval) -> Bool {
        currentDistance = pair.distance
        if distanceAtBase > 0 {
            currentScale = scaleAtBase * currentDistance / distanceAtBase
        } else {
            // Fingers that began on one spot: the scale counts from where they parted.
            distanceAtBase = currentDistance
            scaleAtBase = currentScale
        }
        distanceVelocity.add(currentDistance, at: time)
        return abs(currentDistance - startDistance) >= GestureThresholds.pinchHysteresis
    }

    // MARK: - Private

    private var currentScale: CGFloat = 1
    /// The scale and the distance it was last based on: at the start, or when the
    /// client set `scale`.
    private var scaleAtBase: CGFloat = 1
    private var distanceAtBase: CGFloat = 0
    /// The distance when the second finger went down, for the hysteresis.
    private var startDistance: CGFloat = 0
    private var currentDistance: CGFloat = 0
    /// The fingers' distance over time: unlike `scale`, the client cannot reset it.
    private var distanceVelocity = VelocityTracker()
}
