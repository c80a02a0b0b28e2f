import QuartzCore
import XCTest

final class CATransformDecompositionTests: XCTestCase {
    private func assertTransformsEqual(
        _ actual: CGAffineTransform, _ expected: CGAffineTransform, accuracy: CGFloat = 1e-12,
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let pairs = [
            (actual.a, expected.a), (actual.b, expected.b), (actual.c, expected.c),
            (actual.d, expected.d), (actual.tx, expected.tx), (actual.ty, expected.ty),
        ]
        for (index, (a, e)) in pairs.enumerated() {
            XCTAssertEqual(a, e, accuracy: accuracy, "entry \(index) of \(actual) vs \(expected)", file: file, line: line)
        }
    }

    func testPartsOfAScaledRotatedMovedTransform() {
        let t = CGAffineTransform(scaleX: 2, y: 3).concatenating(CGAffineTransform(rotationAngle: 0.5))
            .concatenating(CGAffineTransform(translationX: 7, y: -4))
        let parts = CATransformDecomposition(t)
        XCTAssertEqual(parts.scaleX, 2, accuracy: 1e-12)
        XCTAssertEqual(parts.scaleY, 3, accuracy: 1e-12)
        XCTAssertEqual(parts.shear, 0, accuracy: 1e-12)
        XCTAssertEqual(parts.rotation, 0.5, accuracy: 1e-12)
        XCTAssertEqual(parts.translation, CGPoint(x: 7, y: -4))
    }

    func testRecomposingGivesTheTransformBackIncludingShearAndMirrors() {
        let transforms = [
            CGAffineTransform(a: 1, b: 0.3, c: 0.8, d: 1.2, tx: 5, ty: 6),
            CGAffineTransform(scaleX: -1, y: 1),
            CGAffineTransform(scaleX: 1, y: -2).rotated(by: 2),
            CGAffineTransform(a: -0.2, b: 1.5, c: -3, d: 0.1, tx: 0, ty: 9),
        ]
        for t in transforms {
            assertTransformsEqual(CATransformDecomposition(t).transform, t)
        }
    }

    func testMirrorGoesOnTheAxisCSSChooses() {
        let flipX = CATransformDecomposition(CGAffineTransform(scaleX: -1, y: 1))
        XCTAssertEqual(flipX.scaleX, -1)
        XCTAssertEqual(flipX.rotation, 0)
        let flipY = CATransformDecomposition(CGAffineTransform(scaleX: 1, y: -1))
        XCTAssertEqual(flipY.scaleY, -1)
        XCTAssertEqual(flipY.rotation, 0)
    }

    /// Halfway through a turn, not halfway between matrices (which would shrink).
    func testRotationInterpolatesTheAngle() {
        let end = CGAffineTransform(rotationAngle: 0.75 * .pi)
        assertTransformsEqual(
            CGAffineTransform.identity.interpolated(to: end, fraction: 0.5), CGAffineTransform(rotationAngle: 0.375 * .pi))
    }

    func testRotationTakesTheShortWayRound() {
        let from = CGAffineTransform(rotationAngle: 0.9 * .pi)
        let to = CGAffineTransform(rotationAngle: -0.9 * .pi)
        assertTransformsEqual(from.interpolated(to: to, fraction: 0.5), CGAffineTransform(rotationAngle: .pi))
    }

    /// Listing 1-5 of Apple's "Gesture Recognizers": a view rotated by the gesture
    /// animates back to the identity; after 300° of gesture it turns back through the
    /// 60° side.
    func testRotatingBackToIdentityAfterALargeGesture() {
        let rotated = CGAffineTransform(rotationAngle: 300 * .pi / 180)
        let quarter = rotated.interpolated(to: .identity, fraction: 0.25)
        assertTransformsEqual(quarter, CGAffineTransform(rotationAngle: -45 * .pi / 180))
    }

    func testScaleRotationAndTranslationMoveTogether() {
        let from = CGAffineTransform(scaleX: 1, y: 1)
        let to = CGAffineTransform(scaleX: 3, y: 3).concatenating(CGAffineTransform(rotationAngle: .pi / 2))
            .concatenating(CGAffineTransform(translationX: 100, y: 50))
        let expected = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(rotationAngle: .pi / 4))
            .concatenating(CGAffineTransform(translationX: 50, y: 25))
        assertTransformsEqual(from.interpolated(to: to, fraction: 0.5), expected)
        assertTransformsEqual(from.interpolated(to: to, fraction: 0), from)
        assertTransformsEqual(from.interpolated(to: to, fraction: 1), to)
    }

    func testSingularEndJumpsInsteadOfAnimating() {
        let vanish = CGAffineTransform(scaleX: 0, y: 0)
        XCTAssertEqual(CGAffineTransform.identity.interpolated(to: vanish, fraction: 0), .identity)
        XCTAssertEqual(CGAffineTransform.identity.interpolated(to: vanish, fraction: 0.1), vanish)
        XCTAssertEqual(vanish.interpolated(to: .identity, fraction: 0.5), .identity)
    }
}
