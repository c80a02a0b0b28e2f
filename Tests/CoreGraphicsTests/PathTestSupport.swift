import CoreGraphics
import XCTest

/// One element as read back through the public `applyWithBlock`, copied out of the
/// borrowed pointer.
struct RecordedElement: Equatable {
    var type: CGPathElementType
    var points: [CGPoint]
}

extension CGPath {
    var recordedElements: [RecordedElement] {
        var result: [RecordedElement] = []
        applyWithBlock { element in
            let count: Int
            switch element.pointee.type {
            case .moveToPoint, .addLineToPoint: count = 1
            case .addQuadCurveToPoint: count = 2
            case .addCurveToPoint: count = 3
            case .closeSubpath: count = 0
            }
            let points = (0..<count).map { element.pointee.points[$0] }
            result.append(RecordedElement(type: element.pointee.type, points: points))
        }
        return result
    }
}

func assertPointsEqual(
    _ actual: [CGPoint], _ expected: [CGPoint], accuracy: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.count, expected.count, "point count", file: file, line: line)
    for (a, e) in zip(actual, expected) {
        XCTAssertEqual(a.x, e.x, accuracy: accuracy, "x of \(a) vs \(e)", file: file, line: line)
        XCTAssertEqual(a.y, e.y, accuracy: accuracy, "y of \(a) vs \(e)", file: file, line: line)
    }
}

func assertRectsEqual(
    _ actual: CGRect, _ expected: CGRect, accuracy: CGFloat,
    file: StaticString = #filePath, line: UInt = #line
) {
    XCTAssertEqual(actual.minX, expected.minX, accuracy: accuracy, "minX", file: file, line: line)
    XCTAssertEqual(actual.minY, expected.minY, accuracy: accuracy, "minY", file: file, line: line)
    XCTAssertEqual(actual.maxX, expected.maxX, accuracy: accuracy, "maxX", file: file, line: line)
    XCTAssertEqual(actual.maxY, expected.maxY, accuracy: accuracy, "maxY", file: file, line: line)
}

/// A point of the cubic with these control points, evaluated independently of the
/// library (de Casteljau), for tests that probe right next to a curve.
func deCasteljau(_ p: [CGPoint], _ t: CGFloat) -> CGPoint {
    var points = p
    while points.count > 1 {
        points = zip(points, points.dropFirst()).map { a, b in
            CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
        }
    }
    return points[0]
}
