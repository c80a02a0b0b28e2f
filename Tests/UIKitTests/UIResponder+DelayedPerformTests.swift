import UIKit
import XCTest

/// Neuburg's delayed-performance listings ("Interpreting Touches"), on the manual
/// clock. Repairs common to all: Objective-C to Swift; `NSLog` becomes a line in a
/// trace; `[[touches anyObject] ...]` becomes `touches.first!`; `performSelector:
/// withObject:afterDelay:` becomes `perform("name", afterDelay:) { ... }` and
/// `[NSObject cancelPreviousPerformRequestsWithTarget:selector:object:]` becomes
/// `UIResponder.cancelPreviousPerformRequests(withTarget:selector:)`, since Swift on
/// Linux has no selectors.
final class UIResponderDelayedPerformTests: UIKitTestCase {
    /// The long-press listing, in its final (fixed) form: a short tap cancels the
    /// delayed "long" report.
    private final class LongPressView: UIView {
        var log: [String] = []
        private var time: TimeInterval = 0

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            time = touches.first!.timestamp
            perform("touchWasLong", afterDelay: 0.4) { self.touchWasLong() }
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            // Repair: `event.timestamp` on an optional event.
            let diff = (event?.timestamp ?? time) - time
            if diff < 0.4 {
                log.append("short")
                UIResponder.cancelPreviousPerformRequests(withTarget: self, selector: "touchWasLong")
            }
        }

        func touchWasLong() {
            log.append("long")
        }
    }

    /// The single-tap / double-tap listing ("adapted from Apple's own example").
    private final class TapView: UIView {
        var log: [String] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            let ct = touches.first!.tapCount
            if ct == 2 {
                UIResponder.cancelPreviousPerformRequests(withTarget: self, selector: "singleTap")
            }
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            let ct = touches.first!.tapCount
            if ct == 1 {
                perform("singleTap", afterDelay: 0.3) { self.singleTap() }
            }
            if ct == 2 {
                log.append("double tap")
            }
        }

        func singleTap() {
            log.append("single tap")
        }
    }

    func testShortAndLongTouches() async {
        let view = LongPressView(frame: window.bounds)
        window.addSubview(view)
        injector.tap(at: CGPoint(x: 10, y: 10), duration: 0.1)
        injector.wait(1)
        XCTAssertEqual(view.log, ["short"])
        injector.tap(at: CGPoint(x: 10, y: 10), duration: 0.6)
        // The injector ran the delayed call at 0.4 s, while the finger was still down.
        XCTAssertEqual(view.log, ["short", "long"])
    }

    func testSingleTapWaitsForAPossibleSecondTap() async {
        let view = TapView(frame: window.bounds)
        window.addSubview(view)
        injector.tap(at: CGPoint(x: 100, y: 100))
        injector.wait(0.29)
        XCTAssertEqual(view.log, [])
        injector.wait(0.02)
        XCTAssertEqual(view.log, ["single tap"])
        // A double tap: the second tap cancels the pending single tap.
        injector.wait(1)
        injector.tap(at: CGPoint(x: 100, y: 100))
        injector.wait(0.2)
        injector.tap(at: CGPoint(x: 104, y: 98))
        injector.wait(1)
        XCTAssertEqual(view.log, ["single tap", "double tap"])
    }

    func testTheRunLoopPumpAndDeadlines() async {
        let app = UIApplication.shared
        var fired: [String] = []
        XCTAssertNil(app.nextTimerDeadline)
        let late = app.schedule(afterDelay: 2) { fired.append("late") }
        app.schedule(afterDelay: 1) { fired.append("early") }
        app.schedule(afterDelay: 1) {
            fired.append("early2")
            app.schedule(afterDelay: 0) { fired.append("chained") }
        }
        app.schedule(afterDelay: -5) { fired.append("negative") }
        XCTAssertEqual(app.nextTimerDeadline, 100)
        XCTAssertEqual(app.runPendingTimers(), 1)
        XCTAssertEqual(app.nextTimerDeadline, 101)
        clock.advance(by: 1)
        XCTAssertEqual(app.runPendingTimers(), 2)
        // A call scheduled while pumping waits for the next pump.
        XCTAssertEqual(fired, ["negative", "early", "early2"])
        XCTAssertEqual(app.nextTimerDeadline, 101)
        app.runPendingTimers()
        XCTAssertEqual(fired.last, "chained")
        late.cancel()
        XCTAssertFalse(late.isPending)
        clock.advance(by: 5)
        XCTAssertEqual(app.runPendingTimers(), 0)
        XCTAssertNil(app.nextTimerDeadline)
        XCTAssertEqual(logLines(containing: "delay -5.0 treated as 0").count, 1)
    }

    func testCancellingByTargetOnlyTouchesThatTargetsRequests() async {
        let a = UIView()
        let b = UIView()
        var fired: [String] = []
        a.perform("x", afterDelay: 1) { fired.append("a.x") }
        a.perform("y", afterDelay: 1) { fired.append("a.y") }
        b.perform("x", afterDelay: 1) { fired.append("b.x") }
        UIResponder.cancelPreviousPerformRequests(withTarget: a, selector: "x")
        clock.advance(by: 1)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(fired, ["a.y", "b.x"])
        a.perform("z", afterDelay: 1) { fired.append("a.z") }
        UIResponder.cancelPreviousPerformRequests(withTarget: a)
        clock.advance(by: 1)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(fired, ["a.y", "b.x"])
    }
}
