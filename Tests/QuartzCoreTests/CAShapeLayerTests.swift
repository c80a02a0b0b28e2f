import QuartzCore
import XCTest

/// Shape layers hit-test their bounds, as Core Animation does, unless they opt into
/// path hit-testing; any layer can opt in with an explicit `hitTestPath`.
@MainActor
final class CAShapeLayerTests: XCTestCase {
    /// A 100×100 layer at the origin whose path is a ring: the square 10…90 with the
    /// square 30…70 cut out by the even-odd rule.
    private func ringLayer() -> CAShapeLayer {
        let layer = CAShapeLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let path = CGMutablePath()
        path.addRect(CGRect(x: 10, y: 10, width: 80, height: 80))
        path.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
        layer.path = path
        layer.fillRule = .evenOdd
        return layer
    }

    func testDefaultsMatchCoreAnimation() async {
        let layer = CAShapeLayer()
        XCTAssertEqual(layer.fillColor, CGColor.black)
        XCTAssertNil(layer.strokeColor)
        XCTAssertEqual(layer.lineWidth, 1)
        XCTAssertEqual(layer.fillRule, .nonZero)
        XCTAssertFalse(layer.hitTestsByShape)
    }

    func testBoundsHitTestingByDefault() async {
        let layer = ringLayer()
        XCTAssertTrue(layer.contains(CGPoint(x: 50, y: 50)), "the hole is inside the bounds")
        XCTAssertTrue(layer.contains(CGPoint(x: 5, y: 5)), "outside the path, inside the bounds")
        XCTAssertFalse(layer.hitTestsByPath)
    }

    func testHitTestsByShapeUsesThePathAndItsFillRule() async {
        let layer = ringLayer()
        layer.hitTestsByShape = true
        XCTAssertTrue(layer.hitTestsByPath)
        XCTAssertTrue(layer.contains(CGPoint(x: 20, y: 50)), "on the ring")
        XCTAssertFalse(layer.contains(CGPoint(x: 50, y: 50)), "the even-odd hole")
        XCTAssertFalse(layer.contains(CGPoint(x: 5, y: 5)), "outside the path")
        layer.fillRule = .nonZero
        XCTAssertTrue(layer.contains(CGPoint(x: 50, y: 50)), "both squares wind the same way: no hole")

        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        parent.addSublayer(layer)
        layer.position = CGPoint(x: 150, y: 150)  // frame 100…200
        layer.fillRule = .evenOdd
        XCTAssertTrue(parent.hitTest(CGPoint(x: 115, y: 150)) === layer)
        XCTAssertTrue(parent.hitTest(CGPoint(x: 150, y: 150)) === parent, "the hole falls through to the parent")
    }

    func testAnExplicitHitTestPathWinsOnAnyLayer() async {
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.hitTestPath = CGPath(ellipseIn: CGRect(x: 0, y: 0, width: 100, height: 100), transform: nil)
        XCTAssertTrue(layer.contains(CGPoint(x: 50, y: 50)))
        XCTAssertFalse(layer.contains(CGPoint(x: 3, y: 3)), "the corner is outside the circle")
        XCTAssertTrue(layer.contains(CGPoint(x: 99, y: 50)))
        layer.hitTestPath = nil
        XCTAssertTrue(layer.contains(CGPoint(x: 3, y: 3)))
    }

    func testZPositionOrdersHitTestingFrontToBack() async {
        let parent = CALayer()
        parent.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        let back = CALayer(), front = CALayer()
        for layer in [back, front] {
            layer.frame = parent.bounds
            parent.addSublayer(layer)
        }
        XCTAssertTrue(parent.hitTest(CGPoint(x: 50, y: 50)) === front)
        back.zPosition = 1
        XCTAssertTrue(parent.hitTest(CGPoint(x: 50, y: 50)) === back, "a higher zPosition is in front")
        XCTAssertTrue(parent.sublayersInDrawingOrder.map { $0 === back } == [false, true])
    }
}
