/// The curve of `CAKeyframeAnimation`'s cubic calculation modes: a Kochanek–Bartels
/// (tension, continuity, bias) spline through keyframe values, each a vector of numbers
/// (a point's x and y, a colour's four components…). With every parameter 0 it is the
/// Catmull–Rom spline Apple's documentation names.
///
/// Between keyframes `i` and `i + 1` the curve is the cubic Hermite segment from `Pᵢ`
/// to `Pᵢ₊₁` with the tangent leaving `Pᵢ` and the tangent arriving at `Pᵢ₊₁`, over a
/// segment parameter `u` from 0 to 1. At each keyframe, with `dᵢₙ = Pᵢ − Pᵢ₋₁`,
/// `dₒᵤₜ = Pᵢ₊₁ − Pᵢ` and its tension `t`, continuity `c` and bias `b`
/// (Kochanek & Bartels, "Interpolating Splines with Local Tension, Continuity, and Bias
/// Control", SIGGRAPH 1984, the "standard Kochanek-Bartels form" Apple's
/// `CAAnimationCalculationMode.cubic` documentation refers to):
///
///     leaving  = (1−t)(1+c)(1+b)/2 · dᵢₙ + (1−t)(1−c)(1−b)/2 · dₒᵤₜ
///     arriving = (1−t)(1−c)(1+b)/2 · dᵢₙ + (1−t)(1+c)(1−b)/2 · dₒᵤₜ
///
/// so tension 1 flattens the keyframe's tangents to 0, continuity −1 turns them into the
/// straight chords to each neighbour (a corner), and bias ±1 takes the tangent from the
/// incoming or the outgoing chord alone. (Apple's prose for `continuityValues` calls
/// positive values sharper corners; in the standard form it names, negative continuity
/// makes the corner. No measurement of iOS was available, so the named form is
/// followed.)
///
/// Uneven key times scale each tangent by the paper's adjustment, `2Δₒᵤₜ/(Δᵢₙ + Δₒᵤₜ)`
/// leaving and `2Δᵢₙ/(Δᵢₙ + Δₒᵤₜ)` arriving, so the value's rate of change in time does
/// not jump at a keyframe between a short and a long stretch; evenly spaced keyframes
/// are unchanged by it.
///
/// The first and last keyframes have no outer neighbour: it is taken to be the keyframe
/// itself (`dᵢₙ = 0` at the first, `dₒᵤₜ = 0` at the last), so an end's tangent is half
/// the chord to its one neighbour (Catmull–Rom's usual end condition) and the motion
/// eases out of the first keyframe and into the last. Apple does not document its end
/// condition.
struct KochanekBartelsSpline {
    /// The keyframes, all of one dimension.
    let points: [[Double]]
    /// The tangent leaving keyframe `i`, per unit of `u`.
    private var leaving: [[Double]] = []
    /// The tangent arriving at keyframe `i`, per unit of `u`.
    private var arriving: [[Double]] = []

    /// A spline through `points` reached at `times` (evenly spaced when `nil`), with
    /// each keyframe's parameter from `tension`, `continuity` and `bias` by index (0
    /// where an array is short).
    init(points: [[Double]], times: [Double]?, tension: [Double], continuity: [Double], bias: [Double]) {
        self.points = points
        let count = points.count
        for index in 0..<count {
            let here = points[index]
            let incoming = index > 0 ? Self.difference(here, points[index - 1]) : Self.zero(like: here)
            let outgoing = index + 1 < count ? Self.difference(points[index + 1], here) : Self.zero(like: here)
            let t = index < tension.count ? tension[index] : 0
            let c = index < continuity.count ? continuity[index] : 0
            let b = index < bias.count ? bias[index] : 0
            var leaveScale = 1.0, arriveScale = 1.0
            if let times, index > 0, index + 1 < count, index + 1 < times.count {
                let before = times[index] - times[index - 1]
                let after = times[index + 1] - times[index]
                if before + after > 0 {
                    leaveScale = 2 * after / (before + after)
                    arriveScale = 2 * before / (before + after)
                }
            }
            leaving.append(Self.combination(
                (1 - t) * (1 + c) * (1 + b) / 2 * leaveScale, incoming,
                (1 - t) * (1 - c) * (1 - b) / 2 * leaveScale, outgoing))
            arriving.append(Self.combination(
                (1 - t) * (1 - c) * (1 + b) / 2 * arriveScale, incoming,
                (1 - t) * (1 + c) * (1 - b) / 2 * arriveScale, outgoing))
        }
    }

    /// The number of segments: one fewer than the keyframes.
    var segmentCount: Int { max(points.count - 1, 0) }

    /// The value on segment `index` at `u` (0: keyframe `index`, 1: the next).
    func value(segment index: Int, at u: Double) -> [Double] {
        let u2 = u * u, u3 = u2 * u
        return weighted(
            segment: index,
            2 * u3 - 3 * u2 + 1, u3 - 2 * u2 + u, -2 * u3 + 3 * u2, u3 - u2)
    }

    /// The derivative of the value on segment `index` with respect to `u`.
    func derivative(segment index: Int, at u: Double) -> [Double] {
        let u2 = u * u
        return weighted(
            segment: index,
            6 * u2 - 6 * u, 3 * u2 - 4 * u + 1, -6 * u2 + 6 * u, 3 * u2 - 2 * u)
    }

    /// The Hermite combination of the segment's end points and tangents.
    private func weighted(segment index: Int, _ start: Double, _ leave: Double, _ end: Double, _ arrive: Double) -> [Double] {
        let p0 = points[index], p1 = points[index + 1]
        let m0 = leaving[index], m1 = arriving[index + 1]
        return p0.indices.map { start * p0[$0] + leave * m0[$0] + end * p1[$0] + arrive * m1[$0] }
    }

    private static func difference(_ a: [Double], _ b: [Double]) -> [Double] {
        zip(a, b).map { $0 - $1 }
    }

    private static func zero(like a: [Double]) -> [Double] {
        Array(repeating: 0, count: a.count)
    }

    private static func combination(_ x: Double, _ a: [Double], _ y: Double, _ b: [Double]) -> [Double] {
        zip(a, b).map { x * $0 + y * $1 }
    }
}
