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

    /// Shows `text` in `font`, selected in `cairo`, with its baseline's left end at
    /// `origin` (user space). The glyphs are placed from `origin` itself, not through
    /// `cairo_show_text`, which starts them at the current point: Cairo keeps that in
    /// device space rounded to 1/256 pixel, so now and then a line starts exactly half a
    /// pixel between two, and then floating-point noise, which differs with the
    /// translation (a damage rectangle's scratch buffer against the whole window), picks
    /// the pixel each glyph lands on. They come from `GlyphCache`, placed as Cairo would.
    static func show(_ text: String, at origin: CGPoint, font: TextFont, in cairo: OpaquePointer) {
        cairo_new_path(cairo)
        if let glyphs = GlyphCache.shared.glyphs(of: text, key: GlyphCache.key(for: font, in: cairo), in: cairo) {
            GlyphCache.show(glyphs, at: origin, in: cairo)
            return
        }
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        if cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cairo), origin.x, origin.y, text, -1,
                                            &glyphs, &count, nil, nil, nil) == CAIRO_STATUS_SUCCESS {
            cairo_show_glyphs(cairo, glyphs, count)
        }
        cairo_glyph_free(glyphs)
    }

    /// The advance width of `text` in `font`, selected in `cairo`: `cairo_text_extents`'
    /// `x_advance`, from `GlyphCache` where it can.
    static func advance(of text: String, font: TextFont, in cairo: OpaquePointer) -> CGFloat {
        if let advance = GlyphCache.shared.advance(of: text, key: GlyphCache.key(for: font, in: cairo), in: cairo) {
            return advance
        }
        var extents = cairo_text_extents_t()
        cairo_text_extents(cairo, text, &extents)
        return extents.x_advance
    }
}
