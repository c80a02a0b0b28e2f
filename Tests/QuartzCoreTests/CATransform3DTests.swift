import QuartzCore
import XCTest

final class CATransform3DTests: XCTestCase {
    private func assertEqual(_ a: CGAffineTransform, _ b: CGAffineTransform, file: StaticString = #filePath, line: UInt = #line) {
        for (x, y) in [(a.a, b.a), (a.b, b.b), (a.c, b.c), (a.d, b.d), (a.tx, b.tx), (a.ty, b.ty)] {
            XCTAssertEqual(x, y, accuracy: 1e-12, file: file, line: line)
        }
    }

    func testAffineRoundTripAndIdentity() {
        let affine = CGAffineTransform(a: 1, b: 2, c: 3, d: 4, tx: 5, ty: 6)
        let t = CATransform3DMakeAffineTransform(affine)
        XCTAssertTrue(t.isAffine)
        XCTAssertEqual(CATransform3DGetAffineTransform(t), affine)
        XCTAssertTrue(CATransform3DIsIdentity(CATransform3D()))
        XCTAssertFalse(CATransform3DIsIdentity(t))
    }

    func testZRotationScaleAndTranslationMatchTheirAffineCounterparts() {
        assertEqual(CATransform3DGetAffineTransform(CATransform3DMakeRotation(0.7, 0, 0, 1)), CGAffineTransform(rotationAngle: 0.7))
        assertEqual(CATransform3DGetAffineTransform(CATransform3DMakeScale(2, 3, 4)), CGAffineTransform(scaleX: 2, y: 3))
        assertEqual(CATransform3DGetAffineTransform(CATransform3DMakeTranslation(7, 8, 9)), CGAffineTransform(translationX: 7, y: 8))
        XCTAssertEqual(CATransform3DMakeRotation(1, 0, 0, 0), CATransform3DIdentity, "a zero axis is no rotation")
    }

    func testConcatenationOrderMatchesAffineConcatenation() {
        // CA's Concat(a, b) applies a first, then b, as CGAffineTransform.concatenating does.
        let a = CGAffineTransform(rotationAngle: 0.3), b = CGAffineTransform(translationX: 10, y: -4).scaledBy(x: 2, y: 0.5)
        let three = CATransform3DConcat(CATransform3DMakeAffineTransform(a), CATransform3DMakeAffineTransform(b))
        assertEqual(CATransform3DGetAffineTransform(three), a.concatenating(b))
        // Translate/Scale/Rotate act in the transform's own space first, like CGAffineTransform's.
        let base = CATransform3DMakeRotation(0.5, 0, 0, 1)
        assertEqual(CATransform3DGetAffineTransform(CATransform3DTranslate(base, 3, 4, 0)),
                    CGAffineTransform(rotationAngle: 0.5).translatedBy(x: 3, y: 4))
        assertEqual(CATransform3DGetAffineTransform(CATransform3DScale(base, 2, 3, 1)),
                    CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 2, y: 3))
    }

    func testPerspectiveIsNotAffineButItsPlanePartStillShows() {
        var t = CATransform3DMakeTranslation(5, 6, 0)
        t.m34 = -1 / 500
        XCTAssertFalse(t.isAffine)
        XCTAssertEqual(CATransform3DGetAffineTransform(t), CGAffineTransform(translationX: 5, y: 6))
    }
}
