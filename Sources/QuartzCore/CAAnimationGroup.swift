/// Animations run together in the group's time space.
///
/// Each child's `beginTime` is relative to the group's start and its timing runs on the
/// group's local time (the group's progress, after its `timingFunction`, times its
/// duration); children are clipped to the group's active duration, not stretched to it.
/// A child with a zero duration takes the group's duration. As in Core Animation the
/// children's `delegate` and `isRemovedOnCompletion` are ignored: the group's own are
/// used. A child that cannot animate the layer is logged and skipped; the rest run.
@MainActor
open class CAAnimationGroup: CAAnimation {
    public required init() {
        super.init()
    }

    open var animations: [CAAnimation]?

    /// Copies the children too, so the attached group is independent of the original.
    open override func copy() -> Any {
        let copy = super.copy() as! CAAnimationGroup
        copy.animations = animations?.map { $0.copy() as! CAAnimation }
        return copy
    }

    // MARK: - Engine

    /// The children that can animate the layer.
    private var runnable: [CAAnimation] = []

    override func mayAnimate(propertyRoot root: Substring) -> Bool {
        runnable.contains { $0.mayAnimate(propertyRoot: root) }
    }

    override func resolve(for layer: CALayer) -> String? {
        var problems: [String] = []
        runnable = []
        for (index, child) in (animations ?? []).enumerated() {
            if let problem = child.resolve(for: layer) {
                problems.append("animations[\(index)]: \(problem)")
            } else {
                runnable.append(child)
            }
        }
        for problem in problems { QuartzCoreDebug.log(.animation, "group: \(problem); skipped") }
        return nil
    }

    override func apply(to presentation: CALayer, atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) {
        guard let progress = pacedProgress(atParentTime: time, defaultDuration: defaultDuration) else { return }
        let groupDuration = duration > 0 ? duration : defaultDuration
        let localTime = progress * groupDuration
        for child in runnable {
            child.apply(to: presentation, atParentTime: localTime, defaultDuration: groupDuration)
        }
    }
}
