/// The motion of `CASpringAnimation`: a damped harmonic oscillator that carries an
/// animation's progress from 0 to 1, solved in closed form.
///
/// The spring obeys `m·x″ + c·x′ + k·x = 0` for the displacement `x` from the target,
/// starting at `x(0) = −1` (progress 0) with velocity `initialVelocity`, in units of the
/// whole distance per second; positive moves towards the target, as in Core Animation.
/// Progress is `1 + x`: it may overshoot 1, which interpolation extrapolates. Time is in
/// seconds since the animation began: a spring's shape does not stretch with
/// `duration`, which only decides when the animation is cut off.
///
/// The three regimes by damping ratio `ζ = c / (2·√(k·m))` and natural frequency
/// `ω₀ = √(k/m)`: under-damped (ζ < 1) oscillates with a decaying envelope, critically
/// damped (ζ = 1) returns fastest without overshoot from rest, over-damped (ζ > 1)
/// creeps back as a sum of two exponentials.
public struct CASpringSolver: Hashable, Sendable {
    public var mass: CGFloat
    public var stiffness: CGFloat
    public var damping: CGFloat
    public var initialVelocity: CGFloat

    /// Core Animation's defaults are mass 1, stiffness 100, damping 10, velocity 0.
    /// Mass and stiffness must be positive and damping non-negative.
    public init(mass: CGFloat = 1, stiffness: CGFloat = 100, damping: CGFloat = 10, initialVelocity: CGFloat = 0) {
        precondition(mass > 0 && stiffness > 0 && damping >= 0, "spring needs mass, stiffness > 0, damping ≥ 0")
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
    }

    /// How close to the target, as a fraction of the distance, counts as settled (see
    /// `settlingDuration`).
    public static let settlingEpsilon = 0.001

    /// `ζ`: below 1 the spring overshoots and oscillates.
    public var dampingRatio: Double {
        Double(damping) / (2 * (Double(stiffness) * Double(mass)).squareRoot())
    }

    /// The displacement from the target at `t` seconds: −1 at 0, tending to 0.
    public func displacement(at t: Double) -> Double {
        motion.displacement(at: t)
    }

    /// The progress the animation shows at `t` seconds: 0 at 0, tending to 1.
    public func progress(at t: Double) -> Double {
        1 + displacement(at: t)
    }

    /// When the spring counts as at rest: the time at which the *envelope* of the
    /// displacement falls to `settlingEpsilon` (0.001 of the distance), after which the
    /// displacement itself never exceeds it. The envelope is the closed form with each
    /// term at its largest magnitude: `(|c1| + |c2|)·e^(−ζω₀t)` under-damped (each
    /// cosine and sine taken as 1), `(|c1| + |c2|·t)·e^(−ω₀t)` critically damped,
    /// `|c1|·e^(r1·t) + |c2|·e^(r2·t)` over-damped. 0 when the envelope never exceeds
    /// the threshold; infinite without damping. Includes the initial velocity.
    ///
    /// Why the envelope and not the last time |x| itself equals 0.001 (SwiftUI's
    /// documented `Spring.settlingDuration` criterion, which an earlier version used):
    /// Core Animation documents two values for `CASpringAnimation` (mass 1, stiffness
    /// 100): damping 5 settles in "approximately 2.85 seconds", damping 15 in "just over
    /// 1 second" (CASpringAnimation.settlingDuration — Apple Developer Documentation).
    /// The envelope at 0.001 gives 2.855 s and 1.022 s; the last crossing of 0.001 gives
    /// 2.688 s and 0.800 s, which would end the animation, and UIKit springs built on
    /// it, while the layer still visibly moves by Core Animation's measure.
    public var settlingDuration: CFTimeInterval {
        motion.settlingTime(epsilon: Self.settlingEpsilon)
    }

    private var motion: SpringMotion {
        SpringMotion(
            mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
            x0: -1, v0: Double(initialVelocity))
    }
}

