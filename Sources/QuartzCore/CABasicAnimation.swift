/// An animation of one property between two values, with Core Animation's rules for
/// which of `fromValue`, `toValue` and `byValue` are set ("current" is the property's
/// value beneath this animation: the model with earlier animations applied):
///
/// | set | from → to |
/// |---|---|
/// | from, to | from → to |
/// | from, by | from → from + by |
/// | by, to | to − by → to |
/// | from | from → current |
/// | to | current → to |
/// | by | current → current + by |
/// | none | nothing (as an action, the previous presentation value → current) |
///
/// With all three set, `byValue` is ignored. Values are `Any?`: a number (`CGFloat`,
/// `Double`, `Float`, `Int`…), `CGPoint`, `CGSize`, `CGRect`, `CGColor`,
/// `CATransform3D` or `CGAffineTransform`, as the key path needs (see
/// `CAAnimatableProperty`). A value of the wrong type is logged once (`QuartzCoreDebug`,
/// category `animation`) and the animation then changes nothing.
@MainActor
open class CABasicAnimation: CAPropertyAnimation {
    public required init() {
        super.init()
    }

    // Unchecked for exclusivity, as `CAAnimation`'s timing: read for every attached
    // animation on every frame; main actor, each access one read or one assignment.
    @exclusivity(unchecked) open var fromValue: Any?
    @exclusivity(unchecked) open var toValue: Any?
    @exclusivity(unchecked) open var byValue: Any?

    open override func copy() -> Any {
        let copy = super.copy() as! CABasicAnimation
        copy.fromValue = fromValue
        copy.toValue = toValue
        copy.byValue = byValue
        return copy
    }

    /// As an action with no values set (an implicit animation), starts from where the
    /// property appeared to be before the change and ends at its new value.
    open override func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        guard fromValue == nil, toValue == nil, byValue == nil,
            let previous = dict?[CAActionArgument.previousPresentationValue]
        else { return super.run(forKey: event, object: anObject, arguments: dict) }
        let filled = copy() as! CABasicAnimation
        filled.fromValue = previous
        (anObject as? CALayer)?.add(filled, forKey: event)
    }

    // MARK: - Engine

    private var from: CAAnimatedValue?
    private var to: CAAnimatedValue?
    private var by: CAAnimatedValue?

    override func resolve(for layer: CALayer) -> String? {
        if let problem = super.resolve(for: layer) { return problem }
        let (from, fromProblem) = convert(fromValue, named: "fromValue")
        let (to, toProblem) = convert(toValue, named: "toValue")
        let (by, byProblem) = convert(byValue, named: "byValue")
        if let problem = fromProblem ?? toProblem ?? byProblem { return problem }
        (self.from, self.to, self.by) = (from, to, by)
        return nil
    }

    /// The two ends for the current value `current` (see the table above).
    func endpoints(current: CAAnimatedValue) -> (CAAnimatedValue, CAAnimatedValue)? {
        switch (from, to, by) {
        case (let from?, let to?, _): (from, to)
        case (let from?, nil, let by?): (from, from.adding(by))
        case (nil, let to?, let by?): (to.subtracting(by), to)
        case (let from?, nil, nil): (from, current)
        case (nil, let to?, nil): (current, to)
        case (nil, nil, let by?): (current, current.adding(by))
        case (nil, nil, nil): nil
        }
    }

    /// How far from the first end to the second the value is at `time`, or `nil` when
    /// the animation shows nothing: the timing function applied to the progress.
    func fraction(atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) -> Double? {
        pacedProgress(atParentTime: time, defaultDuration: defaultDuration)
    }

    override func apply(to presentation: CALayer, atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) {
        guard let property, let current = property.read(presentation),
            let fraction = fraction(atParentTime: time, defaultDuration: defaultDuration),
            let (start, end) = endpoints(current: isAdditive ? .zero(property.kind) : current)
        else { return }
        write(
            start.interpolated(to: end, fraction: fraction), cycleChange: end.subtracting(start),
            completedCycles: completedCycles(atParentTime: time, defaultDuration: defaultDuration),
            into: presentation)
    }
}
