/// Bytes an image is made from, with Core Graphics' names: here simply the whole data,
/// read at once.
public final class CGDataProvider: Sendable {
    /// The bytes; `nil` never happens for a provider that was created.
    public let data: Data?

    public init(data: Data) {
        self.data = data
    }

    /// The contents of a file; `nil` when it cannot be read.
    public convenience init?(url: URL) {
        guard let data = try? Data(contentsOf: url) else { return nil }
        self.init(data: data)
    }

    public convenience init?(filename: String) {
        self.init(url: URL(fileURLWithPath: filename))
    }
}

/// How colours outside a space are mapped into it; kept for signatures only, since
/// everything is drawn in sRGB.
public enum CGColorRenderingIntent: Int32, Sendable {
    case defaultIntent = 0
    case absoluteColorimetric = 1
    case relativeColorimetric = 2
    case perceptual = 3
    case saturation = 4
}
