import CX11
import Foundation
import HeadlessXorg
import UIKit
@testable import X11Host
@testable import X11Platform
import X11TestSupport
import XCTest

/// What a termination signal does before the process exits, in order: the live touches
/// end as cancelled at their views and recognizers, the termination handlers run in
/// the order added (the window still open), then the windows close. (The exit itself,
/// its line and its status, is tested on the real binary: TerminationSignalTests.)
final class TerminationSignalsTests: XCTestCase {
    @MainActor
    final class Delegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        let view = Recording(frame: CGRect(x: 100, y: 50, width: 300, height: 200))
        let pan = UIPanGestureRecognizer()
        var log: [String] = []

        final class Recording: UIView {
            var log: (String) -> Void = { _ in }
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log("view began") }
            override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log("view moved") }
            override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log("view ended") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log("view cancelled") }
        }

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            view.log = { [unowned self] in log.append($0) }
            pan.cancelsTouchesInView = false
            pan.addAction { [unowned self] recognizer in log.append("pan \(recognizer.state)") }
            view.addGestureRecognizer(pan)
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.addSubview(view)
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    func testLiveTouchesAreCancelledThenHandlersRunInOrderThenTheWindowCloses() throws {
        try onMainActor {
            let (server, runner) = try makeRunner()
            defer { runner.shutdown() }
            let recorder = BatchRecorder()
            var batches: Int { recorder.batches.count }
            runner.configureHost = { host, _ in host.addInputFilter(recorder) }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            let host = try XCTUnwrap(runner.hosts.first)
            let window = host.window.id
            XCTAssertTrue(WindowList.topLevelWindows(display: server.display).contains(window))

            try server.touchscreen.touches([(4, .begin, CGPoint(x: 200, y: 100))])
            XCTAssertTrue(runLoop { batches == 1 })
            try server.touchscreen.touches([(4, .update, CGPoint(x: 260, y: 100))])
            XCTAssertTrue(runLoop { batches == 2 })
            defer { try? server.touchscreen.touches([(4, .end, CGPoint(x: 260, y: 100))]) }
            XCTAssertEqual(delegate.log, ["view began", "pan began", "view moved"])

            let first = X11Host.addTerminationHandler { signal in
                delegate.log.append("first handler: \(signal), window shown: \(WindowList.topLevelWindows(display: server.display).contains(window))")
            }
            let removed = X11Host.addTerminationHandler { _ in delegate.log.append("removed handler") }
            let second = X11Host.addTerminationHandler { signal in delegate.log.append("second handler: \(signal.exitStatus)") }
            defer { [first, second].forEach(X11Host.removeTerminationHandler) }
            X11Host.removeTerminationHandler(removed)
            X11Host.removeTerminationHandler(removed)

            TerminationSignals.shutDown(by: .terminate)

            XCTAssertEqual(delegate.log, [
                "view began", "pan began", "view moved",
                "pan cancelled", "view cancelled",
                "first handler: SIGTERM, window shown: true",
                "second handler: 143",
            ])
            XCTAssertEqual(delegate.pan.state, .possible, "reset after its cancellation")
            XCTAssertFalse(WindowList.topLevelWindows(display: server.display).contains(window), "the window is closed")
        }
    }

    func testTheSignalsAndTheirExitStatuses() {
        XCTAssertEqual(TerminationSignal.all.map(\.name), ["SIGTERM", "SIGINT", "SIGHUP"])
        XCTAssertEqual(TerminationSignal.all.map(\.exitStatus), [143, 130, 129])
    }
}
