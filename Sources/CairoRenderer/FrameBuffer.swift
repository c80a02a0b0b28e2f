import CCairo
import CoreGraphics
import Foundation

/// An offscreen Cairo image surface the size of a window, in device pixels. Each frame
/// is drawn here completely and then copied to the window in one piece, so the window
/// never shows a half-drawn frame.
///
/// Pixels are 32-bit native-endian premultiplied ARGB (`CAIRO_FORMAT_ARGB32`), which is
/// also the layout of a 24-bit-depth X visual with 32 bits per pixel on little-endian
/// machines, so the buffer can be handed to `XPutImage` as it is.
public final class FrameBuffer {
    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Device pixels per point.
    public let scale: CGFloat
    let surface: OpaquePointer

    public init(pointSize: CGSize, scale: CGFloat) {
        self.scale = scale
        pixelWidth = max(1, Int((pointSize.width * scale).rounded()))
        pixelHeight = max(1, Int((pointSize.height * scale).rounded()))
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixelWidth), Int32(pixelHeight))
    }

    deinit {
        cairo_surface_destroy(surface)
    }

    /// The frame's size in points.
    public var pointSize: CGSize {
        CGSize(width: CGFloat(pixelWidth) / scale, height: CGFloat(pixelHeight) / scale)
    }

    /// Bytes per row of `pixels`.
    public var stride: Int { Int(cairo_image_surface_get_stride(surface)) }

    /// The pixel memory, valid until the buffer is freed. Call after drawing has been
    /// flushed (`draw` does that).
    public var pixels: UnsafeMutableRawPointer {
        UnsafeMutableRawPointer(cairo_image_surface_get_data(surface))
    }

    /// Draws into the buffer through a canvas in points, clipped to `dirtyRects` (in
    /// points; empty means the whole frame), and flushes.
    public func draw(clippedTo dirtyRects: [CGRect] = [], _ body: (Canvas) -> Void) {
        let context = cairo_create(surface)!
        defer { cairo_destroy(context) }
        cairo_scale(context, Double(scale), Double(scale))
        if !dirtyRects.isEmpty {
            for rect in dirtyRects {
                cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
            }
            cairo_clip(context)
        }
        body(Canvas(context: context))
        cairo_surface_flush(surface)
    }

    /// A copy of the frame's pixels as an image (premultiplied, rows from the top).
    public func makeImage() -> CGImage {
        // An ARGB32 surface of positive size always copies.
        CGImage(copyingCairoSurface: surface)!
    }

    /// Writes the frame as a PNG file.
    public func writePNG(to url: URL) throws {
        let status = cairo_surface_write_to_png(surface, url.path)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw RendererError.pngWriteFailed(url.path, String(cString: cairo_status_to_string(status)))
        }
    }
}

/// Why the renderer could not do what it was asked.
public enum RendererError: Error, CustomStringConvertible {
    case pngWriteFailed(String, String)

    public var description: String {
        switch self {
        case let .pngWriteFailed(path, reason):
            return "could not write the PNG file \(path): \(reason); check that its folder exists and is writable"
        }
    }
}
