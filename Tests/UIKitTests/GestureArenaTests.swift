@testable import UIKit
import XCTest

/// The arbitration and delivery rules of `GestureArena` and `TouchWithholding`, asserted as exact traces
/// of what recognizers, views and actions were told, in order.
final class GestureArenaTests: UIKitTestCase {
    private var outer: TraceView!
    private var inner: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        GestureTrace.isEnabled = true
        GestureTrace.clear()
        outer = addTraceView("outer", CGRect(x: 0, y: 0, width: 200, height: 200))
        inner = addTraceView("inner", CGRect(x: 50, y: 50, width: 100, height: 100), to: outer)
    }

    override func tearDown() async throws {
        GestureTrace.isEnabled = false
        try await super.tearDown()
    }

    @discardableResult
    private func recognizer(_ name: String, on view: UIView) -> ScriptedRecognizer {
        let recognizer = ScriptedRecognizer(name, trace: trace)
        view.addGestureRecognizer(recognizer)
        return recognizer
    }

    private static let recognizeOnMove: ScriptedRecognizer.Script = { recognizer, _ in
        if recognizer.state == .possible { recognizer.state = .began } else { recognizer.state = .changed }
    }
    private static let endOnLift: ScriptedRecognizer.Script = { recognizer, _ in
        recognizer.state = recognizer.state == .possible ? .failed : .ended
    }
    private static let recognizeOnLift: ScriptedRecognizer.Script = { recognizer, _ in
        if recognizer.state == .possible { recognizer.state = .recognized }
    }
    private static let failOnLift: ScriptedRecognizer.Script = { recognizer, _ in
        if recognizer.state == .possible { recognizer.state = .failed }
    }

    // MARK: - Swarm

    func testTheSwarmIsDeeperViewsFirstThenMostRecentlyAdded() async {
        let a = recognizer("a", on: outer)
        let b = recognizer("b", on: outer)
        let c = recognizer("c", on: inner)
        let w = recognizer("w", on: window)
        window.inject([sample(1, .began, 60, 60)])
        XCTAssertEqual(trace.flush(), ["c.began(1)", "b.began(1)", "a.began(1)", "w.began(1)", "inner.began(1)"])
        let touch = inner.seenTouches[1]!
        XCTAssertTrue(touch.gestureRecognizers!.elementsEqual([c, b, a, w], by: ===))
        XCTAssertEqual(touch.view, inner)
        XCTAssertEqual(inner.lastEvent?.touches(for: a), [touch])
        // A touch on the outer view only reaches the recognizers from there up.
        window.inject([sample(2, .began, 10, 10)])
        XCTAssertEqual(trace.flush(), ["b.began(2)", "a.began(2)", "w.began(2)", "outer.began(2)"])
    }

    func testRecognizersSeeEachPhaseBeforeTheView() async {
        recognizer("g", on: inner)
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 62, 60)])
        clock.advance(by: 0.1)
        window.inject([sample(1, .ended, 62, 60)])
        XCTAssertEqual(trace.flush(), [
            "g.began(1)", "inner.began(1)", "g.moved(1)", "inner.moved(1)",
            // delaysTouchesEnded: the ended waits while g is possible…
            "g.ended(1)",
        ])
        // …for as long as it stays possible; a recognizer that never decides is failed
        // once every finger has been up for `undecidedGestureTimeout`.
        injector.wait(GestureThresholds.undecidedGestureTimeout - 0.01)
        XCTAssertEqual(trace.flush(), [])
        injector.wait(0.01)
        XCTAssertEqual(trace.flush(), ["inner.ended(1)", "g.reset"])
        XCTAssertTrue(GestureTrace.lines.last { $0.contains("failed") }!.hasSuffix("still possible 1.0 s after its last finger lifted"))
    }

    func testDisabledRecognizersAndDelegateRefusalsStayOutOfTheSwarm() async {
        let off = recognizer("off", on: inner)
        off.isEnabled = false
        let picky = recognizer("picky", on: outer)
        let delegate = ScriptedDelegate()
        delegate.shouldReceive = { _, touch in touch.view !== self.inner }
        picky.delegate = delegate
        window.inject([sample(1, .began, 60, 60), sample(2, .began, 10, 10)])
        XCTAssertEqual(trace.flush(), ["picky.began(2)", "inner.began(1)", "outer.began(2)"])
        XCTAssertEqual(GestureTrace.entries.filter { $0.kind == .refusedTouch }.count, 1)
    }

    // MARK: - Recognition

    func testRecognizingCancelsTheViewsTouchesFailsTheOthersAndSendsActions() async {
        let pan = recognizer("pan", on: inner)
        pan.onMoved = Self.recognizeOnMove
        pan.onEnded = Self.endOnLift
        let other = recognizer("other", on: outer)
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        window.inject([sample(1, .moved, 80, 60)])
        window.inject([sample(1, .ended, 80, 60)])
        XCTAssertEqual(trace.flush(), [
            "pan.began(1)", "other.began(1)", "inner.began(1)",
            "pan.moved(1)", "other.moved(1)",
            // Cancelled in the view first, then the action; `other` fails and resets.
            "inner.cancelled(1)", "pan.action(began)", "other.reset",
            "pan.moved(1)", "pan.action(changed)",
            "pan.ended(1)", "pan.action(ended)", "pan.reset",
        ])
        XCTAssertEqual(pan.state, .possible)
        XCTAssertTrue(inner.seenTouches[1]!.gestureRecognizers!.isEmpty)
        XCTAssertTrue(GestureTrace.lines.contains { $0.hasSuffix("ScriptedRecognizer#\(other.serialNumber) (TraceView): possible → failed: prevented by ScriptedRecognizer#\(pan.serialNumber)") })
    }

    func testWithoutCancelsTouchesInViewTheViewKeepsItsTouches() async {
        let pan = recognizer("pan", on: inner)
        pan.cancelsTouchesInView = false
        pan.delaysTouchesEnded = false
        pan.onMoved = Self.recognizeOnMove
        pan.onEnded = Self.endOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        window.inject([sample(1, .ended, 70, 60)])
        XCTAssertEqual(trace.flush(), [
            "pan.began(1)", "inner.began(1)", "pan.moved(1)", "pan.action(began)", "inner.moved(1)",
            "pan.ended(1)", "pan.action(ended)", "inner.ended(1)", "pan.reset",
        ])
    }

    func testWhenOneEventLetsSeveralRecognizeTheDeeperWins() async {
        let deep = recognizer("deep", on: inner)
        let shallow = recognizer("shallow", on: outer)
        for r in [deep, shallow] { r.onEnded = Self.recognizeOnLift }
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .ended, 60, 60)])
        XCTAssertEqual(trace.flush(), [
            "deep.began(1)", "shallow.began(1)", "inner.began(1)",
            "deep.ended(1)", "shallow.ended(1)",
            "inner.cancelled(1)", "deep.action(ended)", "deep.reset", "shallow.reset",
        ])
    }

    func testOnOneViewTheMoreRecentlyAddedWins() async {
        let first = recognizer("first", on: inner)
        let second = recognizer("second", on: inner)
        for r in [first, second] { r.onEnded = Self.recognizeOnLift }
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .ended, 60, 60)])
        XCTAssertEqual(trace.flush(), [
            "second.began(1)", "first.began(1)", "inner.began(1)",
            "second.ended(1)", "first.ended(1)",
            "inner.cancelled(1)", "second.action(ended)", "second.reset", "first.reset",
        ])
    }

    func testAFailedRecognizerGetsNoMoreTouchesAndResetsAfterTheEvent() async {
        let quitter = recognizer("quitter", on: inner)
        quitter.onBegan = { recognizer, _ in recognizer.state = .failed }
        window.inject([sample(1, .began, 60, 60)])
        XCTAssertEqual(quitter.state, .possible)
        window.inject([sample(1, .moved, 70, 60)])
        window.inject([sample(1, .ended, 70, 60)])
        XCTAssertEqual(trace.flush(), [
            "quitter.began(1)", "inner.began(1)", "quitter.reset", "inner.moved(1)", "inner.ended(1)",
        ])
        // After its reset it gets none of the touches then in progress, but a new finger
        // reaches it.
        window.inject([sample(2, .began, 60, 60)])
        XCTAssertEqual(trace.flush(), ["quitter.began(2)", "inner.began(2)", "quitter.reset"])
    }

    func testAfterResetARecognizerIgnoresTouchesInProgressButNotNewOnes() async {
        inner.isMultipleTouchEnabled = true
        let tap = recognizer("tap", on: inner)
        tap.onEnded = Self.recognizeOnLift
        window.inject([sample(1, .began, 60, 60), sample(2, .began, 80, 80)])
        window.inject([sample(1, .ended, 60, 60)])
        window.inject([sample(2, .moved, 85, 85)])
        window.inject([sample(3, .began, 90, 90)])
        window.inject([sample(2, .ended, 85, 85), sample(3, .ended, 90, 90)])
        XCTAssertEqual(trace.flush(), [
            "tap.began(1,2)", "inner.began(1,2)",
            "tap.ended(1)", "inner.cancelled(1,2)", "tap.action(ended)", "tap.reset",
            // Touch 2 was in progress at the reset: the recognizer never sees it again,
            // and it stays cut off from its view.
            "tap.began(3)", "inner.began(3)",
            "tap.ended(3)", "inner.cancelled(3)", "tap.action(ended)", "tap.reset",
        ])
    }

    // MARK: - Requiring failure

    func testADependentWaitsInPossibleAndProceedsWhenTheOtherFails() async {
        let double = recognizer("double", on: inner)
        let single = recognizer("single", on: inner)
        single.require(toFail: double)
        single.onEnded = Self.recognizeOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .ended, 60, 60)])
        XCTAssertEqual(single.state, .possible, "held back while double is possible")
        XCTAssertEqual(trace.flush(), ["single.began(1)", "double.began(1)", "inner.began(1)", "single.ended(1)", "double.ended(1)"])
        // The double tap gives up (as on a timeout): the single tap recognizes then; the
        // double tap is not reset before the single one finishes, and both reset together.
        UIApplication.shared.schedule(afterDelay: 0.3) { double.state = .failed }
        clock.advance(by: 0.3)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(trace.flush(), ["inner.cancelled(1)", "single.action(ended)", "single.reset", "double.reset"])
        XCTAssertTrue(GestureTrace.lines.contains { $0.contains("ended waits for ScriptedRecognizer#\(double.serialNumber) to fail") })
    }

    func testADependentFailsWhenTheOtherRecognizes() async {
        let double = recognizer("double", on: inner)
        let single = recognizer("single", on: inner)
        single.require(toFail: double)
        single.onEnded = Self.recognizeOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .ended, 60, 60)])
        trace.lines.removeAll()
        UIApplication.shared.schedule(afterDelay: 0.1) { double.state = .recognized }
        clock.advance(by: 0.1)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(trace.flush(), ["inner.cancelled(1)", "double.action(ended)", "single.reset", "double.reset"])
        XCTAssertTrue(GestureTrace.lines.contains { $0.contains("possible → failed: ScriptedRecognizer#\(double.serialNumber), which it requires to fail, recognized") })
    }

    func testTheOneThatFailedFirstWaitsForTheDependentToFinish() async {
        let swipe = recognizer("swipe", on: inner)
        let pan = recognizer("pan", on: inner)
        pan.require(toFail: swipe)
        pan.onMoved = Self.recognizeOnMove
        pan.onEnded = Self.endOnLift
        swipe.onMoved = { recognizer, touches in
            if touches.first!.location(in: nil).x > 75 { recognizer.state = .failed }
        }
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        XCTAssertEqual(pan.state, .possible)
        window.inject([sample(1, .moved, 80, 60)])
        XCTAssertEqual(pan.state, .began)
        XCTAssertEqual(swipe.state, .failed, "not reset while pan is under way")
        window.inject([sample(1, .moved, 90, 60)])
        window.inject([sample(1, .ended, 90, 60)])
        XCTAssertEqual(trace.flush(), [
            "pan.began(1)", "swipe.began(1)", "inner.began(1)",
            "pan.moved(1)", "swipe.moved(1)", "inner.moved(1)",
            "pan.moved(1)", "swipe.moved(1)", "inner.cancelled(1)", "pan.action(began)",
            "pan.moved(1)", "pan.action(changed)",
            "pan.ended(1)", "pan.action(ended)", "pan.reset", "swipe.reset",
        ])
    }

    func testDelegateCanRequireFailure() async {
        let a = recognizer("a", on: inner)
        let b = recognizer("b", on: inner)
        let delegate = ScriptedDelegate()
        delegate.requireFailure = { me, other in me === a && other === b }
        a.delegate = delegate
        a.onEnded = Self.recognizeOnLift
        b.onEnded = Self.failOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .ended, 60, 60)])
        // b is asked after a in this event (it was added later, so it goes first)…
        XCTAssertEqual(trace.flush(), [
            "b.began(1)", "a.began(1)", "inner.began(1)",
            "b.ended(1)", "a.ended(1)", "inner.cancelled(1)", "a.action(ended)", "b.reset", "a.reset",
        ])
    }

    // MARK: - Refusals

    func testTheHitTestViewThenTheDelegateMayRefuseToLetItBegin() async {
        final class Refusing: TraceView {
            override func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
                trace.note("\(name).shouldBegin")
                return false
            }
        }
        let refusing = Refusing("refusing", frame: CGRect(x: 0, y: 0, width: 20, height: 20), trace: trace)
        inner.addSubview(refusing)
        let tap = recognizer("tap", on: outer)
        tap.onEnded = Self.recognizeOnLift
        window.inject([sample(1, .began, 55, 55)])
        window.inject([sample(1, .ended, 55, 55)])
        XCTAssertEqual(trace.flush(), [
            "tap.began(1)", "refusing.began(1)", "tap.ended(1)", "refusing.shouldBegin", "refusing.ended(1)", "tap.reset",
        ])
        let delegate = ScriptedDelegate()
        delegate.shouldBegin = { _ in false }
        tap.delegate = delegate
        window.inject([sample(2, .began, 10, 10)])
        window.inject([sample(2, .ended, 10, 10)])
        XCTAssertEqual(trace.flush(), ["tap.began(2)", "outer.began(2)", "tap.ended(2)", "outer.ended(2)", "tap.reset"])
    }

    // MARK: - Simultaneous recognition and prevention

    func testTheDelegateCanLetTwoRecognizeTogether() async {
        let pinch = recognizer("pinch", on: inner)
        let rotate = recognizer("rotate", on: inner)
        for r in [pinch, rotate] {
            r.onMoved = Self.recognizeOnMove
            r.onEnded = Self.endOnLift
        }
        let delegate = ScriptedDelegate()
        delegate.simultaneously = { _, _ in true }
        pinch.delegate = delegate
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        window.inject([sample(1, .ended, 70, 60)])
        XCTAssertEqual(trace.flush(), [
            "rotate.began(1)", "pinch.began(1)", "inner.began(1)",
            "rotate.moved(1)", "pinch.moved(1)",
            "inner.cancelled(1)", "rotate.action(began)", "pinch.action(began)",
            "rotate.ended(1)", "pinch.ended(1)", "rotate.action(ended)", "pinch.action(ended)",
            "rotate.reset", "pinch.reset",
        ])
    }

    func testWithoutPermissionTheFirstUnderWayPreventsTheOther() async {
        let pinch = recognizer("pinch", on: inner)
        pinch.onMoved = Self.recognizeOnMove
        pinch.onEnded = Self.endOnLift
        let late = recognizer("late", on: inner)
        late.onMoved = { recognizer, touches in
            if touches.first!.location(in: nil).x >= 80, recognizer.state == .possible { recognizer.state = .began }
        }
        late.onEnded = Self.endOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        XCTAssertEqual(pinch.state, .began)
        window.inject([sample(1, .moved, 80, 60)])
        // late failed as pinch began (and reset after that event): it sees no more.
        XCTAssertEqual(trace.flush(), [
            "late.began(1)", "pinch.began(1)", "inner.began(1)",
            "late.moved(1)", "pinch.moved(1)", "inner.cancelled(1)", "pinch.action(began)", "late.reset",
            "pinch.moved(1)", "pinch.action(changed)",
        ])
    }

    func testCanPreventAndCanBePreventedMustBothAgree() async {
        // a recognizes first; b would be prevented unless one of the two says no.
        for (aPrevents, bAcquiesces, bFails) in [(true, true, true), (false, true, false), (true, false, false)] {
            let a = recognizer("a", on: inner)
            let b = recognizer("b", on: outer)
            a.preventsOthers = aPrevents
            b.canBePreventedByOthers = bAcquiesces
            a.onBegan = { recognizer, _ in recognizer.state = .began }
            a.onEnded = Self.endOnLift
            b.onEnded = Self.recognizeOnLift
            window.inject([sample(1, .began, 60, 60)])
            window.inject([sample(1, .ended, 60, 60)])
            XCTAssertEqual(trace.lines.contains("b.ended(1)"), !bFails, "\(aPrevents) \(bAcquiesces)")
            XCTAssertEqual(GestureTrace.lines.contains { $0.contains("prevented by") }, bFails)
            GestureTrace.clear()
            inner.removeGestureRecognizer(a)
            outer.removeGestureRecognizer(b)
            trace.lines.removeAll()
        }
    }

    func testARecognizerUnderWayThatCannotPreventLetsTheOtherRecognizeToo() async {
        // One-way: `free` cannot prevent; `strict` can. free begins first, then strict
        // begins too, since free does not prevent it; strict's beginning does not end free.
        let free = recognizer("free", on: inner)
        free.preventsOthers = false
        free.onBegan = { recognizer, _ in recognizer.state = .began }
        free.onEnded = Self.endOnLift
        let strict = recognizer("strict", on: outer)
        strict.onMoved = Self.recognizeOnMove
        strict.onEnded = Self.endOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        XCTAssertEqual(free.state, .began)
        XCTAssertEqual(strict.state, .began)
        window.inject([sample(1, .ended, 70, 60)])
        XCTAssertEqual(trace.flush(), [
            // free began before the view heard of the touch: the view never does.
            "free.began(1)", "strict.began(1)", "free.action(began)",
            "free.moved(1)", "strict.moved(1)", "strict.action(began)",
            "free.ended(1)", "strict.ended(1)", "free.action(ended)", "strict.action(ended)", "free.reset", "strict.reset",
        ])
    }

    // MARK: - Withholding touches from views

    /// The two-finger discrete gesture of Apple's "Gesture Recognizers" (figure 1-6).
    func testTwoFingerDiscreteGestureRecognized() async {
        inner.isMultipleTouchEnabled = true
        let twoFinger = recognizer("g", on: inner)
        twoFinger.onEnded = { recognizer, _ in
            if recognizer.numberOfTouches == 1 && recognizer.trackedTouches.count == 2 { recognizer.state = .recognized }
        }
        window.inject([sample(1, .began, 60, 60), sample(2, .began, 80, 80)])
        window.inject([sample(1, .moved, 62, 60), sample(2, .moved, 82, 80)])
        window.inject([sample(1, .ended, 62, 60)])
        window.inject([sample(2, .ended, 82, 80)])
        XCTAssertEqual(trace.flush(), [
            "g.began(1,2)", "inner.began(1,2)",  // step 1
            "g.moved(1,2)", "inner.moved(1,2)",  // step 2
            "g.ended(1)",  // step 3: withheld from the view
            "g.ended(2)", "inner.cancelled(1)", "inner.cancelled(2)", "g.action(ended)", "g.reset",  // step 4
        ])
    }

    /// The same gesture, failing on the last lift.
    func testTwoFingerDiscreteGestureFailing() async {
        inner.isMultipleTouchEnabled = true
        let twoFinger = recognizer("g", on: inner)
        twoFinger.onEnded = { recognizer, _ in
            if recognizer.numberOfTouches == 1 && recognizer.trackedTouches.count == 2 { recognizer.state = .failed }
        }
        window.inject([sample(1, .began, 60, 60), sample(2, .began, 80, 80)])
        window.inject([sample(1, .moved, 62, 60), sample(2, .moved, 82, 80)])
        window.inject([sample(1, .ended, 62, 60)])
        window.inject([sample(2, .ended, 82, 80)])
        XCTAssertEqual(trace.flush(), [
            "g.began(1,2)", "inner.began(1,2)", "g.moved(1,2)", "inner.moved(1,2)", "g.ended(1)",
            // The failure releases touch 1's ended, which goes with touch 2's in one call.
            "g.ended(2)", "inner.ended(1,2)", "g.reset",
        ])
    }

    func testDelaysTouchesBeganWithholdsBeganAndMovedUntilFailureThenReplaysThem() async {
        let picky = recognizer("g", on: inner)
        picky.delaysTouchesBegan = true
        picky.onMoved = { recognizer, touches in
            if touches.first!.location(in: nil).x >= 90 { recognizer.state = .failed }
        }
        window.inject([sample(1, .began, 60, 60, at: 100)])
        window.inject([sample(1, .moved, 70, 60, at: 100.1)])
        window.inject([sample(1, .moved, 80, 60, at: 100.2)])
        XCTAssertEqual(trace.flush(), ["g.began(1)", "g.moved(1)", "g.moved(1)"])
        var seen: [(UITouch.Phase, TimeInterval, CGPoint)] = []
        inner.onCall = { _, touches in
            let touch = touches.first!
            seen.append((touch.phase, touch.timestamp, touch.location(in: nil)))
        }
        window.inject([sample(1, .moved, 90, 60, at: 100.3)])
        // Began, then only the last withheld moved, then this event's own moved.
        XCTAssertEqual(trace.flush(), ["g.moved(1)", "inner.began(1)", "inner.moved(1)", "g.reset"])
        XCTAssertEqual(seen.map(\.0), [.began, .moved])
        XCTAssertEqual(seen.map(\.1), [100, 100.3])
        XCTAssertEqual(seen.map(\.2), [CGPoint(x: 60, y: 60), CGPoint(x: 90, y: 60)])
    }

    func testDelaysTouchesBeganAndRecognitionMeanTheViewHearsNothing() async {
        let pan = recognizer("pan", on: inner)
        pan.delaysTouchesBegan = true
        pan.onMoved = Self.recognizeOnMove
        pan.onEnded = Self.endOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        window.inject([sample(1, .ended, 70, 60)])
        XCTAssertEqual(trace.flush(), [
            "pan.began(1)", "pan.moved(1)", "pan.action(began)", "pan.ended(1)", "pan.action(ended)", "pan.reset",
        ])
    }

    func testAnIgnoredTouchFallsThroughAndIsNotCancelled() async {
        inner.isMultipleTouchEnabled = true
        let g = recognizer("g", on: inner)
        g.onBegan = { recognizer, touches in
            for touch in touches where touch.location(in: nil).x > 70 { recognizer.ignore(touch, for: UIApplication.shared.touchRouter.event) }
        }
        g.onMoved = Self.recognizeOnMove
        g.onEnded = Self.endOnLift
        window.inject([sample(1, .began, 60, 60), sample(2, .began, 80, 80)])
        let second = inner.seenTouches[2]!
        XCTAssertTrue(second.gestureRecognizers!.isEmpty)
        window.inject([sample(1, .moved, 65, 60)])
        window.inject([sample(2, .moved, 85, 80)])
        window.inject([sample(1, .ended, 65, 60), sample(2, .ended, 85, 80)])
        XCTAssertEqual(trace.flush(), [
            "g.began(1,2)", "inner.began(1,2)",
            "g.moved(1)", "inner.cancelled(1)", "g.action(began)",
            "inner.moved(2)",
            "g.ended(1)", "g.action(ended)", "inner.ended(2)", "g.reset",
        ])
    }

    func testTouchesWithheldForMultipleTouchStillReachTheSwarmButNotForExclusiveTouch() async {
        let g = recognizer("g", on: inner)
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(2, .began, 70, 70)])
        XCTAssertEqual(trace.flush(), ["g.began(1)", "inner.began(1)", "g.began(2)"])
        window.inject([sample(1, .cancelled, 60, 60), sample(2, .cancelled, 70, 70)])
        XCTAssertEqual(trace.flush(), ["g.cancelled(1,2)", "inner.cancelled(1)", "g.reset"])
        // Exclusive touch: a touch withheld from its view never reaches the swarm either.
        let exclusive = addTraceView("exclusive", CGRect(x: 250, y: 250, width: 50, height: 50))
        exclusive.isExclusiveTouch = true
        window.inject([sample(3, .began, 260, 260)])
        window.inject([sample(4, .began, 60, 60)])
        XCTAssertEqual(trace.flush(), ["exclusive.began(3)"])
        XCTAssertTrue(inner.seenTouches[4] == nil)
        XCTAssertEqual(g.state, .possible)
    }

    // MARK: - Enabling, removing, cancelling

    func testDisablingMidGestureCancelsWithAnAction() async {
        let pan = recognizer("pan", on: inner)
        pan.onMoved = Self.recognizeOnMove
        pan.onEnded = Self.endOnLift
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        trace.lines.removeAll()
        pan.isEnabled = false
        XCTAssertEqual(trace.flush(), ["pan.action(cancelled)", "pan.reset"])
        window.inject([sample(1, .moved, 80, 60)])
        window.inject([sample(1, .ended, 80, 60)])
        XCTAssertEqual(trace.flush(), [], "its touches stay cut off from the view")
        pan.isEnabled = true
        window.inject([sample(2, .began, 60, 60)])
        XCTAssertEqual(trace.flush(), ["pan.began(2)", "inner.began(2)"])
    }

    func testRemovingAPossibleRecognizerFailsItAndReleasesWhatItHeld() async {
        let g = recognizer("g", on: inner)
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .ended, 60, 60)])
        XCTAssertEqual(trace.flush(), ["g.began(1)", "inner.began(1)", "g.ended(1)"])
        inner.removeGestureRecognizer(g)
        XCTAssertNil(g.view)
        XCTAssertEqual(trace.flush(), ["inner.ended(1)", "g.reset"])
    }

    func testSystemCancellationReachesRecognizersAndViews() async {
        let pan = recognizer("pan", on: inner)
        pan.onMoved = Self.recognizeOnMove
        pan.cancelsTouchesInView = false
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        trace.lines.removeAll()
        UIApplication.shared.cancelAllTouches()
        XCTAssertEqual(trace.flush(), ["pan.cancelled(1)", "pan.action(cancelled)", "inner.cancelled(1)", "pan.reset"])
    }

    // MARK: - State machine

    func testIllegalTransitionsAreLoggedCountedAndIgnored() async {
        let g = recognizer("g", on: inner)
        g.onBegan = { recognizer, _ in
            recognizer.state = .changed  // possible → changed: illegal
            recognizer.state = .possible  // never set by a subclass
            recognizer.state = .failed
            recognizer.state = .began  // failed → began: illegal
        }
        window.inject([sample(1, .began, 60, 60)])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 3)
        XCTAssertEqual(logLines(containing: "illegal transition").count, 3)
        XCTAssertEqual(logLines(containing: "illegal transition possible → changed ignored").count, 1)
        XCTAssertEqual(trace.flush(), ["g.began(1)", "inner.began(1)", "g.reset"])
    }

    func testTheTraceNamesEveryStep() async {
        let pan = recognizer("pan", on: inner)
        pan.onMoved = Self.recognizeOnMove
        window.inject([sample(1, .began, 60, 60)])
        window.inject([sample(1, .moved, 70, 60)])
        let name = "ScriptedRecognizer#\(pan.serialNumber) (TraceView)"
        XCTAssertEqual(GestureTrace.lines.map { String($0.drop { $0 != "]" }.dropFirst(2 + "gestures: ".count)) }, [
            "\(name): joined touch -1:1",
            "\(name): possible → began",
            "\(name): cancels 1 touch(es) in views",
        ])
        XCTAssertEqual(GestureTrace.entries[1].state, .began)
        XCTAssertTrue(GestureTrace.lines[0].hasPrefix("[UIKit 100.000000] gestures: "))
    }
}
