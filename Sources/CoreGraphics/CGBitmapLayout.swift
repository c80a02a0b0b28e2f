/// The memory of a bitmap context: where its pixels are and how they are laid out. A
/// drawing engine reads it to draw into that memory (`CGDrawingEngine`).
public struct CGBitmapLayout {
    /// Byte offsets of the components inside a 4-byte pixel.
    public struct ChannelOffsets: Equatable, Sendable {
        public var red, green, blue, alpha: Int

        /// The renderer's own layout: premultiplied ARGB words, little-endian.
        public static let native = ChannelOffsets(red: 2, green: 1, blue: 0, alpha: 3)
    }

    public let width: Int
    public let height: Int
    public let bytesPerRow: Int
    /// `nil` for one alpha byte per pixel; else the four components' offsets.
    public let channels: ChannelOffsets?
    /// Where alpha is, as the caller asked for it.
    public let alphaInfo: CGImageAlphaInfo
    /// False for the `noneSkip…` layouts: the fourth byte is ignored, pixels are opaque.
    public var hasAlpha: Bool { alphaInfo != .noneSkipLast && alphaInfo != .noneSkipFirst }
    /// The pixels, first row at the top of the image.
    public let storage: CGBitmapStorage

    /// Whether each pixel is one alpha byte.
    public var isAlphaOnly: Bool { channels == nil }

    /// Whether a drawing engine that draws premultiplied native ARGB or A8 with rows
    /// padded to 4 bytes can draw straight into `storage`.
    public var isNativeLayout: Bool {
        bytesPerRow % 4 == 0 && (channels == nil || (channels == .native && hasAlpha))
    }

    /// The layout for Core Graphics' bitmap-context arguments, or why there is none.
    static func make(
        data: UnsafeMutableRawPointer?, width: Int, height: Int, bitsPerComponent: Int, bytesPerRow: Int,
        space: CGColorSpace?, bitmapInfo: UInt32
    ) -> Result<CGBitmapLayout, BitmapLayoutError> {
        let info = CGBitmapInfo(rawValue: bitmapInfo)
        guard width > 0, height > 0 else { return .failure(.size(width, height)) }
        guard bitsPerComponent == 8 else { return .failure(.unsupported("\(bitsPerComponent) bits per component")) }
        guard let alphaInfo = info.alphaInfo else { return .failure(.unsupported("alpha info \(bitmapInfo & 0x1F)")) }
        let little = info.intersection(.byteOrderMask) == .byteOrder32Little
        var channels: ChannelOffsets?
        switch alphaInfo {
        case .alphaOnly:
            channels = nil
        case .premultipliedLast, .noneSkipLast:
            guard space?.numberOfComponents == 3 else { return .failure(.unsupported("RGBA without an RGB space")) }
            channels = little ? ChannelOffsets(red: 3, green: 2, blue: 1, alpha: 0)
                : ChannelOffsets(red: 0, green: 1, blue: 2, alpha: 3)
        case .premultipliedFirst, .noneSkipFirst:
            guard space?.numberOfComponents == 3 else { return .failure(.unsupported("ARGB without an RGB space")) }
            channels = little ? .native : ChannelOffsets(red: 1, green: 2, blue: 3, alpha: 0)
        case .none, .last, .first:
            return .failure(.unsupported("alpha info \(alphaInfo) (Core Graphics draws premultiplied alpha only)"))
        }
        let bytesPerPixel = channels == nil ? 1 : 4
        let rowBytes = bytesPerRow == 0 ? (width * bytesPerPixel + 3) & ~3 : bytesPerRow
        guard rowBytes >= width * bytesPerPixel else { return .failure(.rowTooShort(rowBytes)) }
        let storage = data.map { CGBitmapStorage(borrowing: $0) } ?? CGBitmapStorage(allocating: rowBytes * height)
        return .success(CGBitmapLayout(
            width: width, height: height, bytesPerRow: rowBytes, channels: channels, alphaInfo: alphaInfo, storage: storage))
    }

    // MARK: - Conversion to and from the native layout

