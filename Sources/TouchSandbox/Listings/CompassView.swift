import UIKit

/// Neuburg, "Touches": "Hit-testing for layers" and "Hit-testing for drawings": the
/// CompassView, "in which all the parts of the compass are layers", with a tap
/// recognizer whose action asks whether the user tapped the arrow layer.
///
/// Two answers for every tap, since Neuburg's complaint is that they differ:
/// - `layerHit`, the listing as written: the tap in the superview's coordinates (the
///   compass layer's superlayer space) handed to `self.layer.hitTest(_:)`, and the
///   result compared with the arrow. Core Animation hit-tests bounds, so a tap in the
///   empty corners of the arrow's (rotated) rectangle counts.
/// - `pathHit`, Neuburg's fix: the point converted into the arrow's own space and
///   tested against the arrow's outline with `CGPath.contains(_:using:)`
///   (`CGPathContainsPoint`, even-odd as Neuburg passes `true`). This is the answer
///   `arrow.hitTestsByShape = true` (this project's opt-in) would make `hitTest(_:)`
///   give.
///
/// Repairs and choices:
/// - The CompassView and its CompassLayer come from the book's chapter 16, which is not
///   among this project's sources; they are rebuilt from the prose: a circle, the four
///   cardinal points as text layers, and an arrow. The arrow here is a `CAShapeLayer`
///   (a tall, narrow rectangle holding a point and a notched shaft, anchored low and
///   rotated 36°) rather than a layer drawn by a delegate, so its outline is a path
///   Neuburg's `CGPathContainsPoint` test can use as it is.
/// - `((CompassLayer*)self.layer).arrow` becomes `compassLayer.arrow`;
///   `locationOfTouch:0 inView:` becomes `location(ofTouch: 0, in:)`.
/// - The listing's `// ...` after the comparison becomes `onTap`, which reports both
///   answers and the point (in this view's coordinates) to whoever shows them.
public final class CompassView: UIView {
    /// One tap on the compass: where (in the compass view's coordinates) and what it hit.
    public struct Tap: Equatable, Sendable {
        public var location: CGPoint
        /// The listing's answer: layer hit-testing (the arrow's bounds).
        public var layerHit: Bool
        /// Neuburg's drawing hit-test: the arrow's outline.
        public var pathHit: Bool
    }

    public override class var layerClass: AnyClass {
        CompassLayer.self
    }

    /// The compass's own layer, which holds the parts.
    public var compassLayer: CompassLayer {
        layer as! CompassLayer
    }

    /// Called with each tap on the compass.
    public var onTap: (@MainActor (Tap) -> Void)?

    public override init(frame: CGRect) {
        super.init(frame: frame)
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: CompassView.tapped(_:)))
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        addGestureRecognizer(UITapGestureRecognizer(target: self, action: CompassView.tapped(_:)))
    }

    func tapped(_ t: UITapGestureRecognizer) {
        let p = t.location(ofTouch: 0, in: superview)
        let hitLayer = layer.hitTest(p)
        let arrow = compassLayer.arrow
        // The compass layer is the arrow's superlayer: its space is this view's.
        let local = convert(p, from: superview)
        onTap?(Tap(location: local, layerHit: hitLayer === arrow, pathHit: arrow.outlineContains(local)))
    }
}

/// The compass's layer (the book's CompassLayer): it makes its parts the first time it
/// is laid out with a size, as the book's `layoutSublayers` does, so they fit whatever
/// bounds the view was given.
public final class CompassLayer: CALayer {
    /// The arrow, the layer Neuburg's tap handler looks for.
    public let arrow = CompassArrowLayer()
    private var didSetup = false

