import CCairo
import CoreGraphics
import Foundation

/// The Cairo implementation of what the geometry module cannot do alone: bitmap
/// contexts, PNG decoding and encoding, text measurement (`CGDrawingEngine`).
///
/// Call `CairoDrawingEngine.install()` once at start-up, before anything draws, loads an
/// image or measures text; `LayerRenderer.init` and `LayerSnapshot` call it too, so a
/// host that renders has it. Until it is installed bitmap contexts draw nothing, images
/// do not load and text is measured by estimate (each noted in `DrawingDebug`).
public final class CairoDrawingEngine: CGDrawingEngine {
    /// A 1 × 1 surface's context, only for asking fonts their metrics and advances.
    private let measuringSurface: OpaquePointer
    private let measuringCairo: OpaquePointer
    private var metricsCache: [TextFont: TextFontMetrics] = [:]

    private init() {
        measuringSurface = cairo_image_surface_create(CAIRO_FORMAT_A8, 1, 1)
        measuringCairo = cairo_create(measuringSurface)
    }

    deinit {
        cairo_destroy(measuringCairo)
        cairo_surface_destroy(measuringSurface)
    }

    /// Installs the engine in `CGContext.drawingEngine` unless a Cairo engine is already
    /// there. Safe to call more than once.
    public static func install() {
        guard !(CGContext.drawingEngine is CairoDrawingEngine) else { return }
        CGContext.drawingEngine = CairoDrawingEngine()
    }

    // MARK: - CGDrawingEngine

    public func makeBitmapBackend(for bitmap: CGBitmapLayout) -> (any CGContextBackend)? {
        CairoBitmapBackend(bitmap: bitmap)
    }

    public func decodePNG(_ data: Data) -> CGImage? {
        let reader = ByteReader(data: data)
        let made = withExtendedLifetime(reader) {
            cairo_image_surface_create_from_png_stream({ closure, buffer, length in
                guard let closure, let buffer else { return CAIRO_STATUS_READ_ERROR }
                let reader = Unmanaged<ByteReader>.fromOpaque(closure).takeUnretainedValue()
                return reader.read(into: buffer, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_READ_ERROR
            }, Unmanaged.passUnretained(reader).toOpaque())
        }
        guard let surface = made else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        return CGImage(copyingCairoSurface: surface)
    }

    public func encodePNG(_ image: CGImage) -> Data? {
        CairoPNG.encode(image.cairoSurface)
    }

    public func metrics(of font: TextFont) -> TextFontMetrics {
        if let known = metricsCache[font] { return known }
        CairoText.select(font, in: measuringCairo)
        var extents = cairo_font_extents_t()
        cairo_font_extents(measuringCairo, &extents)
        let metrics = TextFontMetrics(ascent: extents.ascent, descent: extents.descent, lineHeight: extents.height)
        metricsCache[font] = metrics
        return metrics
    }

    public func advance(of text: String, in font: TextFont) -> CGFloat {
        CairoText.select(font, in: measuringCairo)
        return CairoText.advance(of: text, font: font, in: measuringCairo)
    }
}

/// Hands PNG bytes to Cairo's reader callback.
private final class ByteReader {
    let data: Data
    var offset = 0

    init(data: Data) {
        self.data = data
    }

    func read(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Bool {
        guard offset + count <= data.count else { return false }
        data.copyBytes(to: buffer, from: data.startIndex + offset..<data.startIndex + offset + count)
        offset += count
        return true
    }
}

/// Collects PNG bytes from Cairo's writer callback.
extension CGImage {
    /// A copy of an ARGB32, RGB24 (made opaque) or A8 Cairo surface's pixels.
    package convenience init?(copyingCairoSurface surface: OpaquePointer) {
        let format = cairo_image_surface_get_format(surface)
        guard format == CAIRO_FORMAT_ARGB32 || format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_A8 else {
            return nil
        }
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard width > 0, height > 0, let source = cairo_image_surface_get_data(surface) else { return nil }
        self.init(width: width, height: height, alphaOnly: format == CAIRO_FORMAT_A8)
        for row in 0..<height {
            (pixels + row * bytesPerRow).copyMemory(from: source + row * stride, byteCount: min(stride, bytesPerRow))
            if format == CAIRO_FORMAT_RGB24 {
                let words = (pixels + row * bytesPerRow).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { words[x] |= 0xFF00_0000 }
            }
        }
    }
}
