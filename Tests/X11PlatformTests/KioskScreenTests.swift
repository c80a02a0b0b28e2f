import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Kiosk mode's window on the shared headless server, where no window manager runs: it
/// places itself (override-redirect) exactly over the chosen RandR monitor, takes the
/// focus, hides the pointer and suspends the screen saver. Geometry is read back through
/// a connection of the test's own, after a round trip on the host's connection, so the
/// server has done everything the host asked.
final class KioskScreenTests: XCTestCase {
    /// The kiosk's log line says what became of the desktop screensaver; these tests run
    /// with no session bus, as CI does (ScreenSaverInhibitionTests has one).
    override func setUp() {
        unsetenv("DBUS_SESSION_BUS_ADDRESS")
    }

    // MARK: - Choosing the monitor (no server)

    private let two = [
        KioskScreenMonitor(name: "HDMI-1", x: 0, y: 0, width: 1920, height: 1080),
        KioskScreenMonitor(name: "DP-1", x: 1920, y: 0, width: 1280, height: 1024, isPrimary: true),
    ]

    func testNoNameAndPrimaryTakeThePrimaryMonitorElseTheFirstElseTheWholeScreen() throws {
        let screen = (width: 3200, height: 1080)
        XCTAssertEqual(try KioskScreenMonitor.choose(nil, among: two, screen: screen, display: ":1").index, 1)
        XCTAssertEqual(try KioskScreenMonitor.choose("primary", among: two, screen: screen, display: ":1").index, 1)
        let noPrimary = two.map { KioskScreenMonitor(name: $0.name, x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
        XCTAssertEqual(try KioskScreenMonitor.choose(nil, among: noPrimary, screen: screen, display: ":1").index, 0)
        let whole = try KioskScreenMonitor.choose(nil, among: [], screen: screen, display: ":1")
        XCTAssertNil(whole.index)
        XCTAssertEqual(whole.monitor, KioskScreenMonitor(name: "screen", x: 0, y: 0, width: 3200, height: 1080))
        XCTAssertEqual(try KioskScreenMonitor.choose("HDMI-1", among: two, screen: screen, display: ":1").monitor, two[0])
    }

    func testAnUnknownMonitorIsOneLineListingTheMonitorsThereAre() {
        XCTAssertThrowsError(try KioskScreenMonitor.choose("hdmi-1", among: two, screen: (3200, 1080), display: ":1")) { error in
            XCTAssertEqual("\(error)", "kiosk: the X server on :1 has no monitor named hdmi-1; its monitors are HDMI-1, DP-1 (or say primary)")
            XCTAssertEqual((error as? X11HostError)?.exitStatus, 2)
        }
        XCTAssertThrowsError(try KioskScreenMonitor.choose("HDMI-1", among: [], screen: (3200, 1080), display: ":1")) { error in
            XCTAssertEqual("\(error)", "kiosk: the X server on :1 has no monitor named HDMI-1 (it reports no RandR 1.5 monitors); leave the monitor unset to cover the whole screen")
        }
    }

    // MARK: - On the headless server

    func testWithoutAWindowManagerTheWindowCoversThePrimaryMonitorItself() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            let expected = try XCTUnwrap(Self.monitors(probe).first { $0.isPrimary } ?? Self.monitors(probe).first)
            // At scale 2 the app's points are half the monitor's pixels; options.size is
            // ignored.
            let host = try X11Host(options: X11Host.Options(display: server.display, size: CGSize(width: 200, height: 100),
                                                            scale: 2, kiosk: KioskConfiguration()))
            defer { Self.close(host) }
            var lines: [String] = []
            host.log = { lines.append($0) }
            host.start()
            XSync(host.connection.display, 0)

            let window = try Self.attributes(of: host.window.id, on: probe)
            XCTAssertEqual(window.override_redirect, 1)
            XCTAssertEqual(window.map_state, IsViewable)
            XCTAssertEqual([window.x, window.y, window.width, window.height],
                           [Int32(expected.x), Int32(expected.y), Int32(expected.width), Int32(expected.height)])
            XCTAssertEqual(host.size, CGSize(width: CGFloat(expected.width) / 2, height: CGFloat(expected.height) / 2))
            XCTAssertEqual(host.configuration.size, host.size)
            XCTAssertEqual(host.currentFrame.pixelWidth, expected.width)
            XCTAssertEqual(host.currentFrame.pixelHeight, expected.height)
            // No window manager gives an override-redirect window the focus: it took it.
            var focus: Window = 0
            var revert: Int32 = 0
            XGetInputFocus(probe, &focus, &revert)
            XCTAssertEqual(focus, host.window.id)
            XCTAssertEqual(lines.first, "kiosk: fullscreen on monitor \(expected) without a window manager; cursor hidden; "
                + "screen saver suspended; no session bus, so no desktop screensaver to inhibit")
            XCTAssertEqual(host.window.kiosk?.isScreenSaverSuspended, true)
        }
    }

