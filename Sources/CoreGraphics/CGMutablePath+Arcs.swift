// Circular arcs, stored as cubic Bézier curves of at most a quarter turn each, as Core
// Graphics stores them.
//
// Angles are in radians from the +x axis towards the +y axis. In UIKit's y-down
// coordinates an increasing angle therefore turns clockwise on screen, and Core
// Graphics' `clockwise: true` (clockwise in its y-up default space) means a
// *decreasing* angle, which looks counter-clockwise on a UIKit screen.
// (`UIBezierPath`'s `clockwise` is the opposite flag: it means increasing angle.)

extension CGMutablePath {
    /// An arc of the circle around `center` from `startAngle` to `endAngle`.
    ///
    /// `clockwise: false` runs towards increasing angles, `true` towards decreasing ones.
    /// The sweep is the difference of the angles reduced into one turn in that direction
    /// (an end angle "behind" the start goes round the other way); a difference of a
    /// whole turn or more in the arc's direction draws the whole circle, as in Core
    /// Graphics and the HTML canvas it backs. The arc starts with a line from the current
    /// point to its first point, or a move when the path is empty.
    public func addArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        addRelativeArc(
            center: center, radius: radius, startAngle: startAngle,
            delta: Self.arcDelta(from: startAngle, to: endAngle, clockwise: clockwise), transform: transform)
    }

    /// The signed sweep of `addArc(center:radius:startAngle:endAngle:clockwise:)`:
    /// the difference of the angles reduced into one turn in the arc's direction, a
    /// whole turn when it is a whole turn or more; negative for `clockwise`.
    static func arcDelta(from startAngle: CGFloat, to endAngle: CGFloat, clockwise: Bool) -> CGFloat {
        let fullTurn = 2 * CGFloat.pi
        let forward = clockwise ? startAngle - endAngle : endAngle - startAngle
        var sweep: CGFloat
        if forward >= fullTurn {
            sweep = fullTurn
        } else {
            sweep = forward.truncatingRemainder(dividingBy: fullTurn)
            if sweep < 0 { sweep += fullTurn }
        }
        return clockwise ? -sweep : sweep
    }

    /// An arc of the circle around `center` from `startAngle` through `delta` radians
    /// (positive: increasing angle), with no reduction of `delta`. Starts with a line
    /// from the current point, or a move when the path is empty.
    public func addRelativeArc(
        center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
        transform: CGAffineTransform = .identity
    ) {
        let toCircle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: center.x, ty: center.y)
            .concatenating(transform)
        let start = UnitCircle.point(at: startAngle).applying(toCircle)
        if current == nil {
            move(to: start)
        } else {
            addLine(to: start)
        }
        appendArcCurves(startAngle: startAngle, delta: delta, transform: toCircle)
    }

    /// A line from the current point towards `tangent1End`, then an arc of `radius`
    /// tangent to the lines current point → `tangent1End` and `tangent1End` →
    /// `tangent2End` (`CGPathAddArcToPoint`). When the three points are collinear, a
    /// distance is zero or the radius is zero, the arc degenerates to a line to
    /// `tangent1End`. Ignored without a current point.
    public func addArc(
        tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat, transform: CGAffineTransform = .identity
    ) {
        guard let currentPoint = current else { return }
        // Work in the untransformed space, where the arc is circular; legs are vectors
        // from the corner p1 towards p0 and towards p2.
        let p0 = currentPoint.applying(transform.inverted())
        let p1 = tangent1End
        let toP0 = (x: p0.x - p1.x, y: p0.y - p1.y)
        let toP2 = (x: tangent2End.x - p1.x, y: tangent2End.y - p1.y)
        let length0 = hypot(toP0.x, toP0.y)
        let length2 = hypot(toP2.x, toP2.y)
        let cross = toP0.x * toP2.y - toP0.y * toP2.x
        guard radius > 0, length0 > 0, length2 > 0, cross != 0 else {
            addLine(to: p1, transform: transform)
            return
        }
        let u0 = (x: toP0.x / length0, y: toP0.y / length0)
        let u2 = (x: toP2.x / length2, y: toP2.y / length2)
        // θ is the angle at p1 between the two legs; the tangent points lie r/tan(θ/2)
        // from p1, and the centre r/sin(θ/2) along the bisector.
        let cosTheta = max(-1, min(1, u0.x * u2.x + u0.y * u2.y))
        let halfTheta = CGFloat(Foundation.acos(Double(cosTheta))) / 2
        let tangentDistance = radius / CGFloat(Foundation.tan(Double(halfTheta)))
        let centreDistance = radius / CGFloat(Foundation.sin(Double(halfTheta)))
        let bisector = (x: u0.x + u2.x, y: u0.y + u2.y)
        let bisectorLength = hypot(bisector.x, bisector.y)
        let centre = CGPoint(
            x: p1.x + bisector.x / bisectorLength * centreDistance,
            y: p1.y + bisector.y / bisectorLength * centreDistance)
        // The arc runs from the tangent point on the first leg to the one on the second.
        let start = CGPoint(x: p1.x + u0.x * tangentDistance, y: p1.y + u0.y * tangentDistance)
        addLine(to: start, transform: transform)

        let startAngle = CGFloat(Foundation.atan2(Double(start.y - centre.y), Double(start.x - centre.x)))
        // The arc turns the way the path turns at p1: towards increasing angle when the
        // legs p0→p1→p2 turn that way (cross(p1−p0, p2−p1) > 0 ⇔ cross(toP0, toP2) < 0).
        let sweep = CGFloat.pi - 2 * halfTheta
        let toCircle = CGAffineTransform(a: radius, b: 0, c: 0, d: radius, tx: centre.x, ty: centre.y)
            .concatenating(transform)
        appendArcCurves(startAngle: startAngle, delta: cross < 0 ? sweep : -sweep, transform: toCircle)
    }

    /// Appends cubic curves for the unit-circle arc from `startAngle` through `delta`,
    /// mapped by `transform`, assuming the current point is already the arc's start.
    /// Core Graphics cuts the arc into quarter turns from the start angle and one
    /// shorter remainder; so does this, so the elements match.
    private func appendArcCurves(startAngle: CGFloat, delta: CGFloat, transform: CGAffineTransform) {
        let quarter = CGFloat.pi / 2
        var remaining = abs(delta)
        let direction: CGFloat = delta < 0 ? -1 : 1
        var angle = startAngle
        // A remainder this small is rounding left over from whole quarter turns.
        let negligible = 1e-9 as CGFloat
        while remaining > negligible {
            let step = min(quarter, remaining) * direction
            appendArcSegment(from: angle, to: angle + step, transform: transform)
            angle += step
            remaining -= abs(step)
        }
    }

    /// One cubic for the unit-circle arc from angle `a` to `b` (|b − a| ≤ π/2), with
    /// handles 4/3·tan((b − a)/4) long along the tangents.
    private func appendArcSegment(from a: CGFloat, to b: CGFloat, transform: CGAffineTransform) {
        let k = 4 / 3 * CGFloat(Foundation.tan(Double(b - a) / 4))
        let start = UnitCircle.point(at: a)
        let end = UnitCircle.point(at: b)
        addCurve(
            to: end,
            control1: CGPoint(x: start.x - k * start.y, y: start.y + k * start.x),
            control2: CGPoint(x: end.x + k * end.y, y: end.y - k * end.x),
            transform: transform)
    }
}

extension UnitCircle {
    /// The point of the unit circle at `angle`.
    static func point(at angle: CGFloat) -> CGPoint {
        CGPoint(x: CGFloat(Foundation.cos(Double(angle))), y: CGFloat(Foundation.sin(Double(angle))))
    }
}
