@testable import QuartzCore
import XCTest

/// The cached map between a layer and its superlayer must agree exactly with the slow
/// definitions it replaces: Foundation's `CGRect.contains` and the composed transform.
final class SuperlayerMappingTests: XCTestCase {
    func testBoundsContainmentAgreesWithCGRectContains() {
        let rects = [
            CGRect(x: 10, y: 20, width: 30, height: 40),
            CGRect(x: 10, y: 20, width: -30, height: -40),
            CGRect(x: 5, y: 5, width: 0, height: 10),
            CGRect.null,
            CGRect.infinite,
        ]
        let points = [
            CGPoint(x: 10, y: 20), CGPoint(x: 40, y: 60), CGPoint(x: 39.999, y: 59.999),
            CGPoint(x: -20, y: -20), CGPoint(x: -19.5, y: -19.5), CGPoint(x: 9.999, y: 30),
            CGPoint(x: 5, y: 7), CGPoint(x: CGFloat.nan, y: 30), CGPoint(x: 25, y: CGFloat.infinity),
        ]
        for rect in rects {
            let mapping = SuperlayerMapping(bounds: rect, anchorPoint: .zero, position: .zero, transform: .identity)
            for point in points {
                XCTAssertEqual(mapping.boundsContain(point), rect.contains(point), "\(rect) \(point)")
            }
        }
    }

    func testMapsAgreeWithTheComposedTransform() {
        let transform = CGAffineTransform(rotationAngle: 0.3).scaledBy(x: 2, y: 0.5).translatedBy(x: 3, y: -4)
        let mapping = SuperlayerMapping(
            bounds: CGRect(x: 7, y: -3, width: 40, height: 20), anchorPoint: CGPoint(x: 0.25, y: 0.75),
            position: CGPoint(x: 100, y: 50), transform: transform)
        let composed = CGAffineTransform(translationX: -(7 + 0.25 * 40), y: -(-3 + 0.75 * 20))
            .concatenating(transform)
            .concatenating(CGAffineTransform(translationX: 100, y: 50))
        let point = CGPoint(x: 12.5, y: 8.25)
        let out = mapping.toSuperlayer(point)
        let expected = point.applying(composed)
        XCTAssertEqual(out.x, expected.x, accuracy: 1e-12)
        XCTAssertEqual(out.y, expected.y, accuracy: 1e-12)
        let back = mapping.fromSuperlayer(out)
        XCTAssertEqual(back.x, point.x, accuracy: 1e-12)
        XCTAssertEqual(back.y, point.y, accuracy: 1e-12)
    }

    func testSingularTransformMapsEveryPointToTheAnchor() {
        let mapping = SuperlayerMapping(
            bounds: CGRect(x: 0, y: 0, width: 40, height: 20), anchorPoint: CGPoint(x: 0.5, y: 0.5),
            position: CGPoint(x: 100, y: 50), transform: CGAffineTransform(scaleX: 0, y: 1))
        XCTAssertEqual(mapping.fromSuperlayer(CGPoint(x: 3, y: 4)), CGPoint(x: 20, y: 10))
        XCTAssertEqual(mapping.toSuperlayer(CGPoint(x: 0, y: 0)), CGPoint(x: 100, y: 40))
    }
}
