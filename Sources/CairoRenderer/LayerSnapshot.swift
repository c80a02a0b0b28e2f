import CCairo
import CoreGraphics
import Foundation
import QuartzCore

/// Pictures of a layer tree (a view's or window's `layer`): rendered offscreen at a
/// scale into a `FrameBuffer`, or straight to a PNG file. The base of the golden tests
/// and of screenshots.
@MainActor
public enum LayerSnapshot {
    /// `layer` and its sublayers drawn in the layer's bounds space (its own position
    /// and transform are not applied) into a buffer of its bounds size at `scale` pixels
    /// per point, over `background` or transparent. A hidden layer gives a blank buffer.
    public static func frameBuffer(of layer: CALayer, scale: CGFloat = 1, background: CGColor? = nil) -> FrameBuffer {
        let renderer = LayerRenderer()
        let buffer = FrameBuffer(pointSize: layer.bounds.size, scale: scale)
        buffer.draw { canvas in
            if let background {
                cairo_set_source_rgba(canvas.context, background.red, background.green, background.blue, background.alpha)
                cairo_paint(canvas.context)
            }
            cairo_translate(canvas.context, -layer.bounds.minX, -layer.bounds.minY)
            renderer.renderInBoundsSpace(layer, in: canvas)
        }
        return buffer
    }

    /// Writes what `frameBuffer(of:scale:background:)` draws as a PNG file.
    public static func writePNG(of layer: CALayer, to url: URL, scale: CGFloat = 1, background: CGColor? = nil) throws {
        try frameBuffer(of: layer, scale: scale, background: background).writePNG(to: url)
    }
}
