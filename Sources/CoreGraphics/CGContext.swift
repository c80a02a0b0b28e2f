/// A drawing destination with Core Graphics' names, independent of how it draws.
///
/// It keeps the graphics state a caller can read back (`ctm`, colours, line style,
/// alpha, shadow) in a save/restore stack and forwards paths and painting to its
/// `backend` (see `CGContextBackend`), passing the effective paint with each call. A
/// context without a backend records state and draws nothing: that is what geometry
/// tests need, and what a bitmap context is when no drawing engine is installed
/// (`CGDrawingEngine`).
///
/// Bitmap contexts (`CGContext(data:width:height:…)`, in `CGContext+Bitmap.swift`) are
/// y-up, with the first row of memory at the top of the image, as in Core Graphics.
public final class CGContext {
    /// The graphics state `saveGState` / `restoreGState` push and pop.
    private struct GState {
        var ctm = CGAffineTransform.identity
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var stroke = CGStrokeStyle()
        var alpha: CGFloat = 1
        var shadow: CGShadowStyle?
    }

    public let backend: (any CGContextBackend)?
    /// The pixel layout of a bitmap context; `nil` for any other.
    let bitmap: CGBitmapLayout?
    private var state = GState()
    private var savedStates: [GState] = []
    /// The alpha each open transparency layer is composited with.
    private var transparencyLayerAlphas: [CGFloat] = []
    /// The current point and the start of the current subpath, in device space (where
    /// the backend keeps the path), so a change of transform does not move them.
    private var currentDevicePoint: CGPoint?
    private var subpathDeviceStart: CGPoint?

    public init(backend: (any CGContextBackend)?) {
        self.backend = backend
        self.bitmap = nil
    }

    init(backend: (any CGContextBackend)?, bitmap: CGBitmapLayout) {
        self.backend = backend
        self.bitmap = bitmap
    }

    /// How many painting operations (fills, strokes, images, text, shadows) this context
    /// has been asked for; lets callers tell whether some drawing code drew anything.
    package private(set) var paintCount = 0

    // MARK: - State

    /// The current transformation matrix: user space to the backend's device space.
    public var ctm: CGAffineTransform { state.ctm }
    public var lineWidth: CGFloat { state.stroke.lineWidth }
    public var lineCap: CGLineCap { state.stroke.lineCap }
    public var lineJoin: CGLineJoin { state.stroke.lineJoin }
    public var fillColor: CGColor { state.fillColor }
    public var strokeColor: CGColor { state.strokeColor }
    public var alpha: CGFloat { state.alpha }

    public func saveGState() {
        savedStates.append(state)
        backend?.saveGState()
    }

    /// Pops the state pushed by the matching `saveGState`. An unbalanced restore is
    /// ignored, as Core Graphics ignores it.
    public func restoreGState() {
        guard let restored = savedStates.popLast() else { return }
        state = restored
        backend?.restoreGState()
    }

    // MARK: - Transform

    public func concatenate(_ transform: CGAffineTransform) {
        state.ctm = transform.concatenating(state.ctm)
        backend?.concatenate(transform)
    }

