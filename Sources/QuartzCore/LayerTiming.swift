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
///   Outside the active duration the time holds at the nearer end whatever `fillMode`
///   says: a layer is never removed from the screen here. (Core Animation does not
///   document what a layer outside its active time shows; holding keeps its sublayers'
///   animations defined and visible. `fillMode` is kept for `CAMediaTiming`.)
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
        let folded = CAAnimationTiming(
            beginTime: beginTime, duration: duration, speed: speed, timeOffset: timeOffset, repeatCount: repeatCount,
            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: .both)
        return (folded.sample(atParentTime: parentTime).progress ?? 0) * duration
    }

    /// The parent's time at which the layer's time is `localTime` (unfolded). A frozen
    /// layer (`speed` 0) has one time for every parent time, so any answer is as good;
    /// it answers `beginTime`, where its time line is anchored.
    func parentTime(fromLocalTime localTime: CFTimeInterval) -> CFTimeInterval {
        guard speed != 0 else { return beginTime }
        return beginTime + (localTime - timeOffset) / Double(speed)
    }
}
