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

    /// How close to the target, as a fraction of the distance, counts as settled: the
    /// threshold Apple documents for SwiftUI's `Spring.settlingDuration`. Core
    /// Animation does not document its own.
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

    /// When the spring comes to rest: the earliest time after which the displacement
    /// never again exceeds `settlingEpsilon` (found exactly, not by stepping), for the
    /// current parameters including the initial velocity. Infinite without damping.
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

    /// The last time |x| equals `epsilon`. |x| is monotonic between consecutive extrema
    /// and zeros of x, so it suffices to find the last such stretch that starts above
    /// epsilon and bisect in it.
    func settlingTime(epsilon: Double) -> Double {
        let (start, end) = lastStretchAboveEpsilon(epsilon)
        guard let start else { return 0 }
        guard end.isFinite else { return end }
        var lo = start
        var hi = end
        while hi - lo > 1e-12 * max(1, hi) {
            let mid = (lo + hi) / 2
            if abs(displacement(at: mid)) > epsilon { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }

    /// A stretch [start, end] on which |x| falls monotonically from above `epsilon` to
    /// at most `epsilon`, after which it never exceeds `epsilon`; `start` is `nil` when
    /// |x| never exceeds it at all.
    private func lastStretchAboveEpsilon(_ epsilon: Double) -> (Double?, Double) {
        switch self {
        case .underDamped(let alpha, let omega, let c1, let c2):
            guard alpha > 0 else { return (0, .infinity) }
            // x = A·e^(−αt)·cos(ωt − φ). Its extrema recur every π/ω at one phase, so
            // |x| at them falls by e^(−απ/ω) each time: the last extremum above epsilon
            // is found in closed form.
            let amplitude = (c1 * c1 + c2 * c2).squareRoot()
            let phase = Foundation.atan2(c2, c1)
            // x′ = −A·e^(−αt)·R·cos(ωt − φ − δ) with δ = atan2(ω, α): it vanishes where
            // ωt = φ + δ + π/2 + kπ.
            let delta = Foundation.atan2(omega, alpha)
            let period = Double.pi / omega
            var firstExtremum = (phase + delta + .pi / 2) / omega
            firstExtremum -= period * (firstExtremum / period).rounded(.down)
            let peakFactor = amplitude * abs(Foundation.cos(omega * firstExtremum - phase))
            var start: Double?
            if abs(displacement(at: 0)) > epsilon { start = 0 }
            if peakFactor > 0 {
                // Largest k with peakFactor·e^(−α·(t₀ + kπ/ω)) > epsilon.
                let limit = Foundation.log(peakFactor / epsilon) / alpha
                if limit > firstExtremum {
                    let k = ((limit - firstExtremum) / period).rounded(.up) - 1
                    start = firstExtremum + max(k, 0) * period
                }
            }
            guard let begin = start else { return (nil, 0) }
            // The next zero of cos(ωt − φ) after `begin` ends the fall.
            var zero = (phase + .pi / 2) / omega
            zero += period * ((begin - zero) / period).rounded(.down)
            while zero <= begin { zero += period }
            return (begin, zero)
        case .criticallyDamped, .overDamped:
            return lastMonotonicStretch(epsilon)
        }
    }

    /// For the non-oscillating regimes: x has at most one zero and one extremum, which
    /// cut time into at most three monotonic stretches of |x|; the answer lies in the
    /// last one whose start exceeds epsilon.
    private func lastMonotonicStretch(_ epsilon: Double) -> (Double?, Double) {
        let cuts = ([0] + turningTimes.filter { $0 > 0 }).sorted()
        for (index, cut) in cuts.enumerated().reversed() where abs(displacement(at: cut)) > epsilon {
            var end = index + 1 < cuts.count ? cuts[index + 1] : cut + 1
            if index + 1 == cuts.count {
                // The last stretch decays to 0: double until it is below epsilon.
                while abs(displacement(at: end)) > epsilon { end = cut + 2 * (end - cut) }
            }
            return (cut, end)
        }
        return (nil, 0)
    }

    /// The zero and the extremum of x, where they exist (any sign of time).
    private var turningTimes: [Double] {
        switch self {
        case .underDamped:
            return []
        case .criticallyDamped(let omega, let c1, let c2):
            guard c2 != 0 else { return [] }
            return [-c1 / c2, (c2 - omega * c1) / (omega * c2)]
        case .overDamped(let r1, let r2, let c1, let c2):
            var times: [Double] = []
            // c1·e^(r1 t) = −c2·e^(r2 t) and c1·r1·e^(r1 t) = −c2·r2·e^(r2 t).
            if c1 * c2 < 0 { times.append(Foundation.log(-c2 / c1) / (r1 - r2)) }
            if c1 * r1 * c2 * r2 < 0 { times.append(Foundation.log(-c2 * r2 / (c1 * r1)) / (r1 - r2)) }
            return times
        }
    }
}
