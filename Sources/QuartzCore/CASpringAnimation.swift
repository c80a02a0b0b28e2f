/// A basic animation whose value follows a damped spring from its start to its end
/// (see `CASpringSolver` for the motion), possibly overshooting.
///
/// As in Core Animation the spring's shape does not stretch to `duration`: time runs
/// at its own pace and `duration` (0: 0.25 s) only decides when the animation is cut
/// off, so set it to `settlingDuration` to see the spring come to rest. A
/// `timingFunction`, when set, reshapes the time fed to the spring.
///
/// Invalid parameters (mass or stiffness not positive, negative damping) are logged when
/// the animation is added and it then changes nothing.
@MainActor
open class CASpringAnimation: CABasicAnimation {
    public required init() {
        super.init()
    }

    open var mass: CGFloat = 1
    open var stiffness: CGFloat = 100
    open var damping: CGFloat = 10
    /// In units of the whole distance per second; positive moves towards the end.
    open var initialVelocity: CGFloat = 0

    /// How long the spring takes to come to rest for the current parameters: when the
    /// envelope of its motion falls to 0.001 of the distance, a criterion chosen to
    /// reproduce the values Apple documents for this property (see
    /// `CASpringSolver.settlingDuration`). 0 for invalid parameters.
    open var settlingDuration: CFTimeInterval {
        solver?.settlingDuration ?? 0
    }

    open override func copy() -> Any {
        let copy = super.copy() as! CASpringAnimation
        copy.mass = mass
        copy.stiffness = stiffness
        copy.damping = damping
        copy.initialVelocity = initialVelocity
        return copy
    }

    private var solver: CASpringSolver? {
        guard mass > 0, stiffness > 0, damping >= 0 else { return nil }
        return CASpringSolver(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity)
    }

    // MARK: - Engine

    private var resolvedSolver: CASpringSolver?

    override func resolve(for layer: CALayer) -> String? {
        guard let solver else {
            return "spring needs mass and stiffness > 0 and damping ≥ 0 (mass \(mass), stiffness \(stiffness), damping \(damping))"
        }
        resolvedSolver = solver
        return super.resolve(for: layer)
    }

    override func fraction(atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) -> Double? {
        guard let resolvedSolver, let progress = pacedProgress(atParentTime: time, defaultDuration: defaultDuration)
        else { return nil }
        let basicDuration = duration > 0 ? duration : defaultDuration
        return resolvedSolver.progress(at: progress * basicDuration)
    }
}
