import CairoRenderer
import UIKit
import XCTest

/// The canvas's strokes and path fills, by exact pixels on a white 60 × 60 frame.
@MainActor
final class CanvasTests: XCTestCase {
    private let black = Canvas.Color(red: 0, green: 0, blue: 0)

    private func draw(_ body: (Canvas) -> Void) -> CGImage {
        let buffer = FrameBuffer(pointSize: CGSize(width: 60, height: 60), scale: 1)
        buffer.draw { canvas in
            canvas.fill(CGRect(x: 0, y: 0, width: 60, height: 60), with: .white)
            body(canvas)
        }
        return buffer.makeImage()
    }

    private func isBlack(_ image: CGImage, _ x: Int, _ y: Int) -> Bool {
        let pixel = image.pixel(x: x, y: y)
        return pixel.red == 0 && pixel.green == 0 && pixel.blue == 0
    }

    private func isWhite(_ image: CGImage, _ x: Int, _ y: Int) -> Bool {
        let pixel = image.pixel(x: x, y: y)
        return pixel.red == 255 && pixel.green == 255 && pixel.blue == 255
    }

    func testStrokeRectIsSolidOrDashedAlongTheEdgeOnly() async {
        // A 2-point line centred on y = 10 covers rows 9 and 10 exactly.
        let solid = draw { $0.strokeRect(CGRect(x: 10, y: 10, width: 40, height: 40), with: black, lineWidth: 2) }
        XCTAssertTrue((10...50).allSatisfy { isBlack(solid, $0, 9) && isBlack(solid, $0, 10) })
        XCTAssertTrue(isWhite(solid, 30, 8) && isWhite(solid, 30, 11) && isWhite(solid, 30, 30))

        let dashed = draw {
            $0.strokeRect(CGRect(x: 10, y: 10, width: 40, height: 40), with: black, lineWidth: 2,
                          dash: Canvas.Dash(on: 6, off: 4))
        }
        // From the top-left corner: 6 on (x 10–15), 4 off (16–19), 6 on (20–25)…
        XCTAssertTrue((10...15).allSatisfy { isBlack(dashed, $0, 10) })
        XCTAssertTrue((16...19).allSatisfy { isWhite(dashed, $0, 10) })
        XCTAssertTrue((20...25).allSatisfy { isBlack(dashed, $0, 10) })
        // The dash ends with the stroke: a solid stroke after it is solid again.
        let after = draw {
            $0.strokeRect(CGRect(x: 10, y: 10, width: 40, height: 40), with: black, lineWidth: 2, dash: Canvas.Dash(on: 6, off: 4))
            $0.strokeLine(from: CGPoint(x: 0, y: 55), to: CGPoint(x: 60, y: 55), with: black, lineWidth: 2)
        }
        XCTAssertTrue((2...57).allSatisfy { isBlack(after, $0, 55) })
    }

    func testStrokePolygonClosesTheRotatedSquare() async {
        // A diamond through (30,10) (50,30) (30,50) (10,30).
        let corners = [CGPoint(x: 30, y: 10), CGPoint(x: 50, y: 30), CGPoint(x: 30, y: 50), CGPoint(x: 10, y: 30)]
        let image = draw { $0.strokePolygon(corners, with: black, lineWidth: 3) }
        XCTAssertTrue(isBlack(image, 20, 20), "on the edge from (10,30) to (30,10)")
        XCTAssertTrue(isBlack(image, 40, 40), "on the closing edge's opposite")
        XCTAssertTrue(isBlack(image, 19, 40), "on the edge from (30,50) back to (10,30)")
        XCTAssertTrue(isWhite(image, 30, 30), "the inside is not filled")
        XCTAssertTrue(isWhite(image, 12, 12), "the bounding box's corner is outside")
    }

