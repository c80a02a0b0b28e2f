/// A colour space, with Core Graphics' names. Everything here is drawn in sRGB, so a
/// colour space only tells a bitmap context whether it has colour components at all.
public final class CGColorSpace: Sendable {
    /// The space's name, one of the constants below.
    public let name: String?
    /// Colour components per pixel: 3 for RGB, 1 for grey.
    public let numberOfComponents: Int

    /// A named space; `nil` for a name that is not one of the constants below.
    public init?(name: String) {
        switch name {
        case CGColorSpace.sRGB, CGColorSpace.genericRGBLinear, CGColorSpace.deviceRGB: numberOfComponents = 3
        case CGColorSpace.genericGrayGamma2_2, CGColorSpace.linearGray, CGColorSpace.deviceGray: numberOfComponents = 1
        default: return nil
        }
        self.name = name
    }

    public static let sRGB = "kCGColorSpaceSRGB"
    public static let genericRGBLinear = "kCGColorSpaceGenericRGBLinear"
    public static let genericGrayGamma2_2 = "kCGColorSpaceGenericGrayGamma2_2"
    public static let linearGray = "kCGColorSpaceLinearGray"
    static let deviceRGB = "kCGColorSpaceDeviceRGB"
    static let deviceGray = "kCGColorSpaceDeviceGray"
}

public func CGColorSpaceCreateDeviceRGB() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceRGB)!
}

public func CGColorSpaceCreateDeviceGray() -> CGColorSpace {
    CGColorSpace(name: CGColorSpace.deviceGray)!
}
