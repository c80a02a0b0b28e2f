/// Where a bitmap keeps alpha, with Core Graphics' names and raw values.
public enum CGImageAlphaInfo: UInt32, Sendable {
    case none = 0
    /// Premultiplied alpha after the colour components (RGBA in memory).
    case premultipliedLast = 1
    /// Premultiplied alpha before the colour components (ARGB, or BGRA in memory with
    /// `CGBitmapInfo.byteOrder32Little`: the renderer's own layout).
    case premultipliedFirst = 2
    case last = 3
    case first = 4
    /// No alpha; the last byte of each pixel is ignored.
    case noneSkipLast = 5
    /// No alpha; the first byte of each pixel is ignored.
    case noneSkipFirst = 6
    /// One byte of alpha per pixel and no colour (`kCGImageAlphaOnly`).
    case alphaOnly = 7
}

/// A bitmap's alpha placement and byte order as one value, as Core Graphics packs them.
public struct CGBitmapInfo: OptionSet, Sendable {
    public var rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let alphaInfoMask = CGBitmapInfo(rawValue: 0x1F)
    public static let byteOrderMask = CGBitmapInfo(rawValue: 0x7000)
    public static let byteOrder32Little = CGBitmapInfo(rawValue: 2 << 12)
    public static let byteOrder32Big = CGBitmapInfo(rawValue: 4 << 12)

    /// The alpha placement packed in the low bits.
    public var alphaInfo: CGImageAlphaInfo? {
        CGImageAlphaInfo(rawValue: rawValue & CGBitmapInfo.alphaInfoMask.rawValue)
    }
}
