/// The kind of one element of a path, with Core Graphics' names and raw values.
public enum CGPathElementType: Int32, Sendable {
    /// Starts a new subpath at `points[0]`.
    case moveToPoint = 0
    /// A straight line from the current point to `points[0]`.
    case addLineToPoint = 1
    /// A quadratic Bézier curve with control point `points[0]`, ending at `points[1]`.
    case addQuadCurveToPoint = 2
    /// A cubic Bézier curve with control points `points[0]`, `points[1]`, ending at
    /// `points[2]`.
    case addCurveToPoint = 3
    /// Closes the current subpath with a line back to its first point; no points.
    case closeSubpath = 4
}

/// One element of a path as `CGPath.applyWithBlock(_:)` hands it out.
///
/// As in Core Graphics, `points` is borrowed: it is valid only inside the block it was
/// handed to and holds as many points as `type` uses (1, 1, 2, 3 or 0).
public struct CGPathElement {
    public var type: CGPathElementType
    public var points: UnsafeMutablePointer<CGPoint>

    public init(type: CGPathElementType, points: UnsafeMutablePointer<CGPoint>) {
        self.type = type
        self.points = points
    }
}

/// A path element as the path stores it: by value, so paths can be compared, copied and
/// transformed without pointers.
enum PathElement: Equatable {
    case move(to: CGPoint)
    case line(to: CGPoint)
    case quadCurve(control: CGPoint, end: CGPoint)
    case curve(control1: CGPoint, control2: CGPoint, end: CGPoint)
    case close

    /// The element with every point moved by `t`; Bézier curves map exactly under
    /// affine transforms, so this is exact.
    func applying(_ t: CGAffineTransform) -> PathElement {
        switch self {
        case .move(let p): .move(to: p.applying(t))
        case .line(let p): .line(to: p.applying(t))
        case .quadCurve(let c, let e): .quadCurve(control: c.applying(t), end: e.applying(t))
        case .curve(let c1, let c2, let e):
            .curve(control1: c1.applying(t), control2: c2.applying(t), end: e.applying(t))
        case .close: .close
        }
    }

    /// Every point of the element, control points included, in order.
    var points: [CGPoint] {
        switch self {
        case .move(let p), .line(let p): [p]
        case .quadCurve(let c, let e): [c, e]
        case .curve(let c1, let c2, let e): [c1, c2, e]
        case .close: []
        }
    }

    var type: CGPathElementType {
        switch self {
        case .move: .moveToPoint
        case .line: .addLineToPoint
        case .quadCurve: .addQuadCurveToPoint
        case .curve: .addCurveToPoint
        case .close: .closeSubpath
        }
    }
}
