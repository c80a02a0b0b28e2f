extension UITouch {
    /// A touch that stands for one sample of `touch`'s finger: a coalesced or a predicted
    /// touch (`UIEvent.coalescedTouches(for:)`, `predictedTouches(for:)`).
    ///
    /// It has `touch`'s identity (`sampleID`), view, window, tap count and device limits
    /// (`maximumPossibleForce`, `majorRadiusTolerance`), and the sample's phase, places,
    /// time, force and contact size. It is in no event and no recognizer handles it; the
    /// touch machinery never changes it, so it keeps these values after the finger moves
    /// on.
    convenience init(copying touch: UITouch, phase: Phase, location: CGPoint, previousLocation: CGPoint,
                     timestamp: TimeInterval, force: CGFloat, majorRadius: CGFloat) {
        self.init(beginOrder: touch.beginOrder, sampleID: touch.sampleID, window: touch.window, location: location,
                  timestamp: timestamp, tapCount: touch.tapCount, arbitration: TouchArbitration())
        view = touch.view
        livePhase = phase
        livePreviousLocation = previousLocation
        liveForce = force
        liveMajorRadius = majorRadius
        maximumPossibleForce = touch.maximumPossibleForce
        majorRadiusTolerance = touch.majorRadiusTolerance
        isFinished = true
    }
}
