/// A layer that draws a string, with Core Animation's names and defaults (36-point
/// text in opaque white, not wrapped, not truncated). Drawn by the renderer in DejaVu
/// Sans (see `TextFont`), straight into the frame each time, from a layout kept until a
/// property or the width changes.
open class CATextLayer: CALayer {
    public required init() {
        super.init()
    }

    /// Copies the text properties too (see `CALayer.init(layer:)`), so animated text
    /// layers draw their text.
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CATextLayer else { return }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        alignmentMode = other.alignmentMode
        truncationMode = other.truncationMode
        maximumNumberOfLines = other.maximumNumberOfLines
        centersTextVertically = other.centersTextVertically
    }

    /// The text: a `String` (anything else draws its description).
    open var string: Any? {
        didSet { textChanged() }
    }
    /// A font name (`String`), such as "DejaVuSans-Bold"; `nil` is the system font.
    open var font: Any? {
        didSet { textChanged() }
    }
    open var fontSize: CGFloat = 36 {
        didSet { textChanged() }
    }
    open var foregroundColor: CGColor? = .white {
        didSet { noteVisualChange() }
    }
    /// Whether lines longer than the bounds wrap at word boundaries.
    open var isWrapped = false {
        didSet { textChanged() }
    }
    open var alignmentMode: CATextLayerAlignmentMode = .natural {
        didSet { noteVisualChange() }
    }
    /// Where text that does not fit the bounds is cut and an ellipsis shown.
    open var truncationMode: CATextLayerTruncationMode = .none {
        didSet { textChanged() }
    }

    /// At most this many lines, the last truncated by `truncationMode`; 0 is no limit.
    /// Not Core Animation's: what `UILabel.numberOfLines` sets.
    package var maximumNumberOfLines = 0 {
        didSet { textChanged() }
    }
    /// Whether the text block is centred vertically in the bounds instead of starting
    /// at the top. Not Core Animation's: labels centre their text.
    package var centersTextVertically = false {
        didSet { noteVisualChange() }
    }

    /// The font `font` and `fontSize` describe.
    package var textFont: TextFont {
        TextFont(name: font as? String ?? "", size: fontSize)
    }

    /// The text `string` describes.
    package var text: String {
        switch string {
        case nil: ""
        case let text as String: text
        case let other?: String(describing: other)
        }
    }

    /// The layout of the text in a given width, kept while nothing it depends on changes
    /// (the text, its font and lines, and the engine that measures it).
    private var cachedLayout: (width: CGFloat, engine: ObjectIdentifier?, layout: TextLayout)?

    private func textChanged() {
        cachedLayout = nil
        noteVisualChange()
    }

    /// The text laid out for the current bounds and properties.
    package func layout(width: CGFloat) -> TextLayout {
        let engine = CGContext.drawingEngineIdentity
        if let cachedLayout, cachedLayout.width == width, cachedLayout.engine == engine { return cachedLayout.layout }
        let layout = TextLayout(
            text: text, font: textFont, width: width, wraps: isWrapped, maximumLines: maximumNumberOfLines,
            truncation: truncationMode)
        cachedLayout = (width, engine, layout)
        return layout
    }

    func drawText(in ctx: CGContext) {
        guard let color = foregroundColor, color.alpha > 0, string != nil else { return }
        let bounds = bounds
        let layout = layout(width: bounds.width)
        ctx.setFillColor(color)
        layout.draw(in: ctx, bounds: bounds, alignment: alignmentMode, centeredVertically: centersTextVertically)
    }
}

/// How a text layer aligns its lines, with Core Animation's names.
public struct CATextLayerAlignmentMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Left, for the left-to-right text drawn here.
    public static let natural = CATextLayerAlignmentMode(rawValue: "natural")
    public static let left = CATextLayerAlignmentMode(rawValue: "left")
    public static let right = CATextLayerAlignmentMode(rawValue: "right")
    public static let center = CATextLayerAlignmentMode(rawValue: "center")
    /// Drawn as left-aligned (word spacing is not stretched).
    public static let justified = CATextLayerAlignmentMode(rawValue: "justified")
}

/// Where a text layer cuts text that does not fit, with Core Animation's names.
public struct CATextLayerTruncationMode: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let none = CATextLayerTruncationMode(rawValue: "none")
    public static let start = CATextLayerTruncationMode(rawValue: "start")
    public static let end = CATextLayerTruncationMode(rawValue: "end")
    public static let middle = CATextLayerTruncationMode(rawValue: "middle")
}
