@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Neuburg, "Touches": "Gesture Recognizer Delegate": press and hold until the view
/// pulses, then drag it; a drag without the press moves nothing, and the pulse stops on
/// lifting.
final class PulsingDragTargetTests: ListingTestCase {
    private var target: PulsingDragTarget!
    private var v: UIView!

    override func setUp() async throws {
        try await super.setUp()
        target = PulsingDragTarget()
        v = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
        window.addSubview(v)
        target.configure(v)
    }

    func testTheListingsRecognizersAndDelegate() async throws {
        let recognizers = try XCTUnwrap(v.gestureRecognizers)
        XCTAssertEqual(recognizers.count, 2)
        let press = try XCTUnwrap(recognizers[0] as? UILongPressGestureRecognizer)
        let pan = try XCTUnwrap(recognizers[1] as? UIPanGestureRecognizer)
        XCTAssertTrue(target.longPresser === press)
        XCTAssertTrue(pan.delegate === target)
        XCTAssertNil(press.delegate)
        XCTAssertEqual(press.minimumPressDuration, 0.5)
    }

    func testAPanWithoutTheLongPressDoesNotMoveTheView() async {
        injector.drag(from: CGPoint(x: 150, y: 150), to: CGPoint(x: 300, y: 220), duration: 0.3, steps: 10)
        XCTAssertEqualPoints(v.center, CGPoint(x: 150, y: 150), accuracy: 0)
        XCTAssertNil(v.layer.animationKeys())

        // Held, but not long enough: still nothing.
        let finger = injector.touchDown(at: CGPoint(x: 150, y: 150))
        injector.wait(0.4)
        injector.move(finger, to: CGPoint(x: 200, y: 150))
        injector.wait(0.2)
        injector.move(finger, to: CGPoint(x: 250, y: 150))
        injector.touchUp(finger, at: CGPoint(x: 250, y: 150))
        XCTAssertEqualPoints(v.center, CGPoint(x: 150, y: 150), accuracy: 0)
        XCTAssertNil(v.layer.animationKeys())
    }

    func testAfterHalfASecondsPressADragMovesTheViewWithTheFinger() async {
        let finger = injector.touchDown(at: CGPoint(x: 130, y: 170))
        injector.wait(0.5)
        XCTAssertEqual(target.longPresser?.state, .began)
        injector.move(finger, to: CGPoint(x: 135, y: 172))
        XCTAssertEqualPoints(v.center, CGPoint(x: 150, y: 150), accuracy: 0, "within the pan's hysteresis")
        injector.move(finger, to: CGPoint(x: 160, y: 210))
        XCTAssertEqualPoints(v.center, CGPoint(x: 180, y: 190), accuracy: 1e-9, "the whole movement, hysteresis included")
        injector.move(finger, to: CGPoint(x: 330, y: 60))
        XCTAssertEqualPoints(v.center, CGPoint(x: 350, y: 40), accuracy: 1e-9)
        XCTAssertEqual(target.longPresser?.state, .changed, "the press goes on alongside the pan")
        injector.touchUp(finger, at: CGPoint(x: 330, y: 60))
        XCTAssertEqualPoints(v.center, CGPoint(x: 350, y: 40), accuracy: 1e-9)
    }

    func testThePulseRunsWhileTheFingerIsDownAndStopsWhenItLifts() async throws {
        let finger = injector.touchDown(at: CGPoint(x: 150, y: 150))
        injector.wait(0.49)
        XCTAssertNil(v.layer.animationKeys(), "no pulse before the press is recognized")
        injector.wait(0.01)
        XCTAssertEqual(v.layer.animationKeys(), [PulsingDragTarget.pulseKey])
        let pulse = try XCTUnwrap(v.layer.animation(forKey: PulsingDragTarget.pulseKey) as? CABasicAnimation)
        XCTAssertEqual(pulse.keyPath, "transform")
        XCTAssertEqual(pulse.repeatCount, .infinity)
        XCTAssertTrue(pulse.autoreverses)
        XCTAssertEqual(v.transform, .identity, "the model never changes: the pulse is only seen")

        // Core Animation's default 0.25 s each way, linear: half-way up at 0.125 s,
        // at the top at 0.25 s, back to the start at 0.5 s, and on for ever.
        advance(0.125)
        XCTAssertEqual(try presentedScale(), 1.05, accuracy: 1e-6)
        advance(0.125)
        XCTAssertEqual(try presentedScale(), 1.1, accuracy: 1e-6)
        advance(10.25)
        XCTAssertEqual(try presentedScale(), 1.0, accuracy: 1e-6)
        advance(0.125)
        XCTAssertEqual(try presentedScale(), 1.05, accuracy: 1e-6)

        // Dragging keeps it pulsing.
        injector.move(finger, to: CGPoint(x: 200, y: 150))
        XCTAssertNotNil(v.layer.animation(forKey: PulsingDragTarget.pulseKey))
        injector.touchUp(finger, at: CGPoint(x: 200, y: 150))
        XCTAssertNil(v.layer.animation(forKey: PulsingDragTarget.pulseKey))
        XCTAssertNil(v.layer.animationKeys())
        advance(0.1)
        XCTAssertEqual(try presentedScale(), 1.0, accuracy: 1e-12, "back to the model at once")
    }

    func testACancelledPressStopsThePulse() async {
        _ = injector.touchDown(at: CGPoint(x: 150, y: 150))
        injector.wait(0.5)
        XCTAssertNotNil(v.layer.animation(forKey: PulsingDragTarget.pulseKey))
        UIApplication.shared.cancelAllTouches()
        XCTAssertNil(v.layer.animationKeys())
    }

    func testTheDelegateLetsThePanBeginOnlyWhileThePressIsUnderWay() async throws {
        let pan = try XCTUnwrap(v.gestureRecognizers?[1])
        XCTAssertFalse(target.gestureRecognizerShouldBegin(pan), "press possible")
        XCTAssertTrue(target.gestureRecognizer(pan, shouldRecognizeSimultaneouslyWith: try XCTUnwrap(target.longPresser)))
    }

    private func presentedScale() throws -> CGFloat {
        let presentation = try XCTUnwrap(v.layer.presentation())
        XCTAssertEqual(presentation.transform.m11, presentation.transform.m22)
        return presentation.transform.m11
    }
}
