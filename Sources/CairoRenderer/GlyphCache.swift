import CCairo
import CoreGraphics
import Synchronization

/// The glyph and the advance of every character a font has shown or measured, so that a
/// line of text is measured without calling Cairo, and shown with `cairo_show_glyphs`
/// from glyphs placed here.
///
/// `cairo_text_extents` and `cairo_scaled_font_text_to_glyphs` look every character up
/// in Cairo's caches on each call, about a thousand instructions a character: an
/// overlay's labels, measured for their plates and drawn in every damage rectangle they
/// reach, spent tens of thousands of instructions a frame on it, in code that runs cold
/// when a touch comes after a pause.
///
/// The result is Cairo's own, bit for bit: Cairo's simple text API maps each character
/// to one glyph on its own (no shaping, no kerning) and places each glyph at the one
/// before plus that one's advance in user space. Here the same advances, read from
/// Cairo one character at a time, are added in the same order, so the glyphs land where
/// Cairo puts them and a width is the `x_advance` `cairo_text_extents` gives
/// (`GlyphCacheTests` compares both). Advances depend on the scaled font: the font, its
/// size, the current transformation's linear part and the surface's device scale
/// (hinting and the rasterised size), the context's hinting options (`CairoText` sets
/// unhinted metrics; `Canvas` keeps the surface's) and the surface type whose defaults
/// those options start from; all of these are the key.
///
/// At most `maximumFonts` scaled fonts are kept; one more starts the table over (as
/// `TextMeasurer` does): a label scaling in an animation meets a new scaled font in
/// every frame, and would otherwise fill the table with fonts used once.
final class GlyphCache: Sendable {
    static let shared = GlyphCache()

    /// The most scaled fonts kept; one more starts the table over.
    static let maximumFonts = 32
    /// The most characters beyond Latin-1 kept for one scaled font; one more starts them
    /// over.
    static let maximumCharacters = 4096

    /// One glyph of a scaled font, and how far it moves the next (user space).
    struct Glyph: Sendable {
        var index: UInt
        var xAdvance: Double
        var yAdvance: Double
    }

    /// What selects a scaled font in a Cairo context, as far as glyphs and advances go.
    struct ScaledFontKey: Hashable, Sendable {
        var font: TextFont
        /// The context's `cairo_hint_metrics_t` and `cairo_hint_style_t`.
        var hintMetrics: UInt32
        var hintStyle: UInt32
        var surfaceType: UInt32
        /// The target's device scale, which Cairo applies after the transformation.
        var deviceScaleX: Double
        var deviceScaleY: Double
        var xx: Double
        var yx: Double
        var xy: Double
        var yy: Double
    }

    /// One scaled font's glyphs: Latin-1 by code point (labels are mostly ASCII), the
    /// rest by scalar.
    /// Only touched under the cache's lock (hence `@unchecked Sendable`).
    private final class FontTable: @unchecked Sendable {
        var latin1 = [Glyph?](repeating: nil, count: 256)
        var others: [Unicode.Scalar: Glyph] = [:]
    }

    private struct Tables {
        var byFont: [ScaledFontKey: FontTable] = [:]
        /// The font asked for last: text comes in runs of one font, so most calls find
        /// it here without hashing the key.
        var last: (key: ScaledFontKey, table: FontTable)?
    }

    private let tables = Mutex(Tables())

    /// The key for `font`, selected in `cairo`.
    static func key(for font: TextFont, in cairo: OpaquePointer) -> ScaledFontKey {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let options = cairo_font_options_create()
        defer { cairo_font_options_destroy(options) }
        cairo_get_font_options(cairo, options)
        let target = cairo_get_target(cairo)
        var deviceScale = (x: 1.0, y: 1.0)
        cairo_surface_get_device_scale(target, &deviceScale.x, &deviceScale.y)
        return ScaledFontKey(
            font: font, hintMetrics: UInt32(cairo_font_options_get_hint_metrics(options).rawValue),
            hintStyle: UInt32(cairo_font_options_get_hint_style(options).rawValue),
            surfaceType: UInt32(cairo_surface_get_type(target).rawValue),
            deviceScaleX: deviceScale.x, deviceScaleY: deviceScale.y,
            xx: matrix.xx, yx: matrix.yx, xy: matrix.xy, yy: matrix.yy)
    }

