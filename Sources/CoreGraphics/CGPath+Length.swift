// The drawn length of a path, for stroking a fraction of it (`CAShapeLayer.strokeStart`
// and `strokeEnd`).

extension CGPath {
    /// The length of the outline as stroked: explicit closing lines count, open
    /// subpaths are not closed. Each curve is measured as 16 chords (within a fraction
    /// of a percent for the arcs and curves shapes use).
    package var length: CGFloat {
        var total: CGFloat = 0
        var current = CGPoint.zero, start = CGPoint.zero
        func addCubic(_ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) {
            let x = BezierCubic1D(current.x, p1.x, p2.x, p3.x), y = BezierCubic1D(current.y, p1.y, p2.y, p3.y)
            var previous = current
            for step in 1...16 {
                let t = Double(step) / 16
                let point = CGPoint(x: x.value(at: t), y: y.value(at: t))
                total += hypot(point.x - previous.x, point.y - previous.y)
                previous = point
            }
        }
        for element in elements {
            switch element {
            case .move(let p):
                start = p
                current = p
            case .line(let p):
                total += hypot(p.x - current.x, p.y - current.y)
                current = p
            case .quadCurve(let c, let e):
                guard case .cubic(_, let c1, let c2, _) = PathSegment.quadratic(current, c, e) else { continue }
                addCubic(c1, c2, e)
                current = e
            case .curve(let c1, let c2, let e):
                addCubic(c1, c2, e)
                current = e
            case .close:
                total += hypot(start.x - current.x, start.y - current.y)
                current = start
            }
        }
        return total
    }
}
