import Foundation

/// The bookkeeping of a series of taps, each made with a given number of fingers down
/// together: what `UITapGestureRecognizer` counts, and what `UILongPressGestureRecognizer`
/// counts before its press. The recognizers own the timers and decide what a verdict
/// means; this only judges the touches it is shown.
///
/// A *tap* is the fingers that go down from the moment the previous tap (if any)
/// completed until they have all lifted. A tap is good when:
/// - it has exactly `touchesRequired` fingers, all down at the same moment: no finger
///   joins once one of them has lifted;
/// - no finger strays more than `allowableMovement` from where it went down;
/// - it lasts less than `GestureThresholds.maximumTapDuration`, from its first finger
///   down to its last finger up;
/// - after the first tap, it begins less than `GestureThresholds.maximumIntervalBetweenTaps`
///   after the previous one completed, and each finger lands within
///   `GestureThresholds.maximumDistanceBetweenTaps` of where a finger of the previous
///   tap lifted.
///
/// Times are the touches' timestamps, never the clock, so that touches delivered late
/// are judged by when they happened.
@MainActor
struct TapSequence {
    enum Verdict: Equatable {
        /// Nothing decided yet.
        case undecided
        /// The tap under way just completed; `completedTaps` counts it.
        case tapCompleted
        /// These touches cannot be the gesture, for the reason given.
        case failed(GestureTrace.Reason)
    }

    let touchesRequired: Int
    let allowableMovement: CGFloat

    /// Good taps completed so far.
    private(set) var completedTaps = 0
    /// The fingers of the tap under way, in the order they went down, lifted or not.
    private(set) var currentFingers: [UITouch] = []
    /// The fingers of the last completed tap, where they lifted.
    private(set) var lastTapFingers: [UITouch] = []
    /// When the last completed tap's last finger lifted.
    private(set) var lastTapEndTime: TimeInterval = 0
    private var liftedFingers: Set<UITouch> = []

    init(touchesRequired: Int, allowableMovement: CGFloat) {
        self.touchesRequired = touchesRequired
        self.allowableMovement = allowableMovement
    }

    /// When the tap under way began (its first finger's timestamp), if one is under way.
    var currentTapStartTime: TimeInterval? {
        currentFingers.first?.startTimestamp
    }

    /// Whether all `touchesRequired` fingers of the tap under way are down and none has
    /// lifted.
    var hasAllFingersDown: Bool {
        currentFingers.count == touchesRequired && liftedFingers.isEmpty
    }

    /// The fingers the gesture's location describes: those of the tap under way, or of
    /// the last completed tap between taps.
    var describedFingers: [UITouch] {
        currentFingers.isEmpty ? lastTapFingers : currentFingers
    }

    // MARK: - Touches

    mutating func fingersWentDown(_ touches: Set<UITouch>) -> Verdict {
        for touch in touches.sorted(by: { $0.beginOrder < $1.beginOrder }) {
            if completedTaps > 0 {
                if currentFingers.isEmpty, touch.startTimestamp - lastTapEndTime >= GestureThresholds.maximumIntervalBetweenTaps {
                    return .failed(.measured(.init("a finger went down", touch.startTimestamp - lastTapEndTime, .seconds,
                                                   "after tap \(completedTaps) lifted",
                                                   limit: GestureThresholds.maximumIntervalBetweenTaps)))
                }
                let gap = distanceToLastTap(touch.startLocationInWindow)
                guard gap <= GestureThresholds.maximumDistanceBetweenTaps else {
                    return .failed(.measured(.init("a finger went down", gap, .points, "from tap \(completedTaps)",
                                                   limit: GestureThresholds.maximumDistanceBetweenTaps)))
                }
            }
            guard liftedFingers.isEmpty else {
                return .failed("a finger went down after the tap's fingers began to lift")
            }
            currentFingers.append(touch)
            guard currentFingers.count <= touchesRequired else {
                return .failed("\(currentFingers.count) fingers down, \(touchesRequired) required")
            }
        }
        return .undecided
    }

    func fingersMoved(_ touches: Set<UITouch>) -> Verdict {
        for touch in touches where touch.greatestDistanceFromStart > allowableMovement {
            return .failed(.measured(.init("a finger moved", touch.greatestDistanceFromStart, .points, limit: allowableMovement)))
        }
        return .undecided
    }

    mutating func fingersLifted(_ touches: Set<UITouch>) -> Verdict {
        let moved = fingersMoved(touches)
        guard moved == .undecided else { return moved }
        liftedFingers.formUnion(touches.filter { currentFingers.contains($0) })
        guard liftedFingers.count == currentFingers.count, let start = currentTapStartTime else { return .undecided }
        guard currentFingers.count == touchesRequired else {
            return .failed("only \(currentFingers.count) of \(touchesRequired) fingers were down together")
        }
        let end = currentFingers.latestTimestamp ?? start
        guard end - start < GestureThresholds.maximumTapDuration else {
            return .failed(.measured(.init("tap \(completedTaps + 1) held", end - start, .seconds,
                                           limit: GestureThresholds.maximumTapDuration)))
        }
        completedTaps += 1
        lastTapFingers = currentFingers
        lastTapEndTime = end
        currentFingers = []
        liftedFingers = []
        return .tapCompleted
    }

    /// The distance from `point` to the nearest place a finger of the last tap lifted.
    private func distanceToLastTap(_ point: CGPoint) -> CGFloat {
        lastTapFingers.map { hypot($0.locationInWindow.x - point.x, $0.locationInWindow.y - point.y) }.min() ?? 0
    }
}
