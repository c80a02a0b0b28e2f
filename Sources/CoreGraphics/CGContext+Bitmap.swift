// Bitmap contexts: a context drawing into memory, through the installed drawing engine.

extension CGContext {
    /// The engine behind bitmap contexts, PNG decoding and text measurement. The
    /// renderer installs one (`CairoDrawingEngine.install()`); set it once at start-up,
    /// before drawing, from the main thread. Without one, bitmap contexts draw nothing,
    /// PNGs do not decode and text is measured by estimate; each logs to `DrawingDebug`.
    nonisolated(unsafe) public static var drawingEngine: (any CGDrawingEngine)?

    /// Which engine is installed (nil: none): what an earlier engine measured (a text
    /// layer's kept layout) is measured again by another.
    package static var drawingEngineIdentity: ObjectIdentifier? {
        drawingEngine.map { ObjectIdentifier($0) }
    }

    /// A context drawing into `data` (or into memory it allocates when `data` is `nil`),
    /// `width` × `height` pixels, as `CGBitmapContextCreate`.
    ///
    /// Supported: 8 bits per component, premultiplied RGBA or ARGB in either byte order
    /// (`premultipliedLast` / `premultipliedFirst`, also the `noneSkip…` opaque forms)
    /// with an RGB `space`, and one byte of alpha (`CGImageAlphaInfo.alphaOnly`, any or
    /// no space). Anything else returns `nil` with a `DrawingDebug` line. `bytesPerRow`
    /// 0 means as few as the width needs, padded to 4.
    ///
    /// As in Core Graphics, user space is y-up with the origin at the bottom left, and the
    /// first row of memory is the top of the image. The memory holds what was drawn
    /// after each painting call returns. Without an installed drawing engine the context
    /// is created but draws nothing (one `DrawingDebug` line), so callers never crash.
    public convenience init?(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace?, bitmapInfo: UInt32
    ) {
        let layout: CGBitmapLayout
        switch CGBitmapLayout.make(
            data: data, width: width, height: height, bitsPerComponent: bitsPerComponent, bytesPerRow: bytesPerRow,
            space: space, bitmapInfo: bitmapInfo)
        {
        case .success(let made): layout = made
        case .failure(let error):
            DrawingDebug.log("CGContext(data:…) returns nil: \(error)")
            return nil
        }
        guard let engine = CGContext.drawingEngine else {
            DrawingDebug.log("no drawing engine installed: the \(width) × \(height) bitmap context draws nothing")
            self.init(backend: nil, bitmap: layout)
            return
        }
        self.init(backend: engine.makeBitmapBackend(for: layout), bitmap: layout)
    }

    /// The bitmap's memory; `nil` for a context that is not a bitmap context.
    public var data: UnsafeMutableRawPointer? { bitmap?.storage.bytes }
    public var width: Int { bitmap?.width ?? 0 }
    public var height: Int { bitmap?.height ?? 0 }
    public var bytesPerRow: Int { bitmap?.bytesPerRow ?? 0 }
    public var bitsPerComponent: Int { bitmap == nil ? 0 : 8 }
    public var bitsPerPixel: Int { bitmap.map { $0.isAlphaOnly ? 8 : 32 } ?? 0 }

    public var alphaInfo: CGImageAlphaInfo { bitmap?.alphaInfo ?? .none }

    /// A copy of what a bitmap context holds; `nil` for other contexts.
    public func makeImage() -> CGImage? {
        guard let bitmap else { return nil }
        let image = CGImage(width: bitmap.width, height: bitmap.height, alphaOnly: bitmap.isAlphaOnly)
        bitmap.copyPixels(toNative: image.pixels, nativeBytesPerRow: image.bytesPerRow)
        return image
    }
}
