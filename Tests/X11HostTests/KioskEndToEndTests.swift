import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// An app of one's own as a kiosk on the headless server, driven by real touches: four
/// fingers held for the exit gesture's time are cancelled at the app's views and the
/// question shows; its Leave button ends the kiosk. A touchscreen disabled mid-touch
/// and enabled again (`xinput disable/enable`) cancels its touch at the view and the
/// recognizer and works again without a restart.
final class KioskEndToEndTests: XCTestCase {
    /// A pan that writes every touch message it gets, and its actions, into the view's
    /// trace: one sequence for the view and the recognizer.
    @MainActor
    private final class TracingPan: UIPanGestureRecognizer {
        var trace: (String) -> Void = { _ in }

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
            trace("pan.touchesBegan")
            super.touchesBegan(touches, with: event)
        }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            trace("pan.touchesMoved")
            super.touchesMoved(touches, with: event)
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            trace("pan.touchesEnded")
            super.touchesEnded(touches, with: event)
        }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
            trace("pan.touchesCancelled")
            super.touchesCancelled(touches, with: event)
        }
    }

    func testAHeldFourFingerGestureCancelsTheAppsTouchesAndAsksBeforeLeaving() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, size: CGSize(width: 640, height: 480),
                kiosk: KioskConfiguration(idleTimeout: 0, exitGesture: .hold)))
            defer { runner.shutdown() }
            let recorder = BatchRecorder()
            runner.configureHost = { host, _ in host.addInputFilter(recorder) }
            let delegate = X11ApplicationRunnerTests.Delegate()
            delegate.view.isMultipleTouchEnabled = true
            runner.launch(delegate: delegate)
            let session = try XCTUnwrap(runner.kioskSession)
            var left = 0
            session.onExit = { left += 1 }

            // Four fingers on the app's view (100…400 × 50…250 in the window).
            let places = (0..<4).map { CGPoint(x: 150 + CGFloat($0) * 60, y: 150) }
            try server.touchscreen.touches(places.enumerated().map { (UInt32($0.offset + 1), .begin, $0.element) })
            XCTAssertTrue(runLoop { recorder.batches.count == 1 })
            // In the view's coordinates; a set's touches come in no set order.
            let inView = Set(places.map { "(\($0.x - 100), \($0.y - 50))" })
            XCTAssertEqual(delegate.view.trace.count, 4)
            XCTAssertEqual(Set(delegate.view.trace), Set(inView.map { "began \($0)" }))
            // Held still: after 3 s the kiosk takes them and asks.
            XCTAssertTrue(runLoop(timeout: 6) { !(session.confirmation?.isHidden ?? true) }, "the question shows")
            XCTAssertEqual(delegate.view.trace.count, 8)
            XCTAssertEqual(Set(delegate.view.trace.suffix(4)), Set(inView.map { "cancelled \($0)" }),
                           "the app hears its four touches began, then cancelled, nothing between")
            try server.touchscreen.touches(places.enumerated().map { (UInt32($0.offset + 1), .end, $0.element) })
            XCTAssertTrue(runLoop { recorder.batches.count >= 3 })
            XCTAssertEqual(delegate.view.trace.count, 8, "and nothing after: the lifts of cancelled touches go nowhere")

            // Leave, by touch.
            let question = try XCTUnwrap(session.confirmation)
            question.layoutIfNeeded()
            let leave = question.leaveButton.convert(CGPoint(x: question.leaveButton.bounds.midX,
                                                             y: question.leaveButton.bounds.midY), to: nil)
            try server.touchscreen.touches([(9, .begin, leave)])
            try server.touchscreen.touches([(9, .end, leave)])
            XCTAssertTrue(runLoop { left == 1 }, "Leave ends the kiosk")
            XCTAssertEqual(delegate.view.trace.count, 8, "the app saw none of the question's touches: \(delegate.view.trace)")
        }
    }

    /// Sources: Apple's UIGestureRecognizer reference (the window delivers touches to
    /// gesture recognizers before the hit-tested view; a recognizer whose gesture began
    /// is cancelled, with an action, when its touches are) and DESIGN.md (a device
    /// removed mid-touch ends its touches as cancelled, never silently).
    func testATouchscreenDisabledMidTouchCancelsAtTheViewAndTheRecognizerAndWorksWhenEnabled() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, kiosk: KioskConfiguration(idleTimeout: 0, exitGesture: .corner)))
            defer { runner.shutdown() }
            let delegate = X11ApplicationRunnerTests.Delegate()
            let view = delegate.view
            let pan = TracingPan()
            pan.trace = { [unowned view] in view.trace.append($0) }
            pan.addAction { [unowned view] recognizer in view.trace.append("pan.\(recognizer.state)") }
            // The view keeps its touches while the pan runs, so both hear the cancel.
            pan.cancelsTouchesInView = false
            view.addGestureRecognizer(pan)
            runner.launch(delegate: delegate)
            let host = try XCTUnwrap(runner.host)
            let device = try XCTUnwrap(host.touchDevices.first { $0.name == "touchscreen-2" }?.id)
            let touchscreen = server.secondTouchscreen

            // The view is at (100, 50) in the kiosk's window, which covers the screen.
            try touchscreen.touches([(1, .begin, CGPoint(x: 200, y: 150))])
            try touchscreen.touches([(1, .update, CGPoint(x: 260, y: 150))])
            XCTAssertTrue(runLoop { view.trace.contains("moved (160.0, 100.0)") }, "\(view.trace)")
            XCTAssertEqual(view.trace, ["pan.touchesBegan", "began (100.0, 100.0)",
                                        "pan.touchesMoved", "pan.began", "moved (160.0, 100.0)"])
            view.trace.removeAll()

            setDeviceEnabled(false, device: device, display: server.display)
            XCTAssertTrue(runLoop { view.trace.count == 3 }, "\(view.trace)")
            XCTAssertTrue(runLoop(timeout: 0.2) { view.trace.count > 3 } == false, "nothing after: \(view.trace)")
            XCTAssertEqual(view.trace, ["pan.touchesCancelled", "pan.cancelled", "cancelled (160.0, 100.0)"],
                           "the finger did not lift: cancelled at the recognizer and the view, not ended")
            view.trace.removeAll()

            setDeviceEnabled(true, device: device, display: server.display)
            XCTAssertTrue(runLoop { host.touchDevices.contains { $0.name == "touchscreen-2" } }, "the device is back")
            try touchscreen.reconnect()
            try touchscreen.touches([(2, .begin, CGPoint(x: 300, y: 200))])
            try touchscreen.touches([(2, .end, CGPoint(x: 300, y: 200))])
            XCTAssertTrue(runLoop { view.trace.count == 4 }, "\(view.trace)")
            XCTAssertEqual(view.trace, ["pan.touchesBegan", "began (200.0, 150.0)", "pan.touchesEnded", "ended (200.0, 150.0)"],
                           "the same kiosk has the touchscreen's next touch")
        }
    }
}
