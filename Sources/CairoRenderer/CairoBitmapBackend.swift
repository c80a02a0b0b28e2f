import CCairo
import CoreGraphics

/// A bitmap context's backend: Cairo drawing into the bitmap's memory.
///
/// When the memory is in Cairo's own layout (premultiplied native ARGB or alpha bytes,
/// rows a multiple of 4 bytes) Cairo draws straight into it. Otherwise (RGBA byte
/// order, the 1-byte rows of Neuburg's "Touches") Cairo draws into its own surface,
/// which starts as a copy of the memory and is copied back after every painting call,
/// so the memory always holds what was drawn, as with Core Graphics.
final class CairoBitmapBackend: CairoContextBackend {
    private let bitmap: CGBitmapLayout
    private let surface: OpaquePointer
    /// Whether Cairo draws into a surface of its own that is copied back.
    private let copiesBack: Bool

    init?(bitmap: CGBitmapLayout) {
        let format: cairo_format_t = bitmap.isAlphaOnly ? CAIRO_FORMAT_A8 : bitmap.hasAlpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24
        let width = Int32(bitmap.width), height = Int32(bitmap.height)
        let cairoStride = Int(cairo_format_stride_for_width(format, width))
        if bitmap.isNativeLayout, bitmap.bytesPerRow >= cairoStride {
            surface = cairo_image_surface_create_for_data(
                bitmap.storage.bytes.assumingMemoryBound(to: UInt8.self), format, width, height, Int32(bitmap.bytesPerRow))
            copiesBack = false
        } else {
            surface = cairo_image_surface_create(format, width, height)
            cairo_surface_flush(surface)
            bitmap.copyPixels(toNative: cairo_image_surface_get_data(surface), nativeBytesPerRow: cairoStride)
            cairo_surface_mark_dirty(surface)
            copiesBack = true
        }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            DrawingDebug.log("Cairo could not make a \(width) × \(height) bitmap surface")
            cairo_surface_destroy(surface)
            return nil
        }
        self.bitmap = bitmap
        let cairo = cairo_create(surface)!
        // Core Graphics' bitmap contexts are y-up with the first row at the top.
        cairo_translate(cairo, 0, Double(height))
        cairo_scale(cairo, 1, -1)
        super.init(cairo: cairo)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    override func didPaint() {
        cairo_surface_flush(surface)
        guard copiesBack else { return }
        bitmap.copyPixels(
            fromNative: cairo_image_surface_get_data(surface),
            nativeBytesPerRow: Int(cairo_image_surface_get_stride(surface)))
    }
}
