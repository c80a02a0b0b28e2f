import CCairo
import Foundation

/// Text widths without a frame to draw in: what layout and hit-testing of drawn chrome
/// (toolbar buttons sized by their labels) need between frames. It measures with the
/// same font selection as `Canvas.drawText`, on a private one-pixel surface at scale 1,
/// so a layout made with it and drawn at any scale puts the text where it measured.
@MainActor
public enum TextMeasure {
    private static let canvas: Canvas = {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 1, 1)
        // Both live for the process: the measuring canvas is never released.
        return Canvas(context: cairo_create(surface)!)
    }()

    /// The advance width of `text` at `size` points and `weight`.
    public static func width(_ text: String, size: CGFloat, weight: Canvas.FontWeight = .regular) -> CGFloat {
        canvas.measureText(text, size: size, weight: weight)
    }
}
