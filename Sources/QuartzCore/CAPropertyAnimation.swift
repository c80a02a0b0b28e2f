/// An animation of one layer property, named by its key path (see
/// `CAAnimatableProperty` for the key paths understood).
@MainActor
open class CAPropertyAnimation: CAAnimation {
    public required init() {
        super.init()
    }

    public convenience init(keyPath path: String?) {
        self.init()
        keyPath = path
    }

    // Unchecked for exclusivity, as `CAAnimation`'s timing: read for every attached
    // animation on every frame; main actor, each access one read or one assignment.
    @exclusivity(unchecked) open var keyPath: String?

    /// When true the animated value is added to the property's current value (model
    /// plus the animations beneath) instead of replacing it; transforms concatenate
    /// (current followed by animated). A value the animation leaves unset then counts
    /// as zero (the identity transform).
    @exclusivity(unchecked) open var isAdditive = false

    /// When true each repeat cycle starts where the previous one ended: the value of
    /// cycle n is that of the first plus n times the change over one forward play
    /// (`timeOffset` is not taken into account in counting cycles).
    @exclusivity(unchecked) open var isCumulative = false

    open override func copy() -> Any {
        let copy = super.copy() as! CAPropertyAnimation
        copy.keyPath = keyPath
        copy.isAdditive = isAdditive
        copy.isCumulative = isCumulative
        return copy
    }

    // MARK: - Engine

    /// The property `keyPath` names, set by `resolve(for:)`.
    var property: CAAnimatableProperty?

    override func mayAnimate(propertyRoot root: Substring) -> Bool {
        guard let keyPath else { return false }
        return CAAnimatableProperty.root(of: keyPath) == root
    }

    override func resolve(for layer: CALayer) -> String? {
        guard let keyPath else { return "no key path" }
        guard let property = CAAnimatableProperty.named(keyPath), property.read(layer) != nil else {
            return "key path \"\(keyPath)\" is not animatable on \(type(of: layer))"
        }
        self.property = property
        return nil
    }

    /// Converts an animation value for this property; a problem message when it has the
    /// wrong type.
    func convert(_ value: Any?, named name: String) -> (CAAnimatedValue?, String?) {
        guard let value, let property else { return (nil, nil) }
        guard let converted = CAAnimatedValue(value, as: property.kind) else {
            return (nil, "\(name) \(value) (\(type(of: value))) is not a \(property.kind.rawValue) for \"\(keyPath ?? "")\"")
        }
        return (converted, nil)
    }

    /// Writes `value` into `presentation`: replacing the current value, or added to it
    /// when additive; with the change of `completedCycles` whole cycles added first when
    /// cumulative.
    func write(_ value: CAAnimatedValue, cycleChange: CAAnimatedValue?, completedCycles: Int, into presentation: CALayer) {
        guard let property, let current = property.read(presentation) else { return }
        var value = value
        if isCumulative, let cycleChange, completedCycles > 0 {
            for _ in 0..<completedCycles { value = value.adding(cycleChange) }
        }
        property.write(presentation, isAdditive ? current.adding(value) : value)
    }

    /// Whole cycles completed at `time`, for cumulative animations.
    func completedCycles(atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) -> Int {
        let timing = timing(defaultDuration: defaultDuration)
        let elapsed = (time - timing.beginTime) * CFTimeInterval(timing.speed)
        guard isCumulative, elapsed > 0, timing.cycleDuration > 0 else { return 0 }
        let active = min(elapsed, timing.activeDuration)
        var cycles = (active / timing.cycleDuration).rounded(.down)
        // After the end the value held is the last cycle's end, not a next cycle's start.
        if elapsed >= timing.activeDuration, active == cycles * timing.cycleDuration, cycles > 0 { cycles -= 1 }
        return Int(min(cycles, Double(Int32.max)))
    }
}
