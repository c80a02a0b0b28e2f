import CairoRenderer
import UIKit
import XCTest

/// Scenes rendered offscreen and compared with the goldens in `Goldens/` (see
/// `RenderingTestCase` for how to regenerate them), plus exact pixels where cheap.
final class LayerRendererGoldenTests: RenderingTestCase {
    func testRoundedCornersClipTheBackgroundAndMaskTheSublayers() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 80), .white)
        let card = makeLayer(CGRect(x: 10, y: 10, width: 100, height: 60), .blue, in: root)
        card.cornerRadius = 20
        card.masksToBounds = true
        // A red sublayer over the card's top-left corner: masked to the rounded corner.
        makeLayer(CGRect(x: -10, y: -10, width: 50, height: 30), .red, in: card)
        try assertMatchesGolden(root, named: "rounded-corners")
        // Exactly: the corner pixel is outside the curve, one further in is inside.
        XCTAssertEqual(pixel(of: root, x: 11, y: 11).red, 255, "outside the rounded corner: white")
        XCTAssertEqual(pixel(of: root, x: 11, y: 11).green, 255)
        XCTAssertEqual(pixel(of: root, x: 25, y: 25).green, 0, "inside: the masked red sublayer")
        XCTAssertEqual(pixel(of: root, x: 25, y: 25).red, 255)
        XCTAssertEqual(pixel(of: root, x: 100, y: 60).blue, 255, "inside the bottom-right corner: blue")
        XCTAssertEqual(pixel(of: root, x: 108, y: 68).blue, 255, "outside it: white")
        XCTAssertEqual(pixel(of: root, x: 108, y: 68).red, 255)
    }

    func testBordersAreDrawnInsideTheBoundsAboveTheSublayers() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 80), .white)
        let box = makeLayer(CGRect(x: 10, y: 10, width: 100, height: 60), .gray, in: root)
        box.borderWidth = 6
        box.borderColor = .blue
        box.cornerRadius = 12
        makeLayer(CGRect(x: 40, y: -10, width: 20, height: 80), .red, in: box)  // crosses the border
        try assertMatchesGolden(root, named: "borders")
        let onBorder = pixel(of: root, x: 55, y: 12)
        XCTAssertEqual([onBorder.red, onBorder.blue], [0, 255], "the border covers the sublayer")
        let outside = pixel(of: root, x: 55, y: 8)
        XCTAssertEqual([outside.red, outside.green], [255, 0], "the sublayer outside the bounds is not clipped")
    }

    func testRotationTurnsAboutAMovedAnchorPoint() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 120), .white)
        let pivot = makeLayer(CGRect(x: 0, y: 0, width: 80, height: 20), .blue, in: root)
        pivot.anchorPoint = CGPoint(x: 0, y: 0.5)  // the left end's middle
        pivot.position = CGPoint(x: 20, y: 60)
        pivot.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        makeLayer(CGRect(x: 18, y: 58, width: 4, height: 4), .red, in: root)  // marks the anchor
        try assertMatchesGolden(root, named: "rotation-anchor")
        XCTAssertEqual(pixel(of: root, x: 20, y: 120 - 5).blue, 255, "swung down about its left end")
        XCTAssertEqual(pixel(of: root, x: 80, y: 60).red, 255, "no longer to the right: white")
    }

    func testOpacityAppliesToTheGroupNotToEachSublayer() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 80), .white)
        let group = makeLayer(CGRect(x: 10, y: 10, width: 100, height: 60), nil, in: root)
        group.opacity = 0.5
        makeLayer(CGRect(x: 0, y: 0, width: 60, height: 60), .red, in: group)
        makeLayer(CGRect(x: 40, y: 0, width: 60, height: 60), .blue, in: group)
        try assertMatchesGolden(root, named: "opacity-group")
        // Where they overlap only the blue one shows, at half strength: no red through it.
        let overlap = pixel(of: root, x: 60, y: 40)
        XCTAssertEqual(Int(overlap.red), 127, accuracy: 2)
        XCTAssertEqual(Int(overlap.green), 127, accuracy: 2)
        XCTAssertEqual(overlap.blue, 255)
    }

    func testImageContentsFollowEveryGravity() async throws {
        let image = try XCTUnwrap(TestImages.quadrants())
        let gravities: [CALayerContentsGravity] = [
            .resize, .resizeAspect, .resizeAspectFill, .center, .top, .bottom, .left, .right,
            .topLeft, .topRight, .bottomLeft, .bottomRight,
        ]
        let root = makeLayer(CGRect(x: 0, y: 0, width: 4 * 70, height: 3 * 50), .white)
        for (index, gravity) in gravities.enumerated() {
            let cell = makeLayer(CGRect(x: 5 + CGFloat(index % 4) * 70, y: 5 + CGFloat(index / 4) * 50,
                                        width: 60, height: 40), .gray, in: root)
            cell.contents = image
            cell.contentsGravity = gravity
            cell.masksToBounds = gravity == .resizeAspectFill
        }
        try assertMatchesGolden(root, named: "image-gravity")
        // Top-left gravity puts the image's red top-left quadrant at the cell's corner.
        let topLeftCell = (x: 5 + 0 * 70, y: 5 + 2 * 50)
        let corner = pixel(of: root, x: topLeftCell.x + 1, y: topLeftCell.y + 1)
        XCTAssertEqual([corner.red, corner.green, corner.blue], [255, 0, 0])
    }

    func testTextLayersDrawReadableAlignedText() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 240, height: 150), .white)
        for (index, alignment) in [CATextLayerAlignmentMode.left, .center, .right].enumerated() {
            let text = CATextLayer()
            text.frame = CGRect(x: 10, y: 10 + CGFloat(index) * 26, width: 220, height: 24)
            text.backgroundColor = .gray
            text.string = "Hello, touch \(alignment.rawValue)"
            text.fontSize = 16
            text.foregroundColor = .black
            text.alignmentMode = alignment
            root.addSublayer(text)
        }
        let wrapped = CATextLayer()
        wrapped.frame = CGRect(x: 10, y: 90, width: 220, height: 50)
        wrapped.string = "A wrapped paragraph that is far too long for a single line of this layer"
        wrapped.font = "DejaVuSans-Bold"
        wrapped.fontSize = 14
        wrapped.foregroundColor = .blue
        wrapped.isWrapped = true
        wrapped.truncationMode = .end
        root.addSublayer(wrapped)
        try assertMatchesGolden(root, named: "text", scale: 2)
    }

    func testEvenOddShapeHasAHoleAndAStroke() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 120, height: 120), .white)
        let shape = CAShapeLayer()
        shape.frame = root.bounds
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 10, width: 100, height: 100))
        path.addEllipse(in: CGRect(x: 35, y: 35, width: 50, height: 50))
        shape.path = path
        shape.fillRule = .evenOdd
        shape.fillColor = .blue
        shape.strokeColor = .red
        shape.lineWidth = 4
        shape.lineJoin = .round
        root.addSublayer(shape)
        try assertMatchesGolden(root, named: "even-odd-shape")
        XCTAssertEqual(pixel(of: root, x: 60, y: 60).red, 255, "the hole shows the white below")
        XCTAssertEqual(pixel(of: root, x: 60, y: 60).green, 255)
        XCTAssertEqual(pixel(of: root, x: 20, y: 60).blue, 255, "the ring is filled")
        XCTAssertEqual(pixel(of: root, x: 20, y: 60).red, 0)
    }

    func testPartialStrokeDrawsOnlyBetweenStrokeStartAndEnd() async throws {
        let shape = CAShapeLayer()
        shape.frame = CGRect(x: 0, y: 0, width: 100, height: 20)
        let line = CGMutablePath()
        line.move(to: CGPoint(x: 0, y: 10))
        line.addLine(to: CGPoint(x: 100, y: 10))
        shape.path = line
        shape.fillColor = nil
        shape.strokeColor = .blue
        shape.lineWidth = 4
        shape.strokeStart = 0.25
        shape.strokeEnd = 0.5
        XCTAssertEqual(pixel(of: shape, x: 10, y: 10).red, 255, "before strokeStart: nothing")
        XCTAssertEqual(pixel(of: shape, x: 40, y: 10).red, 0, "between: stroked")
        XCTAssertEqual(pixel(of: shape, x: 70, y: 10).red, 255, "after strokeEnd: nothing")
    }

    func testShadowIsBlurredOffsetAndCastFromTheShadowPathOrTheBackground() async throws {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 200, height: 100), .white)
        let card = makeLayer(CGRect(x: 20, y: 20, width: 60, height: 50), .blue, in: root)
        card.cornerRadius = 10
        card.shadowOpacity = 0.8
        card.shadowRadius = 6
        card.shadowOffset = CGSize(width: 6, height: 8)
        let custom = makeLayer(CGRect(x: 120, y: 20, width: 60, height: 50), nil, in: root)
        custom.shadowPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 60, height: 50), transform: nil)
        custom.shadowColor = .red
        custom.shadowOpacity = 1
        custom.shadowRadius = 3
        custom.shadowOffset = .zero
        try assertMatchesGolden(root, named: "shadow")
        let belowRight = pixel(of: root, x: 84, y: 74)
        XCTAssertLessThan(belowRight.red, 200, "shadow below right of the card")
        XCTAssertGreaterThan(belowRight.red, 20, "blurred, not solid")
        XCTAssertEqual(pixel(of: root, x: 10, y: 10).red, 255, "no shadow up and left")
    }

    func testViewsThatOverrideDrawAreDrawnIntoABackingStore() async throws {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 160, height: 100))
        window.backgroundColor = .white
        let face = SmileyView(frame: CGRect(x: 30, y: 10, width: 80, height: 80))
        window.addSubview(face)
        let plain = UIView(frame: CGRect(x: 120, y: 10, width: 30, height: 30))
        plain.backgroundColor = .green
        window.addSubview(plain)
        window.isHidden = false
        try assertMatchesGolden(window.layer, named: "draw-rect-view")
        XCTAssertEqual(face.drawCount, 2, "once to learn that the class draws, once into the backing store")
        XCTAssertNotNil(face.layer.contents, "the drawing is kept")
        XCTAssertNil(plain.layer.contents, "a view that does not draw keeps no backing store")
        _ = LayerSnapshot.frameBuffer(of: window.layer)
        XCTAssertEqual(face.drawCount, 2, "not redrawn until marked")
        face.setNeedsDisplay()
        _ = LayerSnapshot.frameBuffer(of: window.layer)
        XCTAssertEqual(face.drawCount, 3)
        let another = SmileyView(frame: face.frame)
        window.addSubview(another)
        _ = LayerSnapshot.frameBuffer(of: window.layer)
        XCTAssertEqual(another.drawCount, 1, "the class is probed once")
    }
}

