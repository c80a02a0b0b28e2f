import UIKit
import XCTest

/// `UISwipeGestureRecognizer`: recognized mid-stroke along a permitted direction, and
/// every way it fails: too slow, off-axis, wrong direction, turning, wrong fingers,
/// lifted early, cancelled.
final class UISwipeGestureRecognizerTests: UIKitTestCase {
    /// Spans most of the window, offset so that view and window coordinates differ.
    private var pad: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        pad = addTraceView("pad", CGRect(x: 20, y: 30, width: 280, height: 400))
        pad.isMultipleTouchEnabled = true
    }

    /// A swipe recognizer on `pad` whose actions note the location in `pad` (where the
    /// swipe began), the number of touches and the time.
    @discardableResult
    private func makeSwipe(_ direction: UISwipeGestureRecognizer.Direction = .right, touches: Int = 1) -> UISwipeGestureRecognizer {
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = direction
        swipe.numberOfTouchesRequired = touches
        return attach(swipe, as: "swipe", to: pad) { [unowned self] swipe in
            "\(describe(swipe.location(in: pad))) x\(swipe.numberOfTouches) at \(elapsed)"
        }
    }

    private func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: x, y: y)
    }

    private var actions: [String] {
        trace.flush().filter { $0.hasPrefix("swipe.") }
    }

    private var failures: [String] {
        failureReasons(of: UISwipeGestureRecognizer.self)
    }

    /// One finger moved by (dx, dy) per step, one step every 0.02 s, then lifted.
    private func stroke(from start: CGPoint, by step: (dx: CGFloat, dy: CGFloat), steps: Int) {
        let end = CGPoint(x: start.x + step.dx * CGFloat(steps), y: start.y + step.dy * CGFloat(steps))
        injector.drag(from: start, to: end, duration: 0.02 * Double(steps), steps: steps)
    }

    /// A step of `length` at `degrees` below the horizontal.
    private func stepOf(_ length: CGFloat, degrees: CGFloat) -> (dx: CGFloat, dy: CGFloat) {
        let radians = degrees * CGFloat.pi / 180
        return (length * cos(radians), length * sin(radians))
    }

    // MARK: - Defaults

    func testDefaultsAreUIKits() async {
        let swipe = UISwipeGestureRecognizer()
        XCTAssertEqual(swipe.direction, .right)
        XCTAssertEqual(swipe.numberOfTouchesRequired, 1)
        XCTAssertEqual(UISwipeGestureRecognizer.Direction.right.rawValue, 1)
        XCTAssertEqual(UISwipeGestureRecognizer.Direction.left.rawValue, 2)
        XCTAssertEqual(UISwipeGestureRecognizer.Direction.up.rawValue, 4)
        XCTAssertEqual(UISwipeGestureRecognizer.Direction.down.rawValue, 8)
        XCTAssertEqual(GestureThresholds.swipeMinimumDistance, 50)
        XCTAssertEqual(GestureThresholds.swipeMaximumDuration, 0.5)
        XCTAssertEqual(GestureThresholds.swipeMaximumAngle, .pi / 8)
    }

    // MARK: - Recognized

    func testASwipeRightRecognizesMidStrokeOnceItHasGoneTheMinimumDistance() async {
        makeSwipe()
        stroke(from: point(50, 200), by: (dx: 15, dy: 0), steps: 6)
        XCTAssertEqual(trace.flush(), [
            "pad.began(1)", "pad.moved(1)", "pad.moved(1)", "pad.moved(1)", "pad.cancelled(1)",
            "swipe.ended (30.0, 170.0) x1 at 0.080",
        ])
        XCTAssertEqual(failures, [])
    }

    func testEachDirectionIsRecognizedWhenPermitted() async {
        let cases: [(UISwipeGestureRecognizer.Direction, (dx: CGFloat, dy: CGFloat))] = [
            (.right, (dx: 20, dy: 0)), (.left, (dx: -20, dy: 0)),
            (.up, (dx: 0, dy: -20)), (.down, (dx: 0, dy: 20)),
        ]
        for (direction, step) in cases {
            let swipe = makeSwipe(direction)
            stroke(from: point(160, 240), by: step, steps: 4)
            XCTAssertEqual(actions.count, 1, "\(direction.rawValue)")
            pad.removeGestureRecognizer(swipe)
            injector.wait(1)
        }
        XCTAssertEqual(failures, [])
    }

    func testDirectionIsThePermittedSet() async {
        let swipe = makeSwipe([.left, .right])
        stroke(from: point(160, 240), by: (dx: -20, dy: 0), steps: 4)
        injector.wait(1)
        stroke(from: point(160, 240), by: (dx: 20, dy: 0), steps: 4)
        XCTAssertEqual(actions, ["swipe.ended (140.0, 210.0) x1 at 0.060", "swipe.ended (140.0, 210.0) x1 at 1.140"])
        XCTAssertEqual(swipe.direction, [.left, .right], "the permitted set, not the detected direction")
    }

    func testAStrokeWithinTheMaximumAngleRecognizes() async {
        makeSwipe()
        // 20° below the horizontal: inside the 22.5° allowed.
        let step = stepOf(20, degrees: 20)
        stroke(from: point(50, 200), by: step, steps: 5)
        XCTAssertEqual(actions, ["swipe.ended (30.0, 170.0) x1 at 0.060"])
    }

    func testALandingWobbleIsNotJudged() async {
        makeSwipe()
        window.inject([sample(1, .began, 50, 200)])
        window.inject([sample(1, .moved, 50, 209)])  // 9 pt straight down: not yet judged
        window.inject([sample(1, .moved, 80, 209)])
        window.inject([sample(1, .moved, 110, 209)])
        XCTAssertEqual(actions, ["swipe.ended (30.0, 170.0) x1 at 0.000"])
    }

    func testTheLiftMayCompleteTheSwipe() async {
        makeSwipe()
        window.inject([sample(1, .began, 50, 200)])
        window.inject([sample(1, .moved, 90, 200)])
        window.inject([sample(1, .ended, 110, 200)])
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.moved(1)", "pad.cancelled(1)", "swipe.ended (30.0, 170.0) x1 at 0.000"])
    }

    func testATwoFingerSwipeBeginsAtTheCentroidOfItsFingers() async {
        let swipe = makeSwipe(touches: 2)
        var starts: [String] = []
        swipe.addAction { [unowned self] swipe in
            starts = [describe(swipe.location(ofTouch: 0, in: pad)), describe(swipe.location(ofTouch: 1, in: nil))]
        }
        injector.send([sample(1, .began, 50, 200), sample(2, .began, 50, 260)])
        for step in 1...3 {
            injector.wait(0.02)
            let x = 50 + CGFloat(step) * 20
            injector.send([sample(1, .moved, x, 200), sample(2, .moved, x, 260)])
        }
        XCTAssertEqual(actions, ["swipe.ended (30.0, 200.0) x2 at 0.060"])
        XCTAssertEqual(starts, ["(30.0, 170.0)", "(50.0, 260.0)"])
    }

    // MARK: - Too slow

    func testAStrokeTooSlowFailsWhenTheMaximumDurationRunsOut() async {
        makeSwipe()
        let id = injector.touchDown(at: point(50, 200))
        injector.move(id, to: point(70, 200))
        injector.wait(0.49)
        XCTAssertEqual(failures, [])
        injector.wait(0.01)
        XCTAssertEqual(failures, ["not a swipe within 0.500 s"])
        injector.move(id, to: point(200, 200))
        injector.touchUp(id, at: point(200, 200))
        XCTAssertEqual(trace.flush(), ["pad.began(1)", "pad.moved(1)", "pad.moved(1)", "pad.ended(1)"])
    }

    /// Timing is judged on timestamps: a move stamped too late fails even when it is
    /// delivered before the clock (and so the timer) gets there.
    func testAMoveStampedTooLateFails() async {
        makeSwipe()
        window.inject([sample(1, .began, 50, 200, at: 100)])
        window.inject([sample(1, .moved, 150, 200, at: 100.6)])
        XCTAssertEqual(clock.now, 100)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["moving after 0.600 s (limit 0.500 s)"])
    }

    // MARK: - Off-axis, wrong direction, turning

    func testAStrokeBeyondTheMaximumAngleFails() async {
        makeSwipe()
        // 25° below the horizontal.
        let step = stepOf(20, degrees: 25)
        stroke(from: point(50, 200), by: step, steps: 5)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["25.0° off the nearest axis (limit 22.5°)"])
    }

    func testADiagonalStrokeFailsOnceJudged() async {
        makeSwipe([.right, .down])
        window.inject([sample(1, .began, 50, 200)])
        window.inject([sample(1, .moved, 56, 206)])
        XCTAssertEqual(failures, [])
        window.inject([sample(1, .moved, 58, 208)])
        XCTAssertEqual(failures, ["45.0° off the nearest axis (limit 22.5°)"])
    }

    func testAStrokeInADirectionNotPermittedFails() async {
        makeSwipe(.right)
        stroke(from: point(200, 200), by: (dx: -15, dy: 0), steps: 6)
        XCTAssertEqual(trace.flush(), ["pad.began(1)"] + Array(repeating: "pad.moved(1)", count: 6) + ["pad.ended(1)"])
        XCTAssertEqual(failures, ["moving left, not a permitted direction"])
    }

    func testAStrokeThatTurnsToAnotherPermittedDirectionFails() async {
        makeSwipe([.right, .up])
        window.inject([sample(1, .began, 50, 200)])
        window.inject([sample(1, .moved, 70, 200)])
        window.inject([sample(1, .moved, 70, 120)])
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["turned from right to up"])
    }

    // MARK: - Fingers

    func testLiftingBeforeTheMinimumDistanceFails() async {
        makeSwipe()
        stroke(from: point(50, 200), by: (dx: 10, dy: 0), steps: 4)
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["a finger lifted before the swipe was long enough"])
    }

    func testMoreFingersThanRequiredFail() async {
        makeSwipe()
        injector.send([sample(1, .began, 50, 200), sample(2, .began, 50, 260)])
        XCTAssertEqual(failures, ["2 fingers down, 1 required"])
        injector.send([sample(1, .moved, 150, 200), sample(2, .moved, 150, 260)])
        XCTAssertEqual(actions, [])
    }

    func testSwipingWithTooFewFingersFails() async {
        makeSwipe(touches: 2)
        window.inject([sample(1, .began, 50, 200)])
        window.inject([sample(1, .moved, 90, 200)])
        XCTAssertEqual(failures, [])
        window.inject([sample(1, .moved, 100, 200)])
        XCTAssertEqual(failures, ["moved 50 pt with 1 of 2 fingers down"])
    }

    func testACancelledTouchFails() async {
        makeSwipe()
        window.inject([sample(1, .began, 50, 200)])
        window.inject([sample(1, .moved, 70, 200)])
        window.inject([sample(1, .cancelled, 70, 200)])
        XCTAssertEqual(actions, [])
        XCTAssertEqual(failures, ["a touch was cancelled"])
    }

    func testAfterAFailureTheNextSwipeIsRecognized() async {
        makeSwipe()
        stroke(from: point(200, 200), by: (dx: -20, dy: 0), steps: 4)
        injector.wait(1)
        stroke(from: point(50, 200), by: (dx: 20, dy: 0), steps: 4)
        XCTAssertEqual(actions, ["swipe.ended (30.0, 170.0) x1 at 1.140"])
        injector.wait(1)
        XCTAssertEqual(failures, ["moving left, not a permitted direction"], "no timer outlives the gesture")
    }

    func testASwipeHeldBackIsRecognizedOnceWhenTheOtherFails() async {
        let swipe = makeSwipe()
        let blocker = ScriptedRecognizer("blocker", trace: trace)
        pad.addGestureRecognizer(blocker)
        swipe.require(toFail: blocker)
        stroke(from: point(50, 200), by: (dx: 20, dy: 0), steps: 8)
        XCTAssertEqual(actions, [])
        blocker.state = .failed
        XCTAssertEqual(actions, ["swipe.ended (30.0, 170.0) x1 at 0.160"])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0)
    }
}
