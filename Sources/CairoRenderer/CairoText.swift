import CCairo
import CoreGraphics

/// Fonts for Cairo's text calls: fontconfig families through Cairo's simple text API,
/// which shapes left-to-right text without ligatures or fallback between scripts, enough
/// for labels and captions.
enum CairoText {
    /// Unhinted metrics: advances then scale linearly, so text measured once in points
    /// (for layout) has the same width drawn at any scale, and right-aligned or centred
    /// lines end where layout put them. Glyph outlines are still hinted, so text stays
    /// crisp.
    nonisolated(unsafe) private static let fontOptions: OpaquePointer = {
        let options = cairo_font_options_create()!
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        return options
    }()

    static func select(_ font: TextFont, in cairo: OpaquePointer) {
        cairo_select_font_face(cairo, font.family, CAIRO_FONT_SLANT_NORMAL,
                               font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cairo, font.size)
        cairo_set_font_options(cairo, fontOptions)
    }
}
