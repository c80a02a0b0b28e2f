import CCairo
import CoreGraphics
import FileSafety
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
        scratch?.deallocate()
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

    /// The largest difference of any byte (a colour or alpha channel of any pixel)
    /// between this frame and `other`, 0 to 255: how far a frame drawn from damage is
    /// from one drawn whole. The frames must have one size.
    public func largestChannelDifference(from other: FrameBuffer) -> Int {
        precondition(other.pixelWidth == pixelWidth && other.pixelHeight == pixelHeight, "frames of different sizes")
        let a = pixels.assumingMemoryBound(to: UInt8.self), b = other.pixels.assumingMemoryBound(to: UInt8.self)
        return (0..<(stride * pixelHeight)).reduce(0) { max($0, abs(Int(a[$1]) - Int(b[$1]))) }
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

    /// Redraws each of `rects` (in points, rounded out to whole device pixels and cut to
    /// the frame) on its own: `body` draws into a scratch buffer exactly that rectangle's
    /// size, transparent to begin with, through a canvas in window points with no clip,
    /// and the scratch pixels then replace the frame's. Empty `rects` redraws the whole frame, cleared
    /// first, straight into the frame.
    ///
    /// Why not one clip: Cairo composites an operation that a clip cuts through along
    /// another path (a mask through the clip) than one it does not, and the two round
    /// differently, by several levels of 255 anywhere in the operation. Here nothing is
    /// clipped: the scratch buffer's edge bounds the work the way the frame's edge bounds
    /// a full redraw, and the drawing is the full redraw's moved by whole device pixels,
    /// so each redrawn pixel is the one a full redraw makes, with one known exception: a
    /// thin slanted stroke cut by the scratch buffer's side, within a pixel or two of it,
    /// can be rasterised a few levels apart (Cairo estimates the coverage of rows where
    /// an edge starts or ends part-way differently; the damage property test meets it in
    /// about one random tree in twenty; scratch rows as wide as the frame avoid it at the
    /// cost of drawing whole rows). Rectangles may overlap: an
    /// overlap is drawn twice, to the same pixels. `body` runs once per rectangle, so it
    /// reads the canvas's extent (`Canvas.clipRectangles`) to skip what lies outside.
    ///
    /// `drawn` is called with each rectangle's pixels (whole device pixels in the frame)
    /// as soon as they are in the frame, before the next is drawn (once, with the whole
    /// frame, when `rects` is empty): a host copies each to the screen while it draws the
    /// next.
    public func draw(eachOf rects: [CGRect], drawn: (PixelRect) -> Void = { _ in }, _ body: (Canvas) -> Void) {
        guard !rects.isEmpty else {
            draw(clippedTo: []) { canvas in
                canvas.clear()
                body(canvas)
            }
            return drawn(PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight))
        }
        let target = cairo_create(surface)!
        defer { cairo_destroy(target) }
        cairo_set_operator(target, CAIRO_OPERATOR_SOURCE)
        for rect in rects {
            guard let pixels = pixelRect(covering: rect) else { continue }
            let (minX, minY, width, height) = (pixels.x, pixels.y, pixels.width, pixels.height)
            let scratch = scratchSurface(width: width, height: height)
            defer { cairo_surface_destroy(scratch) }
            let context = cairo_create(scratch)!
            cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
            cairo_paint(context)
            cairo_set_operator(context, CAIRO_OPERATOR_OVER)
            cairo_translate(context, Double(-minX), Double(-minY))
            cairo_scale(context, Double(scale), Double(scale))
            body(Canvas(context: context))
            cairo_destroy(context)
            cairo_surface_flush(scratch)
            cairo_set_source_surface(target, scratch, Double(minX), Double(minY))
            cairo_rectangle(target, Double(minX), Double(minY), Double(width), Double(height))
            cairo_fill(target)
            cairo_surface_flush(surface)
            drawn(pixels)
        }
    }

    /// Draws over the frame's pixels inside `rects` (in points, each rounded out to
    /// whole device pixels and cut to the frame), keeping what is under whatever `body`
    /// leaves uncovered, and flushes; returns the pixels it may have changed, one
    /// rectangle for each of `rects` that reaches the frame. `body` runs once, clipped
    /// to them all, so where the rectangles overlap it is drawn once. Nothing is drawn
    /// when none reaches the frame. For marks laid over a frame already on screen
    /// (`X11Host.presentEcho(in:_:)`); frames themselves are drawn by
    /// `draw(eachOf:drawn:_:)`.
    @discardableResult
    public func draw(over rects: [CGRect], _ body: (Canvas) -> Void) -> [PixelRect] {
        let pixels = rects.compactMap(pixelRect(covering:))
        guard !pixels.isEmpty else { return [] }
        draw(clippedTo: pixels.map { rect in
            CGRect(x: CGFloat(rect.x) / scale, y: CGFloat(rect.y) / scale,
                   width: CGFloat(rect.width) / scale, height: CGFloat(rect.height) / scale)
        }, body)
        return pixels
    }

    /// The whole device pixels that cover `rect` (in points), cut to the frame; nil when
    /// none are left (or an edge is not a number).
    public func pixelRect(covering rect: CGRect) -> PixelRect? {
        guard !rect.isNull, !rect.minX.isNaN, !rect.minY.isNaN, !rect.maxX.isNaN, !rect.maxY.isNaN else { return nil }
        // Clamped before converting: an edge far outside the frame (or infinite) is as
        // good as one just past it.
        func clamped(_ value: CGFloat, to limit: Int) -> Int { Int(min(CGFloat(limit), max(0, value))) }
        let minX = clamped((rect.minX * scale).rounded(.down), to: pixelWidth)
        let minY = clamped((rect.minY * scale).rounded(.down), to: pixelHeight)
        let maxX = clamped((rect.maxX * scale).rounded(.up), to: pixelWidth)
        let maxY = clamped((rect.maxY * scale).rounded(.up), to: pixelHeight)
        guard maxX > minX, maxY > minY else { return nil }
        return PixelRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// A rectangle of the frame's device pixels.
    public struct PixelRect: Equatable, Sendable {
        public var x, y, width, height: Int

        public init(x: Int, y: Int, width: Int, height: Int) {
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }

    /// An image surface of `width` × `height` pixels over the start of the scratch
    /// memory (grown as needed, kept between frames), its rows `scratchStride` apart.
    private func scratchSurface(width: Int, height: Int) -> OpaquePointer {
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(pixelWidth)))
        let needed = stride * height
        if scratchCapacity < needed {
            scratch?.deallocate()
            scratch = UnsafeMutableRawPointer.allocate(byteCount: needed, alignment: 16)
            scratchCapacity = needed
        }
        return cairo_image_surface_create_for_data(
            scratch!.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(stride))
    }

    private var scratch: UnsafeMutableRawPointer?
    private var scratchCapacity = 0

    /// A copy of the frame's pixels as an image (premultiplied, rows from the top).
    public func makeImage() -> CGImage {
        // An ARGB32 surface of positive size always copies.
        CGImage(copyingCairoSurface: surface)!
    }

    /// The frame as PNG bytes.
    public func pngData() throws(RendererError) -> Data {
        guard let data = CairoPNG.encode(surface) else { throw RendererError.pngEncodingFailed }
        return data
    }

    /// Writes the frame as a PNG file, whole or not at all (`OutputFile`): a regular
    /// file at `url` is replaced, a link, FIFO, device or folder is refused.
    public func writePNG(to url: URL) throws {
        try OutputFile.write(try pngData(), to: url.path)
    }
}
