import CCairo
import Foundation

/// A drawing surface in points for the scene and the debugging overlays. It wraps a Cairo
/// context so that nothing outside the renderer talks to Cairo.
public struct Canvas {
    let context: OpaquePointer

    /// An RGBA colour with components in 0…1 (straight, not premultiplied, alpha).
    public struct Color: Equatable, Sendable {
        public var red, green, blue, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// A colour from a 0xRRGGBB literal.
        public init(hex: UInt32, alpha: Double = 1) {
            self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                      blue: Double(hex & 0xFF) / 255, alpha: alpha)
        }

        public func withAlpha(_ alpha: Double) -> Color {
            Color(red: red, green: green, blue: blue, alpha: alpha)
        }

        public static let white = Color(red: 1, green: 1, blue: 1)
    }

    public enum FontWeight: Sendable {
        case regular, bold
    }

    // MARK: - Shapes

    public func fill(_ rect: CGRect, with color: Color) {
        set(color)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
    }

    public func fillCircle(center: CGPoint, radius: CGFloat, with color: Color) {
        set(color)
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    public func strokeCircle(center: CGPoint, radius: CGFloat, with color: Color, lineWidth: CGFloat = 1) {
        set(color)
        cairo_set_line_width(context, lineWidth)
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_stroke(context)
    }

    public func fillRoundedRect(_ rect: CGRect, radius: CGFloat, with color: Color) {
        set(color)
        roundedRectPath(rect, radius: radius)
        cairo_fill(context)
    }

    // MARK: - Text

    /// Draws one line of text with its baseline's left end at `origin`. Uses DejaVu Sans
    /// (the `fonts-dejavu-core` package), falling back to fontconfig's sans-serif.
    public func drawText(_ text: String, at origin: CGPoint, size: CGFloat, color: Color,
                         weight: FontWeight = .regular) {
        selectFont(size: size, weight: weight)
        set(color)
        cairo_move_to(context, origin.x, origin.y)
        cairo_show_text(context, text)
    }

    /// The advance width of a line of text.
    public func measureText(_ text: String, size: CGFloat, weight: FontWeight = .regular) -> CGFloat {
        selectFont(size: size, weight: weight)
        var extents = cairo_text_extents_t()
        cairo_text_extents(context, text, &extents)
        return extents.x_advance
    }

    // MARK: - Helpers

    private func set(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    private func selectFont(size: CGFloat, weight: FontWeight) {
        cairo_select_font_face(context, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL,
                               weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
    }

    private func roundedRectPath(_ rect: CGRect, radius: CGFloat) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(context, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }
}
