import CX11
import Foundation
import HeadlessXorg
import UIKit
@testable import X11Host
@testable import X11Platform
import X11TestSupport
import XCTest

/// "Touch this screen" on the headless server, whose dummy screen is split into two
/// monitors LEFT and RIGHT, with both inputtest touchscreens spanning them (the
/// identity matrix): a kiosk with no monitor named shows the question on each and takes
/// the one touched; `monitor=primary` never asks.
final class KioskMonitorChooserTests: XCTestCase {
    /// A finger on the right monitor's question (after Esc and Q, which do nothing):
    /// the kiosk's window covers RIGHT exactly, the finger never reaches the app, and
    /// the next touch lands under the finger on RIGHT, at exact view coordinates.
    func testTheMonitorTouchedBecomesTheKiosks() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            try addTwoMonitorDesk(server)
            defer { removeHalves(server) }
            let (width, height) = server.screenSize
            let half = width / 2
            let display = server.display
            let touchscreen = server.touchscreen, keyboard = server.keyboard
            // Where the app's view will be on RIGHT: the question's touch lands there
            // too, so if it leaked, the view would have it.
            let inWindow = CGPoint(x: 200, y: 100)
            // The person: once the questions show, Esc and Q, then a tap on RIGHT's.
            // From a thread of its own, as the kiosk waits on the main thread.
            let tapped = DispatchSemaphore(value: 0)
            let seen = QuestionCount()
            Thread {
                defer { tapped.signal() }
                guard let probe = XOpenDisplay(display) else { return }
                defer { XCloseDisplay(probe) }
                let deadline = Date().addingTimeInterval(10)
                while questionWindows(probe) < 2, Date() < deadline { usleep(5000) }
                seen.count = questionWindows(probe)
                for code: Int32 in [9, 24] {
                    try? keyboard.key(code, isPress: true)
                    try? keyboard.key(code, isPress: false)
                }
                let point = CGPoint(x: CGFloat(half) + inWindow.x, y: inWindow.y)
                try? touchscreen.touches([(8, .begin, point)])
                try? touchscreen.touches([(8, .end, point)])
            }.start()

