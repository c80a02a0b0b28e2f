// Closed shapes added as whole subpaths: rectangles, ellipses, rounded rectangles. Their
// element order and orientation follow Core Graphics, because `applyWithBlock` exposes
// them and the winding rule depends on orientation. In UIKit's y-down coordinates all
// of them run clockwise on screen (towards increasing angle: +x turns into +y).

extension CGMutablePath {
    /// A closed subpath around `rect`: a move to (minX, minY), lines to (maxX, minY),
    /// (maxX, maxY), (minX, maxY), then a close, as `CGPathAddRect`.
    public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        move(to: CGPoint(x: rect.minX, y: rect.minY), transform: transform)
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY), transform: transform)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY), transform: transform)
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY), transform: transform)
        closeSubpath()
    }

    /// One closed subpath per rectangle, in order.
    public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    /// The ellipse inscribed in `rect` as a closed subpath of four cubic quarter arcs:
    /// a move to (maxX, midY), then curves through (midX, maxY), (minX, midY),
    /// (midX, minY) back to the start, then a close (`CGPathAddEllipseInRect`).
    public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        let toRect = CGAffineTransform(a: rect.width / 2, b: 0, c: 0, d: rect.height / 2, tx: rect.midX, ty: rect.midY)
            .concatenating(transform)
        move(to: CGPoint(x: 1, y: 0), transform: toRect)
        appendUnitCircleQuarters(from: 0, count: 4, transform: toRect)
        closeSubpath()
    }

    /// A rectangle whose corners are quarter ellipses with radii `cornerWidth` and
    /// `cornerHeight`, as a closed subpath: a move to (maxX, minY + cornerHeight), then
    /// down the maximum-x edge and round clockwise on screen (increasing angle), as the
    /// ellipse runs. Zero radii give `addRect`.
    ///
    /// - Precondition: both radii are ≥ 0, `2·cornerWidth ≤ rect.width` and
    ///   `2·cornerHeight ≤ rect.height`, as Core Graphics asserts.
    public func addRoundedRect(
        in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform = .identity
    ) {
        precondition(cornerWidth >= 0 && cornerHeight >= 0, "corner radii must be non-negative")
        precondition(2 * cornerWidth <= rect.width, "corner width must be at most half the rect width")
        precondition(2 * cornerHeight <= rect.height, "corner height must be at most half the rect height")
        guard cornerWidth > 0, cornerHeight > 0 else {
            addRect(rect, transform: transform)
            return
        }
        // Each corner is a unit-circle quarter scaled to the radii and moved to the
        // corner's centre; quarter i starts at angle i·π/2.
        let centres = [
            CGPoint(x: rect.maxX - cornerWidth, y: rect.maxY - cornerHeight),
            CGPoint(x: rect.minX + cornerWidth, y: rect.maxY - cornerHeight),
            CGPoint(x: rect.minX + cornerWidth, y: rect.minY + cornerHeight),
            CGPoint(x: rect.maxX - cornerWidth, y: rect.minY + cornerHeight),
        ]
        move(to: CGPoint(x: rect.maxX, y: rect.minY + cornerHeight), transform: transform)
        for (quarter, centre) in centres.enumerated() {
            let corner = CGAffineTransform(a: cornerWidth, b: 0, c: 0, d: cornerHeight, tx: centre.x, ty: centre.y)
                .concatenating(transform)
            addLine(to: UnitCircle.cardinal(quarter).applying(corner))
            appendUnitCircleQuarters(from: quarter, count: 1, transform: corner)
        }
        closeSubpath()
    }

    /// Appends `count` quarter arcs of the unit circle, starting at the cardinal point
    /// `first` (0 = +x, 1 = +y, ...), mapped through `transform`. The cardinal points are
    /// written exactly rather than from `cos`/`sin`, so ellipses end where they began.
    private func appendUnitCircleQuarters(from first: Int, count: Int, transform: CGAffineTransform) {
        let k = UnitCircle.quarterArcHandle
        for quarter in first..<(first + count) {
            let start = UnitCircle.cardinal(quarter)
            let end = UnitCircle.cardinal(quarter + 1)
            // The tangent at angle θ (increasing) is (−sin θ, cos θ) = the next cardinal.
            addCurve(
                to: end,
                control1: CGPoint(x: start.x + k * end.x, y: start.y + k * end.y),
                control2: CGPoint(x: end.x + k * start.x, y: end.y + k * start.y),
                transform: transform)
        }
    }
}

/// Constants of the cubic Bézier approximation of the unit circle.
enum UnitCircle {
    /// Handle length of a cubic quarter circle, 4/3·tan(π/8): the curve meets the circle
    /// at its ends and middle and strays outward by at most 0.027 %.
    static let quarterArcHandle: CGFloat = 4 / 3 * CGFloat(Foundation.tan(Double.pi / 8))

    /// The point of the unit circle at angle `quarter`·π/2, exactly.
    static func cardinal(_ quarter: Int) -> CGPoint {
        switch ((quarter % 4) + 4) % 4 {
        case 0: CGPoint(x: 1, y: 0)
        case 1: CGPoint(x: 0, y: 1)
        case 2: CGPoint(x: -1, y: 0)
        default: CGPoint(x: 0, y: -1)
        }
    }
}
