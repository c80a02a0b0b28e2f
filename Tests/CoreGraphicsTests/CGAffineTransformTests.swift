import CoreGraphics
import XCTest

final class CGAffineTransformTests: XCTestCase {
    private func assertEqual(_ p: CGPoint, _ q: CGPoint, accuracy: CGFloat = 1e-9, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x", file: file, line: line)
        XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y", file: file, line: line)
    }

    func testIdentityAndZeroInit() {
        XCTAssertTrue(CGAffineTransform.identity.isIdentity)
        XCTAssertEqual(CGAffineTransform(), CGAffineTransform(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0))
        XCTAssertFalse(CGAffineTransform().isIdentity)
        XCTAssertEqual(CGPoint(x: 3, y: 4).applying(.identity), CGPoint(x: 3, y: 4))
    }

    func testTranslationScaleRotationOnPoints() {
        XCTAssertEqual(CGPoint(x: 1, y: 2).applying(CGAffineTransform(translationX: 10, y: -5)), CGPoint(x: 11, y: -3))
        XCTAssertEqual(CGPoint(x: 1, y: 2).applying(CGAffineTransform(scaleX: 3, y: -2)), CGPoint(x: 3, y: -4))
        // y points down in UIKit, so a quarter turn takes +x to +y (clockwise on screen).
        assertEqual(CGPoint(x: 1, y: 0).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: 0, y: 1))
        assertEqual(CGPoint(x: 0, y: 1).applying(CGAffineTransform(rotationAngle: .pi / 2)), CGPoint(x: -1, y: 0))
    }

    func testConcatenatingAppliesReceiverFirst() {
        let scale = CGAffineTransform(scaleX: 2, y: 2)
        let move = CGAffineTransform(translationX: 10, y: 0)
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(scale.concatenating(move)), CGPoint(x: 12, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(move.concatenating(scale)), CGPoint(x: 22, y: 2))
    }

    func testTranslatedScaledRotatedApplyTheNewStepFirst() {
        let base = CGAffineTransform(translationX: 100, y: 0)
        // CGAffineTransformScale(t, 2, 2): scale first, then t.
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(base.scaledBy(x: 2, y: 2)), CGPoint(x: 102, y: 2))
        XCTAssertEqual(CGPoint(x: 1, y: 1).applying(base.translatedBy(x: 5, y: 5)), CGPoint(x: 106, y: 6))
        assertEqual(CGPoint(x: 1, y: 0).applying(base.rotated(by: .pi)), CGPoint(x: 99, y: 0))
        let scaled = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1)
        XCTAssertEqual(CGPoint.zero.applying(scaled), CGPoint(x: 2, y: 3))
    }

    func testInvertedRoundTripsAndSingularIsReturnedUnchanged() {
        let t = CGAffineTransform(rotationAngle: 0.7).scaledBy(x: 2, y: 0.5).translatedBy(x: 13, y: -4)
        let p = CGPoint(x: 7.25, y: -3.5)
        assertEqual(p.applying(t).applying(t.inverted()), p)
        let product = t.concatenating(t.inverted())
        XCTAssertEqual(product.a, 1, accuracy: 1e-12)
        XCTAssertEqual(product.b, 0, accuracy: 1e-12)
        XCTAssertEqual(product.tx, 0, accuracy: 1e-12)
        let singular = CGAffineTransform(scaleX: 0, y: 1)
        XCTAssertEqual(singular.inverted(), singular)
        let nonFinite = CGAffineTransform(scaleX: .infinity, y: 1)
        XCTAssertEqual(nonFinite.inverted(), nonFinite)
    }

    func testSizeIgnoresTranslationAndMayGoNegative() {
        let t = CGAffineTransform(translationX: 50, y: 50).scaledBy(x: -2, y: 3)
        XCTAssertEqual(CGSize(width: 10, height: 4).applying(t), CGSize(width: -20, height: 12))
    }

    func testRectIsTheBoundingBoxOfItsTransformedCorners() {
        let rect = CGRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertEqual(rect.applying(CGAffineTransform(translationX: 5, y: 6)), CGRect(x: 5, y: 6, width: 20, height: 10))
        XCTAssertEqual(rect.applying(CGAffineTransform(scaleX: -1, y: 2)), CGRect(x: -20, y: 0, width: 20, height: 20))
        let turned = rect.applying(CGAffineTransform(rotationAngle: .pi / 4))
        let half = CGFloat(2).squareRoot() / 2
        XCTAssertEqual(turned.minX, -10 * half, accuracy: 1e-9)
        XCTAssertEqual(turned.maxX, 20 * half, accuracy: 1e-9)
        XCTAssertEqual(turned.minY, 0, accuracy: 1e-9)
        XCTAssertEqual(turned.maxY, 30 * half, accuracy: 1e-9)
        XCTAssertTrue(CGRect.null.applying(CGAffineTransform(scaleX: 2, y: 2)).isNull)
    }
}
