// The drawn pieces of a path, in absolute coordinates, for the geometry that needs the
// curves themselves: containment and tight bounding boxes.

/// One drawn piece of a path. Quadratic curves are raised to cubics, which is exact
/// (the same curve), so everything downstream handles lines and cubics only.
enum PathSegment {
    case line(CGPoint, CGPoint)
    case cubic(CGPoint, CGPoint, CGPoint, CGPoint)

    /// The cubic equal to the quadratic with these points.
    static func quadratic(_ p0: CGPoint, _ control: CGPoint, _ p2: CGPoint) -> PathSegment {
        .cubic(
            p0,
            CGPoint(x: p0.x + 2 / 3 * (control.x - p0.x), y: p0.y + 2 / 3 * (control.y - p0.y)),
            CGPoint(x: p2.x + 2 / 3 * (control.x - p2.x), y: p2.y + 2 / 3 * (control.y - p2.y)),
            p2)
    }
}

/// One coordinate of a cubic Bézier curve, in Bernstein form.
struct BezierCubic1D {
    var v0: Double, v1: Double, v2: Double, v3: Double

    init(_ v0: CGFloat, _ v1: CGFloat, _ v2: CGFloat, _ v3: CGFloat) {
        self.v0 = Double(v0)
        self.v1 = Double(v1)
        self.v2 = Double(v2)
        self.v3 = Double(v3)
    }

    /// The coordinate at parameter `t`; exactly `v0` at 0 and `v3` at 1.
    func value(at t: Double) -> Double {
        if t == 0 { return v0 }
        if t == 1 { return v3 }
        let s = 1 - t
        return s * s * s * v0 + 3 * s * s * t * v1 + 3 * s * t * t * v2 + t * t * t * v3
    }

    /// The parameters strictly inside (0, 1) where the derivative vanishes, ascending:
    /// the curve is monotonic in this coordinate between them.
    var turningParameters: [Double] {
        // d/dt / 3 = a·t² + b·t + c in power form.
        let a = -v0 + 3 * v1 - 3 * v2 + v3
        let b = 2 * (v0 - 2 * v1 + v2)
        let c = v1 - v0
        return quadraticRoots(a: a, b: b, c: c).filter { $0 > 0 && $0 < 1 }.sorted()
    }

    /// Real roots of a·t² + b·t + c, by the cancellation-free formula; a vanishing `a`
    /// makes one root infinite, and non-finite roots are dropped.
    private func quadraticRoots(a: Double, b: Double, c: Double) -> [Double] {
        if a == 0 {
            return b == 0 ? [] : [-c / b]
        }
        let discriminant = b * b - 4 * a * c
        guard discriminant >= 0 else { return [] }
        let q = -0.5 * (b + (b < 0 ? -1 : 1) * discriminant.squareRoot())
        return [q / a, c / q].filter { $0.isFinite }
    }
}

extension CGPath {
    /// Calls `body` with every drawn segment, transformed by `transform`, including the
    /// line that implicitly closes each subpath (filling closes open subpaths too).
    func forEachSegment(transform: CGAffineTransform, _ body: (PathSegment) -> Void) {
        var start: CGPoint?
        var current: CGPoint?
        func closeImplicitly() {
            if let from = current, let to = start, from != to { body(.line(from, to)) }
        }
        for element in elements {
            let mapped = transform.isIdentity ? element : element.applying(transform)
            switch mapped {
            case .move(let p):
                closeImplicitly()
                start = p
                current = p
            case .line(let p):
                if let from = current { body(.line(from, p)) }
                current = p
            case .quadCurve(let c, let p):
                if let from = current { body(.quadratic(from, c, p)) }
                current = p
            case .curve(let c1, let c2, let p):
                if let from = current { body(.cubic(from, c1, c2, p)) }
                current = p
            case .close:
                closeImplicitly()
                current = start
            }
        }
        closeImplicitly()
    }
}
