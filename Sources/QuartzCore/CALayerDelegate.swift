/// What a layer asks of the object that owns it (for a view's layer, the view).
///
/// Every method has a default that does nothing (or, for actions, has no opinion).
@MainActor
public protocol CALayerDelegate: AnyObject {
    /// The layer's bounds changed size, so its contents must be laid out again.
    func layoutSublayers(of layer: CALayer)
    /// Draw the layer's contents into `ctx`, in the layer's bounds coordinates.
    func draw(_ layer: CALayer, in ctx: CGContext)
    /// Set the layer's `contents` directly instead of drawing (`CALayer.display()`).
    func display(_ layer: CALayer)
    /// The action for a change of `event` on `layer`, asked first by
    /// `CALayer.action(forKey:)`: an action to run it, `NSNull()` for none (ending the
    /// search), or `nil` to let the layer keep searching.
    func action(for layer: CALayer, forKey event: String) -> (any CAAction)?
}

extension CALayerDelegate {
    public func layoutSublayers(of layer: CALayer) {}
    public func draw(_ layer: CALayer, in ctx: CGContext) {}
    public func display(_ layer: CALayer) {}
    public func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { nil }
}
