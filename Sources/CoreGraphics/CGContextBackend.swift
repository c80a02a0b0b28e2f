/// The drawing operations a `CGContext` forwards to whatever actually draws.
///
/// The geometry module knows no drawing library: the renderer implements this protocol
/// (with Cairo) and hands a `CGContext` wrapping it to `draw(_:)` / `draw(in:)`, so
/// drawing code compiles and runs without any backend.
///
/// The context keeps the graphics state (colours, line style, alpha, shadow) itself and
/// passes the effective paint with each painting call, so a backend keeps only what its
/// library keeps: the transform, the clip and the current path. Path coordinates are in
/// the user space current at the call and are fixed in device space as they arrive (as
/// Core Graphics and Cairo both do), so a later change of transform does not move them.
public protocol CGContextBackend: AnyObject {
    /// Pushes the transform and clip; `restoreGState()` pops them.
    func saveGState()
    func restoreGState()
    /// Multiply the backend's current transform by `transform` (applied first).
    func concatenate(_ transform: CGAffineTransform)

    // MARK: Path

    /// Discards the current path.
    func beginPath()
    func move(to point: CGPoint)
    func addLine(to point: CGPoint)
    func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint)
    /// A circular arc from `startAngle` through `delta` radians (positive: increasing
    /// angle), joined to the current point by a line when there is one.
    func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat)
    func closePath()

    // MARK: Painting (stroking, clipping and filling consume the current path)

    /// Fills the current path with `color` (already multiplied by the context's alpha),
    /// keeping the path when `preservingPath` is true (to stroke it next).
    func fillPath(using rule: CGPathFillRule, color: CGColor, preservingPath: Bool)
    /// Strokes the current path.
    func strokePath(color: CGColor, style: CGStrokeStyle)
    /// Intersects the clip with the current path.
    func clip(using rule: CGPathFillRule)
    /// Paints only the shadow the filled current path casts, keeping the path.
    func fillShadow(using rule: CGPathFillRule, shadow: CGShadowStyle)
    /// Draws `image` into `rect` as Core Graphics does: its first row at `rect.maxY`
    /// (upright in a y-up space), scaled to fill the rectangle.
    func draw(_ image: CGImage, in rect: CGRect, alpha: CGFloat)
    /// Sets every pixel of `rect` to transparent.
    func clear(_ rect: CGRect)
    /// One line of text with its baseline's left end at `origin`.
    func showText(_ text: String, at origin: CGPoint, font: TextFont, color: CGColor)
    /// Starts drawing into an offscreen group; `endTransparencyLayer(alpha:)` composites
    /// it once with `alpha`.
    func beginTransparencyLayer()
    func endTransparencyLayer(alpha: CGFloat)

}

/// How a stroke is drawn: the line state of a `CGContext` at the moment it strokes.
public struct CGStrokeStyle: Equatable, Sendable {
    public var lineWidth: CGFloat = 1
    public var lineCap: CGLineCap = .butt
    public var lineJoin: CGLineJoin = .miter
    public var miterLimit: CGFloat = 10
    /// Where in the dash pattern the stroke starts, and the pattern; empty is solid.
    public var dashPhase: CGFloat = 0
    public var dashLengths: [CGFloat] = []

    public init() {}
}

/// A shadow: offset and blur in the user space of the call, and its colour (alpha
/// already multiplied by the context's alpha).
public struct CGShadowStyle: Equatable, Sendable {
    public var offset: CGSize
    public var blur: CGFloat
    public var color: CGColor

    public init(offset: CGSize, blur: CGFloat, color: CGColor) {
        self.offset = offset
        self.blur = blur
        self.color = color
    }
}
