/// A layer's own `CAMediaTiming` values and the map they make from its superlayer's time
/// to its own: Core Animation's hierarchical time, in which each layer's time space is
/// derived from its parent's as a coordinate space is.
///
/// The map (CAMediaTiming — Apple Developer Documentation; the header's `timeOffset`
/// comment gives the formula):
///
/// - Without a `duration` (0, the default for layers) the layer lasts for ever and its
///   time is `(parentTime − beginTime) · speed + timeOffset`, unbounded and never
///   folded; `repeatCount`, `repeatDuration` and `autoreverses` then change nothing.
///   `speed` 0 freezes it at `timeOffset`: the standard way to pause a subtree.
/// - With a `duration` it is folded into cycles as an animation's time is
///   (`CAAnimationTiming`: repeats, autoreverse, `timeOffset` wrapping round the active
///   duration), and the layer's time is the position in its basic duration, 0…duration.
///   Outside the active duration the time holds at the nearer end.
///
/// Outside its active period (before `beginTime` in its parent's time, or after its
/// active duration), `fillMode` decides whether the layer is in the presentation, as
/// for any timed object (CAMediaTiming.h on `fillMode`: "Defines how the timed object
/// behaves outside its active duration. Local time may be clamped to either end of the
/// active duration, or the element may be removed from the presentation"; the Fill
/// Modes reference: `removed`, the default, "does not appear until it begins and is
/// removed from the presentation when it is completed", `backwards` appears in its
/// initial state before it begins, `forwards` "remains visible in its final state",
/// `both` does both). A layer removed from the presentation draws nothing, nor do its
/// sublayers, whose time comes from it; its model is untouched, and its time (what
/// `convertTime` answers and its sublayers' animations run on) still holds at the
/// nearer end. A layer with a negative `speed` runs its time backwards and so is
/// before its begin while its parent's time is past it. A layer whose own timing is
/// the default (`isIdentity`) takes its parent's time as it is and is always in the
/// presentation: the check costs a walk up the tree, paid only by layers that set a
/// timing.
///
/// `parentTime(fromLocalTime:)` is the inverse of the unfolded map; a folded layer's
/// time is mapped back into its first cycle.
struct LayerTiming: Equatable {
    var beginTime: CFTimeInterval = 0
    var duration: CFTimeInterval = 0
    var speed: Float = 1
    var timeOffset: CFTimeInterval = 0
    var repeatCount: Float = 0
    var repeatDuration: CFTimeInterval = 0
    var autoreverses = false
    var fillMode: CAMediaTimingFillMode = .removed

    /// Whether the layer's time is its parent's (the defaults), so the map can be
    /// skipped.
    var isIdentity: Bool {
        speed == 1 && beginTime == 0 && timeOffset == 0 && !hasDuration
    }

    /// Whether the layer's time stands still whatever its parent's does.
    var freezesTime: Bool { speed == 0 }

    private var hasDuration: Bool { duration > 0 && duration.isFinite }

    /// The layer's time when its parent's is `parentTime`.
    func localTime(fromParentTime parentTime: CFTimeInterval) -> CFTimeInterval {
        guard hasDuration else { return (parentTime - beginTime) * Double(speed) + timeOffset }
        return (folded.sample(atParentTime: parentTime).progress ?? 0) * duration
    }

    /// The layer's timing as an animation's, held at both ends.
    private var folded: CAAnimationTiming {
        CAAnimationTiming(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: .both)
    }

    /// How long the layer is active, in its own time: for ever without a `duration`.
    private var activeDuration: CFTimeInterval {
        hasDuration ? folded.activeDuration : .infinity
    }

    // MARK: - Presence

    /// Where `parentTime` falls against the layer's active period.
    func phase(atParentTime parentTime: CFTimeInterval) -> CAAnimationTiming.Phase {
        let elapsed = (parentTime - beginTime) * Double(speed)
        if elapsed < 0 { return .before }
        return elapsed < activeDuration ? .active : .after
    }

    /// Whether the layer is in the presentation in `phase` (see the type's notes).
    func isPresented(in phase: CAAnimationTiming.Phase) -> Bool {
        switch phase {
        case .before: fillMode.fillsBackwards
        case .active: true
        case .after: fillMode.fillsForwards
        }
    }

    /// Whether the layer's presence will change from what it is in `phase` while its
    /// parent's time runs on in the direction whose sign is `parentDirection` (0: the
    /// parent's time stands still).
    func presenceWillChange(from phase: CAAnimationTiming.Phase, parentDirection: Float) -> Bool {
        let direction = parentDirection * speed
        guard direction != 0 else { return false }
        let ahead: [CAAnimationTiming.Phase] = switch (phase, direction > 0) {
        case (.before, true): [.active, .after]
        case (.active, true): [.after]
        case (.after, false): [.active, .before]
        case (.active, false): [.before]
        default: []
        }
        let reachable = ahead.filter { $0 != .after || activeDuration.isFinite }
        return reachable.contains { isPresented(in: $0) != isPresented(in: phase) }
    }

    /// The parent's time at which the layer's time is `localTime` (unfolded). A frozen
    /// layer (`speed` 0) has one time for every parent time, so any answer is as good;
    /// it answers `beginTime`, where its time line is anchored.
    func parentTime(fromLocalTime localTime: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0 else { return beginTime }
        return beginTime + (localTime - timeOffset) / Double(speed)
    }
}
