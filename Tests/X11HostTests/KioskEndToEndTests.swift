import Foundation
import HeadlessXorg
import UIKit
import X11Host
import XCTest

/// An app of one's own as a kiosk on the headless server, driven by real touches: four
/// fingers held for the exit gesture's time are cancelled at the app's views and the
/// question shows; its Leave button ends the kiosk.
final class KioskEndToEndTests: XCTestCase {
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
}
