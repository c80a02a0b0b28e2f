import QuartzCore
import XCTest

final class CATransformComponentTests: XCTestCase {
    func testKeyPathsCoreAnimationAccepts() {
        XCTAssertEqual(CATransformComponent(keyPath: "transform.rotation.z"), .rotation)
        XCTAssertEqual(CATransformComponent(keyPath: "transform.rotation"), .rotation)
        XCTAssertEqual(CATransformComponent(keyPath: "transform.scale"), .scale)
        XCTAssertEqual(CATransformComponent(keyPath: "transform.scale.x"), .scaleX)
        XCTAssertEqual(CATransformComponent(keyPath: "sublayerTransform.scale.y"), .scaleY)
        XCTAssertEqual(CATransformComponent(keyPath: "translation.x"), .translationX)
        XCTAssertEqual(CATransformComponent(keyPath: "transform.translation.y"), .translationY)
        XCTAssertNil(CATransformComponent(keyPath: "transform.rotation.x"), "no 3-D rotation in an affine transform")
        XCTAssertNil(CATransformComponent(keyPath: "position.x"))
        XCTAssertNil(CATransformComponent(keyPath: "transform"))
    }

    func testReadingComponents() {
        let t = CGAffineTransform(scaleX: 2, y: 4).concatenating(CGAffineTransform(rotationAngle: 0.5))
            .concatenating(CGAffineTransform(translationX: 10, y: 20))
        XCTAssertEqual(CATransformComponent.rotation.value(in: t), 0.5, accuracy: 1e-12)
        XCTAssertEqual(CATransformComponent.scaleX.value(in: t), 2, accuracy: 1e-12)
        XCTAssertEqual(CATransformComponent.scaleY.value(in: t), 4, accuracy: 1e-12)
        XCTAssertEqual(CATransformComponent.scale.value(in: t), 7.0 / 3, accuracy: 1e-12, "(2 + 4 + 1) / 3")
        XCTAssertEqual(CATransformComponent.translationX.value(in: t), 10)
        XCTAssertEqual(CATransformComponent.translationY.value(in: t), 20)
        XCTAssertEqual(CATransformComponent.scale.value(in: .identity), 1)
    }

    func testWritingOneComponentKeepsTheOthers() {
        let t = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 10, y: 20))
        let turned = CATransformComponent.rotation.setting(.pi / 2, in: t)
        let expected = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(rotationAngle: .pi / 2))
            .concatenating(CGAffineTransform(translationX: 10, y: 20))
        for (a, e) in [(turned.a, expected.a), (turned.b, expected.b), (turned.c, expected.c), (turned.d, expected.d)] {
            XCTAssertEqual(a, e, accuracy: 1e-12)
        }
        XCTAssertEqual(turned.tx, 10)
        XCTAssertEqual(turned.ty, 20)

        let scaled = CATransformComponent.scale.setting(3, in: t)
        XCTAssertEqual(scaled, CGAffineTransform(a: 3, b: 0, c: 0, d: 3, tx: 10, ty: 20))
        let moved = CATransformComponent.translationX.setting(-1, in: t)
        XCTAssertEqual(moved, CGAffineTransform(a: 2, b: 0, c: 0, d: 2, tx: -1, ty: 20))
    }
}
