/// Core Animation's media-timing arithmetic (`CAMediaTiming`) as a pure value: given the
/// eight timing properties and a time on the parent's time line, where an animation is
/// and how far through its basic duration it is.
///
/// The mapping, as Core Animation documents and behaves:
///
/// 1. Active local time: `e = (parentTime − beginTime) · speed`. `speed` 0 freezes the
///    animation at its start; a negative speed runs its time backwards, so it stays
///    before its beginning and only a backwards fill shows it.
/// 2. The active duration `A` is `repeatDuration` when positive, else
///    `duration · repeatCount` (fractions allowed, `.infinity` repeats for ever) when
///    `repeatCount` is positive, else `duration`; autoreverse doubles each repeat's
///    length (each cycle plays forwards then backwards), and `repeatDuration` counts
///    those doubled cycles. The animation is active for `0 ≤ e < A`.
/// 3. `timeOffset` shifts the position within the active duration and wraps round it,
///    without moving the active interval: duration 3 and offset 1 show seconds 1…3 and
///    then 0…1 of the animation, and end when a plain one would.
/// 4. The position in the active duration is cut into cycles; within a cycle the first
///    `duration` plays forwards and, with `autoreverses`, the second plays backwards.
///    Progress is the position in the basic duration over `duration`.
/// 5. Outside the active duration the fill mode decides: `backwards` shows the progress
///    at `e = 0`, `forwards` the progress the animation ended on (the limit as `e`
///    approaches `A` — 1 after whole forward cycles, 0 after whole autoreversed ones, ½
///    after 1.5 repeats), `removed` shows nothing.
///
/// `duration` is used as given: `CAAnimation`'s substitution of 0.25 s for 0 is the
/// animation's business. A zero duration has a zero active duration and jumps straight
/// to its end value.
public struct CAAnimationTiming: Hashable, Sendable {
    /// When the animation starts, on the parent's time line (seconds).
    public var beginTime: CFTimeInterval
    /// The basic duration: one forward play (seconds).
    public var duration: CFTimeInterval
    /// Rate of local time relative to the parent's.
    public var speed: Float
    /// Shift of the position within the active duration (seconds of local time).
    public var timeOffset: CFTimeInterval
    /// How many times the basic duration plays; fractions play part of the last cycle,
    /// `.infinity` never ends. 0 means once.
    public var repeatCount: Float
    /// How long the animation repeats for, in local seconds; takes precedence over
    /// `repeatCount` when positive.
    public var repeatDuration: CFTimeInterval
    /// Whether each cycle plays backwards after playing forwards.
    public var autoreverses: Bool
    public var fillMode: CAMediaTimingFillMode

    public init(
        beginTime: CFTimeInterval = 0, duration: CFTimeInterval, speed: Float = 1, timeOffset: CFTimeInterval = 0,
        repeatCount: Float = 0, repeatDuration: CFTimeInterval = 0, autoreverses: Bool = false,
        fillMode: CAMediaTimingFillMode = .removed
    ) {
        self.beginTime = beginTime
        self.duration = duration
        self.speed = speed
        self.timeOffset = timeOffset
        self.repeatCount = repeatCount
        self.repeatDuration = repeatDuration
        self.autoreverses = autoreverses
        self.fillMode = fillMode
    }

    /// Where the animation is relative to its active duration.
    public enum Phase: Hashable, Sendable {
        /// Local time is before the active duration (not begun, or running backwards).
        case before
        /// Within the active duration.
        case active
        /// The active duration is over; the animation has finished.
        case after
    }

    /// The state of the animation at one parent time.
    public struct Sample: Hashable, Sendable {
        public var phase: Phase
        /// Progress through the basic duration, 0…1, before any timing function; `nil`
        /// when the animation shows nothing (outside its active duration without a fill
        /// in that direction).
        public var progress: Double?

        public init(phase: Phase, progress: Double?) {
            self.phase = phase
            self.progress = progress
        }

        /// Whether the active duration is over: the moment Core Animation tells the
        /// delegate the animation stopped, and removes it unless it fills forwards.
        public var isFinished: Bool { phase == .after }
    }

    /// The length of one cycle: a forward play, and a backward one when autoreversing.
    public var cycleDuration: CFTimeInterval {
        autoreverses ? 2 * duration : duration
    }

    /// How long the animation is active, in local time (see the type's rule 2).
    public var activeDuration: CFTimeInterval {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return cycleDuration * CFTimeInterval(repeatCount) }
        return cycleDuration
    }

    /// The animation's state at `parentTime`.
    public func sample(atParentTime parentTime: CFTimeInterval) -> Sample {
        let elapsed = (parentTime - beginTime) * CFTimeInterval(speed)
        let active = activeDuration
        if elapsed < 0 {
            return Sample(phase: .before, progress: fillMode.fillsBackwards ? progress(atActiveTime: 0) : nil)
        }
        if elapsed >= active {
            return Sample(phase: .after, progress: fillMode.fillsForwards ? endProgress : nil)
        }
        return Sample(phase: .active, progress: progress(atActiveTime: elapsed))
    }

    /// Progress at active time `e` in 0 ..< A (rules 3 and 4).
    private func progress(atActiveTime e: CFTimeInterval) -> Double {
        guard duration > 0 else { return autoreverses ? 0 : 1 }
        var position = e + timeOffset
        let active = activeDuration
        if active.isFinite, active > 0 {
            position -= active * (position / active).rounded(.down)
        }
        let cycle = cycleDuration
        let withinCycle = position - cycle * (position / cycle).rounded(.down)
        return basicProgress(withinCycle: withinCycle)
    }

    /// The progress held after the end: the limit of the progress as active time
    /// approaches the active duration from below, so a position landing exactly on a
    /// cycle boundary belongs to the cycle it ends.
    private var endProgress: Double {
        guard duration > 0 else { return autoreverses ? 0 : 1 }
        let active = activeDuration
        var position = active + timeOffset
        if active > 0 {
            position -= active * ((position / active).rounded(.up) - 1)
        }
        let cycle = cycleDuration
        let withinCycle = position - cycle * ((position / cycle).rounded(.up) - 1)
        return basicProgress(withinCycle: withinCycle)
    }

    /// Progress for a time within one cycle (0…cycleDuration): forwards, then backwards
    /// when autoreversing.
    private func basicProgress(withinCycle t: CFTimeInterval) -> Double {
        let basic = t <= duration ? t : cycleDuration - t
        return min(max(basic / duration, 0), 1)
    }
}
