import UIKit
import XCTest

final class UIPinchGestureRecognizerTests: UIKitTestCase {
    /// A pinch that notes its resets and the state it left (a failure sends no action).
    private final class LoggedPinch: UIPinchGestureRecognizer {
        var onReset: ((State) -> Void)?

        override func reset() {
            onReset?(state)
            super.reset()
        }
    }

    private var view: UIView!
    private var pinch: LoggedPinch!
    /// `"<state> <scale> v=<velocity>"` per action, `"reset after <state>"` per reset.
    private var log: [String] = []
    private let center = CGPoint(x: 160, y: 240)

    override func setUp() async throws {
        try await super.setUp()
        log = []
        view = UIView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        pinch = LoggedPinch()
        pinch.addAction { [unowned self] recognizer in
            guard let pinch = recognizer as? UIPinchGestureRecognizer else { return XCTFail("not a pinch") }
            log.append("\(pinch.state) \(number(pinch.scale)) v=\(number(pinch.velocity))")
        }
        pinch.onReset = { [unowned self] state in log.append("reset after \(state)") }
        view.addGestureRecognizer(pinch)
    }

    override func tearDown() async throws {
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0, "every state change is guarded by the current state")
        try await super.tearDown()
    }

    private func number(_ value: CGFloat) -> String {
        ContinuousGestureLog.number(value, decimals: 2)
    }

    /// Puts two fingers down `distance` apart on a horizontal line through `center`.
    private func twoFingersDown(distance: CGFloat) -> [TouchSample.ID] {
        let ids = [injector.makeID(), injector.makeID()]
        injector.send([
            TouchSample(id: ids[0], phase: .began, location: CGPoint(x: center.x - distance / 2, y: center.y), timestamp: clock.now),
            TouchSample(id: ids[1], phase: .began, location: CGPoint(x: center.x + distance / 2, y: center.y), timestamp: clock.now),
        ])
        return ids
    }

    // MARK: - Recognition

    func testPinchingOutBeginsPastTheHysteresisWithTheScaleFromTheStart() async {
        injector.pinch(center: center, from: 100, to: 200, duration: 0.1, steps: 10)
        // The distance grows 1,000 pt/s from 100 pt: 10 scale per second.
        XCTAssertEqual(log, [
            "began 1.10 v=10.00",
            "changed 1.20 v=10.00", "changed 1.30 v=10.00", "changed 1.40 v=10.00", "changed 1.50 v=10.00",
            "changed 1.60 v=10.00", "changed 1.70 v=10.00", "changed 1.80 v=10.00", "changed 1.90 v=10.00",
            "changed 2.00 v=10.00",
            "ended 2.00 v=10.00",
            "reset after ended",
        ])
        XCTAssertEqual(pinch.scale, 1, "reset: the next pinch starts at 1")
        XCTAssertEqual(pinch.velocity, 0)
    }

    func testItBeginsOnceTheDistanceHasChangedByTheHysteresis() async {
        XCTAssertEqual(GestureThresholds.pinchHysteresis, 8)
        let ids = twoFingersDown(distance: 100)
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 217.9, y: 240))
        XCTAssertEqual(log, [], "7.9 pt is within the hysteresis")
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 218, y: 240))
        XCTAssertEqual(log, ["began 1.08 v=4.00"])
        XCTAssertEqual(pinch.location(in: nil), CGPoint(x: 164, y: 240), "the centroid")
    }

    func testPinchingInScalesBelowOne() async {
        injector.pinch(center: center, from: 200, to: 50, duration: 0.03, steps: 3)
        XCTAssertEqual(log, ["began 0.75 v=-25.00", "changed 0.50 v=-25.00", "changed 0.25 v=-25.00", "ended 0.25 v=-25.00", "reset after ended"])
    }

    /// The common client: apply the scale to the transform, then set it back to 1.
    ///
    /// The velocity carries on through the setting, though Apple's `scale` reference
    /// says setting it resets the velocity: a choice, made to match the pan, whose
    /// velocity observed iOS keeps through `setTranslation(_:in:)` (Ray Wenderlich's
    /// "UIGestureRecognizer Tutorial in iOS 5", "Gratuitous Deceleration", flings with
    /// it right after setting the translation to zero in `.ended`); no observation of
    /// a pinch was found either way (see `UIPinchGestureRecognizer.scale`).
    func testSettingTheScaleMakesLaterMovesScaleFromIt() async {
        var velocityAfterSetting: [String] = []
        pinch.addAction { [unowned self] recognizer in
            guard let pinch = recognizer as? UIPinchGestureRecognizer, let view = pinch.view else { return }
            view.transform = view.transform.scaledBy(x: pinch.scale, y: pinch.scale)
            pinch.scale = 1
            velocityAfterSetting.append(number(pinch.velocity))
        }
        injector.pinch(center: center, from: 100, to: 130, duration: 0.03, steps: 3)
        // Each step's ratio: 110/100, 120/110, 130/120; the velocity is relative to the
        // distance the scale was last set at.
        XCTAssertEqual(log, ["began 1.10 v=10.00", "changed 1.09 v=9.09", "changed 1.08 v=8.33", "ended 1.00 v=7.69", "reset after ended"])
        // 1,000 pt/s over the distance at which the scale became 1: never zeroed.
        XCTAssertEqual(velocityAfterSetting, ["9.09", "8.33", "7.69", "7.69"])
        XCTAssertEqual(view.transform.a, 1.3, accuracy: 1e-9)
        XCTAssertEqual(view.transform.d, 1.3, accuracy: 1e-9)
    }

    func testTheScaleCountsFromWhenTheSecondFingerGoesDown() async {
        let first = injector.touchDown(at: CGPoint(x: 100, y: 240))
        injector.wait(0.01)
        injector.move(first, to: CGPoint(x: 60, y: 240))
        XCTAssertEqual(log, [], "one finger is no pinch")
        let second = injector.touchDown(at: CGPoint(x: 160, y: 240))
        injector.wait(0.01)
        injector.move(second, to: CGPoint(x: 180, y: 240))
        XCTAssertEqual(log, ["began 1.20 v=20.00"])
    }

    func testTwoFingersDownOnOneSpotCountTheScaleFromWhereTheyPart() async {
        let ids = twoFingersDown(distance: 0)
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 170, y: 240))
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 180, y: 240))
        XCTAssertEqual(log, ["began 1.00 v=100.00", "changed 2.00 v=100.00"])
    }

    // MARK: - Ends and failures

    /// Apple's UIPinchGestureRecognizer reference: the gesture ends when the user lifts
    /// both fingers. The finger left alone scales nothing and reports nothing.
    func testItEndsWhenBothFingersHaveLiftedAndOneFingerIsNotFollowed() async {
        let ids = twoFingersDown(distance: 100)
        injector.wait(0.01)
        injector.move(ids[0], to: CGPoint(x: 100, y: 240))
        injector.wait(0.01)
        injector.touchUp(ids[0], at: CGPoint(x: 100, y: 240))
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 260, y: 240))
        XCTAssertEqual(log, ["began 1.10 v=10.00"], "one finger lifted: still recognizing, nothing to report")
        injector.touchUp(ids[1], at: CGPoint(x: 260, y: 240))
        XCTAssertEqual(log, ["began 1.10 v=10.00", "ended 1.10 v=5.00", "reset after ended"])
    }

    func testOneFingerAloneFailsWhenItLifts() async {
        injector.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 200), duration: 0.1, steps: 4)
        XCTAssertEqual(log, ["reset after failed"])
    }

    func testLiftingAFingerBeforeItBeganFails() async {
        let ids = twoFingersDown(distance: 100)
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 214, y: 240))
        injector.touchUp(ids[0], at: CGPoint(x: 110, y: 240))
        XCTAssertEqual(log, ["reset after failed"])
    }

    func testAThirdFingerBeforeItBeganFails() async {
        _ = twoFingersDown(distance: 100)
        let third = injector.touchDown(at: CGPoint(x: 160, y: 300))
        XCTAssertEqual(log, ["reset after failed"])
        injector.move(third, to: CGPoint(x: 160, y: 400))
        XCTAssertEqual(log, ["reset after failed"])
    }

    func testAThirdFingerAfterItBeganIsIgnored() async {
        let ids = twoFingersDown(distance: 100)
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 220, y: 240))
        let third = injector.touchDown(at: CGPoint(x: 160, y: 300))
        XCTAssertEqual(pinch.numberOfTouches, 2)
        injector.wait(0.01)
        injector.move(third, to: CGPoint(x: 160, y: 400))
        injector.touchUp(third, at: CGPoint(x: 160, y: 400))
        injector.move(ids[1], to: CGPoint(x: 230, y: 240))
        injector.send([
            TouchSample(id: ids[0], phase: .ended, location: CGPoint(x: 110, y: 240), timestamp: clock.now),
            TouchSample(id: ids[1], phase: .ended, location: CGPoint(x: 230, y: 240), timestamp: clock.now),
        ])
        XCTAssertEqual(log, ["began 1.10 v=10.00", "changed 1.20 v=10.00", "ended 1.20 v=10.00", "reset after ended"])
    }

    func testACancelledTouchCancelsARecognizingPinch() async {
        let ids = twoFingersDown(distance: 100)
        injector.wait(0.01)
        injector.move(ids[1], to: CGPoint(x: 220, y: 240))
        injector.send([TouchSample(id: ids[0], phase: .cancelled, location: CGPoint(x: 110, y: 240), timestamp: clock.now)])
        XCTAssertEqual(log, ["began 1.10 v=10.00", "cancelled 1.10 v=10.00", "reset after cancelled"])
    }
}
