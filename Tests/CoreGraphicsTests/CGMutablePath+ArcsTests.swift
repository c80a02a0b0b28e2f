import CoreGraphics
import XCTest

final class CGMutablePathArcsTests: XCTestCase {
    /// Element values recorded from Core Graphics: `CGPathAddArc(path, NULL, 25, 100,
    /// 20, 1.25π, 0, clockwise = true)` — quarter turns from the start, then the rest.
    func testClockwiseArcMatchesCoreGraphicsElements() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 25, y: 100), radius: 20, startAngle: .pi * 1.25, endAngle: 0, clockwise: true)
        let recorded = path.recordedElements
        XCTAssertEqual(recorded.map(\.type), [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint])
        let expected: [[CGPoint]] = [
            [CGPoint(x: 10.857863, y: 85.857865)],
            [CGPoint(x: 3.047378, y: 93.668352), CGPoint(x: 3.047379, y: 106.331651), CGPoint(x: 10.857865, y: 114.142137)],
            [CGPoint(x: 18.668352, y: 121.952622), CGPoint(x: 31.331651, y: 121.952621), CGPoint(x: 39.142137, y: 114.142135)],
            [CGPoint(x: 42.892864, y: 110.391407), CGPoint(x: 45, y: 105.304329), CGPoint(x: 45, y: 100)],
        ]
        for (element, points) in zip(recorded, expected) {
            assertPointsEqual(element.points, points, accuracy: 1e-5)
        }
    }

    /// Element values recorded from Core Graphics: `CGPathAddArcToPoint` from (400, 400)
    /// via (140, 250) towards (110, 180) with radius 50.
    func testTangentArcMatchesCoreGraphicsElements() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 400, y: 400))
        path.addArc(tangent1End: CGPoint(x: 140, y: 250), tangent2End: CGPoint(x: 110, y: 180), radius: 50)
        let recorded = path.recordedElements
        XCTAssertEqual(recorded.map(\.type), [.moveToPoint, .addLineToPoint, .addCurveToPoint])
        assertPointsEqual(recorded[1].points, [CGPoint(x: 154.415379, y: 258.316565)], accuracy: 1e-5)
        assertPointsEqual(recorded[2].points, [
            CGPoint(x: 145.057503, y: 252.917790), CGPoint(x: 137.699975, y: 244.633276),
            CGPoint(x: 133.444250, y: 234.703250),
        ], accuracy: 1e-5)
    }

    func testTangentArcWithCollinearPointsIsALineToTheCorner() {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 20, y: 0), radius: 5)
        XCTAssertEqual(path.recordedElements.last, RecordedElement(type: .addLineToPoint, points: [CGPoint(x: 10, y: 0)]))
    }

    /// `clockwise: false` runs towards increasing angle: from +x through +y, which in
    /// UIKit's y-down space is clockwise on screen (through the bottom of the circle).
    func testClockwiseFlagFollowsCoreGraphicsYUpConvention() {
        let increasing = CGMutablePath()
        increasing.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        XCTAssertEqual(increasing.recordedElements.count, 2, "one quarter")
        assertPointsEqual([increasing.currentPoint], [CGPoint(x: 0, y: 10)], accuracy: 1e-12)
        XCTAssertTrue(increasing.contains(CGPoint(x: 7, y: 6)), "the segment beyond the chord lies towards +x+y")
        XCTAssertFalse(increasing.contains(CGPoint(x: 5, y: 3)), "the centre side of the chord is not filled")

        let decreasing = CGMutablePath()
        decreasing.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        XCTAssertEqual(decreasing.recordedElements.count, 4, "three quarters the other way")
        let ends = decreasing.recordedElements.dropFirst().map { $0.points.last! }
        assertPointsEqual(ends, [CGPoint(x: 0, y: -10), CGPoint(x: -10, y: 0), CGPoint(x: 0, y: 10)], accuracy: 1e-12)
    }

    func testSweepIsReducedIntoOneTurnUnlessAWholeTurnIsAsked() {
        let wrapped = CGMutablePath()
        // −π/2 → increasing to 3π/2 is one turn wrapped: end "behind" start goes round.
        wrapped.addArc(center: .zero, radius: 1, startAngle: .pi / 2, endAngle: 0, clockwise: false)
        XCTAssertEqual(wrapped.recordedElements.count, 4, "three quarters from +y round to +x")

        let full = CGMutablePath()
        full.addArc(center: .zero, radius: 1, startAngle: 0, endAngle: 7, clockwise: false)
        XCTAssertEqual(full.recordedElements.count, 5, "a whole circle, never more")
        assertPointsEqual([full.currentPoint], [CGPoint(x: 1, y: 0)], accuracy: 1e-12)

        let none = CGMutablePath()
        none.addArc(center: .zero, radius: 1, startAngle: 1, endAngle: 1, clockwise: true)
        XCTAssertEqual(none.recordedElements.map(\.type), [.moveToPoint])
    }

    func testArcStartsWithALineFromTheCurrentPoint() {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: -5, y: 0))
        path.addRelativeArc(center: .zero, radius: 2, startAngle: 0, delta: -.pi)
        XCTAssertEqual(path.recordedElements[1], RecordedElement(type: .addLineToPoint, points: [CGPoint(x: 2, y: 0)]))
        let ends = path.recordedElements.dropFirst(2).map { $0.points.last! }
        assertPointsEqual(ends, [CGPoint(x: 0, y: -2), CGPoint(x: -2, y: 0)], accuracy: 1e-12)
    }

    /// Curve ends lie on the circle; mid-curve points stray outward by at most the
    /// cubic approximation's known 0.027 % of the radius.
    func testArcCurvesHugTheCircle() {
        let path = CGMutablePath()
        path.addArc(center: CGPoint(x: 3, y: 4), radius: 100, startAngle: 0.3, endAngle: 5.9, clockwise: false)
        var start = path.recordedElements[0].points[0]
        for element in path.recordedElements.dropFirst() {
            let curve = [start] + element.points
            for t in stride(from: 0 as CGFloat, through: 1, by: 0.125) {
                let p = deCasteljau(curve, t)
                let r = hypot(p.x - 3, p.y - 4)
                XCTAssertGreaterThanOrEqual(r, 100 - 1e-9)
                XCTAssertLessThanOrEqual(r, 100.0273)
            }
            start = element.points.last!
        }
        let end = path.currentPoint
        XCTAssertEqual(end.x, 3 + 100 * cos(5.9), accuracy: 1e-9)
        XCTAssertEqual(end.y, 4 + 100 * sin(5.9), accuracy: 1e-9)
    }
}