/// The closed-form solution for given initial conditions, per regime.
private enum SpringMotion {
    /// `e^(−αt)·(c1·cos ωt + c2·sin ωt)`.
    case underDamped(alpha: Double, omega: Double, c1: Double, c2: Double)
    /// `(c1 + c2·t)·e^(−ωt)`.
    case criticallyDamped(omega: Double, c1: Double, c2: Double)
    /// `c1·e^(r1·t) + c2·e^(r2·t)` with r1, r2 < 0.
    case overDamped(r1: Double, r2: Double, c1: Double, c2: Double)

    init(mass: Double, stiffness: Double, damping: Double, x0: Double, v0: Double) {
        let omega0 = (stiffness / mass).squareRoot()
        let zeta = damping / (2 * (stiffness * mass).squareRoot())
        if zeta < 1 {
            let alpha = zeta * omega0
            let omega = omega0 * (1 - zeta * zeta).squareRoot()
            self = .underDamped(alpha: alpha, omega: omega, c1: x0, c2: (v0 + alpha * x0) / omega)
        } else if zeta == 1 {
            self = .criticallyDamped(omega: omega0, c1: x0, c2: v0 + omega0 * x0)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -omega0 * (zeta - root)
            let r2 = -omega0 * (zeta + root)
            let c2 = (v0 - r1 * x0) / (r2 - r1)
            self = .overDamped(r1: r1, r2: r2, c1: x0 - c2, c2: c2)
        }
    }

    func displacement(at t: Double) -> Double {
        switch self {
        case .underDamped(let alpha, let omega, let c1, let c2):
            return Foundation.exp(-alpha * t) * (c1 * Foundation.cos(omega * t) + c2 * Foundation.sin(omega * t))
        case .criticallyDamped(let omega, let c1, let c2):
            return (c1 + c2 * t) * Foundation.exp(-omega * t)
        case .overDamped(let r1, let r2, let c1, let c2):
            return c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
        }
    }

    /// The time at which the envelope (see `CASpringSolver.settlingDuration`) falls to
    /// `epsilon` for good: in closed form when under-damped; otherwise by bisection on
    /// the stretch after the envelope's one peak, where it only falls.
    func settlingTime(epsilon: Double) -> Double {
        switch self {
        case .underDamped(let alpha, _, let c1, let c2):
            let amplitude = abs(c1) + abs(c2)
            guard amplitude > epsilon else { return 0 }
            guard alpha > 0 else { return .infinity }
            return Foundation.log(amplitude / epsilon) / alpha
        case .criticallyDamped(let omega, let c1, let c2):
            let (a, b) = (abs(c1), abs(c2))
            // (a + b·t)·e^(−ωt) rises until t = (b − ωa)/(ωb), then falls for good.
            let peak = b > 0 ? max((b - omega * a) / (omega * b), 0) : 0
            return fallTime(from: peak, epsilon: epsilon) { (a + b * $0) * Foundation.exp(-omega * $0) }
        case .overDamped(let r1, let r2, let c1, let c2):
            return fallTime(from: 0, epsilon: epsilon) { abs(c1) * Foundation.exp(r1 * $0) + abs(c2) * Foundation.exp(r2 * $0) }
        }
    }

    /// Where `envelope`, at its largest at `start` and falling from there towards 0,
    /// reaches `epsilon`; 0 when it never exceeds `epsilon`.
    private func fallTime(from start: Double, epsilon: Double, envelope: (Double) -> Double) -> Double {
        guard envelope(start) > epsilon else { return 0 }
        var low = start
        var high = start + 1
        while envelope(high) > epsilon { high = start + 2 * (high - start) }
        while high - low > 1e-12 * max(1, high) {
            let middle = (low + high) / 2
            if envelope(middle) > epsilon { low = middle } else { high = middle }
        }
        // The end at or below epsilon, so the displacement there is within it.
        return high
    }
}
