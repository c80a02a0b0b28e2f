import CCairo
import CoreGraphics
import QuartzCore

/// Draws a layer tree with Cairo, back to front.
///
/// Each layer is drawn in its own bounds space: translated to its `position`, through its
/// transform about the anchor point, then offset by the bounds' origin. A layer with
/// opacity below 1 is drawn into a group and composited once, so overlapping sublayers
/// do not show through each other (group opacity, as Core Animation composites). Hidden
/// layers and layers with zero opacity are skipped with their sublayers;
/// `masksToBounds` clips the sublayers to the bounds.
@MainActor
public struct LayerRenderer {
    public init() {}

    /// Draws `layer` (and its sublayers) into `canvas`, whose user space is the layer's
    /// superlayer space (the window, for a window's layer).
    public func render(_ layer: CALayer, in canvas: Canvas) {
        draw(layer, cairo: canvas.context)
    }

    private func draw(_ layer: CALayer, cairo: OpaquePointer) {
        guard !layer.isHidden, layer.opacity > 0 else { return }
        cairo_save(cairo)
        defer { cairo_restore(cairo) }
        let bounds = layer.bounds
        cairo_translate(cairo, layer.position.x, layer.position.y)
        let transform = layer.affineTransform()
        if !transform.isIdentity {
            var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                        x0: transform.tx, y0: transform.ty)
            cairo_transform(cairo, &matrix)
        }
        cairo_translate(cairo, -layer.anchorPoint.x * bounds.width - bounds.minX,
                        -layer.anchorPoint.y * bounds.height - bounds.minY)
        let isTranslucent = layer.opacity < 1
        if isTranslucent { cairo_push_group(cairo) }
        if let color = layer.backgroundColor, color.alpha > 0 {
            cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
            cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
            cairo_fill(cairo)
        }
        if layer.masksToBounds {
            cairo_rectangle(cairo, bounds.minX, bounds.minY, bounds.width, bounds.height)
            cairo_clip(cairo)
        }
        for sublayer in layer.sublayers ?? [] {
            draw(sublayer, cairo: cairo)
        }
        if isTranslucent {
            cairo_pop_group_to_source(cairo)
            cairo_paint_with_alpha(cairo, Double(layer.opacity))
        }
    }
}