    func testFillPathUsesTheTransformAndTheRule() async {
        // A 20 × 20 square with a 10 × 10 hole, both clockwise: even-odd leaves the hole,
        // winding fills it. Scaled by 2 and moved to (10, 10).
        let path = CGMutablePath()
        path.addRect(CGRect(x: 0, y: 0, width: 20, height: 20))
        path.addRect(CGRect(x: 5, y: 5, width: 10, height: 10))
        let transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 10))
        let evenOdd = draw { $0.fill(path, transform: transform, rule: .evenOdd, with: self.black) }
        XCTAssertTrue(isBlack(evenOdd, 12, 12) && isBlack(evenOdd, 48, 48))
        XCTAssertTrue(isWhite(evenOdd, 30, 30), "the hole")
        XCTAssertTrue(isWhite(evenOdd, 8, 8) && isWhite(evenOdd, 51, 51), "outside the scaled square")
        let winding = draw { $0.fill(path, transform: transform, with: self.black) }
        XCTAssertTrue(isBlack(winding, 30, 30))
        // The rule does not leak into later fills.
        let after = draw {
            $0.fill(path, transform: transform, rule: .evenOdd, with: self.black)
            $0.fill(path, transform: transform, with: Canvas.Color(red: 1, green: 0, blue: 0))
        }
        XCTAssertEqual(after.pixel(x: 30, y: 30).green, 0)
    }

    func testStrokePathKeepsItsWidthInCanvasPointsAndDrawsQuadraticCurves() async {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 20, y: 10), control: CGPoint(x: 20, y: 0))
        let transform = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 5, y: 10))
        let image = draw { $0.stroke(path, transform: transform, with: self.black, lineWidth: 2) }
        // The line runs along y = 10 from x 5 to 25, 2 points wide, not 4.
        XCTAssertTrue(isBlack(image, 15, 9) && isBlack(image, 15, 10))
        XCTAssertTrue(isWhite(image, 15, 8) && isWhite(image, 15, 11))
        // The curve ends at (45, 30) heading down, through the quadratic's midpoint,
        // (17.5, 2.5) mapped to (40, 15).
        XCTAssertTrue(isBlack(image, 45, 28) || isBlack(image, 44, 28))
        let middle = image.pixel(x: 39, y: 14)
        XCTAssertLessThan(middle.red, 128, "the curve passes the quadratic's midpoint")
    }

    func testAPolylineIsOneEvenlyTranslucentStrokeWithRoundEnds() async {
        let half = Canvas.Color(red: 0, green: 0, blue: 0, alpha: 0.5)
        let image = draw {
            $0.strokePolyline([CGPoint(x: 10, y: 30), CGPoint(x: 30, y: 30), CGPoint(x: 30, y: 50)], with: half, lineWidth: 4)
        }
        // Where the two pieces meet the line is as translucent as along them: one stroke.
        XCTAssertEqual(image.pixel(x: 20, y: 29).red, 127)
        XCTAssertEqual(image.pixel(x: 30, y: 30).red, 127)
        XCTAssertEqual(image.pixel(x: 30, y: 40).red, 127)
        XCTAssertLessThan(image.pixel(x: 8, y: 29).red, 255, "a round end reaches past the first point")
        XCTAssertEqual(image.pixel(x: 20, y: 34).red, 255)
        // Two separate lines darken where their round ends overlap.
        let pieces = draw {
            $0.strokeLine(from: CGPoint(x: 10, y: 30), to: CGPoint(x: 30, y: 30), with: half, lineWidth: 4)
            $0.strokeLine(from: CGPoint(x: 30, y: 30), to: CGPoint(x: 30, y: 50), with: half, lineWidth: 4)
        }
        XCTAssertEqual(pieces.pixel(x: 30, y: 30).red, 63)
    }

    func testClipBoundsIsTheBoxAroundTheDirtyRectangles() async {
        let buffer = FrameBuffer(pointSize: CGSize(width: 60, height: 60), scale: 2)
        var bounds = CGRect.null
        buffer.draw(clippedTo: [CGRect(x: 5, y: 5, width: 10, height: 10), CGRect(x: 30, y: 40, width: 5, height: 5)]) {
            bounds = $0.clipBounds
        }
        XCTAssertEqual(bounds, CGRect(x: 5, y: 5, width: 30, height: 40), "in points, whatever the scale")
        buffer.draw { bounds = $0.clipBounds }
        XCTAssertEqual(bounds, CGRect(x: 0, y: 0, width: 60, height: 60))
    }
}
