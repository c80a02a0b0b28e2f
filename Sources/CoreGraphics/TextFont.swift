/// A font at a size, as the text layers and labels draw with it. Not a Core Graphics
/// type (Core Graphics leaves text to Core Text): the smallest description the drawing
/// engine needs, built from the font names UIKit and Core Animation take.
public struct TextFont: Hashable, Sendable {
    public enum Weight: Hashable, Sendable {
        case regular, bold
    }

    /// A fontconfig family name.
    public var family: String
    public var size: CGFloat
    public var weight: Weight

    /// The family the system font maps to (the `fonts-dejavu-core` package).
    public static let systemFamily = "DejaVu Sans"

    public init(family: String = TextFont.systemFamily, size: CGFloat, weight: Weight = .regular) {
        self.family = family
        self.size = size
        self.weight = weight
    }

    /// The font for a PostScript-style name such as "DejaVuSans-Bold" or
    /// "Helvetica-Bold": a "Bold" suffix selects the weight, and the system names
    /// (empty, ".SFUI…", "Helvetica", "DejaVuSans…") map to DejaVu Sans, the one family
    /// the sandbox is sure to have; other names go to fontconfig as they are.
    public init(name: String, size: CGFloat) {
        let bold = name.hasSuffix("Bold") || name.hasSuffix("-Semibold")
        var family = name
        for suffix in ["-Bold", " Bold", "Bold", "-Semibold", "-Regular"] where family.hasSuffix(suffix) {
            family.removeLast(suffix.count)
            break
        }
        let systemNames = ["", ".SFUI", ".SFUIText", ".SFUIDisplay", "Helvetica", "HelveticaNeue", "DejaVuSans",
                           "DejaVu Sans", "system"]
        if systemNames.contains(family) { family = TextFont.systemFamily }
        self.init(family: family, size: size, weight: bold ? .bold : .regular)
    }

    /// Ascent, descent and line height from the drawing engine, or DejaVu Sans'
    /// proportions when none is installed.
    public var metrics: TextFontMetrics {
        CGContext.drawingEngine?.metrics(of: self)
            ?? TextFontMetrics(ascent: 0.928 * size, descent: 0.236 * size, lineHeight: 1.164 * size)
    }

    /// The advance of one line of `text`, from the drawing engine, or an estimate of
    /// 0.6 em per character when none is installed.
    public func advance(of text: String) -> CGFloat {
        CGContext.drawingEngine?.advance(of: text, in: self) ?? CGFloat(text.count) * 0.6 * size
    }
}

/// The vertical metrics of a font, in points, positive.
public struct TextFontMetrics: Hashable, Sendable {
    /// From the baseline up to the top of the tallest glyphs.
    public var ascent: CGFloat
    /// From the baseline down to the bottom of the lowest glyphs.
    public var descent: CGFloat
    /// Baseline to baseline.
    public var lineHeight: CGFloat

    public init(ascent: CGFloat, descent: CGFloat, lineHeight: CGFloat) {
        self.ascent = ascent
        self.descent = descent
        self.lineHeight = lineHeight
    }
}