    public override func layoutSublayers() {
        super.layoutSublayers()
        guard !didSetup, !bounds.isEmpty else { return }
        didSetup = true

        let circle = CAShapeLayer()
        circle.frame = bounds
        circle.path = CGPath(ellipseIn: bounds.insetBy(dx: 3, dy: 3), transform: nil)
        circle.fillColor = UIColor(red: 0.9, green: 0.95, blue: 0.93, alpha: 0.9).cgColor
        circle.strokeColor = UIColor.gray.cgColor
        circle.lineWidth = 2
        addSublayer(circle)

        // Each letter hangs from the centre by its anchor point and is turned a quarter
        // more than the last, so N, E, S, W sit inside the rim facing outwards.
        let letterSide: CGFloat = 40
        for (index, letter) in ["N", "E", "S", "W"].enumerated() {
            let t = CATextLayer()
            t.string = letter
            t.fontSize = 24
            t.alignmentMode = .center
            t.foregroundColor = UIColor.black.cgColor
            t.bounds = CGRect(x: 0, y: 0, width: letterSide, height: letterSide)
            t.position = CGPoint(x: bounds.midX, y: bounds.midY)
            t.anchorPoint = CGPoint(x: 0.5, y: (bounds.midY - 4) / letterSide)
            t.setAffineTransform(CGAffineTransform(rotationAngle: CGFloat(index) * .pi / 2))
            circle.addSublayer(t)
        }

        let scale = min(bounds.width, bounds.height) / 260
        arrow.bounds = CGRect(x: 0, y: 0, width: CompassArrowLayer.designSize.width * scale,
                              height: CompassArrowLayer.designSize.height * scale)
        arrow.path = CompassArrowLayer.outline(scale: scale)
        arrow.anchorPoint = CGPoint(x: 0.5, y: 0.8)
        arrow.position = CGPoint(x: bounds.midX, y: bounds.midY)
        arrow.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 5))
        addSublayer(arrow)
    }
}

/// The compass's arrow: a red point on a notched shaft, drawn as a path inside a
/// rectangle much wider than the shaft, so that layer hit-testing (bounds) and path
/// hit-testing (outline) disagree over the corners.
public final class CompassArrowLayer: CAShapeLayer {
    /// The arrow's rectangle at a 260-point compass (the book's 40 × 100, enlarged).
    static let designSize = CGSize(width: 56, height: 140)

    public required init() {
        super.init()
        fillColor = UIColor(red: 0.85, green: 0.2, blue: 0.15, alpha: 1).cgColor
        // A faint frame shows the bounds that layer hit-testing uses.
        borderWidth = 1
        borderColor = UIColor(white: 0.35, alpha: 0.6).cgColor
    }

    public required init(layer: Any) {
        super.init(layer: layer)
    }

    /// The arrow's outline in its own space, at `scale` times the design size: the
    /// point fills the top 42 points of the width, the shaft below it is 16 wide with a
    /// 14-point notch cut into its tail.
    static func outline(scale: CGFloat) -> CGPath {
        let w = designSize.width, h = designSize.height
        let head: CGFloat = 42, halfShaft: CGFloat = 8, notch: CGFloat = 14
        let path = CGMutablePath()
        path.addLines(between: [
            CGPoint(x: w / 2, y: 0), CGPoint(x: w, y: head), CGPoint(x: w / 2 + halfShaft, y: head),
            CGPoint(x: w / 2 + halfShaft, y: h), CGPoint(x: w / 2, y: h - notch), CGPoint(x: w / 2 - halfShaft, y: h),
            CGPoint(x: w / 2 - halfShaft, y: head), CGPoint(x: 0, y: head),
        ], transform: CGAffineTransform(scaleX: scale, y: scale))
        path.closeSubpath()
        return path
    }

    /// Neuburg's "Hit-testing for drawings" test: whether `p`, in the superlayer's
    /// space (as `hitTest(_:)` takes it), lies inside the arrow's outline.
    public func outlineContains(_ p: CGPoint) -> Bool {
        let pt = convert(p, from: superlayer)
        return path?.contains(pt, using: .evenOdd) ?? false
    }
}
