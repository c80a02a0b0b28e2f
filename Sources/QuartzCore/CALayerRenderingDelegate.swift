/// A layer delegate that may decide, the first time a layer without contents is about
/// to be drawn, that it draws the layer's content, by calling `setNeedsDisplay()` on it.
///
/// `UIView` adopts it so that views whose class overrides `draw(_:)` get a drawn backing
/// store without UIKit marking every view for display, at the screen's scale. The
/// renderer asks while the layer has no `contents`, whether or not it is already marked;
/// the delegate answers once per layer.
@MainActor
package protocol CALayerRenderingDelegate: CALayerDelegate {
    func prepareForRendering(_ layer: CALayer)
}
