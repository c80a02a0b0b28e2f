@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Apple, "Gesture Recognizers", listings 1-3 to 1-5: the image shows where the gesture
/// is and animates away over 0.5 s on the default ease-in-ease-out curve: the tap's
/// fades, the swipe's slides 220 points, the rotation's (and the pinch's) follows the
/// fingers and returns.
final class GestureImageTargetTests: ListingTestCase {
    private var target: GestureImageTarget!
    private var v: UIView!
    /// Where the default curve is half way through the animation's duration.
    private let halfWay = Double(CAMediaTimingFunction(name: .easeInEaseOut).solve(forInput: 0.5))

    override func setUp() async throws {
        try await super.setUp()
        target = GestureImageTarget()
        for gesture in GestureImageTarget.Gesture.allCases {
            target.images[gesture] = GesturesScene.pictogram(gesture, side: 40)
        }
        v = UIView(frame: window.bounds)
        v.isMultipleTouchEnabled = true
        window.addSubview(v)
        target.configure(v)
    }

    private var imageView: UIImageView { target.imageView }
    private var shown: CALayer { imageView.layer.presentation()! }

    private func recognizer<R: UIGestureRecognizer>(_ type: R.Type) -> R {
        target.recognizers.compactMap { $0 as? R }[0]
    }

    func testTheListingsRecognizersAndTheHiddenImageView() async throws {
        XCTAssertEqual(v.gestureRecognizers?.count, 5)
        XCTAssertEqual(recognizer(UITapGestureRecognizer.self).numberOfTapsRequired, 1)
        XCTAssertEqual(target.recognizers.compactMap { ($0 as? UISwipeGestureRecognizer)?.direction }, [.left, .right])
        XCTAssertTrue(imageView.superview === v)
        XCTAssertEqual(imageView.alpha, 0)
        XCTAssertFalse(imageView.isUserInteractionEnabled, "touches pass through the image to the view")
    }

    func testATapShowsItsImageWhereItWasAndFadesItInPlace() async {
        injector.tap(at: CGPoint(x: 120, y: 300))
        XCTAssertTrue(imageView.image === target.images[.tap])
        XCTAssertEqual(imageView.bounds.size, CGSize(width: 40, height: 40))
        XCTAssertEqualPoints(imageView.center, CGPoint(x: 120, y: 300), accuracy: 0)
        XCTAssertEqual(imageView.alpha, 0, "the model is already faded")
        XCTAssertEqual(Double(shown.opacity), 1, accuracy: 1e-9, "what shows starts opaque")
        advance(0.25)
        XCTAssertEqual(Double(shown.opacity), 1 - halfWay, accuracy: 1e-6)
        XCTAssertEqualPoints(shown.position, CGPoint(x: 120, y: 300), accuracy: 0)
        advance(0.25)
        XCTAssertEqual(shown.opacity, 0)
        XCTAssertNil(imageView.layer.animationKeys())
    }

    func testASwipeShowsItsImageWhereItBeganAndSlidesItTheSwipesWay() async {
        for (gesture, dx) in [(GestureImageTarget.Gesture.swipeRight, CGFloat(1)), (.swipeLeft, -1)] {
            let start = CGPoint(x: 200, y: 150)
            let finger = injector.touchDown(at: start)
            injector.wait(0.05)
            injector.move(finger, to: CGPoint(x: start.x + 30 * dx, y: 152))
            XCTAssertEqual(imageView.alpha, 0, "not yet a swipe")
            injector.wait(0.05)
            injector.move(finger, to: CGPoint(x: start.x + 60 * dx, y: 154))
            XCTAssertTrue(imageView.image === target.images[gesture])
            XCTAssertEqualPoints(imageView.center, CGPoint(x: start.x + 220 * dx, y: 150), accuracy: 0,
                                 "the model is already at the end")
            XCTAssertEqualPoints(shown.position, start, accuracy: 1e-9, "shown where the swipe began")
            advance(0.25)
            XCTAssertEqual(Double(shown.position.x), Double(start.x) + 220 * Double(dx) * halfWay, accuracy: 1e-6)
            XCTAssertEqual(Double(shown.opacity), 1 - halfWay, accuracy: 1e-6)
            injector.touchUp(finger, at: CGPoint(x: start.x + 60 * dx, y: 154))
            advance(0.25)
            XCTAssertEqual(shown.position.x, start.x + 220 * dx)
            XCTAssertEqual(shown.opacity, 0)
            injector.wait(1)
        }
    }

    func testARotationTurnsTheImageWithTheFingersThenTurnsItBack() async throws {
        var seen: [(state: UIGestureRecognizer.State, rotation: CGFloat, transform: CGAffineTransform, alpha: CGFloat)] = []
        let rotation = recognizer(UIRotationGestureRecognizer.self)
        rotation.addAction { [unowned self] _ in
            seen.append((rotation.state, rotation.rotation, imageView.transform, imageView.alpha))
        }
        let center = CGPoint(x: 200, y: 200)
        injector.rotate(center: center, radius: 60, by: 0.6, duration: 0.3, steps: 10)
        XCTAssertEqual(seen.map(\.state), [.began] + Array(repeating: .changed, count: 8) + [.ended])
        for action in seen.dropLast() {
            XCTAssertEqual(action.transform, CGAffineTransform(rotationAngle: action.rotation), "\(action.state)")
            XCTAssertEqual(action.alpha, 1)
        }
        XCTAssertEqual(seen.last?.rotation ?? 0, 0.6, accuracy: 1e-9)
        XCTAssertTrue(imageView.image === target.images[.rotation])
        XCTAssertEqualPoints(imageView.center, center, accuracy: 1e-9, "at the fingers' centroid")

        // Ended: back to horizontal and faded in the model, turning back on screen.
        XCTAssertEqual(imageView.transform, .identity)
        XCTAssertEqual(imageView.alpha, 0)
        XCTAssertEqual(Double(CATransformDecomposition(shown.affineTransform()).rotation), 0.6, accuracy: 1e-9)
        advance(0.25)
        XCTAssertEqual(Double(CATransformDecomposition(shown.affineTransform()).rotation), 0.6 * (1 - halfWay), accuracy: 1e-6)
        XCTAssertEqual(Double(shown.opacity), 1 - halfWay, accuracy: 1e-6)
        advance(0.25)
        XCTAssertEqual(shown.affineTransform(), .identity)
        XCTAssertNil(imageView.layer.animationKeys())
    }

    func testAPinchScalesTheImageWithTheFingersThenShrinksItBack() async {
        injector.pinch(center: CGPoint(x: 200, y: 200), from: 100, to: 160, duration: 0.3, steps: 10)
        XCTAssertTrue(imageView.image === target.images[.pinch])
        XCTAssertEqual(imageView.transform, .identity)
        XCTAssertEqual(shown.affineTransform().a, 1.6, accuracy: 1e-9, "shown at the final scale")
        XCTAssertEqual(shown.affineTransform().d, 1.6, accuracy: 1e-9)
        advance(0.25)
        XCTAssertEqual(Double(shown.affineTransform().a), 1.6 - 0.6 * halfWay, accuracy: 1e-6)
        advance(0.25)
        XCTAssertEqual(shown.affineTransform(), .identity)
        XCTAssertEqual(shown.opacity, 0)
    }
}
