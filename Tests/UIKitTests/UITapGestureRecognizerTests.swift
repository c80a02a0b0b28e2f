import UIKit
import XCTest

/// `UITapGestureRecognizer`: when it recognizes, when it fails (and why), where it
/// says the taps were, how it lets a tap recognizer needing more taps alone, and the
/// message sequences of Apple's "Gesture Recognizers" for a double tap and a two-finger
/// discrete gesture.
final class UITapGestureRecognizerTests: UIKitTestCase {
    /// Spans most of the window, offset so that view and window coordinates differ.
    private var pad: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        pad = addTraceView("pad", CGRect(x: 20, y: 30, width: 280, height: 400))
        pad.isMultipleTouchEnabled = true
    }

    /// A tap recognizer on `pad` whose actions note the location in `pad` and the
    /// number of touches.
    @discardableResult
    private func makeTap(_ name: String = "tap", taps: Int = 1, touches: Int = 1) -> UITapGestureRecognizer {
        let tap = UITapGestureRecognizer()
        tap.numberOfTapsRequired = taps
        tap.numberOfTouchesRequired = touches
        return attach(tap, as: name, to: pad) { [unowned self] tap in
            "\(describe(tap.location(in: pad))) x\(tap.numberOfTouches) at \(elapsed)"
        }
    }

    private func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: x, y: y)
    }

    // MARK: - Defaults

    func testDefaultsAreOneTapWithOneFinger() async {
        let tap = UITapGestureRecognizer()
        XCTAssertEqual(tap.numberOfTapsRequired, 1)
        XCTAssertEqual(tap.numberOfTouchesRequired, 1)
        XCTAssertEqual(tap.state, .possible)
        XCTAssertEqual(GestureThresholds.tapAllowableMovement, 45)
        XCTAssertEqual(GestureThresholds.maximumTapDuration, 0.5)
        XCTAssertEqual(GestureThresholds.maximumIntervalBetweenTaps, 0.35)
        XCTAssertEqual(GestureThresholds.maximumDistanceBetweenTaps, 45)
    }

    /// DESIGN.md: the UIKit line with an unbound method compiles and its action runs.
    func testTargetActionWithAnUnboundMethodCompilesAndRuns() async {
        let controller = TapController()
        pad.addGestureRecognizer(controller.makeRecognizers())
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(controller.taps, ["singleTap()", "handleTap(ended)"])
    }

    // MARK: - One tap

    func testASingleTapRecognizesWhenTheFingerLifts() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        XCTAssertEqual(trace.flush(), ["pad.began(1)"])
        injector.wait(0.1)
        injector.touchUp(id, at: point(100, 100))
        XCTAssertEqual(trace.flush(), ["pad.cancelled(1)", "tap.ended (80.0, 70.0) x1 at 0.100"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), [])
    }

    func testEachTapIsItsOwnGesture() async {
        makeTap()
        injector.tap(at: point(100, 100), duration: 0.05)
        injector.wait(1)
        injector.tap(at: point(200, 300), duration: 0.05)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("tap.") }, [
            "tap.ended (80.0, 70.0) x1 at 0.050",
            "tap.ended (180.0, 270.0) x1 at 1.100",
        ])
    }

    func testAQuickTapReadInOneBatchRecognizes() async {
        makeTap()
        injector.tap(at: point(50, 60))
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.cancelled(1)", "tap.ended (30.0, 30.0) x1 at 0.000"])
    }

    /// Both taps of a double tap read in one batch (the app was busy for them): the
    /// second finger begins after the first lifted, so the double tap still recognizes.
    func testADoubleTapReadInOneBatchRecognizes() async {
        makeTap(taps: 2)
        let t = clock.now
        clock.now = t + 0.3
        window.inject([
            sample(1, .began, 50, 60, at: t), sample(1, .ended, 50, 60, at: t + 0.05),
            sample(2, .began, 52, 60, at: t + 0.2), sample(2, .ended, 52, 60, at: t + 0.25),
        ])
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("tap.") }, ["tap.ended (32.0, 30.0) x1 at 0.300"])
    }

    func testTheLocationIsWhereTheFingerLifted() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(130, 110))
        injector.touchUp(id, at: point(140, 110))
        XCTAssertEqual(trace.flush().last, "tap.ended (120.0, 80.0) x1 at 0.000")
    }

    // MARK: - Movement

    func testAFingerMayWanderUpToTheAllowance() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(145, 100))
        injector.touchUp(id, at: point(145, 100))
        XCTAssertEqual(trace.flush().last, "tap.ended (125.0, 70.0) x1 at 0.000")
    }

    func testAFingerThatMovesTooFarFailsAndItsViewGetsTheEnd() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(100, 146))
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger moved 46.0 pt (limit 45.0 pt)"])
        injector.touchUp(id, at: point(100, 100))
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.moved(1)", "pad.ended(1)"])
    }

    func testAFingerThatStraysAndComesBackStillFails() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(150, 100))
        injector.move(id, to: point(100, 100))
        injector.touchUp(id, at: point(100, 100))
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("tap.") }, [])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger moved 50.0 pt (limit 45.0 pt)"])
    }

    func testALiftFarFromWhereTheFingerWentDownFails() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.touchUp(id, at: point(160, 100))
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger moved 60.0 pt (limit 45.0 pt)"])
    }

    // MARK: - Duration

    func testAFingerLiftedJustBeforeTheMaximumDurationTaps() async {
        makeTap()
        injector.tap(at: point(100, 100), duration: 0.49)
        XCTAssertEqual(trace.flush().last, "tap.ended (80.0, 70.0) x1 at 0.490")
    }

    func testAFingerHeldForTheMaximumDurationFailsThenWhileStillDown() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(0.49)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), [])
        injector.wait(0.01)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["tap 1 still down after 0.500 s"])
        injector.wait(1)
        injector.touchUp(id, at: point(100, 100))
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)"])
    }

    /// Timing is judged on the touches' timestamps: a lift stamped too late fails even
    /// when it is delivered before the clock (and so the timer) gets there.
    func testALateLiftTimestampFailsEvenBeforeTheTimerFires() async {
        makeTap()
        window.inject([sample(1, .began, 100, 100, at: 100)])
        window.inject([sample(1, .ended, 100, 100, at: 100.6)])
        XCTAssertEqual(clock.now, 100)
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["tap 1 held 0.600 s (limit 0.500 s)"])
    }

    // MARK: - Several taps

    func testADoubleTapRecognizesOnTheSecondLiftOnly() async {
        makeTap("double", taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush(), ["pad.began(1)"])
        injector.wait(0.2)
        injector.tap(at: point(110, 95), duration: 0.1)
        XCTAssertEqual(trace.flush(), ["pad.began(2)", "pad.cancelled(1)", "pad.cancelled(2)", "double.ended (90.0, 65.0) x1 at 0.400"])
        injector.wait(1)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), [], "no timer outlives the gesture")
    }

    func testATripleTapNeedsThreeTaps() async {
        makeTap("triple", taps: 3)
        injector.tap(at: point(100, 100), duration: 0.05)
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.05)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("triple.") }, [])
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.05)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("triple.") }, ["triple.ended (80.0, 70.0) x1 at 0.350"])
    }

    func testTheNextTapMustComeBeforeTheIntervalRunsOut() async {
        makeTap("double", taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.34)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), [])
        injector.wait(0.01)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["tap 2 did not begin within 0.350 s"])
        // Withheld until the failure, the first tap's end reaches its view then.
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)"])
        // A tap now is the first tap of a new gesture, which a single tap does not finish.
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("double.") }, [])
    }

    func testASecondTapJustInTimeCounts() async {
        makeTap("double", taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.34)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().last, "double.ended (80.0, 70.0) x1 at 0.540")
    }

    func testALateSecondTapTimestampFailsEvenBeforeTheTimerFires() async {
        makeTap("double", taps: 2)
        window.inject([sample(1, .began, 100, 100, at: 100), sample(1, .ended, 100, 100, at: 100.05)])
        window.inject([sample(2, .began, 100, 100, at: 100.45)])
        XCTAssertEqual(clock.now, 100)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger went down 0.400 s after tap 1 lifted (limit 0.350 s)"])
    }

    func testASecondTapTooFarFromTheFirstFails() async {
        makeTap("double", taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(150, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("double.") }, [])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger went down 50.0 pt from tap 1 (limit 45.0 pt)"])
    }

    func testASecondTapIsMeasuredFromWhereTheFirstLifted() async {
        makeTap("double", taps: 2)
        let first = injector.touchDown(at: point(100, 100))
        injector.touchUp(first, at: point(140, 100))
        injector.wait(0.1)
        injector.tap(at: point(180, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().last, "double.ended (160.0, 70.0) x1 at 0.200")
    }

    func testASecondTapHeldTooLongFails() async {
        makeTap("double", taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.touchDown(at: point(100, 100))
        injector.wait(0.5)
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["tap 2 still down after 0.500 s"])
    }

    // MARK: - Several fingers

    func testATwoFingerTapDescribesBothFingersAfterTheyLift() async {
        let tap = makeTap("tap2", touches: 2)
        var seen: [String] = []
        tap.addAction { [unowned self] tap in
            seen.append(describe(tap.location(ofTouch: 0, in: pad)))
            seen.append(describe(tap.location(ofTouch: 1, in: nil)))
            seen.append(describe(tap.location(in: nil)))
        }
        injector.send([sample(1, .began, 100, 100), sample(2, .began, 140, 120)])
        injector.wait(0.1)
        injector.send([sample(1, .ended, 100, 100), sample(2, .ended, 140, 120)])
        XCTAssertEqual(trace.flush().last, "tap2.ended (100.0, 80.0) x2 at 0.100")
        XCTAssertEqual(seen, ["(80.0, 70.0)", "(140.0, 120.0)", "(120.0, 110.0)"])
    }

    /// Apple, "Gesture Recognizers", figure 1-6: two touches began, moved, one ended
    /// (withheld from the view), the other ended: recognized, the view's touches
    /// cancelled (one call per event their ends were withheld in), then the action.
    func testTwoFingerDiscreteGestureSequence() async {
        makeTap("tap2", touches: 2)
        injector.send([sample(1, .began, 100, 100), sample(2, .began, 140, 100)])
        injector.send([sample(1, .moved, 102, 101), sample(2, .moved, 142, 101)])
        injector.send([sample(1, .ended, 102, 101)])
        injector.send([sample(2, .ended, 142, 101)])
        XCTAssertEqual(trace.flush(), [
            "pad.began(1,2)", "pad.moved(1,2)", "pad.cancelled(1)", "pad.cancelled(2)", "tap2.ended (102.0, 71.0) x2 at 0.000",
        ])
    }

    /// Apple, "Gesture Recognizers", the same gesture not recognized: the view then
    /// gets the ended touches, the withheld one with the one ending now.
    func testTwoFingerDiscreteGestureThatFailsOnTheLastLift() async {
        makeTap("tap2", touches: 2)
        injector.send([sample(1, .began, 100, 100), sample(2, .began, 140, 100)])
        injector.send([sample(1, .moved, 102, 101), sample(2, .moved, 142, 101)])
        injector.send([sample(1, .ended, 102, 101)])
        injector.send([sample(2, .ended, 200, 101)])
        XCTAssertEqual(trace.flush(), ["pad.began(1,2)", "pad.moved(1,2)", "pad.ended(1,2)"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger moved 60.0 pt (limit 45.0 pt)"])
    }

    func testTheFingersOfATapMayLiftOneByOne() async {
        makeTap("tap2", touches: 2)
        injector.send([sample(1, .began, 100, 100)])
        injector.send([sample(2, .began, 140, 100)])
        injector.send([sample(1, .ended, 100, 100)])
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("tap2.") }, [])
        injector.send([sample(2, .ended, 140, 100)])
        XCTAssertEqual(trace.flush().last, "tap2.ended (100.0, 70.0) x2 at 0.000")
    }

    func testTooFewFingersFail() async {
        makeTap("tap2", touches: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["only 1 of 2 fingers were down together"])
    }

    func testFingersThatAreNotDownTogetherFail() async {
        makeTap("tap2", touches: 2)
        injector.send([sample(1, .began, 100, 100)])
        injector.send([sample(2, .began, 140, 100)])
        injector.send([sample(1, .ended, 100, 100)])
        injector.send([sample(3, .began, 100, 100)])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a finger went down after the tap's fingers began to lift"])
    }

    func testMoreFingersThanRequiredFail() async {
        makeTap()
        injector.send([sample(1, .began, 100, 100), sample(2, .began, 140, 100)])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["2 fingers down, 1 required"])
        injector.send([sample(1, .ended, 100, 100), sample(2, .ended, 140, 100)])
        XCTAssertEqual(trace.flush(), ["pad.began(1,2)", "pad.ended(1,2)"])
    }

    func testATwoFingerDoubleTap() async {
        makeTap("double2", taps: 2, touches: 2)
        injector.send([sample(1, .began, 100, 100), sample(2, .began, 140, 100)])
        injector.send([sample(1, .ended, 100, 100), sample(2, .ended, 140, 100)])
        injector.wait(0.1)
        injector.send([sample(3, .began, 104, 100), sample(4, .began, 144, 100)])
        injector.send([sample(3, .ended, 104, 100), sample(4, .ended, 144, 100)])
        XCTAssertEqual(trace.flush().last, "double2.ended (104.0, 70.0) x2 at 0.100")
    }

    // MARK: - Cancellation

    func testACancelledTouchFails() async {
        makeTap()
        injector.send([sample(1, .began, 100, 100)])
        injector.send([sample(1, .cancelled, 100, 100)])
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.cancelled(1)"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), ["a touch was cancelled"])
    }

    func testAfterAFailureTheNextTapIsRecognized() async {
        makeTap()
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(200, 100))
        injector.touchUp(id, at: point(200, 100))
        injector.wait(1)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("tap.") }, ["tap.ended (80.0, 70.0) x1 at 1.100"])
    }

    // MARK: - Single and double tap together

    func testATapRecognizerCannotPreventOneNeedingMoreTaps() async {
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let swipe = UISwipeGestureRecognizer()
        XCTAssertFalse(single.canPrevent(double))
        XCTAssertTrue(double.canPrevent(single))
        XCTAssertTrue(single.canPrevent(UITapGestureRecognizer()))
        XCTAssertTrue(single.canPrevent(swipe))
        XCTAssertTrue(double.canBePrevented(by: single))
    }

    /// Neuburg, "Touches": with a single and a double tap recognizer and no dependency,
    /// a double tap calls both handlers.
    func testASingleTapRecognizerLetsADoubleTapRecognizerRecognize() async {
        makeTap("single")
        makeTap("double", taps: 2)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("pad.") }, ["single.ended (80.0, 70.0) x1 at 0.100"])
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("pad.") }, ["double.ended (80.0, 70.0) x1 at 0.300"])
    }

    /// Neuburg, "Touches": `single.require(toFail: double)` makes the single tap wait
    /// until the double tap has failed (the interval ran out), and a double tap is only
    /// double.
    func testASingleTapThatRequiresTheDoubleToFailWaitsForIt() async {
        let single = makeTap("single")
        let double = makeTap("double", taps: 2)
        single.require(toFail: double)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush(), ["pad.began(1)"])
        injector.wait(0.35)
        XCTAssertEqual(trace.flush(), ["pad.cancelled(1)", "single.ended (80.0, 70.0) x1 at 0.450"])

        injector.wait(1)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush(), ["pad.began(2)", "pad.began(3)", "pad.cancelled(2)", "pad.cancelled(3)",
            "double.ended (80.0, 70.0) x1 at 1.750",
        ])
        injector.wait(1)
        XCTAssertEqual(trace.flush(), [])
    }

    /// While its recognition waits for another recognizer to fail, further taps are no
    /// new gesture; when it is let go its location is still the tap it recognized.
    func testARecognitionHeldBackStillDescribesItsOwnTap() async {
        let single = makeTap("single")
        let blocker = ScriptedRecognizer("blocker", trace: trace)
        pad.addGestureRecognizer(blocker)
        single.require(toFail: blocker)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(200, 200), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("single.") }, [])
        blocker.state = .failed
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("single.") }, ["single.ended (80.0, 70.0) x1 at 0.300"])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0)
    }

    /// Another recognizer may win mid-gesture, without the tap seeing the touches end:
    /// its reset forgets the taps so far and its timers.
    func testADoubleTapCutOffByAnotherRecognizerStartsAfreshNextTime() async {
        makeTap("double", taps: 2)
        let pan = ScriptedRecognizer("pan", trace: trace)
        pan.onMoved = { pan, _ in pan.state = pan.state == .possible ? .began : .changed }
        pan.onEnded = { pan, _ in if pan.state != .possible { pan.state = .ended } }
        pad.addGestureRecognizer(pan)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        let id = injector.touchDown(at: point(100, 100))
        injector.move(id, to: point(105, 100))
        injector.touchUp(id, at: point(105, 100))
        injector.wait(1)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("double.") }, [])
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("double.") }, ["double.ended (80.0, 70.0) x1 at 1.500"])
        XCTAssertEqual(failureReasons(of: UITapGestureRecognizer.self), [], "failed only by the pan, no timer of its own fired")
    }

    // MARK: - Apple, "Gesture Recognizers": delaysTouchesEnded and a double tap

    /// With `delaysTouchesEnded` (the default) the view gets began, began, cancelled,
    /// cancelled.
    func testDoubleTapWithDelaysTouchesEnded() async {
        let double = makeTap("double", taps: 2)
        XCTAssertTrue(double.delaysTouchesEnded)
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush(), [
            "pad.began(1)", "pad.began(2)", "pad.cancelled(1)", "pad.cancelled(2)", "double.ended (80.0, 70.0) x1 at 0.300",
        ])
    }

    /// Without it: began, ended, began, cancelled.
    func testDoubleTapWithoutDelaysTouchesEnded() async {
        let double = makeTap("double", taps: 2)
        double.delaysTouchesEnded = false
        injector.tap(at: point(100, 100), duration: 0.1)
        injector.wait(0.1)
        injector.tap(at: point(100, 100), duration: 0.1)
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.ended(1)", "pad.began(2)", "pad.cancelled(2)", "double.ended (80.0, 70.0) x1 at 0.300"])
    }
}

/// A controller wired as UIKit code would be, with unbound methods of both forms.
@MainActor
private final class TapController {
    var taps: [String] = []

    func makeRecognizers() -> UITapGestureRecognizer {
        let tap = UITapGestureRecognizer(target: self, action: TapController.singleTap)
        tap.addTarget(self, action: TapController.handleTap)
        return tap
    }

    func singleTap() {
        taps.append("singleTap()")
    }

    func handleTap(_ tap: UITapGestureRecognizer) {
        taps.append("handleTap(\(tap.state))")
    }
}
