@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The gestures scene: listings 1-3 to 1-5 of Apple's "Gesture Recognizers" on the whole
/// stage, with drawn pictograms and a status line naming the last gesture.
final class GesturesSceneTests: ListingTestCase {
    private var scene: GesturesScene!
    private let halfWay = Double(CAMediaTimingFunction(name: .easeInEaseOut).solve(forInput: 0.5))

    override func setUp() async throws {
        try await super.setUp()
        scene = GesturesScene()
        present(scene, size: UIScreen.main.bounds.size)
    }

    private var imageView: UIImageView { scene.gestures.imageView }
    private var shown: CALayer { imageView.layer.presentation()! }

    func testEveryGestureHasItsOwnPictogramAndTheStageTakesTheGestures() async throws {
        let images = scene.gestures.images
        XCTAssertEqual(images.count, GestureImageTarget.Gesture.allCases.count)
        let pngs = Set(try images.values.map { try XCTUnwrap($0.pngData()) })
        XCTAssertEqual(pngs.count, images.count, "no two alike")
        for image in images.values {
            XCTAssertEqual(image.size, CGSize(width: GesturesScene.imageSide, height: GesturesScene.imageSide))
        }
        XCTAssertTrue(scene.gestures.view === scene.view)
        XCTAssertEqual(scene.statusLabel.text, "the last gesture shows here")
    }

    func testATapShowsItsImageThereAndFadesItOverHalfASecond() async {
        injector.tap(at: CGPoint(x: 300, y: 500), duration: 0.05)
        XCTAssertTrue(imageView.image === scene.gestures.images[.tap])
        XCTAssertEqualPoints(imageView.center, CGPoint(x: 300, y: 500), accuracy: 0)
        XCTAssertEqual(scene.statusLabel.text, "tap at (300, 500)")
        XCTAssertEqual(Double(shown.opacity), 1, accuracy: 1e-9)
        advance(0.25)
        XCTAssertEqual(Double(shown.opacity), 1 - halfWay, accuracy: 1e-6)
        advance(0.25)
        XCTAssertEqual(shown.opacity, 0)
        XCTAssertNil(imageView.layer.animationKeys())
    }

    func testARightSwipeShowsItsImageWhereItBeganAndSlidesIt220PointsRight() async {
        let finger = injector.touchDown(at: CGPoint(x: 300, y: 400))
        injector.wait(0.05)
        injector.move(finger, to: CGPoint(x: 330, y: 401))
        injector.wait(0.05)
        injector.move(finger, to: CGPoint(x: 370, y: 402))
        XCTAssertEqual(scene.statusLabel.text, "swipe right from (300, 400)")
        XCTAssertTrue(imageView.image === scene.gestures.images[.swipeRight])
        XCTAssertEqualPoints(imageView.center, CGPoint(x: 520, y: 400), accuracy: 0)
        XCTAssertEqualPoints(shown.position, CGPoint(x: 300, y: 400), accuracy: 1e-9)
        advance(0.25)
        XCTAssertEqual(Double(shown.position.x), 300 + 220 * halfWay, accuracy: 1e-6)
        injector.touchUp(finger, at: CGPoint(x: 370, y: 402))
        advance(0.25)
        XCTAssertEqualPoints(shown.position, CGPoint(x: 520, y: 400), accuracy: 0)
        XCTAssertEqual(shown.opacity, 0)
    }

    /// Fingers mirrored about the window's centre, as the mouse's Ctrl fingers are.
    func testARotationAboutTheCentreTurnsTheImageThereAndBack() async {
        let center = CGPoint(x: window.bounds.midX, y: window.bounds.midY)
        injector.rotate(center: center, radius: 80, by: .pi / 6, duration: 0.3, steps: 10)
        XCTAssertEqual(scene.statusLabel.text, "rotation 30\u{B0} at (512, 384), ended")
        XCTAssertTrue(imageView.image === scene.gestures.images[.rotation])
        XCTAssertEqualPoints(imageView.center, center, accuracy: 1e-9)
        XCTAssertEqual(imageView.transform, .identity)
        XCTAssertEqual(Double(CATransformDecomposition(shown.affineTransform()).rotation), .pi / 6, accuracy: 1e-9)
        advance(0.25)
        XCTAssertEqual(Double(CATransformDecomposition(shown.affineTransform()).rotation), .pi / 6 * (1 - halfWay), accuracy: 1e-6)
        advance(0.25)
        XCTAssertEqual(shown.affineTransform(), .identity)
        XCTAssertEqual(shown.opacity, 0)
    }

    func testAPinchShowsItsScaleInTheStatusLine() async {
        injector.pinch(center: CGPoint(x: 512, y: 384), from: 100, to: 150, duration: 0.3, steps: 10)
        XCTAssertEqual(scene.statusLabel.text, "pinch \u{D7}1.50 at (512, 384), ended")
        XCTAssertTrue(imageView.image === scene.gestures.images[.pinch])
        XCTAssertEqual(shown.affineTransform().a, 1.5, accuracy: 1e-9)
    }
}
