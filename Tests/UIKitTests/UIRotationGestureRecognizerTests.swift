import Foundation
import UIKit
import XCTest

final class UIRotationGestureRecognizerTests: UIKitTestCase {
    /// A rotation that notes its resets and the state it left (a failure sends no action).
    private final class LoggedRotation: UIRotationGestureRecognizer {
        var onReset: ((State) -> Void)?

        override func reset() {
            onReset?(state)
            super.reset()
        }
    }

    private var view: UIView!
    private var rotation: LoggedRotation!
    /// `"<state> <rotation> v=<velocity>"` per action, `"reset after <state>"` per reset.
    private var log: [String] = []
    private let center = CGPoint(x: 160, y: 240)

    override func setUp() async throws {
        try await super.setUp()
        log = []
        view = UIView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        rotation = LoggedRotation()
        rotation.addAction { [unowned self] recognizer in
            guard let rotation = recognizer as? UIRotationGestureRecognizer else { return XCTFail("not a rotation") }
            log.append("\(rotation.state) \(number(rotation.rotation)) v=\(number(rotation.velocity))")
        }
        rotation.onReset = { [unowned self] state in log.append("reset after \(state)") }
        view.addGestureRecognizer(rotation)
    }

    override func tearDown() async throws {
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0, "every state change is guarded by the current state")
        try await super.tearDown()
    }

    private func number(_ value: CGFloat) -> String {
        ContinuousGestureLog.number(value, decimals: 2)
    }

    /// Where two fingers `distance` apart on either side of `center` along `angle` are.
    private func fingers(distance: CGFloat, angle: CGFloat) -> [CGPoint] {
        let dx = CGFloat(cos(Double(angle))) * distance / 2
        let dy = CGFloat(sin(Double(angle))) * distance / 2
        return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
    }

    private func send(_ ids: [TouchSample.ID], _ phase: TouchSample.Phase, distance: CGFloat, angle: CGFloat) {
        let points = fingers(distance: distance, angle: angle)
        injector.send(zip(ids, points).map { TouchSample(id: $0, phase: phase, location: $1, timestamp: clock.now) })
    }

    // MARK: - Recognition

    func testTurningClockwiseBeginsPastTheHysteresisWithTheAngleFromTheStart() async {
        XCTAssertEqual(GestureThresholds.rotationHysteresis, 0.09)
        injector.rotate(center: center, radius: 50, by: 0.5, duration: 0.1, steps: 10)
        // 0.05 rad per 10 ms: the first step is within the hysteresis, the second is not.
        XCTAssertEqual(log, [
            "began 0.10 v=5.00",
            "changed 0.15 v=5.00", "changed 0.20 v=5.00", "changed 0.25 v=5.00", "changed 0.30 v=5.00",
            "changed 0.35 v=5.00", "changed 0.40 v=5.00", "changed 0.45 v=5.00", "changed 0.50 v=5.00",
            "ended 0.50 v=5.00",
            "reset after ended",
        ])
        XCTAssertEqual(rotation.rotation, 0, "reset: the next rotation starts at 0")
        XCTAssertEqual(rotation.velocity, 0)
    }

    func testTurningCounterclockwiseIsNegative() async {
        injector.rotate(center: center, radius: 50, from: 1, by: -0.3, duration: 0.03, steps: 3)
        XCTAssertEqual(log, ["began -0.10 v=-10.00", "changed -0.20 v=-10.00", "changed -0.30 v=-10.00",
                             "ended -0.30 v=-10.00", "reset after ended"])
    }

    func testTheRotationAccumulatesAcrossPlusOrMinusPiWithoutJumping() async {
        // The line between the fingers points from 3.0 to 3.4 rad: atan2 wraps at π.
        injector.rotate(center: center, radius: 50, from: 3, by: 0.4, duration: 0.04, steps: 4)
        XCTAssertEqual(log, ["began 0.10 v=10.00", "changed 0.20 v=10.00", "changed 0.30 v=10.00",
                             "changed 0.40 v=10.00", "ended 0.40 v=10.00", "reset after ended"])
    }

    func testMoreThanAFullTurnKeepsCounting() async {
        injector.rotate(center: center, radius: 50, from: -2, by: -7, duration: 0.35, steps: 35)
        XCTAssertEqual(log.first, "began -0.20 v=-20.00")
        XCTAssertEqual(log.suffix(3), ["changed -7.00 v=-20.00", "ended -7.00 v=-20.00", "reset after ended"])
        XCTAssertEqual(log.count, 37)
    }

    /// The client of listing 1-5 in Apple's "Gesture Recognizers", setting the rotation
    /// back to 0 after applying it.
    ///
    /// The velocity carries on through the setting, though Apple's `rotation` reference
    /// says setting it resets the velocity: a choice, made to match the pan, whose
    /// velocity observed iOS keeps through `setTranslation(_:in:)` (Ray Wenderlich's
    /// "UIGestureRecognizer Tutorial in iOS 5", "Gratuitous Deceleration", flings with
    /// it right after setting the translation to zero in `.ended`); no observation of
    /// a rotation was found either way (see `UIRotationGestureRecognizer.rotation`).
    func testSettingTheRotationMakesLaterTurnsAddToIt() async {
        var velocityAfterSetting: [String] = []
        rotation.addAction { [unowned self] recognizer in
            guard let rotation = recognizer as? UIRotationGestureRecognizer, let view = rotation.view else { return }
            view.transform = view.transform.rotated(by: rotation.rotation)
            rotation.rotation = 0
            velocityAfterSetting.append(number(rotation.velocity))
        }
        injector.rotate(center: center, radius: 50, by: 0.3, duration: 0.03, steps: 3)
        XCTAssertEqual(log, ["began 0.10 v=10.00", "changed 0.10 v=10.00", "changed 0.10 v=10.00",
                             "ended 0.00 v=10.00", "reset after ended"])
        XCTAssertEqual(velocityAfterSetting, ["10.00", "10.00", "10.00", "10.00"], "never zeroed")
        XCTAssertEqual(atan2(view.transform.b, view.transform.a), 0.3, accuracy: 1e-9)
    }

    func testFingersOnOneSpotHaveNoDirectionUntilTheyPart() async {
        let ids = [injector.makeID(), injector.makeID()]
        send(ids, .began, distance: 0, angle: 0)
        injector.wait(0.01)
        send(ids, .moved, distance: 100, angle: 1)
        XCTAssertEqual(log, [], "parting gives the line its first direction, not a turn")
        injector.wait(0.01)
        send(ids, .moved, distance: 100, angle: 1.1)
        XCTAssertEqual(log, ["began 0.10 v=5.00"])
    }

    // MARK: - Ends and failures

    /// Apple's UIRotationGestureRecognizer reference: the gesture ends when the user
    /// lifts both fingers. The finger left alone turns nothing and reports nothing.
    func testItEndsWhenBothFingersHaveLifted() async {
        let ids = [injector.makeID(), injector.makeID()]
        send(ids, .began, distance: 100, angle: 0)
        injector.wait(0.01)
        send(ids, .moved, distance: 100, angle: 0.1)
        injector.wait(0.01)
        injector.touchUp(ids[1], at: fingers(distance: 100, angle: 0.1)[1])
        injector.move(ids[0], to: CGPoint(x: 10, y: 10))
        XCTAssertEqual(log, ["began 0.10 v=10.00"], "one finger lifted: still recognizing, nothing to report")
        injector.touchUp(ids[0], at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(log, ["began 0.10 v=10.00", "ended 0.10 v=5.00", "reset after ended"])
    }

    func testLiftingBeforeItBeganFailsAndACancelCancels() async {
        injector.rotate(center: center, radius: 50, by: 0.08, duration: 0.02, steps: 2)
        XCTAssertEqual(log, ["reset after failed"])

        log = []
        let ids = [injector.makeID(), injector.makeID()]
        send(ids, .began, distance: 100, angle: 0)
        injector.wait(0.01)
        send(ids, .moved, distance: 100, angle: 0.1)
        send(ids, .cancelled, distance: 100, angle: 0.1)
        XCTAssertEqual(log, ["began 0.10 v=10.00", "cancelled 0.10 v=10.00", "reset after cancelled"])
    }

    // MARK: - With a pinch (Apple, "Gesture Recognizers": "Permitting Simultaneous Gesture Recognition")

    private final class AllowsSimultaneousRecognition: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            true
        }
    }

    private func attachLoggedPinch() -> (UIPinchGestureRecognizer, () -> [String]) {
        let pinch = UIPinchGestureRecognizer()
        var pinchLog: [String] = []
        pinch.addAction { recognizer in
            guard let pinch = recognizer as? UIPinchGestureRecognizer else { return }
            pinchLog.append("pinch \(pinch.state) \(ContinuousGestureLog.number(pinch.scale, decimals: 2))")
        }
        view.addGestureRecognizer(pinch)
        return (pinch, { pinchLog })
    }

    /// Two fingers that move `steps` times (10 ms apart) through the given distances and
    /// angles, then lift where they last were.
    private func twoFingerGesture(_ steps: [(distance: CGFloat, angle: CGFloat)]) {
        let ids = [injector.makeID(), injector.makeID()]
        send(ids, .began, distance: 100, angle: 0)
        for step in steps {
            injector.wait(0.01)
            send(ids, .moved, distance: step.distance, angle: step.angle)
        }
        send(ids, .ended, distance: steps.last?.distance ?? 100, angle: steps.last?.angle ?? 0)
    }

    func testAPinchAndARotationPreventEachOtherByDefault() async {
        let (_, pinchLog) = attachLoggedPinch()
        // Scaling first, then also turning: the turn comes too late for the rotation.
        twoFingerGesture([(110, 0), (120, 0.2)])
        XCTAssertEqual(pinchLog(), ["pinch began 1.10", "pinch changed 1.20", "pinch ended 1.20"])
        XCTAssertEqual(log, ["reset after failed"], "the pinch's recognition fails the rotation")

        log = []
        // Turning first, then also scaling: too late for the pinch.
        twoFingerGesture([(100, 0.1), (120, 0.2)])
        XCTAssertEqual(log, ["began 0.10 v=10.00", "changed 0.20 v=10.00", "ended 0.20 v=10.00", "reset after ended"])
        XCTAssertEqual(pinchLog().count, 3, "the rotation's recognition fails the pinch")
    }

    func testADelegateLetsPinchAndRotationRecognizeTogether() async {
        let (pinch, pinchLog) = attachLoggedPinch()
        let delegate = AllowsSimultaneousRecognition()
        pinch.delegate = delegate
        twoFingerGesture([(110, 0.1), (120, 0.2)])
        XCTAssertEqual(pinchLog(), ["pinch began 1.10", "pinch changed 1.20", "pinch ended 1.20"])
        XCTAssertEqual(log, ["began 0.10 v=10.00", "changed 0.20 v=10.00", "ended 0.20 v=10.00", "reset after ended"])
    }
}
