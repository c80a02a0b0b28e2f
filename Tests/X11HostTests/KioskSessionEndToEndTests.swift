import CX11
import Foundation
import HeadlessXorg
import Synchronization
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// The kiosk's idle reset with real touches from the headless server's touchscreen and
/// time on a manual media clock, which the test moves: touches keep the kiosk awake (a
/// resting finger too, until it lifts), the app hears of an idle spell once, through its
/// delegate and the notification, and a touch re-arms the timer. The issue's "idle
/// reset on a manual clock"; the timing is the README's (idle counts from the last lift).
final class KioskSessionEndToEndTests: XCTestCase {
    @MainActor
    private final class Delegate: UIResponder, KioskApplicationDelegate {
        var window: UIWindow?
        let view = X11ApplicationRunnerTests.RecordingView(frame: CGRect(x: 100, y: 50, width: 300, height: 200))
        var idle = 0

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.addSubview(view)
            window.makeKeyAndVisible()
            self.window = window
            return true
        }

        func applicationDidBecomeIdle(inKiosk application: UIApplication) { idle += 1 }
    }

    func testRealTouchesKeepTheKioskAwakeAndTheAppHearsEachIdleSpellOnce() throws {
        try onMainActor {
            // Installed before the kiosk starts: its timer is armed at launch.
            let clock = ManualClock(now: 1000)
            CAAnimationEngine.current.clock = clock
            defer { CAAnimationEngine.current.clock = MonotonicClock() }
            let notifications = Mutex(0)
            let observer = NotificationCenter.default.addObserver(
                forName: KioskSession.didBecomeIdleNotification, object: nil, queue: nil) { _ in
                notifications.withLock { $0 += 1 }
            }
            defer { NotificationCenter.default.removeObserver(observer) }

            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, kiosk: KioskConfiguration(idleTimeout: 60, exitGesture: .hold)))
            defer { runner.shutdown() }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            let session = try XCTUnwrap(runner.kioskSession)
            let touchscreen = server.touchscreen
            // (the delegate heard, the notification came, the session counted)
            @MainActor func heard() -> [Int] { [delegate.idle, notifications.withLock { $0 }, session.idleCount] }
            @MainActor func advance(to time: TimeInterval) {
                clock.now = time
                UIApplication.shared.runPendingTimers()
            }
            // The view is at (100, 50) in the window, which covers the screen.
            let onView = CGPoint(x: 250, y: 150)
            @MainActor func touch(_ id: UInt32, _ type: InputTestMessage.TouchType, phase: String) throws {
                let before = delegate.view.trace.count
                try touchscreen.touches([(id, type, onView)])
                XCTAssertTrue(runLoop { delegate.view.trace.count == before + 1 }, "the app's view had the \(phase)")
            }

            // A tap 30 s in moves the idle time from 1060 to 1090.
            advance(to: 1030)
            try touch(1, .begin, phase: "began")
            try touch(1, .end, phase: "ended")
            advance(to: 1089.9)
            XCTAssertEqual(heard(), [0, 0, 0], "59.9 s after the tap")

            // A finger resting far beyond the idle time is a visitor still there.
            try touch(2, .begin, phase: "began")
            advance(to: 1200)
            XCTAssertEqual(heard(), [0, 0, 0], "a finger rests on the screen")
            try touch(2, .end, phase: "ended")
            advance(to: 1259.9)
            XCTAssertEqual(heard(), [0, 0, 0], "59.9 s after the lift")
            advance(to: 1260.1)
            XCTAssertEqual(heard(), [1, 1, 1], "idle: the delegate and the notification, once each")
            advance(to: 2000)
            XCTAssertEqual(heard(), [1, 1, 1], "once per idle spell")

            // A new touch re-arms it.
            try touch(3, .begin, phase: "began")
            try touch(3, .end, phase: "ended")
            advance(to: 2059.9)
            XCTAssertEqual(heard(), [1, 1, 1])
            advance(to: 2060.1)
            XCTAssertEqual(heard(), [2, 2, 2], "a second spell, heard once")
            XCTAssertEqual(delegate.view.trace, ["began (150.0, 100.0)", "ended (150.0, 100.0)"].repeated(3),
                           "every touch reached the app")
        }
    }

    /// Alt+F4 under a window manager is a WM_DELETE_WINDOW message to the window: a kiosk
    /// answers it with its Leave question and one log line, and does not close.
    func testTheWindowManagersCloseRequestAsksLeaveInsteadOfClosing() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, kiosk: KioskConfiguration(idleTimeout: 0)))
            defer { runner.shutdown() }
            runner.launch(delegate: Delegate())
            let host = try XCTUnwrap(runner.hosts.first)
            var lines: [String] = []
            host.log = { lines.append($0) }
            let session = try XCTUnwrap(runner.kioskSession)
            XCTAssertNil(session.confirmation)

            // What a window manager sends for Alt+F4 or a close button.
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            var event = XEvent()
            event.xclient.type = ClientMessage
            event.xclient.window = host.window.id
            event.xclient.message_type = XInternAtom(probe, "WM_PROTOCOLS", 0)
            event.xclient.format = 32
            event.xclient.data.l.0 = Int(XInternAtom(probe, "WM_DELETE_WINDOW", 0))
            event.xclient.data.l.1 = Int(CurrentTime)
            XSendEvent(probe, host.window.id, 0, NoEventMask, &event)
            XSync(probe, 0)

            XCTAssertTrue(runLoop { session.confirmation?.isHidden == false }, "the Leave question shows")
            XCTAssertEqual(lines, ["kiosk: the window manager asked the kiosk to close (Alt+F4 or a close button); asking Leave or Stay on screen instead"])
            XCTAssertFalse(host.isClosed, "the kiosk window stays")
        }
    }
}

private extension Array {
    func repeated(_ times: Int) -> [Element] {
        (0..<times).flatMap { _ in self }
    }
}
