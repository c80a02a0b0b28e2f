import UIKit
import XCTest

/// UIBezierPath's geometry: arc direction in UIKit's sense, containment by rule, shapes.
final class UIBezierPathTests: UIKitTestCase {
    func testClockwiseArcsTurnClockwiseOnScreenUnlikeCGPathsFlag() async {
        // A quarter from angle 0 to π/2, clockwise on screen (y down): through the
        // lower right, (cos 45°, sin 45°) · r.
        let clockwise = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        clockwise.addLine(to: .zero)
        clockwise.close()
        XCTAssertTrue(clockwise.contains(CGPoint(x: 5, y: 5)))
        XCTAssertFalse(clockwise.contains(CGPoint(x: -5, y: -5)))
        // The other way round goes three quarters, the long way, and misses (5, 5).
        let counter = UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        counter.addLine(to: .zero)
        counter.close()
        XCTAssertFalse(counter.contains(CGPoint(x: 5, y: 5)))
        XCTAssertTrue(counter.contains(CGPoint(x: -5, y: -5)))
        // CGMutablePath's flag is the opposite, as in Core Graphics.
        let cgPath = CGMutablePath()
        cgPath.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(UIBezierPath(arcCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true).cgPath,
                       cgPath)
    }

    func testEvenOddRuleMakesAHole() async {
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 100, height: 100))
        path.append(UIBezierPath(ovalIn: CGRect(x: 25, y: 25, width: 50, height: 50)))
        XCTAssertTrue(path.contains(CGPoint(x: 50, y: 50)), "non-zero: both run the same way, no hole")
        path.usesEvenOddFillRule = true
        XCTAssertFalse(path.contains(CGPoint(x: 50, y: 50)))
        XCTAssertTrue(path.contains(CGPoint(x: 10, y: 50)))
    }

    func testShapesBoundsAndTransforms() async {
        let rounded = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 40, height: 20), cornerRadius: 50)
        XCTAssertEqual(rounded.bounds, CGRect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertFalse(rounded.contains(CGPoint(x: 1, y: 1)), "the radius is clamped to half the height: round ends")
        rounded.apply(CGAffineTransform(translationX: 10, y: 5))
        XCTAssertEqual(rounded.bounds.origin, CGPoint(x: 10, y: 5))
        let curve = UIBezierPath()
        XCTAssertTrue(curve.isEmpty)
        curve.move(to: .zero)
        curve.addQuadCurve(to: CGPoint(x: 20, y: 0), controlPoint: CGPoint(x: 10, y: 20))
        curve.addCurve(to: CGPoint(x: 40, y: 0), controlPoint1: CGPoint(x: 25, y: -10), controlPoint2: CGPoint(x: 35, y: -10))
        XCTAssertEqual(curve.currentPoint, CGPoint(x: 40, y: 0))
        XCTAssertEqual(curve.bounds.maxY, 10, accuracy: 1e-9, "a quadratic peaks halfway to its control point")
        curve.removeAllPoints()
        XCTAssertTrue(curve.isEmpty)
    }

    func testFillAndStrokeDrawIntoTheCurrentContextWithTheirAttributes() async {
        let recorder = RecordingContextBackend()
        let context = CGContext(backend: recorder)
        let path = UIBezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2))
        path.lineWidth = 3
        path.lineCapStyle = .round
        path.usesEvenOddFillRule = true
        path.fill()  // no current context: nothing
        XCTAssertTrue(recorder.painted.isEmpty)
        UIGraphicsPushContext(context)
        UIColor.red.setFill()
        UIColor.blue.setStroke()
        path.fill()
        path.stroke()
        UIGraphicsPopContext()
        XCTAssertEqual(recorder.painted, ["fill evenOdd 1.0", "stroke 3.0 round 1.0"])
        XCTAssertEqual(context.lineWidth, 1, "stroke() leaves the context's line width alone")
    }
}

/// Records only the painting calls, with rule, width and colour.
private final class RecordingContextBackend: CGContextBackend {
    var painted: [String] = []
    func saveGState() {}
    func restoreGState() {}
    func concatenate(_ transform: CGAffineTransform) {}
    func beginPath() {}
    func move(to point: CGPoint) {}
    func addLine(to point: CGPoint) {}
    func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {}
    func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat) {}
    func closePath() {}
    func fillPath(using rule: CGPathFillRule, color: CGColor, preservingPath: Bool) {
        painted.append("fill \(rule) \(color.red)")
    }
    func strokePath(color: CGColor, style: CGStrokeStyle) {
        painted.append("stroke \(style.lineWidth) \(style.lineCap) \(color.blue)")
    }
    func clip(using rule: CGPathFillRule) {}
    func fillShadow(using rule: CGPathFillRule, shadow: CGShadowStyle) {}
    func draw(_ image: CGImage, in rect: CGRect, alpha: CGFloat) {}
    func clear(_ rect: CGRect) {}
    func showText(_ text: String, at origin: CGPoint, font: TextFont, color: CGColor) {}
    func beginTransparencyLayer() {}
    func endTransparencyLayer(alpha: CGFloat) {}
}