    func testANamedVirtualMonitorGetsTheWindowExactlyOverIt() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            // Two halves of the screen, the right one shorter, as `xrandr --setmonitor`
            // splits one wide panel.
            let half = server.screenSize.width / 2
            try xrandr(server, "--setmonitor", "LEFT", "\(half)/100x\(server.screenSize.height)/100+0+0", "none")
            defer { try? xrandr(server, "--delmonitor", "LEFT") }
            try xrandr(server, "--setmonitor", "RIGHT", "\(half)/100x512/100+\(half)+0", "none")
            defer { try? xrandr(server, "--delmonitor", "RIGHT") }

            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "RIGHT")))
            defer { Self.close(host) }
            host.start()
            XSync(host.connection.display, 0)
            let window = try Self.attributes(of: host.window.id, on: probe)
            XCTAssertEqual([window.x, window.y, window.width, window.height], [Int32(half), 0, Int32(half), 512])
            XCTAssertEqual(window.override_redirect, 1)
            XCTAssertEqual(host.size, CGSize(width: half, height: 512))
            XCTAssertEqual(host.window.kiosk?.monitor.name, "RIGHT")
            XCTAssertEqual(host.window.kiosk?.monitorIndex, Self.monitors(probe).firstIndex { $0.name == "RIGHT" })

            let names = Self.monitors(probe).map(\.name)
            XCTAssertEqual(names.filter { $0 == "LEFT" || $0 == "RIGHT" }, ["LEFT", "RIGHT"])
            let unknown = X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "MIDDLE"))
            XCTAssertThrowsError(try X11Host(options: unknown)) { error in
                XCTAssertEqual(error as? X11HostError, .unknownMonitor("MIDDLE", display: server.display, monitors: names))
                XCTAssertEqual("\(error)", "kiosk: the X server on \(server.display) has no monitor named MIDDLE; its monitors are \(names.joined(separator: ", ")) (or say primary)")
            }
        }
    }

    /// The pointer is over the window (it covers the primary monitor, which on the
    /// headless server is the whole screen), so the cursor the server shows is the
    /// window's: one transparent pixel, not the default arrow or cross. With `cursor`
    /// (a prototype worked with a mouse too), a real mouse's motion or click brings the
    /// arrow back, and the next touch takes it away again; a finger's own pointer
    /// emulation never brings it back.
    func testTheCursorIsHiddenAndAMouseBringsItBackWhenAskedFor() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            func shownCursorIsInvisible() throws -> Bool {
                let shown = try XCTUnwrap(CursorImageReader.shared?.image(probe))
                return shown.width == 1 && shown.height == 1 && shown.pixels.first == 0
            }
            let hidden = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration()))
            hidden.start()
            XSync(hidden.connection.display, 0)
            XCTAssertNotNil(hidden.window.invisibleCursor)
            XCTAssertTrue(try shownCursorIsInvisible())
            try server.pointer.move(to: CGPoint(x: 300, y: 300))
            // The device's send waits for the server to take the motion; a round trip
            // and a read then have it here.
            XSync(hidden.connection.display, 0)
            hidden.processPendingEvents()
            XCTAssertFalse(hidden.window.isCursorRevealed, "without `cursor`, a mouse changes nothing")
            XCTAssertTrue(try shownCursorIsInvisible())
            Self.close(hidden)

            let mouse = try X11Host(options: X11Host.Options(display: server.display,
                                                             kiosk: KioskConfiguration(showsCursor: true)))
            defer { Self.close(mouse) }
            var lines: [String] = []
            mouse.log = { lines.append($0) }
            mouse.start()
            XSync(mouse.connection.display, 0)
            XCTAssertTrue(lines.first?.contains("; cursor hidden until a mouse moves; ") ?? false, "\(lines)")
            // After each step, the host has read what it caused, and the test's round
            // trip comes after the host's cursor request: "shown" or "hidden", as the
            // host says and as the server shows.
            var trace: [String] = []
            @MainActor func note(_ step: String) throws {
                XSync(mouse.connection.display, 0)
                mouse.processPendingEvents()
                XSync(mouse.connection.display, 0)
                let invisible = try shownCursorIsInvisible()
                let revealed = mouse.window.isCursorRevealed
                XCTAssertEqual(revealed, !invisible, "the host and the server agree after \(step)")
                trace.append("\(step): \(invisible ? "hidden" : "shown")")
            }
            try note("start")
            try server.pointer.move(to: CGPoint(x: 320, y: 310))
            try note("mouse moves")
            let finger = CGPoint(x: 400, y: 400)
            try server.touchscreen.touches([(4, .begin, finger)])
            try note("finger down")
            // The touch moves the pointer too, but as pointer emulation, which is no mouse.
            try server.touchscreen.touches([(4, .update, CGPoint(x: 420, y: 430))])
            try server.touchscreen.touches([(4, .end, CGPoint(x: 420, y: 430))])
            try note("finger moves and lifts")
            // A click where the pointer already is: no motion, but the mouse is used.
            try server.pointer.button(1, isPress: true, at: CGPoint(x: 320, y: 310))
            try server.pointer.button(1, isPress: false, at: CGPoint(x: 320, y: 310))
            try note("mouse clicks")
            try server.touchscreen.touches([(5, .begin, finger)])
            try server.touchscreen.touches([(5, .end, finger)])
            try note("a tap")
            XCTAssertEqual(trace, [
                "start: hidden", "mouse moves: shown", "finger down: hidden", "finger moves and lifts: hidden",
                "mouse clicks: shown", "a tap: hidden",
            ])
        }
    }

    /// A window manager is seen through EWMH: with one, the window asks for fullscreen
    /// on its monitor and leaves the placing to it. The test plays the window manager
    /// (it holds SubstructureRedirect on the root), so what the host asked is read back
    /// as events, in order, with no waiting.
    func testUnderAWindowManagerTheWindowAsksForFullscreenOnItsMonitor() throws {
        try withFakeWindowManager { server, wm in
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            let primary = try XCTUnwrap(Self.monitors(probe).firstIndex { $0.isPrimary } ?? 0)

            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration()))
            defer { Self.close(host) }
            var lines: [String] = []
            host.log = { lines.append($0) }
            host.start()
            XSync(host.connection.display, 0)
            XSync(wm, 0)

            XCTAssertEqual(try Self.attributes(of: host.window.id, on: probe).override_redirect, 0)
            XCTAssertEqual(windowAtoms(probe, host.window.id, XInternAtom(probe, "_NET_WM_STATE", 0)),
                           [XInternAtom(probe, "_NET_WM_STATE_FULLSCREEN", 0)])
            var events: [String] = []
            while XPending(wm) > 0 {
                var event = XEvent()
                XNextEvent(wm, &event)
                switch event.type {
                case MapRequest where event.xmaprequest.window == host.window.id:
                    events.append("map")
                case ClientMessage where event.xclient.window == host.window.id:
                    let data = event.xclient.data.l
                    events.append("\(Self.atomName(wm, event.xclient.message_type)) \([data.0, data.1, data.2, data.3, data.4])")
                default:
                    break
                }
            }
            XCTAssertEqual(events, ["map", "_NET_WM_FULLSCREEN_MONITORS \([primary, primary, primary, primary, 1])"])
            XCTAssertTrue(lines.first?.hasSuffix("through the window manager FakeWM; cursor hidden; screen saver suspended; "
                + "no session bus, so no desktop screensaver to inhibit") ?? false,
                          "\(lines.first ?? "no log line")")
        }
    }

    /// The window manager lost the request to show the window (as openbox does with a
    /// window made while it starts): the kiosk maps it again; then it put it off the
    /// monitor while fullscreen: the kiosk asks for fullscreen on its monitor again, by
    /// the three EWMH requests, in order.
    func testAKioskWindowTheManagerLostOrMisplacedIsAskedForAgain() throws {
        try withFakeWindowManager { server, wm in
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            let monitor = try XCTUnwrap(Self.monitors(probe).first { $0.isPrimary } ?? Self.monitors(probe).first)
            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration()))
            defer { Self.close(host) }
            var lines: [String] = []
            host.log = { lines.append($0) }
            host.start()
            let window = host.window.id
            var events: [String] = []
            func read() {
                while XPending(wm) > 0 {
                    var event = XEvent()
                    XNextEvent(wm, &event)
                    switch event.type {
                    case MapRequest where event.xmaprequest.window == window:
                        events.append("map")
                    case ClientMessage where event.xclient.window == window:
                        let data = event.xclient.data.l
                        events.append("\(Self.atomName(wm, event.xclient.message_type)) \([data.0, data.1, data.2, data.3, data.4])")
                    default:
                        break
                    }
                }
            }
            // The first request to show it is lost; half a second on, a second comes.
            XCTAssertTrue(runLoop {
                read()
                return events.filter { $0 == "map" }.count == 2
            }, "\(events)")
            XCTAssertEqual(lines.last, "kiosk: the window manager did not show the window (it may have been starting); asked it again")

            // Shown, but at (100, 50) and 200 × 100 (its state says fullscreen already).
            XMoveResizeWindow(wm, window, 100, 50, 200, 100)
            XMapWindow(wm, window)
            XSync(wm, 0)
            events.removeAll()
            XCTAssertTrue(runLoop {
                read()
                return events.count == 3
            }, "\(events)")
            let fullscreen = Int(XInternAtom(wm, "_NET_WM_STATE_FULLSCREEN", 0))
            XCTAssertEqual(events, [
                "_NET_WM_STATE \([0, fullscreen, 0, 1, 0])",
                "_NET_MOVERESIZE_WINDOW \([0x1F00, monitor.x, monitor.y, monitor.width, monitor.height])",
                "_NET_WM_STATE \([1, fullscreen, 0, 1, 0])",
            ])
            XCTAssertEqual(lines.last, "kiosk: the window manager put the window at 200x100+100+50, not on monitor \(monitor); asked it again")
        }
    }

    /// Runs `body` with the test playing an EWMH window manager on the shared server:
    /// it names itself FakeWM, supports fullscreen on a chosen monitor, and holds
    /// SubstructureRedirect on the root, so requests come to it as events and nothing is
    /// mapped or moved unless it does so.
    private func withFakeWindowManager(_ body: @MainActor (HeadlessXorg, OpaquePointer) throws -> Void) throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let wm = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(wm) }
            let root = XDefaultRootWindow(wm)
            let check = XCreateSimpleWindow(wm, root, 0, 0, 1, 1, 0, 0, 0)
            let checkAtom = XInternAtom(wm, "_NET_SUPPORTING_WM_CHECK", 0)
            let supportedAtom = XInternAtom(wm, "_NET_SUPPORTED", 0)
            Self.setWindows(wm, check, checkAtom, [check])
            Self.setWindows(wm, root, checkAtom, [check])
            let name = Array("FakeWM".utf8)
            XChangeProperty(wm, check, XInternAtom(wm, "_NET_WM_NAME", 0), XInternAtom(wm, "UTF8_STRING", 0), 8,
                            PropModeReplace, name, Int32(name.count))
            let supportedNames: [String] = ["_NET_WM_STATE", "_NET_WM_STATE_FULLSCREEN", "_NET_WM_FULLSCREEN_MONITORS"]
            var supported: [Atom] = supportedNames.map { name in XInternAtom(wm, name, 0) }
            _ = supported.withUnsafeMutableBytes { bytes in
                XChangeProperty(wm, root, supportedAtom, XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 3)
            }
            XSelectInput(wm, root, SubstructureRedirectMask)
            XSync(wm, 0)
            defer {
                XSelectInput(wm, root, 0)
                XDeleteProperty(wm, root, checkAtom)
                XDeleteProperty(wm, root, supportedAtom)
                XDestroyWindow(wm, check)
                XSync(wm, 0)
            }
            try body(server, wm)
        }
    }

    /// A window manager that died leaves the root's check property naming a window that
    /// is gone: that is no window manager, and the window places itself.
    func testAStaleWindowManagerCheckIsNoWindowManager() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            let root = XDefaultRootWindow(probe)
            let gone = XCreateSimpleWindow(probe, root, 0, 0, 1, 1, 0, 0, 0)
            XDestroyWindow(probe, gone)
            let checkAtom = XInternAtom(probe, "_NET_SUPPORTING_WM_CHECK", 0)
            Self.setWindows(probe, root, checkAtom, [gone])
            XSync(probe, 0)
            defer {
                XDeleteProperty(probe, root, checkAtom)
                XSync(probe, 0)
            }
            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration()))
            defer { Self.close(host) }
            XCTAssertNil(host.window.kiosk?.windowManager)
            host.start()
            XSync(host.connection.display, 0)
            XCTAssertEqual(try Self.attributes(of: host.window.id, on: probe).override_redirect, 1)
        }
    }

    // MARK: - Helpers

    private static func setWindows(_ display: OpaquePointer, _ window: Window, _ atom: Atom, _ values: [Window]) {
        var items = values
        _ = items.withUnsafeMutableBytes { bytes in
            XChangeProperty(display, window, atom, XA_WINDOW, 32, PropModeReplace,
                            bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), Int32(values.count))
        }
    }

    private static func atomName(_ display: OpaquePointer, _ atom: Atom) -> String {
        guard let name = XGetAtomName(display, atom) else { return "?" }
        defer { XFree(name) }
        return String(cString: name)
    }

    /// Closes the host and its connection: the connection's end is also what ends its
    /// screen saver suspension on the shared server.
    @MainActor
    private static func close(_ host: X11Host) {
        host.close()
        host.connection.close()
    }

    private static func attributes(of window: Window, on display: OpaquePointer) throws -> XWindowAttributes {
        var attributes = XWindowAttributes()
        XCTAssertNotEqual(XGetWindowAttributes(display, window, &attributes), 0, "the window exists")
        return attributes
    }

    /// The server's RandR monitors, read here rather than through the code under test.
    private static func monitors(_ display: OpaquePointer) -> [KioskScreenMonitor] {
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, XDefaultRootWindow(display), 1, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(count)).map { index in
            let info = list[index]
            let name = XGetAtomName(display, info.name).map { atom in
                defer { XFree(atom) }
                return String(cString: atom)
            } ?? ""
            return KioskScreenMonitor(name: name, x: Int(info.x), y: Int(info.y), width: Int(info.width),
                                      height: Int(info.height), isPrimary: info.primary != 0)
        }
    }
}

