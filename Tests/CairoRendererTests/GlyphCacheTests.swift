import CCairo
@testable import CairoRenderer
import CoreGraphics
import XCTest

/// The glyph cache against Cairo's own text calls, bit for bit: the widths
/// `cairo_text_extents` gives, the glyphs and places `cairo_scaled_font_text_to_glyphs`
/// gives, and the pixels, at several sizes, weights, scales and a rotation, with the
/// surface's hinted metrics (`Canvas`) and `CairoText`'s unhinted ones.
final class GlyphCacheTests: XCTestCase {
    private static let texts = [
        "", "1", "28", "Frames · bounds, cornerRadius", "1 → TouchSpotView (312.5, 80.25, 88, 88)",
        "WWW iiii ,.;:", "Ünïcödé ëxtras — “quotes” ½", "tab\there",
    ]

    /// A context on an image surface, scaled and rotated as `transform` says, with the
    /// font selected as `Canvas` (`unhinted` false) or `CairoText` (true) selects it.
    private func makeContext(transform: CGAffineTransform, font: TextFont, unhinted: Bool)
        -> (surface: OpaquePointer, cairo: OpaquePointer) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, 480, 200)!
        let cairo = cairo_create(surface)!
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        cairo_set_matrix(cairo, &matrix)
        if unhinted {
            CairoText.select(font, in: cairo)
        } else {
            cairo_select_font_face(cairo, font.family, CAIRO_FONT_SLANT_NORMAL,
                                   font.weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cairo, font.size)
        }
        return (surface, cairo)
    }

    private let transforms: [(String, CGAffineTransform)] = [
        ("1×", .identity),
        ("1.5×", CGAffineTransform(scaleX: 1.5, y: 1.5)),
        ("2×", CGAffineTransform(scaleX: 2, y: 2)),
        ("rotated", CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 1.25, y: 1.25).translatedBy(x: 90, y: 0)),
    ]

    private let fonts = [TextFont(size: 13), TextFont(size: 13, weight: .bold), TextFont(size: 17.5)]

    func testWidthsAndPlacesAreCairosOwn() {
        for (name, transform) in transforms {
            for font in fonts {
                for unhinted in [false, true] {
                    let (surface, cairo) = makeContext(transform: transform, font: font, unhinted: unhinted)
                    defer { cairo_destroy(cairo); cairo_surface_destroy(surface) }
                    let key = GlyphCache.key(for: font, in: cairo)
                    let cache = GlyphCache()
                    for text in Self.texts {
                        let context = "\(name), \(font), unhinted \(unhinted), \"\(text)\""
                        var extents = cairo_text_extents_t()
                        cairo_text_extents(cairo, text, &extents)
                        XCTAssertEqual(cache.advance(of: text, key: key, in: cairo), extents.x_advance,
                                       context)

                        var cairoGlyphs: UnsafeMutablePointer<cairo_glyph_t>?
                        var count: Int32 = 0
                        XCTAssertEqual(cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(cairo), 31.25, 60.5, text,
                                                                        -1, &cairoGlyphs, &count, nil, nil, nil),
                                       CAIRO_STATUS_SUCCESS)
                        defer { cairo_glyph_free(cairoGlyphs) }
                        guard let glyphs = cache.glyphs(of: text, key: key, in: cairo) else {
                            return XCTFail("no glyphs for \(context)")
                        }
                        XCTAssertEqual(glyphs.count, Int(count), context)
                        var x = 31.25, y = 60.5
                        for (index, glyph) in glyphs.enumerated() where index < Int(count) {
                            let theirs = cairoGlyphs![index]
                            XCTAssertEqual(glyph.index, theirs.index, context)
                            XCTAssertEqual(x, theirs.x, context)
                            XCTAssertEqual(y, theirs.y, context)
                            x += glyph.xAdvance
                            y += glyph.yAdvance
                        }
                    }
                }
            }
        }
    }

    func testShownPixelsAreCairosOwn() {
        for (name, transform) in transforms {
            for font in fonts {
                let mine = makeContext(transform: transform, font: font, unhinted: true)
                let theirs = makeContext(transform: transform, font: font, unhinted: true)
                defer {
                    for (surface, cairo) in [mine, theirs] { cairo_destroy(cairo); cairo_surface_destroy(surface) }
                }
                for (line, text) in Self.texts.enumerated() {
                    let origin = CGPoint(x: 4.3, y: 14 + 19.7 * Double(line))
                    CairoText.show(text, at: origin, font: font, in: mine.cairo)
                    var glyphs: UnsafeMutablePointer<cairo_glyph_t>?
                    var count: Int32 = 0
                    _ = cairo_scaled_font_text_to_glyphs(cairo_get_scaled_font(theirs.cairo), origin.x, origin.y, text,
                                                         -1, &glyphs, &count, nil, nil, nil)
                    cairo_show_glyphs(theirs.cairo, glyphs, count)
                    cairo_glyph_free(glyphs)
                }
                cairo_surface_flush(mine.surface)
                cairo_surface_flush(theirs.surface)
                let bytes = Int(cairo_image_surface_get_stride(mine.surface)) * 200
                let inked = UnsafeBufferPointer(start: cairo_image_surface_get_data(mine.surface), count: bytes)
                XCTAssertTrue(inked.contains { $0 != 0 }, "\(name), \(font): something was drawn")
                XCTAssertEqual(memcmp(cairo_image_surface_get_data(mine.surface),
                                      cairo_image_surface_get_data(theirs.surface), bytes), 0, "\(name), \(font)")
            }
        }
    }

    func testASurfacesDeviceScaleIsPartOfTheKey() {
        let cache = GlyphCache()
        let font = TextFont(size: 13)
        let text = "Frames · bounds, 0.25"
        for scale in [1.0, 2.0, 1.0] {
            let (surface, cairo) = makeContext(transform: .identity, font: font, unhinted: false)
            defer { cairo_destroy(cairo); cairo_surface_destroy(surface) }
            cairo_surface_set_device_scale(surface, scale, scale)
            var extents = cairo_text_extents_t()
            cairo_text_extents(cairo, text, &extents)
            XCTAssertEqual(cache.advance(of: text, key: GlyphCache.key(for: font, in: cairo), in: cairo),
                           extents.x_advance, "device scale \(scale)")
        }
        XCTAssertEqual(cache.fontCount, 2, "one font for each device scale")
    }

    func testOneFontMoreThanTheTableKeepsStartsItOver() {
        let cache = GlyphCache()
        let font = TextFont(size: 13)
        let (surface, cairo) = makeContext(transform: .identity, font: font, unhinted: true)
        defer { cairo_destroy(cairo); cairo_surface_destroy(surface) }
        var keys: [GlyphCache.ScaledFontKey] = []
        for step in 0...GlyphCache.maximumFonts {
            var key = GlyphCache.key(for: font, in: cairo)
            key.xx += Double(step) / 1024
            keys.append(key)
        }
        for key in keys.dropLast() { XCTAssertNotNil(cache.glyphs(of: "ab", key: key, in: cairo)) }
        XCTAssertEqual(cache.fontCount, GlyphCache.maximumFonts)
        XCTAssertNotNil(cache.glyphs(of: "ab", key: keys.last!, in: cairo))
        XCTAssertEqual(cache.fontCount, 1, "started over with the new font")
        XCTAssertNotNil(cache.glyphs(of: "ab", key: keys[0], in: cairo))
        XCTAssertEqual(cache.fontCount, 2)
    }
}