    /// How many scaled fonts the table keeps now.
    var fontCount: Int { tables.withLock { $0.byFont.count } }

    /// Calls `body` with each glyph of `text` in the font selected in `cairo` (whose key
    /// is `key`), in order; false where a character maps to other than one glyph (the
    /// caller then asks Cairo directly).
    private func forEachGlyph(of text: String, key: ScaledFontKey, in cairo: OpaquePointer,
                              _ body: (Glyph) -> Void) -> Bool {
        tables.withLock { tables in
            let table: FontTable
            if let last = tables.last, last.key == key {
                table = last.table
            } else if let known = tables.byFont[key] {
                table = known
                tables.last = (key, known)
            } else {
                if tables.byFont.count >= Self.maximumFonts { tables.byFont.removeAll(keepingCapacity: true) }
                table = FontTable()
                tables.byFont[key] = table
                tables.last = (key, table)
            }
            for scalar in text.unicodeScalars {
                let value = Int(scalar.value)
                if value < 256, let glyph = table.latin1[value] {
                    body(glyph)
                    continue
                }
                if value >= 256, let glyph = table.others[scalar] {
                    body(glyph)
                    continue
                }
                guard let glyph = Self.lookUp(scalar, in: cairo) else { return false }
                if value < 256 {
                    table.latin1[value] = glyph
                } else {
                    if table.others.count >= Self.maximumCharacters { table.others.removeAll(keepingCapacity: true) }
                    table.others[scalar] = glyph
                }
                body(glyph)
            }
            return true
        }
    }

    /// The glyphs of `text` in the font selected in `cairo` (whose key is `key`), or nil
    /// where a character maps to other than one glyph: the caller then asks Cairo
    /// directly.
    func glyphs(of text: String, key: ScaledFontKey, in cairo: OpaquePointer) -> [Glyph]? {
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(text.utf8.count)
        return forEachGlyph(of: text, key: key, in: cairo) { glyphs.append($0) } ? glyphs : nil
    }

    /// The width `cairo_text_extents` would give `text`, or nil (see `glyphs(of:key:in:)`).
    func advance(of text: String, key: ScaledFontKey, in cairo: OpaquePointer) -> Double? {
        var x = 0.0
        return forEachGlyph(of: text, key: key, in: cairo) { x += $0.xAdvance } ? x : nil
    }

    /// Shows `glyphs` in the font selected in `cairo` from `origin` (the baseline's left
    /// end, user space), each placed where Cairo's own text call would place it.
    static func show(_ glyphs: [Glyph], at origin: CGPoint, in cairo: OpaquePointer) {
        guard !glyphs.isEmpty else { return }
        withUnsafeTemporaryAllocation(of: cairo_glyph_t.self, capacity: glyphs.count) { placed in
            var x = Double(origin.x), y = Double(origin.y)
            for (index, glyph) in glyphs.enumerated() {
                placed[index] = cairo_glyph_t(index: glyph.index, x: x, y: y)
                x += glyph.xAdvance
                y += glyph.yAdvance
            }
            cairo_show_glyphs(cairo, placed.baseAddress, Int32(glyphs.count))
        }
    }

    /// One character's glyph and advance, from Cairo: nil when it maps to other than one
    /// glyph.
    private static func lookUp(_ scalar: Unicode.Scalar, in cairo: OpaquePointer) -> Glyph? {
        let font = cairo_get_scaled_font(cairo)
        var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
        var count: Int32 = 0
        let status = cairo_scaled_font_text_to_glyphs(font, 0, 0, String(Character(scalar)), -1, &glyphs, &count,
                                                      nil, nil, nil)
        defer { cairo_glyph_free(glyphs) }
        guard status == CAIRO_STATUS_SUCCESS, count == 1, let glyphs else { return nil }
        var extents = cairo_text_extents_t()
        cairo_scaled_font_glyph_extents(font, glyphs, 1, &extents)
        return Glyph(index: glyphs[0].index, xAdvance: extents.x_advance, yAdvance: extents.y_advance)
    }
}
