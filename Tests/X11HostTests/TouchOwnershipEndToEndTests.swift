import CX11
import Foundation
import HeadlessXorg
import SandboxDebugging
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Real touches under a second client's passive touch grab on the root window (what a
/// window manager or gesture daemon holds): the app has each touch as it happens, loses
/// it as cancelled at every view and recognizer when the grab accepts it, keeps all of
/// it when the grab rejects it, and the spots overlay shows a touch as pending until then.
final class TouchOwnershipEndToEndTests: XCTestCase {
    /// An app whose view, a recognizer that watches touches, and a pan (which does not
    /// cancel the view's touches) all write into one log. The watcher recognizes along
    /// with the pan, so the pan beginning does not make it fail and it hears every touch.
    final class Delegate: UIResponder, UIApplicationDelegate, UIGestureRecognizerDelegate {
        var window: UIWindow?
        var log: [String] = []
        let view = TracingView(frame: CGRect(x: 100, y: 50, width: 400, height: 300))
        let watcher = TracingRecognizer()
        let pan = UIPanGestureRecognizer()

        final class TracingView: UIView {
            var log: (String) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trace("began", touches) }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trace("moved", touches) }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trace("ended", touches) }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trace("cancelled", touches) }
            private func trace(_ phase: String, _ touches: Set<UITouch>) {
                for touch in touches {
                    let point = touch.location(in: self)
                    log("view \(phase) (\(point.x), \(point.y))")
                }
            }
        }

        /// Stays possible and writes down every touch message it gets.
        final class TracingRecognizer: UIGestureRecognizer {
            var log: (String) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) { log("recognizer began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) { log("recognizer moved") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) { log("recognizer ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) { log("recognizer cancelled") }
        }

        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            true
        }

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            view.log = { [unowned self] in log.append($0) }
            watcher.log = { [unowned self] in log.append($0) }
            watcher.cancelsTouchesInView = false
            watcher.delegate = self
            pan.cancelsTouchesInView = false
            pan.addAction { [unowned self] recognizer in log.append("pan \(recognizer.state)") }
            view.addGestureRecognizer(watcher)
            view.addGestureRecognizer(pan)
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.addSubview(view)
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    /// The app with its log, the grab, and the server, for one test.
    @MainActor
    private struct Setup {
        let server: HeadlessXorg
        let runner: X11ApplicationRunner
        let delegate: Delegate
        let grab: TouchGrabClient
        let host: X11Host

        init() throws {
            server = try HeadlessXorg.shared()
            runner = X11ApplicationRunner(options: X11Host.Options(display: server.display,
                                                                   size: CGSize(width: 640, height: 480)))
            delegate = Delegate()
            runner.launch(delegate: delegate)
            host = try XCTUnwrap(runner.hosts.first)
            grab = try TouchGrabClient(displayName: server.display)
        }

        /// Runs the app and the grab until `condition` holds (5 s at most).
        func run(until condition: () -> Bool) -> Bool {
            runLoop {
                grab.readEvents()
                return condition()
            }
        }

        /// The grab's touch, once it began.
        func grabbedTouch(_ index: Int = 0) throws -> TouchGrabClient.Touch {
            XCTAssertTrue(run { grab.touches.count > index }, "the grab gets the touch first")
            return try XCTUnwrap(grab.touches.dropFirst(index).first)
        }

        /// Reads everything the server has sent the app by now. After the grab saw an
        /// event, whatever the server sent the app for the same input is already on the
        /// app's connection: a round trip and one read take it in.
        func settle() {
            XSync(host.connection.display, 0)
            host.processPendingEvents()
        }

        func close() {
            grab.close()
            runner.shutdown()
        }
    }

    /// The grab takes the touch after the app saw it begin and move: the app's touch is
    /// cancelled at the view and both recognizers, where it last was, and nothing comes
    /// after, not even when the finger lifts.
    func testATouchTheGrabAcceptsIsCancelledAtEveryViewAndRecognizer() throws {
        try onMainActor {
            let setup = try Setup()
            defer { setup.close() }
            let touchscreen = setup.server.touchscreen
            try touchscreen.touches([(1, .begin, CGPoint(x: 200, y: 150))])
            let touch = try setup.grabbedTouch()
            XCTAssertTrue(setup.run { setup.delegate.log.count == 2 }, "the app has the touch before the grab decides")
            XCTAssertEqual(setup.host.touchesPendingOwnership.count, 1)
            try touchscreen.touches([(1, .update, CGPoint(x: 260, y: 150))])
            XCTAssertTrue(setup.run { setup.delegate.log.contains("pan began") })

            setup.grab.accept(touch)
            XCTAssertTrue(setup.run { setup.delegate.log.contains("pan cancelled") })
            try touchscreen.touches([(1, .end, CGPoint(x: 260, y: 150))])
            XCTAssertTrue(setup.run { setup.grab.touches[0].events.last == XI_TouchEnd })
            setup.settle()
            XCTAssertEqual(setup.delegate.log, [
                "recognizer began", "view began (100.0, 100.0)",
                "recognizer moved", "pan began", "view moved (160.0, 100.0)",
                "recognizer cancelled", "pan cancelled", "view cancelled (160.0, 100.0)",
            ])
            XCTAssertEqual(setup.host.touchesPendingOwnership, [])
        }
    }

    /// The grab lets the touch go: the app keeps every part of it and ends it normally.
    func testATouchTheGrabRejectsArrivesWhole() throws {
        try onMainActor {
            let setup = try Setup()
            defer { setup.close() }
            let touchscreen = setup.server.touchscreen
            try touchscreen.touches([(2, .begin, CGPoint(x: 200, y: 150))])
            let touch = try setup.grabbedTouch()
            try touchscreen.touches([(2, .update, CGPoint(x: 260, y: 150))])
            XCTAssertTrue(setup.run { setup.delegate.log.contains("pan began") })
            setup.grab.reject(touch)
            XCTAssertTrue(setup.run { setup.host.touchesPendingOwnership.isEmpty }, "ownership came")
            try touchscreen.touches([(2, .update, CGPoint(x: 300, y: 170))])
            try touchscreen.touches([(2, .end, CGPoint(x: 300, y: 170))])
            XCTAssertTrue(setup.run { setup.delegate.log.last?.hasPrefix("view ended") == true })
            XCTAssertEqual(setup.delegate.log, [
                "recognizer began", "view began (100.0, 100.0)",
                "recognizer moved", "pan began", "view moved (160.0, 100.0)",
                "recognizer moved", "pan changed", "view moved (200.0, 120.0)",
                "recognizer ended", "pan ended", "view ended (200.0, 120.0)",
            ])
            XCTAssertEqual(setup.grab.touches[0].events, [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd],
                           "the grab heard the touch until it let go")
        }
    }

    /// The finger lifts while the grab is still deciding: the app hears no end until the
    /// decision, then an end (rejected) or a cancellation (accepted).
    func testALiftBeforeTheDecisionWaitsForIt() throws {
        try onMainActor {
            let setup = try Setup()
            defer { setup.close() }
            let touchscreen = setup.server.touchscreen
            let point = CGPoint(x: 300, y: 200)
            try touchscreen.touches([(3, .begin, point)])
            let first = try setup.grabbedTouch(0)
            try touchscreen.touches([(3, .end, point)])
            XCTAssertTrue(setup.run { setup.grab.touches[0].events.last == XI_TouchEnd }, "the owner hears the lift")
            setup.settle()
            XCTAssertEqual(setup.delegate.log.count, 2, "but the app does not, yet")
            setup.grab.reject(first)
            XCTAssertTrue(setup.run { setup.delegate.log.count == 4 })
            XCTAssertEqual(setup.delegate.log, ["recognizer began", "view began (200.0, 150.0)",
                                                "recognizer ended", "view ended (200.0, 150.0)"])

            setup.delegate.log.removeAll()
            try touchscreen.touches([(4, .begin, point)])
            let second = try setup.grabbedTouch(1)
            try touchscreen.touches([(4, .end, point)])
            XCTAssertTrue(setup.run { setup.grab.touches[1].events.last == XI_TouchEnd })
            setup.grab.accept(second)
            XCTAssertTrue(setup.run { setup.delegate.log.count == 4 })
            XCTAssertEqual(setup.delegate.log, ["recognizer began", "view began (200.0, 150.0)",
                                                "recognizer cancelled", "view cancelled (200.0, 150.0)"])
            XCTAssertEqual(setup.host.touchesPendingOwnership, [])
        }
    }

    /// The spots overlay draws a touch the grab still owns faint, and solid once the
    /// grab let it go.
    func testTheSpotOfAPendingTouchIsFaintUntilTheTouchIsTheApps() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            let grab = try TouchGrabClient(displayName: harness.server.display)
            defer {
                grab.close()
                harness.close()
            }
            let point = CGPoint(x: 400, y: 300)
            try harness.server.touchscreen.touches([(5, .begin, point)])
            XCTAssertTrue(harness.runLoop {
                grab.readEvents()
                return !grab.touches.isEmpty && harness.batches.count == 1
            })
            let id = harness.batches[0][0].id
            let faint = SandboxHarness.spotFill(for: id, alpha: TouchSpotsOverlay.pendingFillAlpha)
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(point)) { colorsMatch($0, faint) },
                          "a faint spot while the grab decides")
            grab.reject(grab.touches[0])
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(point)) {
                colorsMatch($0, SandboxHarness.spotFill(for: id))
            }, "a solid spot once the touch is the app's")
            try harness.server.touchscreen.touches([(5, .end, point)])
            harness.waitForBatches(2)
            XCTAssertEqual(harness.batches[1].map(\.phase), [.ended])
        }
    }
}
