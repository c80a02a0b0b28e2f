// Point-in-path: the question `CGPathContainsPoint` answers, and the one path-based
// hit-testing asks for every touch.

extension CGPath {
    /// Whether the area the path encloses under `rule` contains `point`, after the path
    /// is transformed by `transform` (`CGPathContainsPoint`). Open subpaths count as
    /// closed, as when filling.
    ///
    /// The answer is exact for the curves stored, not for a flattened copy: a ray from
    /// `point` towards +x is intersected with each line and with each Bézier curve cut
    /// into pieces monotonic in y, whose one crossing is found by bisection to full
    /// double precision.
    ///
    /// Boundary convention: a point on the outline belongs to the region on its +x side,
    /// and a point on a horizontal piece of outline to the region on its +y side: the
    /// answer is that for the point nudged infinitesimally right, and then down by
    /// infinitely less (for curves, up to the last bit of the crossing computed). So a
    /// rectangle's path contains exactly what `CGRect.contains` does (minimum edges in,
    /// maximum edges out), adjacent shapes share no boundary point, and a tiling of the
    /// plane hands every point to exactly one tile.
    public func contains(
        _ point: CGPoint, using rule: CGPathFillRule = .winding, transform: CGAffineTransform = .identity
    ) -> Bool {
        var winding = 0
        var crossings = 0
        forEachSegment(transform: transform) { segment in
            let direction = Self.crossingDirection(of: segment, rightOf: point)
            winding += direction
            crossings += abs(direction)
        }
        switch rule {
        case .winding: return winding != 0
        case .evenOdd: return crossings % 2 == 1
        }
    }

    /// The signed number of times `segment` crosses the ray from `p` towards +x: +1 per
    /// crossing going towards +y, −1 towards −y. A piece counts when its y-range holds
    /// `p.y` half-open (lower end in, upper end out) and it crosses strictly right of
    /// `p`, which is the boundary convention of `contains`.
    private static func crossingDirection(of segment: PathSegment, rightOf p: CGPoint) -> Int {
        switch segment {
        case .line(let a, let b):
            guard (a.y <= p.y) != (b.y <= p.y) else { return 0 }
            let x = a.x + (p.y - a.y) * (b.x - a.x) / (b.y - a.y)
            return x > p.x ? (b.y > a.y ? 1 : -1) : 0
        case .cubic(let p0, let p1, let p2, let p3):
            let ys = [p0.y, p1.y, p2.y, p3.y]
            // The curve lies in its control points' hull: skip it when that hull lies
            // wholly above, below or left of the ray.
            if ys.allSatisfy({ $0 <= p.y }) || ys.allSatisfy({ $0 > p.y }) { return 0 }
            if max(p0.x, p1.x, p2.x, p3.x) <= p.x { return 0 }
            let x = BezierCubic1D(p0.x, p1.x, p2.x, p3.x)
            let y = BezierCubic1D(p0.y, p1.y, p2.y, p3.y)
            return cubicCrossings(x: x, y: y, rightOf: p)
        }
    }

    /// Crossings of a cubic with the ray, one y-monotonic piece at a time. The pieces'
    /// end values are computed once and shared, so a turning point exactly at `p.y` is
    /// counted consistently by its two pieces (twice or not at all, never once).
    private static func cubicCrossings(x: BezierCubic1D, y: BezierCubic1D, rightOf p: CGPoint) -> Int {
        let py = Double(p.y)
        let px = Double(p.x)
        let cuts = [0] + y.turningParameters + [1]
        let cutValues = cuts.map { y.value(at: $0) }
        var total = 0
        for i in 0..<(cuts.count - 1) {
            let (y0, y1) = (cutValues[i], cutValues[i + 1])
            let lowSideBelow = y0 <= py
            guard lowSideBelow != (y1 <= py) else { continue }
            // Bisection keeps `lo` on the start's side of p.y and `hi` on the end's; on a
            // monotonic piece that pins the one crossing down to 1e-15 in t, about 50
            // halvings, far below any coordinate that matters.
            var lo = cuts[i]
            var hi = cuts[i + 1]
            while hi - lo > 1e-15 {
                let mid = (lo + hi) / 2
                if (y.value(at: mid) <= py) == lowSideBelow { lo = mid } else { hi = mid }
            }
            if x.value(at: (lo + hi) / 2) > px { total += y1 > y0 ? 1 : -1 }
        }
        return total
    }
}
