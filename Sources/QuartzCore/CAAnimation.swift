/// The base of Core Animation's animations: timing (`CAMediaTiming`), pacing
/// (`timingFunction`), a delegate, and what happens at the end.
///
/// An animation does nothing until it is attached with `CALayer.add(_:forKey:)`, which
/// attaches a *copy*: changing the object afterwards does not change what runs. The
/// attached copy shows in `CALayer.presentation()`; the frame tick
/// (its layer's engine's `tick()`) tells the delegate when it starts and stops.
///
/// A `duration` of 0 (the default) means 0.25 s, as in Core Animation; inside a group,
/// it means the group's duration.
@MainActor
open class CAAnimation: CAMediaTiming, CAAction {
    public required init() {}

    // MARK: - Timing (CAMediaTiming)

    // Unchecked for exclusivity (the stored properties here and under Behaviour):
    // presentation and the frame tick read an attached animation's timing on every frame,
    // and no access can overlap another (main actor; plain stored values, each access one
    // read or one assignment).

    /// When the animation starts, in seconds of its layer's time (convert from the media
    /// clock with `layer.convertTime(CACurrentMediaTime(), from: nil)`). 0 means "when
    /// added": `add(_:forKey:)` sets it to the layer's time then on the attached copy.
    /// Inside a group it is relative to the group's start.
    @exclusivity(unchecked) open var beginTime: CFTimeInterval = 0
    @exclusivity(unchecked) open var duration: CFTimeInterval = 0
    @exclusivity(unchecked) open var speed: Float = 1
    @exclusivity(unchecked) open var timeOffset: CFTimeInterval = 0
    /// `.infinity` repeats for ever; fractions play part of the last cycle.
    @exclusivity(unchecked) open var repeatCount: Float = 0
    @exclusivity(unchecked) open var repeatDuration: CFTimeInterval = 0
    @exclusivity(unchecked) open var autoreverses = false
    @exclusivity(unchecked) open var fillMode: CAMediaTimingFillMode = .removed

    // MARK: - Behaviour

    /// Pacing within each cycle; `nil` is linear.
    @exclusivity(unchecked) open var timingFunction: CAMediaTimingFunction?
    /// Held strongly, as Core Animation holds it, until the attached copy goes away.
    open var delegate: (any CAAnimationDelegate)?
    /// When true (the default) the animation is detached from its layer once its active
    /// duration has passed, so only a forward fill of a kept animation outlasts it.
    @exclusivity(unchecked) open var isRemovedOnCompletion = true

    /// The default duration Core Animation substitutes for a zero one.
    public static let defaultDuration: CFTimeInterval = 0.25

    // MARK: - Copying

    /// An independent copy with every property, as `NSCopying` gives in Core
    /// Animation. Subclasses override it to copy what they add (calling `super`).
    open func copy() -> Any {
        let copy = type(of: self).init()
        copy.beginTime = beginTime
        copy.duration = duration
        copy.speed = speed
        copy.timeOffset = timeOffset
        copy.repeatCount = repeatCount
        copy.repeatDuration = repeatDuration
        copy.autoreverses = autoreverses
        copy.fillMode = fillMode
        copy.timingFunction = timingFunction
        copy.delegate = delegate
        copy.isRemovedOnCompletion = isRemovedOnCompletion
        return copy
    }

    // MARK: - CAAction

    /// Attaches the animation to the layer `anObject` for the key `event`: what makes
    /// an animation usable as a layer action.
    open func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }

    // MARK: - Engine hooks (overridden by the concrete animations)

    /// Prepares the attached copy for `layer`: converts its values for its key path.
    /// Returns what is wrong when the animation cannot drive anything on that layer (an
    /// unknown key path, a value of the wrong type); it then contributes nothing.
    func resolve(for layer: CALayer) -> String? {
        nil
    }

    /// Writes the animation's values at `time` (on its parent's time line) into
    /// `presentation`, on top of what is there.
    func apply(to presentation: CALayer, atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) {}

    /// Whether `apply(to:atParentTime:defaultDuration:)` may write the property whose key
    /// path begins with `root` (`position` for `position` and `position.x`): what lets a
    /// layer skip the animations that cannot move a property it asks about. This base
    /// class writes nothing.
    func mayAnimate(propertyRoot root: Substring) -> Bool {
        false
    }

    /// The timing arithmetic for this animation, with a zero duration replaced by
    /// `defaultDuration`.
    package final func timing(defaultDuration: CFTimeInterval) -> CAAnimationTiming {
        CAAnimationTiming(
            beginTime: beginTime, duration: duration > 0 ? duration : defaultDuration, speed: speed,
            timeOffset: timeOffset, repeatCount: repeatCount, repeatDuration: repeatDuration,
            autoreverses: autoreverses, fillMode: fillMode)
    }

    /// Progress through the basic duration at `time` after the timing function, or
    /// `nil` when the animation shows nothing then.
    final func pacedProgress(atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) -> Double? {
        guard let progress = timing(defaultDuration: defaultDuration).sample(atParentTime: time).progress else {
            return nil
        }
        return timingFunction?.solve(forInput: progress) ?? progress
    }
}
