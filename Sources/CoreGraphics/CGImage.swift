/// An immutable bitmap image with Core Graphics' names.
///
/// Pixels are kept in one of the two layouts the renderer draws without converting:
/// 32-bit premultiplied ARGB words in native byte order (`premultipliedFirst` with
/// `byteOrder32Little` on the little-endian machines this runs on; in memory B, G, R, A)
/// or one byte of alpha per pixel (`alphaOnly`), rows padded to 4 bytes. Rows run from
/// the top of the image down.
public final class CGImage {
    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// Whether each pixel is a single alpha byte.
    package let isAlphaOnly: Bool
    /// The pixels, `bytesPerRow * height` bytes, owned by the image.
    package let pixels: UnsafeMutableRawPointer
    /// Whatever the installed drawing engine keeps to draw this image fast (the
    /// renderer keeps a Cairo surface over `pixels`); freed with the image.
    package var engineCache: AnyObject?

    /// A transparent image of `width` × `height` pixels (at least 1 × 1).
    package init(width: Int, height: Int, alphaOnly: Bool) {
        self.width = max(1, width)
        self.height = max(1, height)
        self.isAlphaOnly = alphaOnly
        bytesPerRow = alphaOnly ? (self.width + 3) & ~3 : self.width * 4
        pixels = UnsafeMutableRawPointer.allocate(byteCount: bytesPerRow * self.height, alignment: 16)
        pixels.initializeMemory(as: UInt8.self, repeating: 0, count: bytesPerRow * self.height)
    }

    deinit {
        pixels.deallocate()
    }

    public var bitsPerComponent: Int { 8 }
    public var bitsPerPixel: Int { isAlphaOnly ? 8 : 32 }

    public var alphaInfo: CGImageAlphaInfo {
        isAlphaOnly ? .alphaOnly : .premultipliedFirst
    }

    public var bitmapInfo: CGBitmapInfo {
        isAlphaOnly ? CGBitmapInfo(rawValue: CGImageAlphaInfo.alphaOnly.rawValue)
            : CGBitmapInfo(rawValue: CGImageAlphaInfo.premultipliedFirst.rawValue).union(.byteOrder32Little)
    }

    /// The pixel bytes, as Core Graphics hands them through `dataProvider`.
    public var dataProvider: CGDataProvider? {
        CGDataProvider(data: Data(bytes: pixels, count: bytesPerRow * height))
    }

    /// Decodes PNG bytes with the installed drawing engine (`CGContext.drawingEngine`).
    /// `nil`, with a line in `DrawingDebug`, when the bytes are not a PNG or no engine is
    /// installed. The other arguments are accepted for Core Graphics' signature only.
    public convenience init?(
        pngDataProviderSource source: CGDataProvider, decode: UnsafePointer<CGFloat>?, shouldInterpolate: Bool,
        intent: CGColorRenderingIntent
    ) {
        guard let engine = CGContext.drawingEngine else {
            DrawingDebug.log("cannot decode a PNG: no drawing engine installed (call CairoDrawingEngine.install())")
            return nil
        }
        guard let data = source.data, let decoded = engine.decodePNG(data) else {
            DrawingDebug.log("the data is not a PNG image the drawing engine can decode")
            return nil
        }
        self.init(copying: decoded, from: CGRect(x: 0, y: 0, width: decoded.width, height: decoded.height))
    }

    /// The pixels of `source` inside `rect` (whole pixels, within the image).
    private convenience init(copying source: CGImage, from rect: CGRect) {
        let x = Int(rect.minX), y = Int(rect.minY)
        self.init(width: Int(rect.width), height: Int(rect.height), alphaOnly: source.isAlphaOnly)
        let bytesPerPixel = isAlphaOnly ? 1 : 4
        for row in 0..<height {
            (pixels + row * bytesPerRow).copyMemory(
                from: source.pixels + (y + row) * source.bytesPerRow + x * bytesPerPixel,
                byteCount: width * bytesPerPixel)
        }
    }

    /// The part of the image inside `rect` (in pixels, from the top left), widened to
    /// whole pixels and cut to the image; `nil` when nothing is left.
    public func cropping(to rect: CGRect) -> CGImage? {
        let pixelRect = rect.standardized.integral.intersection(CGRect(x: 0, y: 0, width: width, height: height))
        guard !pixelRect.isNull, pixelRect.width >= 1, pixelRect.height >= 1 else { return nil }
        return CGImage(copying: self, from: pixelRect)
    }

    /// The premultiplied components of the pixel at column `x`, row `y` (from the top),
    /// 0…255; all four are the alpha for an alpha-only image.
    package func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let row = pixels + y * bytesPerRow
        if isAlphaOnly {
            let a = row.load(fromByteOffset: x, as: UInt8.self)
            return (a, a, a, a)
        }
        let word = row.load(fromByteOffset: x * 4, as: UInt32.self)
        return (UInt8(truncatingIfNeeded: word >> 16), UInt8(truncatingIfNeeded: word >> 8),
                UInt8(truncatingIfNeeded: word), UInt8(truncatingIfNeeded: word >> 24))
    }
}
