import Foundation

/// A drag by one or more fingers: continuous (Neuburg, "Touches":
/// "UIPanGestureRecognizer"; Sadun, Dr. Dobb's: Recipe 2).
///
/// The gesture follows the centroid of its fingers:
/// - It begins once the centroid has moved `GestureThresholds.panHysteresis` from where
///   it started, with between `minimumNumberOfTouches` and `maximumNumberOfTouches`
///   fingers down; the translation in the began action already counts that distance
///   (UIKit reports it from the start, so a dragged view does not lag the finger).
///   While fewer than the minimum are down the centroid's moves do not count: the pan
///   starts where enough fingers are.
/// - Every later move is `changed`. A finger joining or lifting mid-gesture moves the
///   centroid but not the translation: the centroid is rebased, so only the fingers'
///   own movement counts.
/// - It ends when the last finger lifts, or when fewer than `minimumNumberOfTouches`
///   remain; a cancelled touch while recognizing cancels it.
/// - It fails if a finger lifts or is cancelled before it began, or if more than
///   `maximumNumberOfTouches` fingers are down before it began. Fingers beyond the
///   maximum that arrive after it began are ignored (`ignore(_:for:)`): they reach their
///   views as if the pan were not there.
///
/// `translation(in:)` and `velocity(in:)` are open so that subclasses can constrain the
/// gesture (Neuburg's `HorizontalPan` zeroes `y`). A subclass that sets `failed` and
/// then calls `super` is safe: every state change here is guarded by the current state.
open class UIPanGestureRecognizer: UIGestureRecognizer {
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The fewest fingers that make a pan; default 1.
    @exclusivity(unchecked) open var minimumNumberOfTouches = 1
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The most fingers a pan follows; default `Int.max`.
    @exclusivity(unchecked) open var maximumNumberOfTouches = Int.max

    // MARK: - Translation and velocity

    /// How far the fingers' centroid has moved since the pan started (or since the last
    /// `setTranslation(_:in:)`), in `view`'s coordinates (`nil`: the window's). A
    /// vector: the view's position does not matter, its rotation and scale do.
    open func translation(in view: UIView?) -> CGPoint {
        vector(translationInWindow, fromWindowTo: view)
    }

    /// Makes the translation, in `view`'s coordinates, `translation` from now on; later
    /// moves add to it. Commonly `.zero`, after applying the translation so far.
    /// Velocity and the hysteresis are unaffected.
    ///
    /// Apple's reference says changing the translation resets the velocity; observed
    /// iOS does not zero it, and that is followed: the ubiquitous handler that sets the
    /// translation back to zero on every call, `.ended` included, and then flings with
    /// `velocity(in:)` in `.ended` (Ray Wenderlich's "UIGestureRecognizer Tutorial in
    /// iOS 5: Pinches, Pans, and More!", "Gratuitous Deceleration") slides on in iOS,
    /// which it could not if the velocity were zero there. The pinch's `scale` and the
    /// rotation's `rotation` keep their velocities the same way.
    open func setTranslation(_ translation: CGPoint, in view: UIView?) {
        translationInWindow = vector(translation, toWindowFrom: view)
    }

