import CCairo
import CoreGraphics
import QuartzCore

/// Draws a layer tree with Cairo, back to front: what a host calls for each frame.
///
/// It hands the tree a `CGContext` whose backend is Cairo on the canvas, and the tree
/// draws itself through it (`CALayer+Rendering.swift` in the layer engine): the model
/// tree walked, each layer's presentation drawn, with transforms about anchor points,
/// group opacity, rounded corners, borders, shadows, contents with their gravity, shape
/// and text layers, and drawn layers' backing stores (each kept as the layer's
/// `contents` image, with a Cairo surface over its pixels, redrawn only after
/// `setNeedsDisplay()`). Hidden layers and layers with zero opacity are skipped with
/// their sublayers.
@MainActor
public struct LayerRenderer {
    /// Installs the Cairo drawing engine (`CairoDrawingEngine.install()`), which drawn
    /// layers, images and text need.
    public init() {
        CairoDrawingEngine.install()
    }

    /// Draws `layer` (and its sublayers) into `canvas`, whose user space is the layer's
    /// superlayer space (the window, for a window's layer).
    public func render(_ layer: CALayer, in canvas: Canvas) {
        let backend = CairoContextBackend(cairo: canvas.context)
        layer.renderInSuperlayerSpace(in: CGContext(backend: backend))
    }

    /// Redraws a frame's damage: draws `root`'s tree over what `canvas` holds, skipping
    /// subtrees whose footprints miss the canvas's clip (or, for a scratch buffer
    /// of `FrameBuffer.draw(eachOf:)`, its extent). The caller clears first where the
    /// frame is redrawn (`draw(eachOf:)` does), so windows stacked by level draw one
    /// over another. Call it right after `root.damageTracker.takeDamage()`, whose
    /// footprints it reads; see `DamageTracker` for the whole path.
    public func renderDamage(of root: CALayer, in canvas: Canvas) {
        let backend = CairoContextBackend(cairo: canvas.context)
        root.renderDamage(clippedTo: canvas.clipRectangles, in: CGContext(backend: backend))
    }

    /// Draws `layer` into `canvas` in the layer's own bounds space, as `render(in:)`
    /// draws into any context.
    public func renderInBoundsSpace(_ layer: CALayer, in canvas: Canvas) {
        let backend = CairoContextBackend(cairo: canvas.context)
        layer.render(in: CGContext(backend: backend))
    }
}
