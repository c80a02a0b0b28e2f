import UIKit
import XCTest

/// The run loop's turn, on a manual clock and a manual scheduler: the order of its steps,
/// layout once per turn, and when it asks to be woken.
final class ApplicationRunLoopTests: UIKitTestCase {
    /// Notes each step it is part of in the trace.
    private final class StepView: TraceView {
        override func layoutSubviews() {
            trace.note("layout")
        }
    }

    private final class Presenter: RunLoopPresenter {
        let trace: Trace
        init(trace: Trace) { self.trace = trace }
        func present(_ windows: [UIWindow], showingInput: Bool) -> Bool {
            trace.note("present(\(windows.count))")
            return true
        }
    }

    private var scheduler: ManualRunLoopScheduler!
    private var runLoop: ApplicationRunLoop!
    private var presenter: Presenter!
    private var view: StepView!

    override func setUp() async throws {
        try await super.setUp()
        scheduler = ManualRunLoopScheduler()
        runLoop = ApplicationRunLoop(scheduler: scheduler)
        presenter = Presenter(trace: trace)
        runLoop.presenter = presenter
        view = StepView("view", frame: CGRect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        window.addSubview(view)
        window.layoutIfNeeded()
        _ = trace.flush()
    }

    override func tearDown() async throws {
        runLoop.invalidate()
        try await super.tearDown()
    }

    /// A change outside a turn asks for one that presents it; a change inside a turn
    /// is presented by that turn and asks for no other.
    func testAChangeOutsideATurnAsksForATurnThatPresentsIt() async {
        runLoop.setNeedsPresent()
        runLoop.setNeedsPresent()
        XCTAssertTrue(scheduler.hasPendingTurn)
        XCTAssertEqual(scheduler.runDue(), 1, "requests coalesce")
        XCTAssertEqual(trace.flush(), ["present(1)"])
        runLoop.turn { self.runLoop.setNeedsPresent() }
        XCTAssertEqual(trace.flush(), ["present(1)"])
        XCTAssertFalse(scheduler.hasPendingTurn, "the turn under way presents it")
        // Asked for, then answered by an input's turn before the asked-for one ran.
        runLoop.setNeedsPresent()
        runLoop.handle([sample(1, .began, 10, 10)], in: window)
        runLoop.handle([sample(1, .ended, 10, 10)], in: window)
        XCTAssertEqual(runLoop.turnCount, 4)
        scheduler.runDue()
        XCTAssertEqual(runLoop.turnCount, 4, "no second turn for what the input's turn presented")
        XCTAssertEqual(trace.flush().filter { $0.hasPrefix("present") }, ["present(1)", "present(1)"])
    }

    func testATurnRunsInputThenTimersThenTheTickThenLayoutOnceThenPresents() async {
        // Another view animates: one animating without .allowUserInteraction takes no touches.
        let other = UIView(frame: CGRect(x: 200, y: 0, width: 50, height: 50))
        window.addSubview(other)
        UIView.animate(withDuration: 0.1, animations: { other.alpha = 0.5 }, completion: { _ in
            self.trace.note("completion")
            self.view.setNeedsLayout()
        })
        UIApplication.shared.schedule(afterDelay: 0.2) { self.trace.note("timer") }
        CAAnimationEngine.current.tick()  // the animation starts
        clock.advance(by: 0.2)
        view.setNeedsLayout()
        runLoop.handle([sample(1, .began, 10, 10)], in: window)
        // The router lays out before hit-testing; the completion dirties the layout
        // again, and the turn's one layout pass picks that up before presenting.
        XCTAssertEqual(trace.flush(), ["layout", "view.began(1)", "timer", "completion", "layout", "present(1)"])
        XCTAssertEqual(runLoop.turnCount, 1)
    }

    func testACallTheInputSchedulesRunsInTheNextTurnAfterThisTurnsFrame() async {
        UIApplication.shared.schedule(afterDelay: 0) { self.trace.note("pending before") }
        view.onCall = { phase, _ in
            guard phase == "began" else { return }
            UIApplication.shared.schedule(afterDelay: 0) {
                self.trace.note("scheduled by the input")
                self.view.setNeedsLayout()
            }
        }
        runLoop.handle([sample(1, .began, 10, 10)], in: window)
        // Due at once, but scheduled by this turn's input: as iOS runs an event handler's
        // perform(afterDelay: 0) after Core Animation's commit, it waits for the next turn.
        XCTAssertEqual(trace.flush(), ["view.began(1)", "pending before", "present(1)"])
        XCTAssertEqual(scheduler.wakeDeadline, 100, "woken again at once")
        XCTAssertEqual(scheduler.runDue(), 1)
        XCTAssertEqual(trace.flush(), ["scheduled by the input", "layout", "present(1)"])
        XCTAssertNil(scheduler.wakeDeadline)
    }

    func testInputThatChangesNothingLaysOutNothing() async {
        runLoop.handle([sample(1, .began, 10, 10)], in: window)
        runLoop.handle([sample(1, .moved, 20, 10)], in: window)
        runLoop.handle([sample(1, .ended, 20, 10)], in: window)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "present(1)", "view.moved(1)", "present(1)", "view.ended(1)", "present(1)"])
    }

    func testItAsksToBeWokenForTheNextTimerAndThenForNothing() async {
        UIApplication.shared.schedule(afterDelay: 0.5) { self.trace.note("timer") }
        runLoop.turn()
        XCTAssertEqual(scheduler.wakeDeadline, 100.5)
        clock.advance(by: 0.4)
        XCTAssertEqual(scheduler.runDue(), 0, "not yet")
        clock.advance(by: 0.1)
        XCTAssertEqual(scheduler.runDue(), 1)
        XCTAssertEqual(trace.flush(), ["present(1)", "timer", "present(1)"])
        XCTAssertNil(scheduler.wakeDeadline, "idle: no wake")
    }

    func testWhileAnimatingItWakesEveryFrameAndStopsWhenTheAnimationEnds() async {
        UIView.animate(withDuration: 0.04) { self.view.alpha = 0.5 }
        XCTAssertTrue(scheduler.hasPendingTurn, "a new animation asks for a turn")
        XCTAssertEqual(scheduler.runDue(), 1)
        XCTAssertEqual(scheduler.wakeDeadline, 100 + CAAnimationEngine.current.frameInterval)
        var frames = 0
        while let deadline = scheduler.wakeDeadline, frames < 100 {
            clock.advance(by: deadline - clock.now)
            scheduler.runDue()
            frames += 1
        }
        // 0.04 s at 60 Hz: two frames within it, and the third, past its end, finishes it.
        XCTAssertEqual(frames, 3)
        XCTAssertNil(scheduler.wakeDeadline)
        XCTAssertEqual(view.layer.presentation()?.opacity, 0.5)
    }

    func testRequestsForATurnCoalesce() async {
        runLoop.setNeedsTurn()
        runLoop.setNeedsTurn()
        UIView.animate(withDuration: 0.1) { self.view.alpha = 0.5 }
        XCTAssertEqual(scheduler.runDue(), 1)
        XCTAssertEqual(runLoop.turnCount, 1)
    }

    func testATimerScheduledOutsideATurnMovesTheWakeEarlier() async {
        UIApplication.shared.schedule(afterDelay: 2) { self.trace.note("late") }
        runLoop.turn()
        XCTAssertEqual(scheduler.wakeDeadline, 102)
        // From a key handler or a presented frame, not from a turn.
        UIApplication.shared.schedule(afterDelay: 0.25) { self.trace.note("early") }
        XCTAssertEqual(scheduler.wakeDeadline, 100.25)
        UIApplication.shared.schedule(afterDelay: 1) { self.trace.note("middle") }
        XCTAssertEqual(scheduler.wakeDeadline, 100.25, "a later call leaves the wake alone")
        clock.advance(by: 0.25)
        scheduler.runDue()
        XCTAssertEqual(trace.flush(), ["present(1)", "early", "present(1)"])
        XCTAssertEqual(scheduler.wakeDeadline, 101)
    }

    /// After `invalidate()` (a host closing) input is still delivered, so every finger's
    /// cancellation reaches the views, but nothing is presented and no wake is asked.
    func testAnInvalidatedLoopDeliversInputButPresentsAndWakesNoMore() async {
        runLoop.handle([sample(1, .began, 10, 10)], in: window)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "present(1)"])
        runLoop.invalidate()
        UIApplication.shared.schedule(afterDelay: 0.1) { self.trace.note("timer") }
        runLoop.handle([sample(1, .cancelled, 10, 10)], in: window)
        XCTAssertEqual(trace.flush(), ["view.cancelled(1)"])
        runLoop.setNeedsPresent()
        XCTAssertFalse(scheduler.hasPendingTurn)
        XCTAssertNil(scheduler.wakeDeadline)
    }
}
