import CoreGraphics
import XCTest

final class CGPathTests: XCTestCase {
    func testNewPathIsEmptyWithCurrentPointZeroAndNullBoxes() {
        let path = CGMutablePath()
        XCTAssertTrue(path.isEmpty)
        XCTAssertEqual(path.currentPoint, .zero)
        XCTAssertTrue(path.boundingBox.isNull)
        XCTAssertTrue(path.boundingBoxOfPath.isNull)
        XCTAssertEqual(path.recordedElements, [])
    }

    func testAMoveAloneMakesThePathNonEmptyAndSetsTheCurrentPoint() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 50, y: 50))
        XCTAssertFalse(path.isEmpty)
        XCTAssertEqual(path.currentPoint, CGPoint(x: 50, y: 50))
        path.move(to: CGPoint(x: 100, y: 50))
        XCTAssertEqual(path.currentPoint, CGPoint(x: 100, y: 50))
    }

    func testLinesAndCurvesWithoutACurrentPointAreIgnored() {
        let path = CGMutablePath()
        path.addLine(to: CGPoint(x: 1, y: 1))
        path.addQuadCurve(to: CGPoint(x: 2, y: 2), control: CGPoint(x: 1, y: 2))
        path.addCurve(to: CGPoint(x: 3, y: 3), control1: .zero, control2: .zero)
        path.addArc(tangent1End: CGPoint(x: 5, y: 5), tangent2End: CGPoint(x: 9, y: 5), radius: 1)
        path.closeSubpath()
        XCTAssertTrue(path.isEmpty)
    }

    func testElementsAreReportedInOrderWithTheirPoints() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 400, y: 400))
        path.addQuadCurve(to: CGPoint(x: 110, y: 180), control: CGPoint(x: 140, y: 250))
        path.addCurve(to: CGPoint(x: 1, y: 2), control1: CGPoint(x: 3, y: 4), control2: CGPoint(x: 5, y: 6))
        path.addLine(to: CGPoint(x: 7, y: 8))
        path.closeSubpath()
        XCTAssertEqual(path.recordedElements, [
            RecordedElement(type: .moveToPoint, points: [CGPoint(x: 400, y: 400)]),
            RecordedElement(type: .addQuadCurveToPoint, points: [CGPoint(x: 140, y: 250), CGPoint(x: 110, y: 180)]),
            RecordedElement(
                type: .addCurveToPoint, points: [CGPoint(x: 3, y: 4), CGPoint(x: 5, y: 6), CGPoint(x: 1, y: 2)]),
            RecordedElement(type: .addLineToPoint, points: [CGPoint(x: 7, y: 8)]),
            RecordedElement(type: .closeSubpath, points: []),
        ])
        XCTAssertEqual(path.currentPoint, CGPoint(x: 400, y: 400), "closing returns to the subpath start")
    }

    func testClosingTwiceAddsOneClose() {
        let path = CGMutablePath()
        path.addLines(between: [.zero, CGPoint(x: 1, y: 0), CGPoint(x: 1, y: 1)])
        path.closeSubpath()
        path.closeSubpath()
        XCTAssertEqual(path.recordedElements.map(\.type), [.moveToPoint, .addLineToPoint, .addLineToPoint, .closeSubpath])
    }

    func testTransformParameterAppliesToTheAddedPointsOnly() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 1, y: 2), transform: CGAffineTransform(scaleX: 10, y: 100))
        XCTAssertEqual(path.recordedElements.map(\.points), [[.zero], [CGPoint(x: 10, y: 200)]])
    }

    func testRectInitializerMatchesCoreGraphicsElementOrder() {
        let path = CGPath(rect: CGRect(x: 2, y: 4, width: 8, height: 16), transform: nil)
        XCTAssertEqual(path.recordedElements, [
            RecordedElement(type: .moveToPoint, points: [CGPoint(x: 2, y: 4)]),
            RecordedElement(type: .addLineToPoint, points: [CGPoint(x: 10, y: 4)]),
            RecordedElement(type: .addLineToPoint, points: [CGPoint(x: 10, y: 20)]),
            RecordedElement(type: .addLineToPoint, points: [CGPoint(x: 2, y: 20)]),
            RecordedElement(type: .closeSubpath, points: []),
        ])
        var shift = CGAffineTransform(translationX: 1, y: -1)
        let moved = CGPath(rect: CGRect(x: 0, y: 0, width: 1, height: 1), transform: &shift)
        XCTAssertEqual(moved.recordedElements.first?.points, [CGPoint(x: 1, y: -1)])
    }

    func testAddRectsAddsOneClosedSubpathEach() {
        let path = CGMutablePath()
        path.addRects([CGRect(x: 0, y: 0, width: 1, height: 1), CGRect(x: 5, y: 5, width: 1, height: 1)])
        XCTAssertEqual(path.recordedElements.filter { $0.type == .closeSubpath }.count, 2)
        XCTAssertEqual(path.recordedElements[5].points, [CGPoint(x: 5, y: 5)])
    }

    /// Element values recorded from Core Graphics (a 200 × 40 ellipse at (40, 40)).
    func testEllipseMatchesCoreGraphicsElements() {
        let path = CGPath(ellipseIn: CGRect(x: 40, y: 40, width: 200, height: 40), transform: nil)
        let recorded = path.recordedElements
        XCTAssertEqual(recorded.map(\.type), [.moveToPoint] + Array(repeating: .addCurveToPoint, count: 4) + [.closeSubpath])
        let expected: [[CGPoint]] = [
            [CGPoint(x: 240, y: 60)],
            [CGPoint(x: 240, y: 71.045695), CGPoint(x: 195.228475, y: 80), CGPoint(x: 140, y: 80)],
            [CGPoint(x: 84.771525, y: 80), CGPoint(x: 40, y: 71.045695), CGPoint(x: 40, y: 60)],
            [CGPoint(x: 40, y: 48.954305), CGPoint(x: 84.771525, y: 40), CGPoint(x: 140, y: 40)],
            [CGPoint(x: 195.228475, y: 40), CGPoint(x: 240, y: 48.954305), CGPoint(x: 240, y: 60)],
        ]
        for (element, points) in zip(recorded, expected) {
            assertPointsEqual(element.points, points, accuracy: 1e-6)
        }
    }

    func testRoundedRectRunsDownTheRightEdgeAndRoundsEachCorner() {
        let rect = CGRect(x: 10, y: 20, width: 100, height: 200)
        let path = CGPath(roundedRect: rect, cornerWidth: 10, cornerHeight: 20, transform: nil)
        let recorded = path.recordedElements
        XCTAssertEqual(
            recorded.map(\.type),
            [.moveToPoint] + Array(repeating: [.addLineToPoint, .addCurveToPoint], count: 4).flatMap { $0 } + [.closeSubpath])
        XCTAssertEqual(recorded[0].points, [CGPoint(x: 110, y: 40)])
        XCTAssertEqual(recorded[1].points, [CGPoint(x: 110, y: 200)])
        XCTAssertEqual(recorded[2].points.last, CGPoint(x: 100, y: 220))
        XCTAssertEqual(recorded[4].points.last, CGPoint(x: 10, y: 200))
        XCTAssertEqual(recorded[6].points.last, CGPoint(x: 20, y: 20))
        XCTAssertEqual(recorded[8].points.last, CGPoint(x: 110, y: 40))
        // The first corner's handles lie 0.5523 of the radii along the edges.
        let k = 4 / 3 * tan(CGFloat.pi / 8)
        assertPointsEqual(
            Array(recorded[2].points.prefix(2)),
            [CGPoint(x: 110, y: 200 + 20 * k), CGPoint(x: 100 + 10 * k, y: 220)], accuracy: 1e-12)
    }

    func testZeroCornerRadiiGiveAPlainRect() {
        let rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        let rounded = CGPath(roundedRect: rect, cornerWidth: 0, cornerHeight: 0, transform: nil)
        XCTAssertEqual(rounded, CGPath(rect: rect, transform: nil))
    }

    func testCopiesAreIndependentAndEqual() {
        let original = CGMutablePath()
        original.addRect(CGRect(x: 2, y: 4, width: 8, height: 16))
        let frozen = original.copy()!
        let mutable = original.mutableCopy()!
        XCTAssertFalse(frozen === original)
        XCTAssertEqual(frozen, original)
        XCTAssertTrue(frozen.copy()! === frozen, "an immutable path's copy is itself")
        mutable.addEllipse(in: CGRect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertNotEqual(mutable, original)
        XCTAssertEqual(original.recordedElements.count, 5)
    }

    func testCopyUsingTransformMovesEveryPoint() {
        let path = CGPath(rect: CGRect(x: 0, y: 0, width: 2, height: 1), transform: nil)
        var turn = CGAffineTransform(scaleX: 3, y: 1).translatedBy(x: 1, y: 0)
        let copied = path.copy(using: &turn)!
        XCTAssertEqual(copied.recordedElements.map(\.points), [
            [CGPoint(x: 3, y: 0)], [CGPoint(x: 9, y: 0)], [CGPoint(x: 9, y: 1)], [CGPoint(x: 3, y: 1)], [],
        ])
        XCTAssertEqual(path.copy(using: nil), path)
        XCTAssertEqual(path.mutableCopy(using: &turn), copied)
    }

    func testAddPathAppendsTransformedElements() {
        let first = CGMutablePath()
        first.addRect(CGRect(x: 2, y: 4, width: 8, height: 16))
        let second = CGPath(rect: CGRect(x: 4, y: 4, width: 8, height: 16), transform: nil)
        first.addPath(second, transform: CGAffineTransform(translationX: 0, y: 100))
        XCTAssertEqual(first.recordedElements.count, 10)
        XCTAssertEqual(first.recordedElements[5].points, [CGPoint(x: 4, y: 104)])
        XCTAssertEqual(first.currentPoint, CGPoint(x: 4, y: 104))
    }
}
