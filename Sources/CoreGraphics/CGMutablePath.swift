/// A path under construction, with Core Graphics' names.
///
/// Every method takes an optional `transform` that is applied to the points it adds (not
/// to what is already in the path), as the `CGPath…` functions take their `m` argument.
///
/// A line or curve added while there is no current point is ignored, as Core Graphics
/// ignores it (it only logs "no current point"). After `closeSubpath()` the current
/// point is the start of the closed subpath, so a following line starts a new subpath
/// there.
public class CGMutablePath: CGPath {
    public init() {
        super.init(elements: [])
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
        append(.move(to: point.applying(transform)))
    }

    /// A straight line from the current point to `point`.
    public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        append(.line(to: point.applying(transform)))
    }

    /// A new subpath through `points`: a move to the first, lines to the rest.
    public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for point in points.dropFirst() { addLine(to: point, transform: transform) }
    }

    /// A quadratic Bézier curve from the current point to `end`.
    public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
        guard current != nil else { return }
        append(.quadCurve(control: control.applying(transform), end: end.applying(transform)))
    }

    /// A cubic Bézier curve from the current point to `end`.
    public func addCurve(
        to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity
    ) {
        guard current != nil else { return }
        append(.curve(
            control1: control1.applying(transform), control2: control2.applying(transform),
            end: end.applying(transform)))
    }

    /// Closes the current subpath with a line back to its first point. Closing an empty
    /// path or a subpath that is already closed does nothing, as in Core Graphics.
    public func closeSubpath() {
        guard current != nil, elements.last != .close else { return }
        append(.close)
    }

    /// Appends every element of `path`, transformed by `transform`.
    public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
        for element in path.elements {
            append(transform.isIdentity ? element : element.applying(transform))
        }
    }
}
