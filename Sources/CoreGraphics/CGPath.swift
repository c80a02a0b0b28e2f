/// An immutable graphics path: subpaths of lines and quadratic and cubic Bézier curves,
/// with Core Graphics' names.
///
/// As in Core Graphics, `CGPath` is a class whose instances never change and
/// `CGMutablePath` is the subclass that builds one; `copy()` of an immutable path is the
/// path itself, and `mutableCopy()` is always a new, independent path. Paths compare
/// equal when their elements are equal (`CGPathEqualToPath`).
///
/// Arcs, ellipses and rounded rectangles are stored as cubic Bézier curves, exactly as
/// Core Graphics stores them, so `applyWithBlock(_:)` reports what Core Graphics would
/// and containment is exact for the curves drawn (a Bézier quarter circle lies up to
/// 0.027 % of the radius outside the true circle).
///
/// Not `Sendable`: a `CGMutablePath` is a `CGPath` and can change.
public class CGPath {
    /// The elements, in order. Only `CGMutablePath` appends to it.
    var elements: [PathElement]
    /// The first point of the subpath being built, where `closeSubpath()` returns to.
    var subpathStart: CGPoint?
    /// The end of the last element, or `nil` while the path is empty.
    var current: CGPoint?

    init(elements: [PathElement] = []) {
        self.elements = []
        for element in elements { append(element) }
    }

    /// Appends `element` and keeps the current point and subpath start up to date.
    func append(_ element: PathElement) {
        elements.append(element)
        switch element {
        case .move(let p):
            subpathStart = p
            current = p
        case .line(let p), .quadCurve(_, let p), .curve(_, _, let p):
            current = p
        case .close:
            current = subpathStart
        }
    }

    /// A closed rectangle starting at its minimum corner and running along the minimum-y
    /// edge first, as `CGPathCreateWithRect` does.
    public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addRect(rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// An ellipse filling `rect` as four cubic curves (see `CGMutablePath.addEllipse`).
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
        let path = CGMutablePath()
        path.addEllipse(in: rect, transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    /// A rectangle with elliptical corners (see `CGMutablePath.addRoundedRect`).
    public convenience init(
        roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
        transform: UnsafePointer<CGAffineTransform>?
    ) {
        let path = CGMutablePath()
        path.addRoundedRect(
            in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
            transform: transform?.pointee ?? .identity)
        self.init(elements: path.elements)
    }

    // MARK: - Reading

    /// Whether the path has no elements at all; a path holding only a move is not empty.
    public var isEmpty: Bool {
        elements.isEmpty
    }

    /// Where the next element would start: the end of the last element, the start of
    /// the subpath after `closeSubpath()`, or `.zero` for an empty path.
    public var currentPoint: CGPoint {
        current ?? .zero
    }

    /// Calls `block` with each element in order. The element and its `points` are valid
    /// only during that call, as in Core Graphics.
    public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
        for element in elements {
            var points = element.points
            // `close` has no points, yet the element still needs a valid pointer.
            if points.isEmpty { points = [.zero] }
            points.withUnsafeMutableBufferPointer { buffer in
                var handed = CGPathElement(type: element.type, points: buffer.baseAddress!)
                withUnsafePointer(to: &handed) { block($0) }
            }
        }
    }

    // MARK: - Copies

    /// An immutable copy; for a path that is already immutable, the path itself.
    public func copy() -> CGPath? {
        type(of: self) == CGPath.self ? self : CGPath(elements: elements)
    }

    /// An immutable copy with every point transformed by `transform` (`nil` means none).
    public func copy(using transform: UnsafePointer<CGAffineTransform>?) -> CGPath? {
        guard let t = transform?.pointee, !t.isIdentity else { return copy() }
        return CGPath(elements: elements.map { $0.applying(t) })
    }

    /// A new mutable path with the same elements, independent of this one.
    public func mutableCopy() -> CGMutablePath? {
        mutableCopy(using: nil)
    }

    /// A new mutable path with every point transformed by `transform` (`nil` means none).
    public func mutableCopy(using transform: UnsafePointer<CGAffineTransform>?) -> CGMutablePath? {
        let t = transform?.pointee ?? .identity
        let path = CGMutablePath()
        for element in elements { path.append(t.isIdentity ? element : element.applying(t)) }
        return path
    }
}

extension CGPath: Equatable {
    /// Element-by-element equality, as `CGPathEqualToPath`; mutability does not matter.
    public static func == (lhs: CGPath, rhs: CGPath) -> Bool {
        lhs.elements == rhs.elements
    }
}
