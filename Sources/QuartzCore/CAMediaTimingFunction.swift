/// The name of one of Core Animation's predefined timing curves.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Constant pace: control points (0, 0) and (1, 1).
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    /// Slow start: (0.42, 0) and (1, 1).
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    /// Slow end: (0, 0) and (0.58, 1).
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    /// Slow start and end: (0.42, 0) and (0.58, 1).
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    /// Core Animation's default curve, a gentler ease in and out: (0.25, 0.1) and
    /// (0.25, 1).
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A timing curve: a cubic Bézier from (0, 0) to (1, 1) mapping an animation's linear
/// progress (x) to the progress its value shows (y), with Core Animation's names.
///
/// Control points are stored as `Float`, as Core Animation stores them, so values read
/// back through `getControlPoint(at:values:)` are the ones Core Animation would report
/// (0.42 reads back as 0.41999998688697815).
public final class CAMediaTimingFunction: Sendable {
    /// c1x, c1y, c2x, c2y.
    private let controlPoints: (Float, Float, Float, Float)

    /// The curve with control points (c1x, c1y) and (c2x, c2y). The x coordinates belong
    /// in 0…1, where the curve is a function of time; outside that range they are
    /// clamped into it when solving (y may overshoot freely, for anticipation and
    /// overshoot curves).
    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        controlPoints = (c1x, c1y, c2x, c2y)
    }

    /// One of the predefined curves. An unknown name gives the linear curve.
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    /// Writes control point `idx` as two floats (x, y) to `ptr`: index 0 is (0, 0), 1
    /// and 2 are the given control points, 3 is (1, 1). Other indices write nothing.
    public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
        let point: (Float, Float)
        switch idx {
        case 0: point = (0, 0)
        case 1: point = (controlPoints.0, controlPoints.1)
        case 2: point = (controlPoints.2, controlPoints.3)
        case 3: point = (1, 1)
        default: return
        }
        ptr[0] = point.0
        ptr[1] = point.1
    }

    /// The curve's y where its x is `x` (Core Animation's private `_solveForInput:`):
    /// the progress an animation shows at linear progress `x`. Inputs are clamped into
    /// 0…1; the result is exact to about 1e-12.
    ///
    /// x(t) is solved for t by Newton's method from t = x, which converges in a few
    /// steps on these curves; where the slope is too flat for Newton (x′ ≈ 0 at the ends
    /// of steep curves) it falls back to bisection, which always converges because x(t)
    /// is monotonic for control x in 0…1.
    public func solve(forInput x: Double) -> Double {
        let input = min(max(x, 0), 1)
        let c1x = min(max(Double(controlPoints.0), 0), 1)
        let c2x = min(max(Double(controlPoints.2), 0), 1)
        let curveX = UnitBezier(c1: c1x, c2: c2x)
        let curveY = UnitBezier(c1: Double(controlPoints.1), c2: Double(controlPoints.3))
        return curveY.value(at: curveX.parameter(for: input))
    }
}

/// One coordinate of a cubic Bézier whose ends are 0 (at t = 0) and 1 (at t = 1), in
/// power form for cheap evaluation.
private struct UnitBezier {
    private let a: Double, b: Double, c: Double

    init(c1: Double, c2: Double) {
        c = 3 * c1
        b = 3 * (c2 - c1) - c
        a = 1 - c - b
    }

    func value(at t: Double) -> Double {
        ((a * t + b) * t + c) * t
    }

    func slope(at t: Double) -> Double {
        (3 * a * t + 2 * b) * t + c
    }

    /// The t in 0…1 where `value(at: t) == v`, for a monotonic coordinate.
    func parameter(for v: Double) -> Double {
        let tolerance = 1e-14
        var t = v
        for _ in 0..<8 {
            let error = value(at: t) - v
            if abs(error) < tolerance { return t }
            let derivative = slope(at: t)
            guard abs(derivative) > 1e-6 else { break }
            t -= error / derivative
            guard t >= 0, t <= 1 else { break }
        }
        var lo = 0.0
        var hi = 1.0
        while hi - lo > tolerance {
            let mid = (lo + hi) / 2
            if value(at: mid) < v { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}
