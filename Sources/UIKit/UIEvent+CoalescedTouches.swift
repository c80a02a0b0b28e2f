// The touches an event reports beyond its main ones: the samples it collapsed and the
// samples it predicts.

extension UIEvent {
    /// Every sample of `touch`'s finger since the previous event that delivered it,
    /// oldest first, each as a touch of its own; nil for a touch that is not in this
    /// event ("The return value is nil if the object in the touch parameter is not
    /// associated with the current event", UIEvent.coalescedTouches(for:)).
    ///
    /// - The last one is a copy of `touch` ("the last touch being a copy of the same
    ///   touch you specified"): its phase, location, timestamp, force and contact size.
    ///   A copy, not `touch` itself, so that it keeps them when the finger moves on.
    /// - Before it, for a move, come the moves the input source read and collapsed into
    ///   this one (`TouchSample.coalescedSamples`: the X11 host keeps every XI2 motion
    ///   it read in one turn, `MoveCoalescer`), each with its own place, time, force and
    ///   contact size, phase `moved`.
    /// - Each one's `previousLocation(in:)` is the location of the one before it (the
    ///   first's is `touch`'s previous location), so their segments join into the path
    ///   the finger took since the previous event. That is the only way the last one
    ///   may differ from `touch`, whose previous location is where the previous event
    ///   left it.
    /// - A touch with nothing collapsed (it began, ended, was cancelled, is stationary, or
    ///   its move was read alone) has exactly one: its copy.
    /// - A phase a recognizer withheld and delivers late (`delaysTouchesBegan`,
    ///   `delaysTouchesEnded`) has one: its copy as it was then.
    ///
    /// Copies are made on each call (with the event under delivery they are cheap to
    /// ignore, and a view that never asks pays nothing).
    public func coalescedTouches(for touch: UITouch) -> [UITouch]? {
        guard liveTouches.contains(touch) else { return nil }
        let earlier = touch.arbitration.presented == nil && touch.livePhase == .moved ? touch.coalescedSamples : []
        var touches: [UITouch] = []
        touches.reserveCapacity(earlier.count + 1)
        var previous = touch.previousLocationInWindow
        for sample in earlier {
            touches.append(UITouch(copying: touch, phase: .moved, location: sample.location, previousLocation: previous,
                                   timestamp: sample.timestamp, force: sample.force, majorRadius: sample.majorRadius))
            previous = sample.location
        }
        touches.append(UITouch(copying: touch, phase: touch.phase, location: touch.locationInWindow,
                               previousLocation: previous, timestamp: touch.timestamp, force: touch.force,
                               majorRadius: touch.majorRadius))
        return touches
    }

    /// Where `touch`'s finger is predicted to be next, nearest first, each as a touch of
    /// its own (not including `touch`); nil for a touch that is not in this event, as
    /// for `coalescedTouches(for:)` (UIEvent.predictedTouches(for:)).
    ///
    /// - Only a moving finger is predicted: a touch whose phase is `began`, `ended`,
    ///   `cancelled` or `stationary` has none (empty), as on iOS, where a touch that
    ///   has just begun or has lifted has no course to extend. A phase delivered late
    ///   by a recognizer has none either: the finger has moved on since.
    /// - The places are a linear extrapolation of the finger's recent velocity, one 60 Hz
    ///   frame ahead in two steps (`TouchPrediction` says why); each has phase `moved`,
    ///   `touch`'s force and contact size, and the place before it as its previous
    ///   location (the first's is `touch`'s location).
    ///
    /// Apple's advice holds: draw them only until the next event replaces them.
    public func predictedTouches(for touch: UITouch) -> [UITouch]? {
        guard liveTouches.contains(touch) else { return nil }
        guard touch.arbitration.presented == nil, touch.livePhase == .moved else { return [] }
        var previous = touch.liveLocation
        return TouchPrediction.predictions(from: touch.liveLocation, at: touch.liveTimestamp,
                                           velocity: touch.recentPath.velocity).map { prediction in
            let predicted = UITouch(copying: touch, phase: .moved, location: prediction.location,
                                    previousLocation: previous, timestamp: prediction.timestamp,
                                    force: touch.liveForce, majorRadius: touch.liveMajorRadius)
            previous = prediction.location
            return predicted
        }
    }
}
