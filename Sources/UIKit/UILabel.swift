/// A view that shows text, with UIKit's names: backed by a `CATextLayer` the renderer
/// draws each frame (no backing store), the text centred vertically as UIKit centres it.
///
/// As in UIKit, `isUserInteractionEnabled` is false by default. Sizes come from the
/// installed drawing engine's text measurement (`CairoDrawingEngine.install()`); without
/// one they are estimates.
@MainActor
open class UILabel: UIView {
    open override class var layerClass: AnyClass {
        CATextLayer.self
    }

    public override init(frame: CGRect) {
        super.init(frame: frame)
        configure()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        configure()
    }

    /// The backing layer, a `CATextLayer` by `layerClass`.
    private var textLayer: CATextLayer {
        unsafeDowncast(layer, to: CATextLayer.self)
    }

    private func configure() {
        storedIsUserInteractionEnabled = false
        textLayer.centersTextVertically = true
        textLayer.contentsScale = UIScreen.main.scale
        applyFont()
        applyColor()
        applyAlignment()
        applyLines()
    }

    open var text: String? {
        didSet { textLayer.string = text }
    }

    /// 17-point system font by default.
    open var font: UIFont! = .systemFont(ofSize: UIFont.labelFontSize) {
        didSet { applyFont() }
    }

    /// Black (`.label`) by default.
    open var textColor: UIColor! = .label {
        didSet { applyColor() }
    }

    open var textAlignment: NSTextAlignment = .natural {
        didSet { applyAlignment() }
    }

    /// The most lines shown; 0 is as many as needed. With more than one, text wraps at
    /// word boundaries.
    open var numberOfLines = 1 {
        didSet { applyLines() }
    }

    /// Where text that does not fit is cut (truncating modes show an ellipsis).
    open var lineBreakMode: NSLineBreakMode = .byTruncatingTail {
        didSet { applyLines() }
    }

    /// The size of the text laid out within `size.width` (unlimited for a one-line
    /// label), rounded up to whole points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let width = numberOfLines == 1 || size.width <= 0 ? .greatestFiniteMagnitude : size.width
        let fitted = textLayer.layout(width: width).size
        return CGSize(width: fitted.width.rounded(.up), height: fitted.height.rounded(.up))
    }

    /// The size of the text on as few lines as `numberOfLines` allows.
    open var intrinsicContentSize: CGSize {
        sizeThatFits(CGSize(width: CGFloat.greatestFiniteMagnitude, height: .greatestFiniteMagnitude))
    }

    // MARK: - Mapping to the text layer

    private func applyFont() {
        let font = font ?? .systemFont(ofSize: UIFont.labelFontSize)
        textLayer.font = font.fontName
        textLayer.fontSize = font.pointSize
    }

    private func applyColor() {
        textLayer.foregroundColor = (textColor ?? .label).cgColor
    }

    private func applyAlignment() {
        switch textAlignment {
        case .center: textLayer.alignmentMode = .center
        case .right: textLayer.alignmentMode = .right
        case .left, .justified, .natural: textLayer.alignmentMode = .left
        }
    }

    private func applyLines() {
        textLayer.isWrapped = numberOfLines != 1
        textLayer.maximumNumberOfLines = numberOfLines
        switch lineBreakMode {
        case .byTruncatingHead: textLayer.truncationMode = .start
        case .byTruncatingMiddle: textLayer.truncationMode = .middle
        case .byTruncatingTail: textLayer.truncationMode = .end
        case .byWordWrapping, .byCharWrapping, .byClipping: textLayer.truncationMode = .none
        }
    }
}
