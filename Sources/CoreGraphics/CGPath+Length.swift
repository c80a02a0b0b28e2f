// The drawn length of a path, for stroking a fraction of it (`CAShapeLayer.strokeStart`
// and `strokeEnd`).

extension CGPath {
    /// The length of the outline, closing lines included, with each cubic measured as
    /// 16 chords (within a fraction of a percent for the arcs and curves shapes use).
    package var length: CGFloat {
        var total: CGFloat = 0
        forEachSegment(transform: .identity) { segment in
            switch segment {
            case .line(let a, let b):
                total += hypot(b.x - a.x, b.y - a.y)
            case .cubic(let p0, let p1, let p2, let p3):
                let x = BezierCubic1D(p0.x, p1.x, p2.x, p3.x)
                let y = BezierCubic1D(p0.y, p1.y, p2.y, p3.y)
                var previous = p0
                for step in 1...16 {
                    let t = Double(step) / 16
                    let point = CGPoint(x: x.value(at: t), y: y.value(at: t))
                    total += hypot(point.x - previous.x, point.y - previous.y)
                    previous = point
                }
            }
        }
        return total
    }
}