    /// Copies the pixels into `native` (premultiplied native ARGB words, or alpha bytes
    /// for an alpha-only layout), `nativeBytesPerRow` apart.
    public func copyPixels(toNative native: UnsafeMutableRawPointer, nativeBytesPerRow: Int) {
        let source = storage.bytes
        // Already native (a backing store, most bitmaps the renderer makes): the bytes
        // as they are, not rebuilt pixel by pixel.
        if channels == .native, hasAlpha {
            return Self.copyRows(from: source, bytesPerRow, to: native, nativeBytesPerRow, rowBytes: width * 4, rows: height)
        }
        for row in 0..<height {
            let from = source + row * bytesPerRow, to = native + row * nativeBytesPerRow
            guard let c = channels else {
                to.copyMemory(from: from, byteCount: width)
                continue
            }
            for x in 0..<width {
                let p = from + x * 4
                let a: UInt32 = hasAlpha ? UInt32(p.load(fromByteOffset: c.alpha, as: UInt8.self)) : 255
                let r = UInt32(p.load(fromByteOffset: c.red, as: UInt8.self))
                let g = UInt32(p.load(fromByteOffset: c.green, as: UInt8.self))
                let b = UInt32(p.load(fromByteOffset: c.blue, as: UInt8.self))
                to.storeBytes(of: a << 24 | r << 16 | g << 8 | b, toByteOffset: x * 4, as: UInt32.self)
            }
        }
    }

    /// Copies pixels in the native layout (see `copyPixels(toNative:nativeBytesPerRow:)`)
    /// into `storage`.
    public func copyPixels(fromNative native: UnsafeRawPointer, nativeBytesPerRow: Int) {
        let destination = storage.bytes
        if channels == .native, hasAlpha {
            return Self.copyRows(from: native, nativeBytesPerRow, to: destination, bytesPerRow, rowBytes: width * 4, rows: height)
        }
        for row in 0..<height {
            let from = native + row * nativeBytesPerRow, to = destination + row * bytesPerRow
            guard let c = channels else {
                to.copyMemory(from: from, byteCount: width)
                continue
            }
            for x in 0..<width {
                let word = from.load(fromByteOffset: x * 4, as: UInt32.self)
                let p = to + x * 4
                p.storeBytes(of: UInt8(truncatingIfNeeded: word >> 16), toByteOffset: c.red, as: UInt8.self)
                p.storeBytes(of: UInt8(truncatingIfNeeded: word >> 8), toByteOffset: c.green, as: UInt8.self)
                p.storeBytes(of: UInt8(truncatingIfNeeded: word), toByteOffset: c.blue, as: UInt8.self)
                p.storeBytes(of: hasAlpha ? UInt8(truncatingIfNeeded: word >> 24) : 255, toByteOffset: c.alpha, as: UInt8.self)
            }
        }
    }
}

extension CGBitmapLayout {
    /// `rows` rows of `rowBytes` bytes, in one copy when both strides are alike.
    static func copyRows(from source: UnsafeRawPointer, _ sourceStride: Int, to destination: UnsafeMutableRawPointer,
                         _ destinationStride: Int, rowBytes: Int, rows: Int) {
        if sourceStride == destinationStride {
            destination.copyMemory(from: source, byteCount: sourceStride * (rows - 1) + rowBytes)
            return
        }
        for row in 0..<rows {
            (destination + row * destinationStride).copyMemory(from: source + row * sourceStride, byteCount: rowBytes)
        }
    }
}

/// The bytes behind a bitmap context: the caller's, or zeroed memory the context owns
/// and frees when the last of the context and its backend lets go.
public final class CGBitmapStorage {
    public let bytes: UnsafeMutableRawPointer
    private let isOwned: Bool

    init(borrowing bytes: UnsafeMutableRawPointer) {
        self.bytes = bytes
        isOwned = false
    }

    init(allocating count: Int) {
        bytes = UnsafeMutableRawPointer.allocate(byteCount: count, alignment: 16)
        bytes.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        isOwned = true
    }

    deinit {
        if isOwned { bytes.deallocate() }
    }
}

/// Why `CGContext(data:width:height:…)` returned `nil`.
enum BitmapLayoutError: Error, CustomStringConvertible {
    case size(Int, Int)
    case unsupported(String)
    case rowTooShort(Int)

    var description: String {
        switch self {
        case let .size(width, height): "a bitmap context needs a positive size, not \(width) × \(height)"
        case let .unsupported(what): "bitmap contexts support 8-bit premultiplied RGBA/ARGB and alpha-only, not \(what)"
        case let .rowTooShort(bytes): "\(bytes) bytes per row is too few for the width"
        }
    }
}
