import UIKit
import XCTest

/// `UILongPressGestureRecognizer`: began by its timer, changed on every move, ended
/// and cancelled; every way it fails before it begins; the taps before the press.
final class UILongPressGestureRecognizerTests: UIKitTestCase {
    /// Spans most of the window, offset so that view and window coordinates differ.
    private var pad: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        pad = addTraceView("pad", CGRect(x: 20, y: 30, width: 280, height: 400))
        pad.isMultipleTouchEnabled = true
    }

    /// A long press recognizer on `pad` whose actions note the location in `pad`, the
    /// number of touches and the time.
    @discardableResult
    private func makePress(taps: Int = 0, touches: Int = 1) -> UILongPressGestureRecognizer {
        let press = UILongPressGestureRecognizer()
        press.numberOfTapsRequired = taps
        press.numberOfTouchesRequired = touches
        return attach(press, as: "press", to: pad) { [unowned self] press in
            "\(describe(press.location(in: pad))) x\(press.numberOfTouches) at \(elapsed)"
        }
    }

    private func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: x, y: y)
    }

    private var actions: [String] {
        trace.flush().filter { $0.hasPrefix("press.") }
    }

    private var failures: [String] {
        failureReasons(of: UILongPressGestureRecognizer.self)
    }

    // MARK: - Defaults

    func testDefaultsAreUIKits() async {
        let press = UILongPressGestureRecognizer()
        XCTAssertEqual(press.numberOfTapsRequired, 0)
        XCTAssertEqual(press.numberOfTouchesRequired, 1)
        XCTAssertEqual(press.minimumPressDuration, 0.5)
        XCTAssertEqual(press.allowableMovement, 10)
        XCTAssertEqual(press.minimumPressDuration, GestureThresholds.minimumPressDuration)
        XCTAssertEqual(press.allowableMovement, GestureThresholds.longPressAllowableMovement)
    }

    // MARK: - Began, changed, ended

    func testAPressBeginsAfterTheMinimumDurationAndEndsOnLift() async {
        makePress()
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.49)
        XCTAssertEqual(trace.flush(), ["pad.began(1)"])
        injector.wait(0.01)
        XCTAssertEqual(trace.flush(), ["pad.cancelled(1)", "press.began (80.0, 70.0) x1 at 0.500"])
        injector.wait(1)
        injector.touchUp(id, at: point(100, 100))
        XCTAssertEqual(trace.flush(), ["press.ended (80.0, 70.0) x1 at 1.500"])
        XCTAssertEqual(failures, [])
    }

    func testOnceBegunTheFingerDragsFreelyWithAChangedPerMove() async {
        makePress()
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.5)
        injector.move(id, to: point(150, 100))
        injector.wait(0.1)
        injector.move(id, to: point(250, 300))
        injector.touchUp(id, at: point(260, 310))
        XCTAssertEqual(actions, [
            "press.began (80.0, 70.0) x1 at 0.500",
            "press.changed (130.0, 70.0) x1 at 0.500",
            "press.changed (230.0, 270.0) x1 at 0.600",
            "press.ended (240.0, 280.0) x1 at 0.600",
        ])
    }

    func testMovementWithinTheAllowanceStillBegins() async {
        makePress()
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.2)
        injector.move(id, to: point(106, 108))
        injector.wait(0.3)
        XCTAssertEqual(actions, ["press.began (86.0, 78.0) x1 at 0.500"])
    }

    func testMinimumPressDurationAndAllowableMovementAreHonoured() async {
        let press = makePress()
        press.minimumPressDuration = 1.2
        press.allowableMovement = 30
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(100, 129))
        injector.wait(1.19)
        XCTAssertEqual(actions, [])
        injector.wait(0.01)
        XCTAssertEqual(actions, ["press.began (80.0, 99.0) x1 at 1.200"])
    }

    func testAZeroMinimumDurationBeginsWhenTheFingerGoesDown() async {
        let press = makePress()
        press.minimumPressDuration = 0
        injector.touchDown(at: point(100, 100))
        // Recognized before the view's turn: the view never hears of the touch.
        XCTAssertEqual(trace.flush(), ["press.began (80.0, 70.0) x1 at 0.000"])
    }

    func testACancelledTouchCancelsAPressUnderWay() async {
        makePress()
        injector.send([sample(1, .began, 100, 100)])
        injector.wait(0.5)
        injector.wait(0.1)
        injector.send([sample(1, .cancelled, 100, 100)])
        XCTAssertEqual(actions, ["press.began (80.0, 70.0) x1 at 0.500", "press.cancelled (80.0, 70.0) x1 at 0.600"])
    }

    func testEachPressIsItsOwnGesture() async {
        makePress()
        for (location, held) in [(point(100, 100), 0.1), (point(200, 200), 0.2)] {
            let id = injector.touchDown(at: location)
            injector.wait(0.5)
            injector.wait(held)
            injector.touchUp(id, at: location)
        }
        XCTAssertEqual(actions, [
            "press.began (80.0, 70.0) x1 at 0.500",
            "press.ended (80.0, 70.0) x1 at 0.600",
            "press.began (180.0, 170.0) x1 at 1.100",
            "press.ended (180.0, 170.0) x1 at 1.300",
        ])
    }

    // MARK: - Failing before it begins

    func testMovingBeyondTheAllowanceFirstFails() async {
        makePress()
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.2)
        injector.move(id, to: point(111, 100))
        XCTAssertEqual(failures, ["a finger moved 11.0 pt (limit 10.0 pt)"])
        injector.wait(1)
        injector.touchUp(id, at: point(111, 100))
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.moved(1)", "pad.ended(1)"])
    }

    func testLiftingBeforeTheMinimumDurationFails() async {
        makePress()
        injector.tap(at: point(100, 100), duration: 0.3)
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)"])
        XCTAssertEqual(failures, ["press lifted after 0.300 s (minimum 0.500 s)"])
        injector.wait(1)
        XCTAssertEqual(actions, [], "no timer outlives the gesture")
    }

    func testACancelledTouchBeforeItBeginsFails() async {
        makePress()
        injector.send([sample(1, .began, 100, 100)])
        injector.wait(0.2)
        injector.send([sample(1, .cancelled, 100, 100)])
        injector.wait(1)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["a touch was cancelled"])
    }

    func testASecondFingerBeforeItBeginsFails() async {
        makePress()
        injector.touchDown(at: point(100, 100))
        injector.wait(0.2)
        injector.touchDown(at: point(150, 100))
        injector.wait(1)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["2 fingers down, 1 required"])
    }

    // MARK: - Several fingers

    func testATwoFingerPressCountsFromTheSecondFinger() async {
        let press = makePress(touches: 2)
        var second: [String] = []
        press.addAction { [unowned self] press in second.append(describe(press.location(ofTouch: 1, in: pad))) }
        let first = injector.touchDown(at: point(100, 100))
        injector.wait(0.3)
        injector.touchDown(at: point(140, 120))
        injector.wait(0.49)
        XCTAssertEqual(actions, [])
        injector.wait(0.01)
        XCTAssertEqual(actions, ["press.began (100.0, 80.0) x2 at 0.800"])
        injector.touchUp(first, at: point(100, 100))
        XCTAssertEqual(actions, ["press.ended (100.0, 80.0) x2 at 0.800"], "ends when any press finger lifts")
        XCTAssertEqual(second, ["(120.0, 90.0)", "(120.0, 90.0)"])
    }

    func testATwoFingerPressWhoseFirstFingerLiftsEarlyFails() async {
        makePress(touches: 2)
        let first = injector.touchDown(at: point(100, 100))
        injector.wait(0.3)
        injector.touchUp(first, at: point(100, 100))
        XCTAssertEqual(failures, ["press lifted after 0.300 s (minimum 0.500 s)"])
    }

    func testAFingerAddedOnceBegunIsIgnored() async {
        makePress()
        let first = injector.touchDown(at: point(100, 100))
        injector.wait(0.5)
        let extra = injector.touchDown(at: point(200, 300))
        injector.move(extra, to: point(220, 320))
        injector.touchUp(extra, at: point(220, 320))
        XCTAssertEqual(trace.flush(), [
            "pad.began(1)", "pad.cancelled(1)", "press.began (80.0, 70.0) x1 at 0.500",
            "pad.began(2)", "pad.moved(2)", "pad.ended(2)",
        ])
        injector.touchUp(first, at: point(100, 100))
        XCTAssertEqual(actions, ["press.ended (80.0, 70.0) x1 at 0.500"])
    }

    // MARK: - Taps before the press

    func testATapAndAHalf() async {
        makePress(taps: 1)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.2)
        let id = injector.touchDown(at: point(104, 100))
        injector.wait(0.49)
        XCTAssertEqual(actions, [])
        injector.wait(0.01)
        XCTAssertEqual(actions, ["press.began (84.0, 70.0) x1 at 0.800"])
        injector.touchUp(id, at: point(104, 100))
        XCTAssertEqual(actions, ["press.ended (84.0, 70.0) x1 at 0.800"])
    }

    func testWithoutItsTapAPressFailsAsATapHeldTooLong() async {
        makePress(taps: 1)
        injector.touchDown(at: point(100, 100))
        injector.wait(2)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["tap 1 still down after 0.500 s"])
    }

    func testThePressMustFollowTheTapSoon() async {
        makePress(taps: 1)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.35)
        XCTAssertEqual(failures, ["the press did not begin within 0.350 s"])
        injector.touchDown(at: point(100, 100))
        injector.wait(1)
        XCTAssertEqual(actions, [])
    }

    func testThePressMustLandNearTheTap() async {
        makePress(taps: 1)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.touchDown(at: point(100, 150))
        injector.wait(1)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["a finger went down 50.0 pt from tap 1 (limit 45.0 pt)"])
    }

    func testATapThatMovesMoreThanTheAllowanceFails() async {
        makePress(taps: 1)
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(100, 112))
        XCTAssertEqual(failures, ["a finger moved 12.0 pt (limit 10.0 pt)"])
    }

    func testTwoTapsThenAPress() async {
        makePress(taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.touchDown(at: point(100, 100))
        injector.wait(0.5)
        XCTAssertEqual(actions, ["press.began (80.0, 70.0) x1 at 0.900"])
    }

    // MARK: - Held back, or beaten by another recognizer

    func testABeganHeldBackGoesOnWhenTheOtherFails() async {
        let press = makePress()
        let blocker = ScriptedRecognizer("blocker", trace: trace)
        pad.addGestureRecognizer(blocker)
        press.require(toFail: blocker)
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.5)
        injector.move(id, to: point(150, 100))
        XCTAssertEqual(actions, [])
        blocker.state = .failed
        injector.move(id, to: point(160, 100))
        injector.touchUp(id, at: point(160, 100))
        XCTAssertEqual(actions, [
            "press.began (130.0, 70.0) x1 at 0.500",
            "press.changed (140.0, 70.0) x1 at 0.500",
            "press.ended (140.0, 70.0) x1 at 0.500",
        ])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0)
    }

    func testAPressLiftedWhileItsBeganIsHeldBackFails() async {
        let press = makePress()
        let blocker = ScriptedRecognizer("blocker", trace: trace)
        pad.addGestureRecognizer(blocker)
        press.require(toFail: blocker)
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.6)
        injector.touchUp(id, at: point(100, 100))
        XCTAssertEqual(failures, ["the press lifted while its began waited for another recognizer to fail"])
        blocker.state = .failed
        XCTAssertEqual(actions, [])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0)
    }

    /// On a view with both, a quick stroke moves too far for the press, and swipes.
    func testAStrokeOnAViewWithAPressAndASwipeIsASwipe() async {
        makePress()
        attach(UISwipeGestureRecognizer(), as: "swipe", to: pad)
        injector.drag(from: point(50, 200), to: point(200, 200), duration: 0.1, steps: 5)
        injector.wait(1)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("pad.") }, ["swipe.ended"])
        XCTAssertEqual(failures, ["a finger moved 30.0 pt (limit 10.0 pt)"])
    }

    /// Another recognizer wins before the press's timer: the press, failed by it
    /// without seeing the finger lift, resets, and its timer never fires.
    func testAPressBeatenByAnotherRecognizerStartsAfresh() async {
        makePress()
        let pan = ScriptedRecognizer("pan", trace: trace)
        pan.onMoved = { pan, _ in pan.state = pan.state == .possible ? .began : .changed }
        pan.onEnded = { pan, _ in if pan.state != .possible { pan.state = .ended } }
        pad.addGestureRecognizer(pan)
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.2)
        injector.move(id, to: point(105, 100))
        injector.wait(1)
        injector.touchUp(id, at: point(105, 100))
        XCTAssertEqual(actions, [])
        let next = injector.touchDown(at: point(100, 100))
        injector.wait(0.5)
        injector.wait(0.2)
        injector.touchUp(next, at: point(100, 100))
        XCTAssertEqual(actions, ["press.began (80.0, 70.0) x1 at 1.700", "press.ended (80.0, 70.0) x1 at 1.900"])
        XCTAssertEqual(failures, [])
    }
}