/// The cursor the server shows now, through XFixes (libXfixes, which libXi already
/// needs, loaded here so the product does not link a library only a test uses).
private struct CursorImageReader {
    /// Mirrors `XFixesCursorImage` (X11/extensions/Xfixes.h).
    private struct Image {
        var x: Int16, y: Int16
        var width: UInt16, height: UInt16
        var xhot: UInt16, yhot: UInt16
        var cursorSerial: UInt
        var pixels: UnsafeMutablePointer<UInt>?
        var atom: Atom
        var name: UnsafePointer<CChar>?
    }

    private typealias QueryExtension = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Int32
    private typealias GetCursorImage = @convention(c) (OpaquePointer?) -> UnsafeMutableRawPointer?

    private let queryExtension: QueryExtension
    private let getCursorImage: GetCursorImage

    static let shared: CursorImageReader? = {
        guard let library = dlopen("libXfixes.so.3", RTLD_NOW),
              let query = dlsym(library, "XFixesQueryExtension"),
              let get = dlsym(library, "XFixesGetCursorImage") else { return nil }
        return CursorImageReader(queryExtension: unsafeBitCast(query, to: QueryExtension.self),
                                 getCursorImage: unsafeBitCast(get, to: GetCursorImage.self))
    }()

    /// The shown cursor's size and ARGB pixels (each in a C long, as Xlib gives them).
    func image(_ display: OpaquePointer) -> (width: Int, height: Int, pixels: [UInt])? {
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard queryExtension(display, &eventBase, &errorBase) != 0,
              let raw = getCursorImage(display) else { return nil }
        defer { XFree(raw) }
        let image = raw.load(as: Image.self)
        let count = Int(image.width) * Int(image.height)
        let pixels = image.pixels.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
        return (Int(image.width), Int(image.height), pixels)
    }
}
