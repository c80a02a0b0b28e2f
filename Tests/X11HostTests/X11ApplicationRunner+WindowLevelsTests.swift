import CairoRenderer
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Every visible window is shown in the one X window, stacked by level, and real
/// touches go to the frontmost window that wants them: an overlay window above the
/// app's, transparent and letting touches through except on its own button.
final class X11ApplicationRunnerWindowLevelsTests: XCTestCase {
    @MainActor
    final class PassThroughWindow: UIWindow {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    @MainActor
    final class Delegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        let overlay = PassThroughWindow(frame: CGRect(x: 0, y: 400, width: 640, height: 80))
        let appView = X11ApplicationRunnerTests.RecordingView(frame: CGRect(x: 0, y: 0, width: 640, height: 480))
        let button = X11ApplicationRunnerTests.RecordingView(frame: CGRect(x: 20, y: 10, width: 100, height: 60))

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            appView.backgroundColor = .blue
            window.addSubview(appView)
            window.makeKeyAndVisible()
            self.window = window
            overlay.windowLevel = .statusBar
            button.backgroundColor = .red
            overlay.addSubview(button)
            overlay.isHidden = false
            return true
        }
    }

    func testWindowsAreDrawnByLevelAndTouchesGoToTheFrontmostWindowThatWantsThem() throws {
        try onMainActor {
            let (server, runner) = try makeRunner()
            defer { runner.shutdown() }
            let recorder = BatchRecorder()
            var batches: Int { recorder.batches.count }
            var lastFrame: FrameBuffer?
            let watcher = FrameWatcher()
            watcher.onFrame = { _, host in lastFrame = host.currentFrame }
            runner.configureHost = { host, _ in
                host.addInputFilter(recorder)
                host.addFrameStage(watcher)
            }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            XCTAssertEqual(runner.hosts.count, 1, "one X window for both UIKit windows")
            func pixel(_ x: Int, _ y: Int) -> UInt32? {
                lastFrame.map { $0.pixels.load(fromByteOffset: y * $0.stride + x * 4, as: UInt32.self) }
            }
            // The first frame is drawn while the X window maps, when the app's window
            // became visible and the overlay not yet; the next one has both.
            XCTAssertTrue(runLoop { pixel(60, 440) == 0xFFFF_0000 }, "the overlay's button, over the app")
            XCTAssertEqual(pixel(300, 440), 0xFF00_00FF, "the app, through the overlay's transparent part")
            XCTAssertEqual(pixel(300, 100), 0xFF00_00FF, "the app, above the overlay")

            // On the button: the overlay's; beside it, inside the overlay's frame: the app's.
            try server.touchscreen.touches([(1, .begin, CGPoint(x: 30, y: 420)), (2, .begin, CGPoint(x: 300, y: 440))])
            XCTAssertTrue(runLoop { batches == 1 })
            try server.touchscreen.touches([(1, .update, CGPoint(x: 300, y: 200)), (2, .end, CGPoint(x: 300, y: 440))])
            XCTAssertTrue(runLoop { batches == 2 })
            try server.touchscreen.touches([(1, .end, CGPoint(x: 300, y: 200))])
            XCTAssertTrue(runLoop { batches == 3 })
            XCTAssertEqual(delegate.button.trace, ["began (10.0, 10.0)", "moved (280.0, -210.0)", "ended (280.0, -210.0)"],
                           "the finger stays with the overlay wherever it goes")
            XCTAssertEqual(delegate.appView.trace, ["began (300.0, 440.0)", "ended (300.0, 440.0)"])

            // Hidden, the overlay is no longer drawn and no longer takes touches.
            delegate.overlay.isHidden = true
            XCTAssertTrue(runLoop { pixel(60, 440) == 0xFF00_00FF })
            try server.touchscreen.touches([(3, .begin, CGPoint(x: 30, y: 420)), (3, .end, CGPoint(x: 30, y: 420))])
            XCTAssertTrue(runLoop { batches == 4 })
            XCTAssertEqual(delegate.appView.trace.suffix(2), ["began (30.0, 420.0)", "ended (30.0, 420.0)"])
        }
    }
}
