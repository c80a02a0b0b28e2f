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
    /// The longest side, in device pixels, of a buffer: Cairo's image surfaces stop at
    /// 32,767 pixels a side (X11 windows, whose sides are 16-bit, at 65,535).
    public static let maximumPixelSide = 32767

    public let pixelWidth: Int
    public let pixelHeight: Int
    /// Device pixels per point.
    public let scale: CGFloat
    let surface: OpaquePointer

    /// A buffer of `pointSize` at `scale` device pixels per point; a side under one
    /// pixel is one pixel.
    ///
    /// Precondition: `pixelSize(forPointSize:scale:)` accepts the size, and there is
    /// memory for the pixels. Otherwise the program stops with a message naming the
    /// size and Cairo's reason. Sizes that come from outside the program (a command
    /// line, a window manager, an application's window) go through
    /// `init(validatingPointSize:scale:)`, which throws instead.
    public convenience init(pointSize: CGSize, scale: CGFloat) {
        do {
            try self.init(validatingPointSize: pointSize, scale: scale)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// A buffer of `pointSize` at `scale` device pixels per point, or
    /// `RendererError.cannotCreateFrameBuffer` when no buffer can have that size (a side
    /// beyond `maximumPixelSide`, a size or scale that is not finite, a scale that is
    /// not positive) or Cairo cannot allocate it.
    public init(validatingPointSize pointSize: CGSize, scale: CGFloat) throws(RendererError) {
        guard let pixels = Self.pixelSize(forPointSize: pointSize, scale: scale) else {
            throw .cannotCreateFrameBuffer(pointSize: pointSize, scale: scale,
                                           reason: "each side must be 1 to \(Self.maximumPixelSide) device pixels")
        }
        // Cairo answers a failure (no memory) with an error surface that has no pixels,
        // not with NULL: its status is what tells.
        let created = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(pixels.width), Int32(pixels.height))
        guard let surface = created, cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else {
            let status = created.map(cairo_surface_status) ?? CAIRO_STATUS_NO_MEMORY
            cairo_surface_destroy(created)
            throw .cannotCreateFrameBuffer(pointSize: pointSize, scale: scale,
                                           reason: String(cString: cairo_status_to_string(status)))
        }
        self.scale = scale
        pixelWidth = pixels.width
        pixelHeight = pixels.height
        self.surface = surface
    }

    /// The size in device pixels of a buffer of `pointSize` at `scale` (each side
    /// rounded, and at least one pixel), or nil when no buffer can have it: a side
    /// beyond `maximumPixelSide`, a size or scale that is not finite, or a scale that is
    /// not positive.
    public static func pixelSize(forPointSize pointSize: CGSize, scale: CGFloat) -> (width: Int, height: Int)? {
        guard scale.isFinite, scale > 0 else { return nil }
        let width = (pointSize.width * scale).rounded()
        let height = (pointSize.height * scale).rounded()
        let limit = CGFloat(maximumPixelSide)
        guard width.isFinite, height.isFinite, width <= limit, height <= limit else { return nil }
        return (max(1, Int(width)), max(1, Int(height)))
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
