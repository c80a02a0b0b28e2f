import CoreGraphics
import XCTest

final class CGPathBoundingBoxTests: XCTestCase {
    func testLinesGrowBothBoxesAlike() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 50))
        path.addLine(to: CGPoint(x: 25, y: 25))
        XCTAssertEqual(path.boundingBox, CGRect(x: 25, y: 25, width: 25, height: 25))
        path.addLine(to: CGPoint(x: 100, y: 200))
        XCTAssertEqual(path.boundingBox, CGRect(x: 25, y: 25, width: 75, height: 175))
        XCTAssertEqual(path.boundingBoxOfPath, path.boundingBox)
    }

    /// A quadratic's control point lies twice as far out as the curve's apex.
    func testQuadCurveTightBoxStopsAtTheApex() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        assertRectsEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 5), accuracy: 1e-12)
    }

    /// y(t) = 30·t(1 − t) for controls at height 10: the maximum 7.5 is at t = ½.
    func testCubicTightBoxUsesItsExtrema() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 10, y: 0), control1: CGPoint(x: 0, y: 10), control2: CGPoint(x: 10, y: 10))
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: 0, width: 10, height: 10))
        assertRectsEqual(path.boundingBoxOfPath, CGRect(x: 0, y: 0, width: 10, height: 7.5), accuracy: 1e-12)
    }

    /// x(t) = 30t, y(t) = 90·t(1 − t)(1 − 2t): y′ vanishes at t = ½ ∓ √3/6, where
    /// |y| peaks at 5√3 ≈ 8.66, while the controls reach ±30.
    func testSShapedCubicReachesBothSides() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 30, y: 0), control1: CGPoint(x: 10, y: 30), control2: CGPoint(x: 20, y: -30))
        let t = 0.5 - CGFloat(3).squareRoot() / 6
        let peak = 90 * t * (1 - t) * (1 - 2 * t)
        assertRectsEqual(path.boundingBoxOfPath, CGRect(x: 0, y: -peak, width: 30, height: 2 * peak), accuracy: 1e-12)
        XCTAssertEqual(path.boundingBox, CGRect(x: 0, y: -30, width: 30, height: 60))
    }

    func testEllipseBoxesAreItsRect() {
        let rect = CGRect(x: 40, y: 40, width: 200, height: 40)
        let path = CGPath(ellipseIn: rect, transform: nil)
        assertRectsEqual(path.boundingBoxOfPath, rect, accuracy: 1e-12)
        assertRectsEqual(path.boundingBox, rect, accuracy: 1e-12)
    }

    /// Turned by 45°, the control points of a circle reach beyond the curve: the tight
    /// box is the circle's (up to the Bézier's 0.027 % bulge), the other is larger.
    func testRotatedCircleTightBoxIsTheCirclesBox() {
        var turn = CGAffineTransform(rotationAngle: .pi / 4)
        let path = CGPath(ellipseIn: CGRect(x: -100, y: -100, width: 200, height: 200), transform: &turn)
        assertRectsEqual(path.boundingBoxOfPath, CGRect(x: -100, y: -100, width: 200, height: 200), accuracy: 0.0273)
        XCTAssertGreaterThan(path.boundingBox.width, 205)
    }

    func testMovesCountEvenWithoutDrawing() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 5, y: 5))
        XCTAssertEqual(path.boundingBox, CGRect(x: 5, y: 5, width: 0, height: 0))
        XCTAssertEqual(path.boundingBoxOfPath, CGRect(x: 5, y: 5, width: 0, height: 0))
    }
}
