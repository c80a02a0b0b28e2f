/// A colour as device RGB components in 0…1 with alpha.
///
/// On Apple platforms `CGColor` is a reference type tied to a colour space; here it is
/// a plain value in one RGB space, because the renderer draws in sRGB only and values
/// are cheap to hand between the model and the presentation trees. Components are
/// stored as given (not clamped); the renderer clamps when it draws.
public struct CGColor: Hashable, Sendable {
    public var red: CGFloat
    public var green: CGFloat
    public var blue: CGFloat
    public var alpha: CGFloat

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A grey: `gray` for each of red, green and blue.
    public init(gray: CGFloat, alpha: CGFloat) {
        self.init(red: gray, green: gray, blue: gray, alpha: alpha)
    }

    /// Red, green, blue, alpha, as Core Graphics reports an RGB colour's components.
    public var components: [CGFloat]? {
        [red, green, blue, alpha]
    }

    public var numberOfComponents: Int { 4 }

    /// The same colour with another alpha (as `CGColor.copy(alpha:)`).
    public func copy(alpha: CGFloat) -> CGColor? {
        CGColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    public static let black = CGColor(gray: 0, alpha: 1)
    public static let white = CGColor(gray: 1, alpha: 1)
    public static let clear = CGColor(gray: 0, alpha: 0)
}
