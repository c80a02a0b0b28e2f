@testable import UIKit
import XCTest

/// Touches cancelled by a handler while the event that carries them is still being
/// delivered (a view's `touchesBegan` calling `cancelAllTouches()`, a `touchesCancelled`
/// that cancels everything, a device going away meanwhile): every view and recognizer
/// that saw a touch still gets exactly one end for it and nothing after, and nothing is
/// left tracking or stuck. Each test here failed before its fix (issue 12, items 2–4
/// and 10).
final class CancellationDuringDeliveryTests: UIKitTestCase {
    /// A view that cancels every touch when it is told of one beginning (once, or every
    /// time).
    private final class CancellingView: UIView {
        var cancelsOnBegan = true
        var cancelsOnCancelled = false
        /// Every touch it was told of, held weakly (a probe of lifetimes).
        var touchesSeen: [WeakTouch] = []
        let trace: Trace
        let name: String

        init(_ name: String, frame: CGRect, trace: Trace) {
            self.name = name
            self.trace = trace
            super.init(frame: frame)
        }

        required init?(coder: NSCoder) { fatalError("not used") }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            trace.record(name, "began", touches)
            touchesSeen += touches.map(WeakTouch.init)
            if cancelsOnBegan { UIApplication.shared.cancelAllTouches() }
        }

        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
            trace.record(name, "moved", touches)
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            trace.record(name, "ended", touches)
        }

        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
            trace.record(name, "cancelled", touches)
            if cancelsOnCancelled { UIApplication.shared.cancelAllTouches() }
        }
    }

    private struct WeakTouch {
        weak var touch: UITouch?
    }

    // MARK: - Withheld phases (item 2)

    func testAWithheldBeganIsNotReleasedForATouchCancelledMeanwhile() async {
        // Two fingers held by the window's recognizer; a third makes it fail, which
        // releases both began phases in one loop; the first view's began cancels all.
        let a = CancellingView("a", frame: CGRect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        let b = addTraceView("b", CGRect(x: 100, y: 0, width: 100, height: 100))
        window.addSubview(a)
        let holder = ScriptedRecognizer("holder", trace: trace)
        holder.delaysTouchesBegan = true
        holder.onEnded = { recognizer, _ in recognizer.state = .failed }
        window.addGestureRecognizer(holder)
        window.inject([sample(1, .began, 10, 10), sample(2, .began, 150, 10)])
        window.inject([sample(3, .began, 150, 50)])
        window.inject([sample(3, .ended, 150, 50)])
        // Released: a.began(1), which cancels 1 and 2 at once; b never heard of 2, so it
        // hears nothing of it now either (before the fix: b.began(2), and never an end).
        XCTAssertEqual(trace.flush(), [
            "holder.began(1,2)", "holder.began(3)", "holder.ended(3)",
            "a.began(1)", "a.cancelled(1)", "holder.reset",
        ])
        window.inject([sample(1, .ended, 10, 10), sample(2, .ended, 150, 10)])
        clock.advance(by: 2)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(trace.flush(), [])
        XCTAssertNil(b.seenTouches[2])
        XCTAssertTrue(window.activeTouches.isEmpty)
    }

    func testAReleasedMovedIsNotDeliveredAfterTheBeganThatCancelledIt() async {
        let a = CancellingView("a", frame: CGRect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        window.addSubview(a)
        let holder = ScriptedRecognizer("holder", trace: trace)
        holder.delaysTouchesBegan = true
        holder.onEnded = { recognizer, _ in recognizer.state = .failed }
        window.addGestureRecognizer(holder)
        window.inject([sample(1, .began, 10, 10)])
        window.inject([sample(1, .moved, 20, 20)])
        window.inject([sample(2, .began, 150, 150)])
        // The failure releases began(1) and moved(1) together; the began cancels.
        window.inject([sample(2, .ended, 150, 150)])
        XCTAssertEqual(trace.flush(), [
            "holder.began(1)", "holder.moved(1)", "holder.began(2)", "holder.ended(2)",
            "a.began(1)", "a.cancelled(1)", "holder.reset",
        ])
        window.inject([sample(1, .moved, 30, 30)])
        window.inject([sample(1, .ended, 30, 30)])
        XCTAssertEqual(trace.flush(), [])
    }

    func testADeviceGoingAwayWhileABeganIsWithheldTellsTheViewNothing() async {
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let holder = ScriptedRecognizer("holder", trace: trace)
        holder.delaysTouchesBegan = true
        view.addGestureRecognizer(holder)
        window.inject([sample(1, .began, 10, 10)])
        window.inject([sample(1, .moved, 20, 20)])
        UIApplication.shared.cancelTouches(fromDevice: TouchInjector.defaultDevice)
        window.inject([sample(1, .moved, 30, 30)])
        window.inject([sample(1, .ended, 30, 30)])
        XCTAssertEqual(trace.flush(), ["holder.began(1)", "holder.moved(1)", "holder.cancelled(1)", "holder.reset"])
        XCTAssertEqual(holder.state, .possible)
    }

    // MARK: - Phase inside touchesCancelled (item 10)

    func testACutOffTouchReadsCancelledInsideTouchesCancelled() async {
        let view = addTraceView("view", CGRect(x: 0, y: 0, width: 100, height: 100))
        let pan = ScriptedRecognizer("pan", trace: trace)
        pan.onMoved = { recognizer, _ in recognizer.state = recognizer.state == .possible ? .began : .changed }
        view.addGestureRecognizer(pan)
        var phasesSeen: [UITouch.Phase] = []
        view.onCall = { phase, touches in
            if phase == "cancelled" { phasesSeen += touches.map(\.phase) }
        }
        window.inject([sample(1, .began, 10, 10)])
        window.inject([sample(1, .moved, 20, 20)])
        XCTAssertEqual(phasesSeen, [.cancelled])
        // The touch goes on for the recognizer, with its own phase again.
        var recognizerPhases: [UITouch.Phase] = []
        pan.onMoved = { _, touches in recognizerPhases += touches.map(\.phase) }
        window.inject([sample(1, .moved, 30, 30)])
        XCTAssertEqual(recognizerPhases, [.moved])
    }

    func testACutOffHandlerThatCancelsAllEndsTheTouchForEveryone() async {
        let view = CancellingView("view", frame: CGRect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        view.cancelsOnBegan = false
        view.cancelsOnCancelled = true
        window.addSubview(view)
        let pan = ScriptedRecognizer("pan", trace: trace)
        pan.onMoved = { recognizer, _ in recognizer.state = recognizer.state == .possible ? .began : .changed }
        view.addGestureRecognizer(pan)
        window.inject([sample(1, .began, 10, 10)])
        window.inject([sample(1, .moved, 20, 20)])
        XCTAssertEqual(trace.flush(), [
            "pan.began(1)", "view.began(1)", "pan.moved(1)",
            "view.cancelled(1)", "pan.cancelled(1)", "pan.action(began)", "pan.action(cancelled)", "pan.reset",
        ])
        XCTAssertTrue(window.activeTouches.isEmpty)
        window.inject([sample(1, .moved, 30, 30)])
        window.inject([sample(1, .ended, 30, 30)])
        XCTAssertEqual(trace.flush(), [])
    }

    // MARK: - Controls (item 3)

    func testAControlWhoseContainerCancelsAllDuringBeganStopsTrackingAndIsFreed() async {
        weak var weakControl: UIControl?
        var touchesSeen: [WeakTouch] = []
        do {
            let container = CancellingView("container", frame: CGRect(x: 0, y: 0, width: 200, height: 200), trace: trace)
            window.addSubview(container)
            let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            control.isMultipleTouchEnabled = true
            container.addSubview(control)
            let events = ControlEventLog(control)
            window.inject([sample(1, .began, 10, 10), sample(2, .began, 20, 20)])
            XCTAssertEqual(container.touchesSeen.count, 1)
            XCTAssertEqual(events.flush(), ["touchDown", "touchCancel"])
            XCTAssertFalse(control.isTracking)
            XCTAssertEqual(trace.flush(), ["container.began(2)", "container.cancelled(2)"])
            window.inject([sample(1, .ended, 10, 10), sample(2, .ended, 20, 20)])
            // It still works.
            container.cancelsOnBegan = false
            injector.tap(at: CGPoint(x: 10, y: 10))
            XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside"])
            container.removeFromSuperview()
            weakControl = control
            touchesSeen = container.touchesSeen
        }
        XCTAssertNil(weakControl)
        XCTAssertTrue(touchesSeen.allSatisfy { $0.touch == nil })
    }

    func testAControlWhoseSubviewMovedAwayMidTouchForgetsTheTouchAndIsFreed() async {
        weak var weakControl: UIControl?
        weak var weakLabel: UIView?
        do {
            let control = UIControl(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(control)
            // The touch hits the label, which passes it up the responder chain to the
            // control; moved elsewhere mid-touch, it passes the end to its new parent.
            let label = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
            control.addSubview(label)
            let elsewhere = addTraceView("elsewhere", CGRect(x: 0, y: 300, width: 100, height: 100))
            let events = ControlEventLog(control)
            window.inject([sample(1, .began, 10, 10)])
            XCTAssertTrue(control.isTracking)
            elsewhere.addSubview(label)
            window.inject([sample(1, .ended, 10, 10)])
            XCTAssertEqual(trace.flush(), ["elsewhere.ended(1)"])
            XCTAssertFalse(control.isTracking)
            XCTAssertEqual(events.flush(), ["touchDown"])
            // The next touch is tracked as usual.
            injector.tap(at: CGPoint(x: 80, y: 80))
            XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside"])
            control.removeFromSuperview()
            elsewhere.removeFromSuperview()
            weakControl = control
            weakLabel = label
        }
        XCTAssertNil(weakControl)
        XCTAssertNil(weakLabel)
    }

    // MARK: - Recognizers (item 4)

    /// A long press on a view whose `touchesCancelled` cancels every touch; its action
    /// notes each state in `actions` and calls `onBegan` when sent for began.
    private func pressOnCancellingView(
        actions: Box<[UIGestureRecognizer.State]>, onBegan: @escaping @MainActor (UIGestureRecognizer, CancellingView) -> Void
    ) -> (UILongPressGestureRecognizer, CancellingView) {
        let view = CancellingView("view", frame: CGRect(x: 0, y: 0, width: 200, height: 200), trace: trace)
        view.cancelsOnBegan = false
        view.cancelsOnCancelled = true
        window.addSubview(view)
        let press = UILongPressGestureRecognizer()
        press.addAction { [unowned view] recognizer in
            actions.value.append(recognizer.state)
            if recognizer.state == .began { onBegan(recognizer, view) }
        }
        view.addGestureRecognizer(press)
        return (press, view)
    }

    /// Holds finger `number` down past the long press's minimum duration.
    private func holdPast(_ number: UInt32) {
        window.inject([sample(number, .began, 10, 10)])
        clock.advance(by: 0.6)
        UIApplication.shared.runPendingTimers()
    }

    func testALongPressDisabledByItsBeganActionWhileItsViewCancelsAllIsReset() async {
        let actions = Box<[UIGestureRecognizer.State]>([])
        // Only while the view cancels everything: the second round must just work.
        let (press, view) = pressOnCancellingView(actions: actions) { recognizer, view in
            if view.cancelsOnCancelled { recognizer.isEnabled = false }
        }
        holdPast(1)
        XCTAssertEqual(actions.value, [.began, .cancelled])
        XCTAssertEqual(press.state, .possible)
        window.inject([sample(1, .ended, 10, 10)])
        // Enabled again, it works.
        press.isEnabled = true
        view.cancelsOnCancelled = false
        actions.value.removeAll()
        holdPast(2)
        window.inject([sample(2, .ended, 10, 10)])
        XCTAssertEqual(actions.value, [.began, .ended])
        XCTAssertEqual(press.state, .possible)
    }

    func testALongPressRemovedByItsBeganActionWhileItsViewCancelsAllIsReset() async {
        let actions = Box<[UIGestureRecognizer.State]>([])
        let (press, _) = pressOnCancellingView(actions: actions) { recognizer, _ in
            recognizer.view?.removeGestureRecognizer(recognizer)
        }
        holdPast(1)
        XCTAssertEqual(actions.value, [.began, .cancelled])
        XCTAssertEqual(press.state, .possible)
        XCTAssertNil(press.view)
    }

    // MARK: - Lifetimes (item 10)

    func testAFinishedTouchAndItsViewAreFreedWithoutWaitingForTheNextBatch() async {
        weak var weakTouch: UITouch?
        weak var weakView: UIView?
        do {
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
            window.addSubview(view)
            window.inject([sample(1, .began, 10, 10)])
            weakTouch = window.activeTouches.first
            XCTAssertNotNil(weakTouch)
            window.inject([sample(1, .ended, 10, 10)])
            view.removeFromSuperview()
            weakView = view
        }
        XCTAssertNil(weakTouch)
        XCTAssertNil(weakView)
    }
}

/// A value closures can share and change.
@MainActor
private final class Box<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
