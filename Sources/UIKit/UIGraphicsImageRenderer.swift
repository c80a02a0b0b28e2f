/// The scale and opacity of the images a `UIGraphicsImageRenderer` makes.
@MainActor
open class UIGraphicsImageRendererFormat {
    /// Pixels per point; the main screen's scale by default.
    open var scale: CGFloat = UIScreen.main.scale
    /// Accepted for UIKit's API; images always keep alpha.
    open var opaque = false

    public init() {}

    open class func `default`() -> UIGraphicsImageRendererFormat {
        UIGraphicsImageRendererFormat()
    }
}

/// The context handed to a renderer's drawing closure.
@MainActor
open class UIGraphicsImageRendererContext {
    /// The bitmap context, in UIKit's y-down points; also the current context.
    public let cgContext: CGContext
    public let format: UIGraphicsImageRendererFormat

    init(cgContext: CGContext, format: UIGraphicsImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// What has been drawn so far.
    open var currentImage: UIImage {
        UIImage(cgImage: cgContext.makeImage()!, scale: format.scale, orientation: .up)
    }

    open func fill(_ rect: CGRect) {
        cgContext.fill(rect)
    }

    open func stroke(_ rect: CGRect) {
        cgContext.stroke(rect)
    }

    open func clip(to rect: CGRect) {
        cgContext.clip(to: rect)
    }
}

/// Makes images by drawing, as UIKit's renderer does: each call runs the closure with a
/// fresh bitmap context pushed as the current context (so UIKit drawing such as
/// `UIBezierPath.fill()` lands in it) and returns what it drew.
@MainActor
open class UIGraphicsImageRenderer {
    public let format: UIGraphicsImageRendererFormat
    private let bounds: CGRect

    public init(size: CGSize, format: UIGraphicsImageRendererFormat) {
        self.format = format
        bounds = CGRect(origin: .zero, size: size)
    }

    public convenience init(size: CGSize) {
        self.init(size: size, format: .default())
    }

    /// Drawing coordinates start at `bounds.origin` instead of zero.
    public init(bounds: CGRect, format: UIGraphicsImageRendererFormat = .default()) {
        self.format = format
        self.bounds = bounds
    }

    open func image(actions: (UIGraphicsImageRendererContext) -> Void) -> UIImage {
        let context = draw(actions)
        return UIImage(cgImage: context.makeImage()!, scale: format.scale, orientation: .up)
    }

    /// The drawing as PNG data; empty when no drawing engine is installed.
    open func pngData(actions: (UIGraphicsImageRendererContext) -> Void) -> Data {
        image(actions: actions).pngData() ?? Data()
    }

    private func draw(_ actions: (UIGraphicsImageRendererContext) -> Void) -> CGContext {
        let context = UIKitBitmapContext.make(size: bounds.size, scale: format.scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        UIGraphicsPushContext(context)
        actions(UIGraphicsImageRendererContext(cgContext: context, format: format))
        UIGraphicsPopContext()
        return context
    }
}
