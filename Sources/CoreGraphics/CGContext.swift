/// The drawing operations a `CGContext` forwards to whatever actually draws.
///
/// The geometry module knows no drawing library: the renderer implements this protocol
/// (with Cairo) and hands a `CGContext` wrapping it to `draw(_:)` / `draw(in:)`, so
/// drawing code compiles and runs without any backend. Coordinates are in the
/// context's current user space; the context has already told the backend about every
/// change of transform and state, in order.
public protocol CGContextBackend: AnyObject {
    func saveGState()
    func restoreGState()
    /// Multiply the backend's current transform by `transform` (applied first).
    func concatenate(_ transform: CGAffineTransform)
    func setFillColor(_ color: CGColor)
    func setStrokeColor(_ color: CGColor)
    func setLineWidth(_ width: CGFloat)
    func setAlpha(_ alpha: CGFloat)
    func clip(to rect: CGRect)
    func fill(_ rect: CGRect)
    func stroke(_ rect: CGRect)
    func fillEllipse(in rect: CGRect)
    func strokeEllipse(in rect: CGRect)
}

/// A drawing destination with Core Graphics' names, independent of how it draws.
///
/// It keeps the graphics state a caller can read back (`ctm`, line width, colours) in a
/// save/restore stack and forwards every operation to its `backend`. A context without
/// a backend records state and draws nothing, which is what tests of geometry need.
public final class CGContext {
    /// The graphics state `saveGState` / `restoreGState` push and pop.
    private struct GState {
        var ctm = CGAffineTransform.identity
        var fillColor = CGColor.black
        var strokeColor = CGColor.black
        var lineWidth: CGFloat = 1
        var alpha: CGFloat = 1
    }

    public let backend: (any CGContextBackend)?
    private var state = GState()
    private var savedStates: [GState] = []

    public init(backend: (any CGContextBackend)?) {
        self.backend = backend
    }

    // MARK: - State

    /// The current transformation matrix: user space to the backend's device space.
    public var ctm: CGAffineTransform { state.ctm }
    public var lineWidth: CGFloat { state.lineWidth }
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

    // MARK: - Paint

    public func setFillColor(_ color: CGColor) {
        state.fillColor = color
        backend?.setFillColor(color)
    }

    public func setStrokeColor(_ color: CGColor) {
        state.strokeColor = color
        backend?.setStrokeColor(color)
    }

    public func setLineWidth(_ width: CGFloat) {
        state.lineWidth = width
        backend?.setLineWidth(width)
    }

    public func setAlpha(_ alpha: CGFloat) {
        state.alpha = alpha
        backend?.setAlpha(alpha)
    }

    // MARK: - Drawing

    public func clip(to rect: CGRect) { backend?.clip(to: rect) }
    public func fill(_ rect: CGRect) { backend?.fill(rect) }
    public func stroke(_ rect: CGRect) { backend?.stroke(rect) }
    public func fillEllipse(in rect: CGRect) { backend?.fillEllipse(in: rect) }
    public func strokeEllipse(in rect: CGRect) { backend?.strokeEllipse(in: rect) }
}
