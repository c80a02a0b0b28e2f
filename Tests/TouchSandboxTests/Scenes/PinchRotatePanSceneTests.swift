@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The pinch-rotate-pan scene: the photo at the window's centre scales, turns and moves
/// with the fingers, the three recognizers together, each applied incrementally.
final class PinchRotatePanSceneTests: ListingTestCase {
    private var scene: PinchRotatePanScene!
    private var photo: UIImageView!

    override func setUp() async throws {
        try await super.setUp()
        scene = PinchRotatePanScene()
        present(scene, size: UIScreen.main.bounds.size)
        photo = try XCTUnwrap(scene.photo)
    }

    /// Two fingers on either side of `center`, `distance` apart along `angle`.
    private func fingers(_ center: CGPoint, distance: CGFloat, angle: CGFloat) -> [CGPoint] {
        let dx = distance / 2 * cos(angle), dy = distance / 2 * sin(angle)
        return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
    }

    func testThePhotoRestsAtTheWindowsCentre() async {
        XCTAssertEqualPoints(photo.center, CGPoint(x: window.bounds.midX, y: window.bounds.midY), accuracy: 0)
        XCTAssertEqual(photo.transform, .identity)
        XCTAssertTrue(photo.isUserInteractionEnabled)
        XCTAssertEqual(scene.readout.text, "scale \u{D7}1.00 \u{B7} rotation 0\u{B0} \u{B7} moved (0, 0)")
    }

    func testTwoFingersThatSpreadAndTurnScaleAndRotateThePhotoAtOnce() async {
        let center = photo.center
        var actions: [String] = []
        for (name, recognizer) in [("pinch", scene.pinch!), ("rotation", scene.rotation!), ("pan", scene.pan!)] as [(String, UIGestureRecognizer)] {
            recognizer.addAction { actions.append("\(name) \($0.state)") }
        }
        let ids = [injector.makeID(), injector.makeID()]
        let start = fingers(center, distance: 100, angle: 0)
        injector.send(zip(ids, start).map { TouchSample(id: $0, phase: .began, location: $1, timestamp: clock.now) })
        // From 100 to 200 points apart while turning half a radian, in ten steps.
        for step in 1...10 {
            injector.wait(0.03)
            let fraction = CGFloat(step) / 10
            let points = fingers(center, distance: 100 + 100 * fraction, angle: 0.5 * fraction)
            injector.send(zip(ids, points).map { TouchSample(id: $0, phase: .moved, location: $1, timestamp: clock.now) })
        }
        let end = fingers(center, distance: 200, angle: 0.5)
        injector.send(zip(ids, end).map { TouchSample(id: $0, phase: .ended, location: $1, timestamp: clock.now) })

        XCTAssertEqual(actions.first, "pinch began", "8 points apart after the first step")
        XCTAssertTrue(actions.contains("rotation began"), "both recognize")
        XCTAssertFalse(actions.contains { $0.hasPrefix("pan") }, "the fingers' centroid never moved")
        let t = photo.transform
        XCTAssertEqual(t.a, 2 * cos(0.5), accuracy: 1e-9)
        XCTAssertEqual(t.b, 2 * sin(0.5), accuracy: 1e-9)
        XCTAssertEqual(t.c, -2 * sin(0.5), accuracy: 1e-9)
        XCTAssertEqual(t.d, 2 * cos(0.5), accuracy: 1e-9)
        XCTAssertEqual(t.tx, 0)
        XCTAssertEqual(t.ty, 0)
        XCTAssertEqualPoints(photo.center, center, accuracy: 0)
        XCTAssertEqual(scene.readout.text, "scale \u{D7}2.00 \u{B7} rotation 29\u{B0} \u{B7} moved (0, 0)")
        XCTAssertEqual(scene.pinch.scale, 1, "reset after every action")
        XCTAssertEqual(scene.rotation.rotation, 0)
    }

    func testOneFingerDragsThePhotoWithoutScalingOrTurningIt() async {
        let center = photo.center
        injector.drag(from: CGPoint(x: center.x + 20, y: center.y + 10), to: CGPoint(x: center.x + 140, y: center.y - 50),
                      duration: 0.4, steps: 8)
        XCTAssertEqualPoints(photo.center, CGPoint(x: center.x + 120, y: center.y - 60))
        XCTAssertEqual(photo.transform, .identity)
        XCTAssertEqual(scene.readout.text, "scale \u{D7}1.00 \u{B7} rotation 0\u{B0} \u{B7} moved (120, -60)")
    }

    func testADoubleTapSendsThePhotoBackToTheCentre() async {
        let home = photo.center
        injector.pinch(center: home, from: 100, to: 150)
        injector.drag(from: home, to: CGPoint(x: home.x - 100, y: home.y + 50))
        injector.wait(1)
        let moved = photo.center
        XCTAssertEqualPoints(moved, CGPoint(x: home.x - 100, y: home.y + 50))
        XCTAssertEqual(photo.transform.a, 1.5, accuracy: 1e-9)

        injector.tap(at: moved, duration: 0.05)
        injector.wait(0.1)
        injector.tap(at: moved, duration: 0.05)
        XCTAssertEqualPoints(photo.center, home, accuracy: 0)
        XCTAssertEqual(photo.transform, .identity)
        XCTAssertEqualPoints(photo.layer.presentation()!.position, moved, accuracy: 1e-9, "animating back")
        advance(PinchRotatePanScene.resetDuration + 0.01)
        XCTAssertNil(photo.layer.animationKeys())
    }

    func testAResizeKeepsThePhotosScaleTurnAndOffset() async {
        let center = photo.center
        injector.drag(from: CGPoint(x: center.x + 20, y: center.y + 10), to: CGPoint(x: center.x + 60, y: center.y - 10),
                      duration: 0.4, steps: 8)
        scene.photo.transform = CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 1.5, y: 1.5)
        let transform = scene.photo.transform
        window.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        window.layoutIfNeeded()
        XCTAssertFalse(scene.photo === photo, "made anew for the new size")
        XCTAssertEqual(scene.home, CGPoint(x: 320, y: 240))
        XCTAssertEqualPoints(scene.photo.center, CGPoint(x: 320 + 40, y: 240 - 20))
        XCTAssertEqual(scene.photo.transform, transform)
        XCTAssertEqual(scene.readout.text, "scale \u{D7}1.50 \u{B7} rotation 29\u{B0} \u{B7} moved (40, -20)")
    }
}

