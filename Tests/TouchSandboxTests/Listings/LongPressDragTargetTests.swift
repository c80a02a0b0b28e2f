@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Neuburg, "Touches", the single-recognizer variant: the long press's `changed` state
/// drags the view, keeping the pressed spot under the finger; before the press nothing
/// moves.
final class LongPressDragTargetTests: ListingTestCase {
    private var target: LongPressDragTarget!
    private var v: UIView!

    override func setUp() async throws {
        try await super.setUp()
        target = LongPressDragTarget()
        v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(v)
        target.configure(v)
    }

    func testOneLongPressIsTheWholeListing() async throws {
        let recognizers = try XCTUnwrap(v.gestureRecognizers)
        XCTAssertEqual(recognizers.count, 1)
        XCTAssertTrue(recognizers[0] is UILongPressGestureRecognizer)
    }

    func testAfterThePressTheViewFollowsTheFingerKeepingItsOffset() async {
        // Pressed 20 points left of and 30 below the centre (150, 150).
        let finger = injector.touchDown(at: CGPoint(x: 130, y: 180))
        injector.wait(0.5)
        XCTAssertEqual(v.layer.animationKeys(), [PulsingDragTarget.pulseKey])
        injector.move(finger, to: CGPoint(x: 133, y: 181))
        XCTAssertEqualPoints(v.center, CGPoint(x: 153, y: 151), accuracy: 1e-9, "no hysteresis once pressed")
        injector.move(finger, to: CGPoint(x: 300, y: 330))
        XCTAssertEqualPoints(v.center, CGPoint(x: 320, y: 300), accuracy: 1e-9)
        injector.touchUp(finger, at: CGPoint(x: 300, y: 330))
        XCTAssertEqualPoints(v.center, CGPoint(x: 320, y: 300), accuracy: 1e-9)
        XCTAssertNil(v.layer.animationKeys(), "the pulse stops when the finger lifts")
    }

    func testADragBeforeThePressMovesNothing() async {
        injector.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 300, y: 300), duration: 0.3, steps: 10)
        injector.wait(1)
        XCTAssertEqualPoints(v.center, CGPoint(x: 150, y: 150), accuracy: 0)
        XCTAssertNil(v.layer.animationKeys())
    }

    func testACancelledPressStopsThePulseWhereTheViewWas() async {
        let finger = injector.touchDown(at: CGPoint(x: 150, y: 150))
        injector.wait(0.6)
        injector.move(finger, to: CGPoint(x: 170, y: 150))
        UIApplication.shared.cancelAllTouches()
        XCTAssertNil(v.layer.animationKeys())
        XCTAssertEqualPoints(v.center, CGPoint(x: 170, y: 150), accuracy: 1e-9)
    }
}