    /// How fast the centroid moves, in points per second in `view`'s coordinates
    /// (`nil`: the window's): estimated over the last
    /// `GestureThresholds.velocitySampleWindow` seconds (see `VelocityTracker`).
    open func velocity(in view: UIView?) -> CGPoint {
        vector(velocityTracker.velocity, fromWindowTo: view)
    }

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        accountForMovement()
        switch state {
        case .possible:
            for touch in touches { fingers[touch] = touch.locationInWindow }
            recordVelocitySample(at: touches)
            if fingers.count > maximumNumberOfTouches { state = .failed }
        case .began, .changed:
            var followed: Set<UITouch> = []
            for touch in touches.sorted(by: { $0.beginOrder < $1.beginOrder }) {
                if fingers.count < maximumNumberOfTouches {
                    fingers[touch] = touch.locationInWindow
                    followed.insert(touch)
                } else {
                    ignore(touch, for: event)
                }
            }
            recordVelocitySample(at: followed)
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        accountForMovement()
        recordVelocitySample(at: touches)
        switch state {
        case .possible:
            guard hasAllowedNumberOfFingers,
                  length(of: travelTowardsBeginning(travelInWindow)) >= GestureThresholds.panHysteresis else { return }
            state = .began
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        accountForMovement()
        recordVelocitySample(at: touches)
        for touch in touches { fingers[touch] = nil }
        switch state {
        case .possible:
            state = .failed
        case .began, .changed:
            // The remaining fingers carry on from here: the centroid is rebased.
            guard fingers.count < max(minimumNumberOfTouches, 1) else { return }
            state = .ended
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        accountForMovement()
        recordVelocitySample(at: touches)
        for touch in touches { fingers[touch] = nil }
        switch state {
        case .possible:
            state = .failed
        case .began, .changed:
            state = .cancelled
        case .ended, .cancelled, .failed:
            break
        }
    }

    open override func reset() {
        fingers.removeAll()
        translationInWindow = .zero
        travelInWindow = .zero
        velocityTracker.removeAll()
        super.reset()
    }

    /// The part of the centroid's travel (in window coordinates) that counts towards the
    /// hysteresis: all of it. A scroll view's pan counts only the directions its content
    /// can scroll in, so that a list that scrolls vertically leaves a sideways drag to
    /// the pager it is in.
    func travelTowardsBeginning(_ travel: CGPoint) -> CGPoint {
        travel
    }

    // MARK: - Private

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The fingers followed, each with where it was when its movement was last counted.
    @exclusivity(unchecked) private var fingers: [UITouch: CGPoint] = [:]
    /// What `translation(in:)` reports, in window coordinates; the client may set it.
    private var translationInWindow = CGPoint.zero
    /// How far the centroid has moved since the pan started, in window coordinates;
    /// never set by the client, so the hysteresis and the velocity see no jumps.
    private var travelInWindow = CGPoint.zero
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) private var velocityTracker = VelocityTracker()

    private var hasAllowedNumberOfFingers: Bool {
        fingers.count >= minimumNumberOfTouches && fingers.count <= maximumNumberOfTouches
    }

    /// Adds the fingers' movement since last counted to the translation: the mean
    /// displacement of the fingers followed before this call. Counting it per finger,
    /// rather than as the centroid's change, is what rebases the centroid: a finger
    /// arriving or leaving changes the centroid but displaces nobody. Whatever order the
    /// window calls began, moved and ended in for one event, each finger's movement is
    /// counted once, when the first call of that event arrives.
    private func accountForMovement() {
        let count = fingers.count
        guard count > 0 else { return }
        var sum = CGPoint.zero
        // Walked by index and updated in place: writing through the key while iterating
        // the dictionary copied its storage on every move.
        var finished: [UITouch] = []
        var index = fingers.startIndex
        while index != fingers.endIndex {
            let (touch, counted) = fingers[index]
            let location = touch.locationInWindow
            sum.x += location.x - counted.x
            sum.y += location.y - counted.y
            if touch.isFinished {
                finished.append(touch)
            } else {
                fingers.values[index] = location
            }
            index = fingers.index(after: index)
        }
        // A finger that finished without this recognizer hearing of it (another
        // recognizer won its end) leaves the gesture, its last movement counted; removed
        // after the walk (a removal would invalidate its index), in the order met.
        for touch in finished { fingers[touch] = nil }
        guard sum != .zero, count >= minimumNumberOfTouches else { return }
        let step = CGPoint(x: sum.x / CGFloat(count), y: sum.y / CGFloat(count))
        travelInWindow.x += step.x
        travelInWindow.y += step.y
        translationInWindow.x += step.x
        translationInWindow.y += step.y
    }

    private func recordVelocitySample(at touches: Set<UITouch>) {
        guard let time = touches.latestTimestamp else { return }
        velocityTracker.add(travelInWindow, at: time)
    }

    private func length(of vector: CGPoint) -> CGFloat {
        (vector.x * vector.x + vector.y * vector.y).squareRoot()
    }

    /// A displacement in window coordinates as seen in `view`: the difference of two
    /// converted points, so the view's position cancels out.
    private func vector(_ vector: CGPoint, fromWindowTo view: UIView?) -> CGPoint {
        let origin = convertFromWindow(.zero, to: view)
        let tip = convertFromWindow(vector, to: view)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }

    private func vector(_ vector: CGPoint, toWindowFrom view: UIView?) -> CGPoint {
        guard let view, let window = self.view?.window ?? trackedTouches.first?.window else { return vector }
        let origin = view.convert(CGPoint.zero, to: window)
        let tip = view.convert(vector, to: window)
        return CGPoint(x: tip.x - origin.x, y: tip.y - origin.y)
    }
}