            let runner = X11ApplicationRunner(options: X11Host.Options(display: display,
                                                                       kiosk: KioskConfiguration(idleTimeout: 0)))
            defer { runner.shutdown() }
            var lines: [String] = []
            let recorder = BatchRecorder()
            runner.configureHost = { host, _ in
                host.log = { lines.append($0) }
                host.addInputFilter(recorder)
            }
            let delegate = OneViewDelegate<RecordingView>()
            runner.launch(delegate: delegate)
            XCTAssertEqual(tapped.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(seen.count, 2, "a question on each monitor")
            let host = try XCTUnwrap(runner.host)
            XCTAssertEqual(host.window.kiosk?.monitor, KioskScreenMonitor(name: "RIGHT", x: half, y: 0, width: half, height: height))
            XCTAssertEqual(lines.first, "kiosk: the touchscreen spans LEFT, RIGHT; RIGHT was touched")
            XCTAssertEqual(Self.rootGeometry(of: host.window.id, display: host.connection.display),
                           Rect(x: half, y: 0, width: half, height: height), "the window covers RIGHT exactly")
            XCTAssertEqual(questionWindows(host.connection.display), 0, "the questions are gone")

            // Mapped to RIGHT now: the device's (x, y) is RIGHT's (x / 2, y). In binary
            // fractions, so the server's float arithmetic is exact.
            let onDevice = CGPoint(x: inWindow.x * 2, y: inWindow.y)
            try touchscreen.touches([(9, .begin, onDevice)])
            XCTAssertTrue(runLoop { recorder.batches.count == 1 })
            try touchscreen.touches([(9, .end, onDevice)])
            XCTAssertTrue(runLoop { recorder.batches.count == 2 })
            XCTAssertEqual(recorder.batches.map { $0.map(\.phase) }, [[.began], [.ended]],
                           "only this touch: the question's never reached the app")
            // The view sits at (100, 50) in the window.
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 50.0)", "ended (100.0, 50.0)"])
        }
    }

    /// A gesture daemon's grab takes the first touch (on LEFT's question) for itself:
    /// that touch chooses nothing, and the next one, on RIGHT's, does.
    func testATouchAnotherClientsGrabTakesChoosesNothing() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            try addTwoMonitorDesk(server)
            defer { removeHalves(server) }
            let (width, height) = server.screenSize
            let display = server.display
            let touchscreen = server.touchscreen
            let grab = try TouchGrabClient(displayName: display)
            let done = DispatchSemaphore(value: 0)
            let accepted = QuestionCount()
            let kioskStarted = QuestionCount()
            let failure = ThreadFailure()
            let onLeft = CGPoint(x: CGFloat(width) / 4, y: CGFloat(height) / 2)
            let onRight = CGPoint(x: CGFloat(width) * 3 / 4, y: CGFloat(height) / 2)
            Thread {
                defer { done.signal() }
                let deadline = Date().addingTimeInterval(10)
                // The kiosk waits on the main thread for a touch: whatever goes wrong
                // here, the grab goes and RIGHT is tapped until the kiosk has started,
                // so the test fails with `reason` instead of hanging.
                func giveUp(_ reason: String, liftingLeft: Bool) {
                    failure.reason = reason
                    grab.close()
                    if liftingLeft { try? touchscreen.touches([(21, .end, onLeft)]) }
                    let giveUpBy = Date().addingTimeInterval(20)
                    var id: UInt32 = 30
                    while kioskStarted.count == 0, Date() < giveUpBy {
                        try? touchscreen.touches([(id, .begin, onRight)])
                        try? touchscreen.touches([(id, .end, onRight)])
                        id += 1
                        usleep(200_000)
                    }
                }
                guard let probe = XOpenDisplay(display) else {
                    return giveUp("the test's thread cannot open \(display)", liftingLeft: false)
                }
                defer { XCloseDisplay(probe) }
                while questionWindows(probe) < 2, Date() < deadline { usleep(5000) }
                guard questionWindows(probe) == 2 else {
                    return giveUp("the two questions did not show within 10 s", liftingLeft: false)
                }
                try? touchscreen.touches([(21, .begin, onLeft)])
                while grab.touches.isEmpty, Date() < deadline {
                    grab.readEvents()
                    usleep(2000)
                }
                guard let touch = grab.touches.first else {
                    return giveUp("the grab never received the touch on LEFT", liftingLeft: true)
                }
                grab.accept(touch)
                accepted.count = 1
                try? touchscreen.touches([(21, .end, onLeft)])
                grab.close()
                try? touchscreen.touches([(22, .begin, onRight)])
                try? touchscreen.touches([(22, .end, onRight)])
            }.start()

            let host = try X11Host(options: X11Host.Options(display: display, kiosk: KioskConfiguration(idleTimeout: 0)))
            kioskStarted.count = 1
            defer {
                host.close()
                host.connection.close()
            }
            XCTAssertEqual(done.wait(timeout: .now() + 25), .success, "the test's thread did not finish")
            XCTAssertNil(failure.reason)
            XCTAssertEqual(accepted.count, 1, "the grab had the first touch and took it")
            XCTAssertEqual(host.window.kiosk?.monitor.name, "RIGHT")
        }
    }

    /// `monitor=primary` takes the primary monitor without asking, though the
    /// touchscreen spans both.
    func testThePrimaryMonitorNamedSkipsTheQuestion() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            try addTwoMonitorDesk(server)
            defer { removeHalves(server) }
            let display = server.display
            let touchscreen = server.touchscreen
            // Watches for a question while the kiosk starts; were one shown, it would
            // tap it, so that a wrong kiosk fails this test instead of hanging it.
            let kioskStarted = QuestionCount()
            let watched = DispatchSemaphore(value: 0)
            let seen = QuestionCount()
            Thread {
                defer { watched.signal() }
                guard let probe = XOpenDisplay(display) else { return }
                defer { XCloseDisplay(probe) }
                while kioskStarted.count == 0 {
                    let shown = questionWindows(probe)
                    seen.count = max(seen.count, shown)
                    if shown > 0 {
                        try? touchscreen.touches([(7, .begin, CGPoint(x: 10, y: 10))])
                        try? touchscreen.touches([(7, .end, CGPoint(x: 10, y: 10))])
                        return
                    }
                    usleep(2000)
                }
            }.start()
            let host = try X11Host(options: X11Host.Options(
                display: display, kiosk: KioskConfiguration(monitor: "primary", idleTimeout: 0)))
            kioskStarted.count = 1
            defer {
                host.close()
                host.connection.close()
            }
            XCTAssertEqual(watched.wait(timeout: .now() + 10), .success)
            XCTAssertEqual(seen.count, 0, "no question shown")
            XCTAssertEqual(host.window.kiosk?.monitor.name, "LEFT", "LEFT holds the output: the primary (or else the first)")
        }
    }

    /// The question at 640×480 and 1920×1080, for a person to look at: large, centred,
    /// never under 13 points (checked by the text's pixels: the headline's ink spans a
    /// good part of the width).
    @MainActor
    func testTheQuestionIsLegibleOnSmallAndLargeMonitors() async throws {
        for (width, height) in [(640, 480), (1920, 1080)] {
            let monitor = KioskScreenMonitor(name: "M", x: 0, y: 0, width: width, height: height)
            let image = KioskMonitorChooser.picture(for: monitor, appName: "Touch Sandbox").makeImage()
            // The headline's row: white ink between a fifth and four fifths of the width.
            let headlineRow = height / 2 + Int(max(13, min(CGFloat(width) / 14, CGFloat(height) / 7)) * 0.2) - 8
            let inked = (0..<width).filter { x in image.pixel(x: x, y: headlineRow).red > 200 }
            XCTAssertGreaterThan(inked.count, width / 20, "\(width)×\(height): the headline is drawn")
            XCTAssertGreaterThan(inked.min() ?? 0, width / 10, "\(width)×\(height): centred")
            XCTAssertLessThan(inked.max() ?? width, width - width / 10)
        }
    }

    private struct Rect: Equatable {
        var x, y, width, height: Int
    }

    /// A window's rectangle on the root window, as the server has it.
    private static func rootGeometry(of window: Window, display: OpaquePointer) -> Rect {
        var root: Window = 0, child: Window = 0
        var x: Int32 = 0, y: Int32 = 0, rootX: Int32 = 0, rootY: Int32 = 0
        var width: UInt32 = 0, height: UInt32 = 0, border: UInt32 = 0, depth: UInt32 = 0
        XGetGeometry(display, window, &root, &x, &y, &width, &height, &border, &depth)
        XTranslateCoordinates(display, window, root, 0, 0, &rootX, &rootY, &child)
        return Rect(x: Int(rootX), y: Int(rootY), width: Int(width), height: Int(height))
    }
}

/// A number two threads share (the test's person and the kiosk).
private final class QuestionCount: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    var count: Int {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// Why the test's thread gave up, for the main thread to fail with.
private final class ThreadFailure: @unchecked Sendable {
    private let lock = NSLock()
    private var value: String?
    var reason: String? {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

/// How many of the chooser's windows are mapped (by their title).
private func questionWindows(_ display: OpaquePointer) -> Int {
    var root: Window = 0, parent: Window = 0
    var children: UnsafeMutablePointer<Window>?
    var count: UInt32 = 0
    guard XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count) != 0,
          let children else { return 0 }
    defer { XFree(children) }
    return (0..<Int(count)).filter { index in
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, children[index], &attributes) != 0, attributes.map_state == IsViewable else {
            return false
        }
        var name: UnsafeMutablePointer<CChar>?
        guard XFetchName(display, children[index], &name) != 0, let name else { return false }
        defer { XFree(name) }
        return String(cString: name).hasSuffix("touch this screen")
    }.count
}