/// A view that draws with UIKit's drawing API: a face of ovals, arcs and a Bézier curve.
final class SmileyView: UIView {
    var drawCount = 0

    override func draw(_ rect: CGRect) {
        drawCount += 1
        UIColor.systemYellow.setFill()
        UIBezierPath(ovalIn: bounds.insetBy(dx: 2, dy: 2)).fill()
        UIColor.black.set()
        for x in [bounds.width * 0.35, bounds.width * 0.65] {
            UIBezierPath(ovalIn: CGRect(x: x - 4, y: bounds.height * 0.3, width: 8, height: 12)).fill()
        }
        let smile = UIBezierPath(arcCenter: CGPoint(x: bounds.midX, y: bounds.midY), radius: bounds.width * 0.28,
                                 startAngle: 0.15 * .pi, endAngle: 0.85 * .pi, clockwise: true)
        smile.lineWidth = 4
        smile.lineCapStyle = .round
        smile.stroke()
    }
}

/// Images made by drawing, saved as PNG and loaded back, for the image tests.
@MainActor
enum TestImages {
    /// A 40 × 20 pixel image in four quadrants: red top left, green top right, blue
    /// bottom left, black bottom right — which way up it is drawn shows at once.
    static func quadrants() -> CGImage? {
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let image = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { context in
            for (rect, color) in [
                (CGRect(x: 0, y: 0, width: 20, height: 10), UIColor.red),
                (CGRect(x: 20, y: 0, width: 20, height: 10), UIColor.green),
                (CGRect(x: 0, y: 10, width: 20, height: 10), UIColor.blue),
                (CGRect(x: 20, y: 10, width: 20, height: 10), UIColor.black),
            ] {
                color.setFill()
                context.fill(rect)
            }
        }
        guard let data = image.pngData() else { return nil }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quadrants-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return nil }
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("quadrants.png")
        guard (try? data.write(to: url)) != nil else { return nil }
        return UIImage(contentsOfFile: url.path)?.cgImage
    }
}
