@testable import UIKit
import XCTest
import TouchTestSupport

/// The arena's rules 1–5 and 7 on their own, the way Flutter tests `arena.dart`: scripted
/// recognizers on bare views, touches made by hand, no window, no hit-testing and no view
/// delivery — only `enroll`, `deliverToRecognizers` and the settling an event does.
/// (Rule 6, what views are told, is `TouchWithholding`'s and is tested through windows
/// in `GestureArenaTests`.)
@MainActor
final class GestureArenaRulesTests: XCTestCase {
    private var clock: ManualClock!
    private var event: UIEvent!
    private var timers: TimerQueue!
    private var arena: GestureArena!
    private var trace = Trace()
    private var host: UIView!

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        trace = Trace()
        event = UIEvent()
        timers = TimerQueue(engine: UIApplication.shared.animationEngine)
        arena = GestureArena(event: event, timers: timers)
        timers.settlesCallsIn = arena
        event.arena = arena
        host = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    }

    override func tearDown() async throws {
        TestApplication.end()
    }

    // MARK: - Scripting

    private func member(_ name: String) -> ScriptedRecognizer {
        let recognizer = ScriptedRecognizer(name, trace: trace)
        host.addGestureRecognizer(recognizer)
        return recognizer
    }

    private func touch(_ number: UInt32) -> UITouch {
        let touch = UITouch(beginOrder: UInt64(number), sampleID: .init(device: 1, number: number), window: nil,
                            location: .zero, timestamp: clock.now, tapCount: 1, arbitration: arena.admit())
        event.liveTouches.insert(touch)
        return touch
    }

    /// One event: `touches` in `phase`, delivered to their swarms and settled, as a
    /// window's delivery does (without views).
    private func send(_ phase: UITouch.Phase, _ touches: UITouch...) {
        for touch in touches { touch.livePhase = phase }
        arena.beginDelivery()
        arena.deliverToRecognizers(touches, in: event)
        arena.settleChanges()
        arena.endDelivery()
        guard phase == .ended || phase == .cancelled else { return }
        for touch in touches {
            touch.isFinished = true
            event.liveTouches.remove(touch)
        }
    }

    private static let recognizeOnBegan: ScriptedRecognizer.Script = { recognizer, _ in
        if recognizer.state == .possible { recognizer.state = .recognized }
    }
    private static let beginOnMove: ScriptedRecognizer.Script = { recognizer, _ in
        recognizer.state = recognizer.state == .possible ? .began : .changed
    }
    private static let failOnEnded: ScriptedRecognizer.Script = { recognizer, _ in
        if recognizer.state == .possible { recognizer.state = .failed }
    }

    // MARK: - Rule 1: the swarm

    func testEnrollingKeepsTheCandidatesOrderLessTheDisabledAndThoseTheirDelegateRefuses() async {
        let a = member("a"), b = member("b"), c = member("c")
        b.isEnabled = false
        let refusing = ScriptedDelegate()
        refusing.shouldReceive = { _, _ in false }
        c.delegate = refusing
        let d = member("d")
        let finger = touch(1)
        arena.enroll(finger, in: [d, c, b, a])
        XCTAssertTrue(finger.gestureRecognizers!.elementsEqual([d, a], by: ===))
        XCTAssertEqual(arena.members.map { ObjectIdentifier($0.recognizer) }, [ObjectIdentifier(d), ObjectIdentifier(a)])
        send(.began, finger)
        XCTAssertEqual(trace.flush(), ["d.began(1)", "a.began(1)"])
    }

    // MARK: - Rule 2: order, and effects settled in the order states were set

    func testWhenOneEventLetsTwoRecognizeTheFirstToAskWinsAndPreventsTheOther() async {
        let deep = member("deep"), shallow = member("shallow")
        deep.onBegan = Self.recognizeOnBegan
        shallow.onBegan = Self.recognizeOnBegan
        let finger = touch(1)
        arena.enroll(finger, in: [deep, shallow])
        send(.began, finger)
        XCTAssertEqual(trace.flush(), ["deep.began(1)", "shallow.began(1)", "deep.action(ended)", "deep.reset", "shallow.reset"])
        XCTAssertEqual(GestureArenaRulesTests.states(deep, shallow), [.possible, .possible])
        XCTAssertTrue(arena.members.isEmpty)
    }

    // MARK: - Rule 3: recognition waits for required failures

    func testARecognitionRequiringAnotherToFailWaitsInPossibleThenGoes() async {
        let single = member("single"), double = member("double")
        single.require(toFail: double)
        single.onBegan = Self.recognizeOnBegan
        double.onEnded = Self.failOnEnded
        let finger = touch(1)
        arena.enroll(finger, in: [double, single])
        send(.began, finger)
        XCTAssertEqual(single.state, .possible, "held: reads possible while double is possible")
        XCTAssertEqual(single.arenaMember?.requestedState, .ended)
        XCTAssertEqual(trace.flush(), ["double.began(1)", "single.began(1)"])
        send(.ended, finger)
        // Still possible, single hears the lift too; double's failure then lets it go.
        XCTAssertEqual(trace.flush(), ["double.ended(1)", "single.ended(1)", "single.action(ended)", "double.reset", "single.reset"])
    }

    func testARequiredRecognizerThatRecognizesFailsTheOneWaiting() async {
        let single = member("single"), double = member("double")
        single.require(toFail: double)
        single.onBegan = Self.recognizeOnBegan
        double.onEnded = { recognizer, _ in recognizer.state = .recognized }
        let finger = touch(1)
        arena.enroll(finger, in: [double, single])
        send(.began, finger)
        send(.ended, finger)
        XCTAssertEqual(trace.flush(), [
            "double.began(1)", "single.began(1)", "double.ended(1)", "single.ended(1)", "double.action(ended)", "double.reset",
            "single.reset",
        ])
        XCTAssertEqual(GestureArenaRulesTests.states(double, single), [.possible, .possible])
    }

    // MARK: - Rule 4: prevention, negotiated both ways

    func testPreventionNeedsBothCanPreventAndCanBePrevented() async {
        let pan = member("pan"), other = member("other")
        pan.onMoved = Self.beginOnMove
        other.canBePreventedByOthers = false
        let finger = touch(1)
        arena.enroll(finger, in: [pan, other])
        send(.began, finger)
        send(.moved, finger)
        XCTAssertEqual(other.state, .possible, "it refused to be prevented")
        XCTAssertEqual(trace.flush(), ["pan.began(1)", "other.began(1)", "pan.moved(1)", "other.moved(1)", "pan.action(began)"])
    }

    func testADelegateAllowingSimultaneityKeepsBothGoing() async {
        let pinch = member("pinch"), rotate = member("rotate")
        pinch.onMoved = Self.beginOnMove
        rotate.onMoved = Self.beginOnMove
        let together = ScriptedDelegate()
        together.simultaneously = { _, _ in true }
        rotate.delegate = together
        let finger = touch(1)
        arena.enroll(finger, in: [pinch, rotate])
        send(.began, finger)
        send(.moved, finger)
        XCTAssertEqual(GestureArenaRulesTests.states(pinch, rotate), [.began, .began])
        XCTAssertEqual(trace.flush(), [
            "pinch.began(1)", "rotate.began(1)", "pinch.moved(1)", "rotate.moved(1)", "pinch.action(began)", "rotate.action(began)",
        ])
    }

    // MARK: - Rule 5: a failed recognizer hears no more

    func testAFailedRecognizerGetsNoMoreTouches() async {
        let quitter = member("quitter"), stayer = member("stayer")
        quitter.onBegan = { recognizer, _ in recognizer.state = .failed }
        let first = touch(1)
        arena.enroll(first, in: [quitter, stayer])
        stayer.require(toFail: quitter)
        send(.began, first)
        XCTAssertEqual(quitter.state, .failed, "kept failed while stayer, which requires it, is in a gesture")
        send(.moved, first)
        XCTAssertEqual(trace.flush(), ["quitter.began(1)", "stayer.began(1)", "stayer.moved(1)"])
    }

    // MARK: - Rule 7: reset

    func testAFailedRecognizerAnotherRequiresResetsOnlyWhenThatOneFinishes() async {
        let single = member("single"), double = member("double")
        single.require(toFail: double)
        double.onBegan = { recognizer, _ in recognizer.state = .failed }
        single.onEnded = { recognizer, _ in recognizer.state = .recognized }
        let finger = touch(1)
        arena.enroll(finger, in: [double, single])
        send(.began, finger)
        XCTAssertEqual(double.state, .failed)
        XCTAssertEqual(double.arenaMember?.isWaitingForDependents, true)
        send(.ended, finger)
        XCTAssertEqual(trace.flush(), [
            "double.began(1)", "single.began(1)", "single.ended(1)", "single.action(ended)", "double.reset", "single.reset",
        ])
        XCTAssertTrue(arena.members.isEmpty)
        XCTAssertNil(double.arenaMember)
    }

    func testAStateSetByATimerSettlesWhenTheCallReturns() async {
        let press = member("press")
        press.onEnded = { recognizer, _ in recognizer.state = .ended }
        let finger = touch(1)
        arena.enroll(finger, in: [press])
        send(.began, finger)
        _ = timers.schedule(after: 0.5, target: nil, selector: nil) { press.state = .began }
        clock.advance(by: 0.5)
        _ = timers.runDue()
        XCTAssertEqual(trace.flush(), ["press.began(1)", "press.action(began)"])
        XCTAssertEqual(press.state, .began)
        send(.ended, finger)
        XCTAssertEqual(trace.flush(), ["press.ended(1)", "press.action(ended)", "press.reset"])
        XCTAssertEqual(press.state, .possible)
    }

    // MARK: - Actions read the state they are sent for

    func testEachActionReadsTheStateItIsSentForThoughTheRecognizerMovedOn() async {
        let pan = member("pan")
        pan.onMoved = { recognizer, _ in
            recognizer.state = .began
            recognizer.state = .changed
        }
        let finger = touch(1)
        arena.enroll(finger, in: [pan])
        send(.began, finger)
        send(.moved, finger)
        XCTAssertEqual(trace.flush(), ["pan.began(1)", "pan.moved(1)", "pan.action(began)", "pan.action(changed)"])
        XCTAssertEqual(pan.state, .changed)
        XCTAssertNil(pan.arenaMember?.stateForActions)
    }

    private static func states(_ recognizers: UIGestureRecognizer...) -> [UIGestureRecognizer.State] {
        recognizers.map(\.state)
    }
}
