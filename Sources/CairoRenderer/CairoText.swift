import CCairo
import CoreGraphics

/// Fonts for Cairo's text calls: fontconfig families through Cairo's simple text API,
/// which shapes left-to-right text without ligatures or fallback between scripts, enough
/// for labels and captions.
enum CairoText {
    static func select(_ font: TextFont, in cairo: OpaquePointer) {
        cairo_select_font_face(cairo, font.family, CAIRO_FONT_SLANT_NORMAL,
                               font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, font.size)
    }
}
