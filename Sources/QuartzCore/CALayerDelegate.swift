/// What a layer asks of the object that owns it (for a view's layer, the view).
///
/// Only the hooks the core needs today; the layer and rendering issues add drawing and
/// actions. Every method has a default that does nothing.
@MainActor
public protocol CALayerDelegate: AnyObject {
    /// The layer's bounds changed size, so its contents must be laid out again.
    func layoutSublayers(of layer: CALayer)
    /// Draw the layer's contents into `ctx`, in the layer's bounds coordinates.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Set the layer's `contents` directly instead of drawing (`CALayer.display()`).
    func display(_ layer: CALayer)
}

extension CALayerDelegate {
    public func layoutSublayers(of layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func display(_ layer: CALayer) {}
}
