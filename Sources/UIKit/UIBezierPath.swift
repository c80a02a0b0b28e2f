/// A path with its drawing attributes, with UIKit's names: built in UIKit's y-down
/// space, filled and stroked into the current context (`UIGraphicsGetCurrentContext()`).
///
/// Angles run from the +x axis towards +y, so in y-down space `clockwise: true` (as UIKit
/// means it, clockwise on screen) is towards increasing angle — the opposite flag of
/// `CGMutablePath.addArc(…clockwise:)`, whose `clockwise` is meant in a y-up space.
@MainActor
open class UIBezierPath {
    /// The path itself; setting it replaces the elements, keeping the attributes.
    open var cgPath: CGPath {
        get { path }
        set { path = newValue.mutableCopy() ?? CGMutablePath() }
    }

    private var path = CGMutablePath()

    open var lineWidth: CGFloat = 1
    open var lineCapStyle: CGLineCap = .butt
    open var lineJoinStyle: CGLineJoin = .miter
    open var miterLimit: CGFloat = 10
    /// Whether `fill()`, `addClip()` and `contains(_:)` use the even-odd rule instead of
    /// the non-zero winding rule.
    open var usesEvenOddFillRule = false
    private var dashPattern: [CGFloat] = []
    private var dashPhase: CGFloat = 0

    public init() {}

    public convenience init(cgPath: CGPath) {
        self.init()
        self.cgPath = cgPath
    }

    /// A closed rectangle, clockwise on screen from its top-left corner.
    public convenience init(rect: CGRect) {
        self.init()
        path.addRect(rect)
    }

    /// The ellipse inscribed in `rect`.
    public convenience init(ovalIn rect: CGRect) {
        self.init()
        path.addEllipse(in: rect)
    }

    /// A rectangle with circular corners of `cornerRadius`, clamped to half the shorter
    /// side.
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let radius = min(max(cornerRadius, 0), rect.width / 2, rect.height / 2)
        path.addRoundedRect(in: rect, cornerWidth: radius, cornerHeight: radius)
    }

    /// An arc alone; see `addArc(withCenter:radius:startAngle:endAngle:clockwise:)`.
    public convenience init(arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                            clockwise: Bool) {
        self.init()
        addArc(withCenter: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    // MARK: - Building

    open func move(to point: CGPoint) {
        path.move(to: point)
    }

    open func addLine(to point: CGPoint) {
        path.addLine(to: point)
    }

    open func addQuadCurve(to endPoint: CGPoint, controlPoint: CGPoint) {
        path.addQuadCurve(to: endPoint, control: controlPoint)
    }

    open func addCurve(to endPoint: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        path.addCurve(to: endPoint, control1: controlPoint1, control2: controlPoint2)
    }

    /// An arc of the circle around `center`, joined to the current point by a line.
    /// `clockwise` is on screen (y-down): towards increasing angle.
    open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
                     clockwise: Bool) {
        path.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: !clockwise)
    }

    open func close() {
        path.closeSubpath()
    }

    open func removeAllPoints() {
        path = CGMutablePath()
    }

    open func append(_ bezierPath: UIBezierPath) {
        path.addPath(bezierPath.path)
    }

    /// Moves every point of the path by `transform`.
    open func apply(_ transform: CGAffineTransform) {
        let moved = CGMutablePath()
        moved.addPath(path, transform: transform)
        path = moved
    }

    open func setLineDash(_ pattern: UnsafePointer<CGFloat>?, count: Int, phase: CGFloat) {
        dashPattern = pattern.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        dashPhase = phase
    }

    // MARK: - Reading

    open var isEmpty: Bool { path.isEmpty }
    open var currentPoint: CGPoint { path.currentPoint }

    /// The tight box of the drawn outline (control points excluded), as UIKit's
    /// `bounds`; `.null` for an empty path.
    open var bounds: CGRect { path.boundingBoxOfPath }

    /// Whether `point` is inside the filled path, by `usesEvenOddFillRule`.
    open func contains(_ point: CGPoint) -> Bool {
        path.contains(point, using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    // MARK: - Drawing into the current context

    open func fill() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.fillPath(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    open func fill(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw(alpha: alpha) { fill() }
    }

    open func stroke() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setLineWidth(lineWidth)
        context.setLineCap(lineCapStyle)
        context.setLineJoin(lineJoinStyle)
        context.setMiterLimit(miterLimit)
        context.setLineDash(phase: dashPhase, lengths: dashPattern)
        context.beginPath()
        context.addPath(path)
        context.strokePath()
        context.restoreGState()
    }

    open func stroke(with blendMode: CGBlendMode, alpha: CGFloat) {
        draw(alpha: alpha) { stroke() }
    }

    /// Intersects the current context's clip with the filled path.
    open func addClip() {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.beginPath()
        context.addPath(path)
        context.clip(using: usesEvenOddFillRule ? .evenOdd : .winding)
    }

    private func draw(alpha: CGFloat, _ body: () -> Void) {
        guard let context = UIGraphicsGetCurrentContext() else { return }
        context.saveGState()
        context.setAlpha(context.alpha * alpha)
        body()
        context.restoreGState()
    }
}