    public func translateBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(translationX: x, y: y))
    }

    public func scaleBy(x: CGFloat, y: CGFloat) {
        concatenate(CGAffineTransform(scaleX: x, y: y))
    }

    public func rotate(by angle: CGFloat) {
        concatenate(CGAffineTransform(rotationAngle: angle))
    }

    // MARK: - Paint and line state

    public func setFillColor(_ color: CGColor) {
        state.fillColor = color
    }

    public func setFillColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setFillColor(gray: CGFloat, alpha: CGFloat) {
        state.fillColor = CGColor(gray: gray, alpha: alpha)
    }

    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color
    }

    public func setStrokeColor(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public func setStrokeColor(gray: CGFloat, alpha: CGFloat) {
        state.strokeColor = CGColor(gray: gray, alpha: alpha)
    }

    public func setLineWidth(_ width: CGFloat) {
        state.stroke.lineWidth = width
    }

    public func setLineCap(_ cap: CGLineCap) {
        state.stroke.lineCap = cap
    }

    public func setLineJoin(_ join: CGLineJoin) {
        state.stroke.lineJoin = join
    }

    public func setMiterLimit(_ limit: CGFloat) {
        state.stroke.miterLimit = limit
    }

    /// Dashes later strokes: `lengths` alternate painted and unpainted, starting `phase`
    /// into the pattern. Empty `lengths` strokes solid.
    public func setLineDash(phase: CGFloat, lengths: [CGFloat]) {
        state.stroke.dashPhase = phase
        state.stroke.dashLengths = lengths
    }

    /// Multiplies every later painting's alpha, 0…1.
    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = min(max(alpha, 0), 1)
    }

    /// Later filled paths cast a shadow. Unlike Core Graphics, `offset` and `blur` are
    /// in the user space current when painting, not in the unscaled base space, and only
    /// filled paths cast one (not strokes, images or text). A `nil` colour turns the
    /// shadow off.
    public func setShadow(offset: CGSize, blur: CGFloat, color: CGColor?) {
        state.shadow = color.map { CGShadowStyle(offset: offset, blur: blur, color: $0) }
    }

    /// A shadow in black at one third alpha, Core Graphics' default shadow colour.
    public func setShadow(offset: CGSize, blur: CGFloat) {
        setShadow(offset: offset, blur: blur, color: CGColor(gray: 0, alpha: 1.0 / 3.0))
    }

    // MARK: - Building the path

    /// Discards the current path.
    public func beginPath() {
        currentDevicePoint = nil
        subpathDeviceStart = nil
        backend?.beginPath()
    }

    /// Whether the current path has no current point (nothing to fill or stroke).
    public var isPathEmpty: Bool {
        currentDevicePoint == nil
    }

    /// The current point of the path in user space; `.zero` when there is none.
    public var currentPointOfPath: CGPoint {
        guard let point = currentDevicePoint else { return .zero }
        return point.applying(state.ctm.inverted())
    }

    public func move(to point: CGPoint) {
        let device = point.applying(state.ctm)
        currentDevicePoint = device
        subpathDeviceStart = device
        backend?.move(to: point)
    }

    /// A line from the current point; ignored without one, as in Core Graphics.
    public func addLine(to point: CGPoint) {
        guard currentDevicePoint != nil else { return }
        currentDevicePoint = point.applying(state.ctm)
        backend?.addLine(to: point)
    }

    /// A move to the first point and lines through the rest.
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        guard currentDevicePoint != nil else { return }
        currentDevicePoint = end.applying(state.ctm)
        backend?.addCurve(to: end, control1: control1, control2: control2)
    }

    /// A quadratic curve, drawn as the equal cubic (backends need not know quadratics).
    public func addQuadCurve(to end: CGPoint, control: CGPoint) {
        guard currentDevicePoint != nil else { return }
        let start = currentPointOfPath
        addCurve(
            to: end,
            control1: CGPoint(x: start.x + 2 / 3 * (control.x - start.x), y: start.y + 2 / 3 * (control.y - start.y)),
            control2: CGPoint(x: end.x + 2 / 3 * (control.x - end.x), y: end.y + 2 / 3 * (control.y - end.y)))
    }

    /// An arc with `CGMutablePath.addArc(center:radius:startAngle:endAngle:clockwise:)`'s
    /// meaning of the angles and of `clockwise` (true: decreasing angle).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        let delta = CGMutablePath.arcDelta(from: startAngle, to: endAngle, clockwise: clockwise)
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        let end = CGPoint(x: center.x + radius * cos(startAngle + delta), y: center.y + radius * sin(startAngle + delta))
        if currentDevicePoint == nil { subpathDeviceStart = start.applying(state.ctm) }
        currentDevicePoint = end.applying(state.ctm)
        backend?.addArc(center: center, radius: radius, startAngle: startAngle, delta: delta)
    }

    /// `CGContextAddArcToPoint`: see `CGMutablePath.addArc(tangent1End:tangent2End:radius:)`.
    public func addArc(tangent1End: CGPoint, tangent2End: CGPoint, radius: CGFloat) {
        guard currentDevicePoint != nil else { return }
        let piece = CGMutablePath()
        piece.move(to: currentPointOfPath)
        piece.addArc(tangent1End: tangent1End, tangent2End: tangent2End, radius: radius)
        replay(piece, skippingFirstMove: true)
    }

    public func addRect(_ rect: CGRect) {
        move(to: CGPoint(x: rect.minX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
        closePath()
    }

    public func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    public func addEllipse(in rect: CGRect) {
        addPath(CGPath(ellipseIn: rect, transform: nil))
    }

    /// Appends `path`'s elements in the current user space.
    public func addPath(_ path: CGPath) {
        replay(path, skippingFirstMove: false)
    }

    public func closePath() {
        guard currentDevicePoint != nil else { return }
        currentDevicePoint = subpathDeviceStart
        backend?.closePath()
    }

    private func replay(_ path: CGPath, skippingFirstMove: Bool) {
        var skipMove = skippingFirstMove
        for element in path.elements {
            switch element {
            case .move(let p):
                if skipMove { skipMove = false } else { move(to: p) }
            case .line(let p): addLine(to: p)
            case .quadCurve(let c, let e): addQuadCurve(to: e, control: c)
            case .curve(let c1, let c2, let e): addCurve(to: e, control1: c1, control2: c2)
            case .close: closePath()
            }
        }
    }

    // MARK: - Painting the path

    /// Fills the current path by `rule` and discards it.
    public func fillPath(using rule: CGPathFillRule = .winding) {
        fill(using: rule, preservingPath: false)
        forgetPath()
    }

    /// Strokes the current path with the line state and discards it.
    public func strokePath() {
        backend?.strokePath(color: faded(state.strokeColor), style: state.stroke)
        paintCount += 1
        forgetPath()
    }

    /// Fills and/or strokes the current path, then discards it.
    public func drawPath(using mode: CGPathDrawingMode) {
        switch mode {
        case .fill: fillPath(using: .winding)
        case .eoFill: fillPath(using: .evenOdd)
        case .stroke: strokePath()
        case .fillStroke, .eoFillStroke:
            fill(using: mode == .eoFillStroke ? .evenOdd : .winding, preservingPath: true)
            strokePath()
        }
    }

    private func fill(using rule: CGPathFillRule, preservingPath: Bool) {
        if let shadow = state.shadow { backend?.fillShadow(using: rule, shadow: faded(shadow)) }
        backend?.fillPath(using: rule, color: faded(state.fillColor), preservingPath: preservingPath)
        paintCount += 1
    }

    /// Paints only the shadow `shadow` that the filled current path casts, keeping the
    /// path: how a layer casts its shadow from `shadowPath` without filling it.
    package func fillShadowOfPath(using rule: CGPathFillRule, shadow: CGShadowStyle) {
        backend?.fillShadow(using: rule, shadow: faded(shadow))
        paintCount += 1
    }

    /// Intersects the clip with the current path and discards it.
    public func clip(using rule: CGPathFillRule = .winding) {
        backend?.clip(using: rule)
        forgetPath()
    }

    public func clip(to rect: CGRect) {
        beginPath()
        addRect(rect)
        clip()
    }

    public func clip(to rects: [CGRect]) {
        beginPath()
        addRects(rects)
        clip()
    }

    // MARK: - Painting shapes (each replaces the current path)

    public func fill(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        fillPath()
    }

    public func fill(_ rects: [CGRect]) {
        beginPath()
        addRects(rects)
        fillPath()
    }

    public func stroke(_ rect: CGRect) {
        beginPath()
        addRect(rect)
        strokePath()
    }

    public func stroke(_ rect: CGRect, width: CGFloat) {
        saveGState()
        setLineWidth(width)
        stroke(rect)
        restoreGState()
    }

    public func fillEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        fillPath()
    }

    public func strokeEllipse(in rect: CGRect) {
        beginPath()
        addEllipse(in: rect)
        strokePath()
    }

    /// Strokes a line between each pair of points.
    public func strokeLineSegments(between points: [CGPoint]) {
        beginPath()
        var index = 0
        while index + 1 < points.count {
            move(to: points[index])
            addLine(to: points[index + 1])
            index += 2
        }
        strokePath()
    }

    // MARK: - Images, clearing, text

    /// Draws `image` scaled into `rect`, upright in a y-up space: its first row lies at
    /// `rect.maxY`, as in Core Graphics (so in UIKit's flipped space it appears upside
    /// down; `UIImage.draw(in:)` flips it back).
    public func draw(_ image: CGImage, in rect: CGRect) {
        backend?.draw(image, in: rect, alpha: state.alpha)
        paintCount += 1
    }

    /// Makes `rect` transparent, whatever the alpha and the colours.
    public func clear(_ rect: CGRect) {
        backend?.clear(rect)
    }

    /// One line of `text` in the fill colour with its baseline's left end at `origin`,
    /// glyphs upright in a y-down space. Not Core Graphics API (which draws glyphs, not
    /// strings): the text layers and labels draw through it.
    package func showText(_ text: String, at origin: CGPoint, font: TextFont) {
        backend?.showText(text, at: origin, font: font, color: faded(state.fillColor))
        paintCount += 1
    }

    // MARK: - Transparency layers

    /// Later drawing goes into an offscreen layer that `endTransparencyLayer()`
    /// composites once with the alpha current now, so overlapping shapes inside do not
    /// show through each other. Inside, alpha starts at 1. `auxiliaryInfo` is ignored.
    public func beginTransparencyLayer(auxiliaryInfo: [String: Any]? = nil) {
        transparencyLayerAlphas.append(state.alpha)
        saveGState()
        state.alpha = 1
        backend?.beginTransparencyLayer()
    }

    /// Composites the layer begun by the matching `beginTransparencyLayer`; an
    /// unbalanced call is ignored.
    public func endTransparencyLayer() {
        guard let alpha = transparencyLayerAlphas.popLast() else { return }
        backend?.endTransparencyLayer(alpha: alpha)
        restoreGState()
    }

    // MARK: - Helpers

    private func faded(_ color: CGColor) -> CGColor {
        guard state.alpha < 1 else { return color }
        return CGColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha * state.alpha)
    }

    private func faded(_ shadow: CGShadowStyle) -> CGShadowStyle {
        CGShadowStyle(offset: shadow.offset, blur: shadow.blur, color: faded(shadow.color))
    }

    private func forgetPath() {
        currentDevicePoint = nil
        subpathDeviceStart = nil
    }
}

/// What `CGContext.drawPath(using:)` paints, with Core Graphics' names and raw values.
public enum CGPathDrawingMode: Int32, Sendable {
    case fill = 0
    case eoFill = 1
    case stroke = 2
    case fillStroke = 3
    case eoFillStroke = 4
}
