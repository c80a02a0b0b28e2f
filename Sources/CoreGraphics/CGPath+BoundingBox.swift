// The two bounding boxes Core Graphics offers: a cheap one over every stored point, and
// the tight one of the drawn outline.

extension CGPath {
    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGPathGetBoundingBox`); `CGRect.null` for an empty path. Moves count too, even
    /// one that starts no drawing.
    public var boundingBox: CGRect {
        var box = BoxAccumulator()
        for element in elements {
            for point in element.points { box.add(point) }
        }
        return box.rect
    }

    /// The smallest rectangle holding the outline itself, without curves' control
    /// points (`CGPathGetPathBoundingBox`); `CGRect.null` for an empty path. Each curve
    /// adds its ends and its extreme points, where its x or y derivative vanishes, so
    /// the box is tight.
    public var boundingBoxOfPath: CGRect {
        var box = BoxAccumulator()
        for element in elements {
            if case .move(let p) = element { box.add(p) }
        }
        forEachSegment(transform: .identity) { segment in
            switch segment {
            case .line(let a, let b):
                box.add(a)
                box.add(b)
            case .cubic(let p0, let p1, let p2, let p3):
                box.add(p0)
                box.add(p3)
                let x = BezierCubic1D(p0.x, p1.x, p2.x, p3.x)
                let y = BezierCubic1D(p0.y, p1.y, p2.y, p3.y)
                for t in x.turningParameters + y.turningParameters {
                    box.add(CGPoint(x: x.value(at: t), y: y.value(at: t)))
                }
            }
        }
        return box.rect
    }
}

/// Grows a rectangle point by point, starting from nothing (the null rectangle).
private struct BoxAccumulator {
    private var minX = CGFloat.infinity
    private var minY = CGFloat.infinity
    private var maxX = -CGFloat.infinity
    private var maxY = -CGFloat.infinity

    mutating func add(_ p: CGPoint) {
        minX = min(minX, p.x)
        minY = min(minY, p.y)
        maxX = max(maxX, p.x)
        maxY = max(maxY, p.y)
    }

    var rect: CGRect {
        guard minX <= maxX else { return .null }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
