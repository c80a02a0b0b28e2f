/// A layer that draws a path: filled with `fillColor` by `fillRule`, then stroked with
/// `strokeColor` at `lineWidth`, in bounds coordinates, above the background and below
/// the sublayers.
///
/// Like any Core Animation layer it hit-tests its *bounds*, whatever its path looks
/// like. Set `hitTestsByShape` to hit-test the filled path instead (this project's
/// path hit-testing, see `CALayer.hitTestPath`), so a tap on the transparent corners
/// of a drawn arrow misses it.
open class CAShapeLayer: CALayer {
    public required init() {
        super.init()
    }

    /// Copies the shape properties too (see `CALayer.init(layer:)`).
    public required init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? CAShapeLayer else { return }
        path = other.path
        fillColor = other.fillColor
        strokeColor = other.strokeColor
        lineWidth = other.lineWidth
        fillRule = other.fillRule
        lineCap = other.lineCap
        lineJoin = other.lineJoin
        strokeStart = other.strokeStart
        strokeEnd = other.strokeEnd
        hitTestsByShape = other.hitTestsByShape
    }

    open var path: CGPath? {
        didSet { noteVisualChange() }
    }
    /// Opaque black by default; `nil` fills nothing.
    open var fillColor: CGColor? = .black {
        didSet {
            animatablePropertyChanged("fillColor", from: oldValue)
        }
    }
    /// `nil` by default: no stroke.
    open var strokeColor: CGColor? {
        didSet {
            animatablePropertyChanged("strokeColor", from: oldValue)
        }
    }
    open var lineWidth: CGFloat = 1 {
        didSet {
            animatablePropertyChanged("lineWidth", from: oldValue)
        }
    }
    open var fillRule: CAShapeLayerFillRule = .nonZero {
        didSet { noteVisualChange() }
    }
    open var lineCap: CAShapeLayerLineCap = .butt {
        didSet { noteVisualChange() }
    }
    open var lineJoin: CAShapeLayerLineJoin = .miter {
        didSet { noteVisualChange() }
    }
    /// The fraction of the path's length where the stroke starts and ends, 0…1.
    open var strokeStart: CGFloat = 0 {
        didSet {
            animatablePropertyChanged("strokeStart", from: oldValue)
        }
    }
    open var strokeEnd: CGFloat = 1 {
        didSet {
            animatablePropertyChanged("strokeEnd", from: oldValue)
        }
    }

    /// When true, `contains(_:)` answers whether the point lies in the filled `path`
    /// (by `fillRule`) instead of in the bounds. An explicit `hitTestPath` wins over it.
    open var hitTestsByShape = false {
        didSet { hitTestsByOwnShape = hitTestsByShape }
    }

    open override func contains(_ p: CGPoint) -> Bool {
        if hitTestPath == nil, hitTestsByOwnShape {
            guard let path else { return false }
            return path.contains(p, using: fillRule.pathFillRule)
        }
        return super.contains(p)
    }
}

/// How the inside of a shape layer's path is decided.
public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
    public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")

    /// The geometry module's rule of the same meaning.
    public var pathFillRule: CGPathFillRule {
        self == .evenOdd ? .evenOdd : .winding
    }
}

public struct CAShapeLayerLineCap: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let butt = CAShapeLayerLineCap(rawValue: "butt")
    public static let round = CAShapeLayerLineCap(rawValue: "round")
    public static let square = CAShapeLayerLineCap(rawValue: "square")
}

public struct CAShapeLayerLineJoin: RawRepresentable, Hashable, Sendable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    public static let miter = CAShapeLayerLineJoin(rawValue: "miter")
    public static let round = CAShapeLayerLineJoin(rawValue: "round")
    public static let bevel = CAShapeLayerLineJoin(rawValue: "bevel")
}
