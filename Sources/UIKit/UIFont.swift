/// A font at a size, with UIKit's names. The system font is DejaVu Sans (regular and
/// bold, from `fonts-dejavu-core`); other names go to fontconfig (see `TextFont`).
public final class UIFont: Hashable, Sendable, CustomStringConvertible {
    public let fontName: String
    public let pointSize: CGFloat

    /// The font named `fontName`; never `nil` here, since fontconfig substitutes a
    /// family it does not have.
    public init?(name fontName: String, size fontSize: CGFloat) {
        self.fontName = fontName
        pointSize = fontSize
    }

    private init(systemNamed name: String, size: CGFloat) {
        fontName = name
        pointSize = size
    }

    public static func systemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(systemNamed: "DejaVuSans", size: fontSize)
    }

    /// Weights from semibold up draw bold; lighter ones regular (the system family has
    /// two weights).
    public static func systemFont(ofSize fontSize: CGFloat, weight: Weight) -> UIFont {
        weight.rawValue >= Weight.semibold.rawValue ? boldSystemFont(ofSize: fontSize) : systemFont(ofSize: fontSize)
    }

    public static func boldSystemFont(ofSize fontSize: CGFloat) -> UIFont {
        UIFont(systemNamed: "DejaVuSans-Bold", size: fontSize)
    }

    /// UIKit's standard sizes.
    public static var systemFontSize: CGFloat { 14 }
    public static var labelFontSize: CGFloat { 17 }

    public func withSize(_ fontSize: CGFloat) -> UIFont {
        UIFont(systemNamed: fontName, size: fontSize)
    }

    /// The font as the drawing engine takes it.
    package var textFont: TextFont {
        TextFont(name: fontName, size: pointSize)
    }

    public var familyName: String { textFont.family }
    /// From the baseline up, positive.
    public var ascender: CGFloat { textFont.metrics.ascent }
    /// From the baseline down, negative as in UIKit.
    public var descender: CGFloat { -textFont.metrics.descent }
    /// Baseline to baseline.
    public var lineHeight: CGFloat { textFont.metrics.lineHeight }

    /// A font weight, with UIKit's names and values.
    public struct Weight: RawRepresentable, Hashable, Sendable {
        public var rawValue: CGFloat
        public init(rawValue: CGFloat) { self.rawValue = rawValue }

        public static let ultraLight = Weight(rawValue: -0.8)
        public static let thin = Weight(rawValue: -0.6)
        public static let light = Weight(rawValue: -0.4)
        public static let regular = Weight(rawValue: 0)
        public static let medium = Weight(rawValue: 0.23)
        public static let semibold = Weight(rawValue: 0.3)
        public static let bold = Weight(rawValue: 0.4)
        public static let heavy = Weight(rawValue: 0.56)
        public static let black = Weight(rawValue: 0.62)
    }

    public static func == (lhs: UIFont, rhs: UIFont) -> Bool {
        lhs.fontName == rhs.fontName && lhs.pointSize == rhs.pointSize
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fontName)
        hasher.combine(pointSize)
    }

    public var description: String {
        "UIFont(\(fontName), \(pointSize) pt)"
    }
}
