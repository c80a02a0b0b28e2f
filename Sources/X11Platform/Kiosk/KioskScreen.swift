import CX11
import Foundation

/// How a kiosk window covers its monitor: decided before the window exists
/// (`KioskScreen.placement(for:on:)`), carried out by `X11Window.enterKiosk(_:)`, and
/// told in one log line (`description`) when the host starts.
public struct KioskScreenPlacement: Equatable, Sendable, CustomStringConvertible {
    /// The rectangle the window covers: a RandR monitor, or the whole screen
    /// (`monitorIndex` nil) when the server reports none.
    public var monitor: KioskScreenMonitor
    /// The monitor's index in the server's list, which `_NET_WM_FULLSCREEN_MONITORS`
    /// takes; nil for the whole screen.
    public var monitorIndex: Int?
    /// The running EWMH window manager's name (empty if it gives none); nil when none
    /// runs, and the window then places itself (override-redirect).
    public var windowManager: String?
    /// Whether the window manager lists `_NET_WM_FULLSCREEN_MONITORS` as supported.
    public var windowManagerSpansMonitors: Bool
    /// Whether the window gets an invisible cursor (every kiosk window does; the
    /// monitor chooser's windows do not).
    public var hidesCursor: Bool
    /// Whether the cursor comes back while a mouse is used, and goes at the next touch
    /// (`KioskConfiguration.showsCursor`: a prototype worked with a mouse too).
    public var showsCursorOnMouseUse = false
    /// Whether the server agreed to suspend its screen saver and DPMS for this client
    /// (MIT-SCREEN-SAVER 1.1); set by `X11Window.enterKiosk(_:)`.
    public var isScreenSaverSuspended = false
    /// What became of asking the desktop session's screensaver not to start
    /// (`ScreenSaverInhibition`), as the log line says it; nil until asked.
    public var sessionScreenSaver: String?

    /// `kiosk: fullscreen on monitor DUMMY0 (1024x768+0+0) without a window manager;
    /// cursor hidden; screen saver suspended`.
    public var description: String {
        let target = monitorIndex == nil ? "the whole screen \(monitor)" : "monitor \(monitor)"
        let manager = switch windowManager {
        case nil: "without a window manager"
        case ""?: "through the window manager"
        case let name?: "through the window manager \(name)"
        }
        let cursor = !hidesCursor ? "cursor shown" : showsCursorOnMouseUse ? "cursor hidden until a mouse moves" : "cursor hidden"
        let saver = isScreenSaverSuspended
            ? "screen saver suspended" : "screen saver NOT suspended (the server lacks MIT-SCREEN-SAVER 1.1)"
        return "kiosk: fullscreen on \(target) \(manager); \(cursor); \(saver)" + (sessionScreenSaver.map { "; \($0)" } ?? "")
    }
}

/// What kiosk mode asks of the X server, outside the window itself.
@MainActor
public enum KioskScreen {
    /// Where a kiosk window goes on `connection`'s default screen: the monitor
    /// `configuration.monitor` asks for (`KioskScreenMonitor.choose`; an unknown name
    /// throws `.unknownMonitor`), and whether an EWMH window manager runs to make it
    /// fullscreen.
    public static func placement(for configuration: KioskConfiguration, on connection: X11Connection)
        throws(X11HostError) -> KioskScreenPlacement
    {
        let display = connection.display
        let screen = XDefaultScreen(display)
        let chosen = try KioskScreenMonitor.choose(
            configuration.monitor, among: KioskScreenMonitor.list(on: connection),
            screen: (Int(XDisplayWidth(display, screen)), Int(XDisplayHeight(display, screen))),
            display: connection.name)
        let manager = runningWindowManager(on: connection)
        return KioskScreenPlacement(
            monitor: chosen.monitor, monitorIndex: chosen.index, windowManager: manager?.name,
            windowManagerSpansMonitors: manager?.supports("_NET_WM_FULLSCREEN_MONITORS") ?? false,
            hidesCursor: true, showsCursorOnMouseUse: configuration.showsCursor)
    }

    /// The EWMH window manager running on the default screen, if any: the root
    /// window's `_NET_SUPPORTING_WM_CHECK` names a window that exists and names itself
    /// the same way. A window manager that died leaves the root's property pointing at
    /// nothing, so the property alone is not enough.
    static func runningWindowManager(on connection: X11Connection)
        -> (name: String, supports: (String) -> Bool)?
    {
        let display = connection.display
        let root = XDefaultRootWindow(display)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        guard let child = windows(display, root, check).first,
              withoutErrorLines(display, { windows(display, child, check) }).first == child else { return nil }
        let nameBytes = property(display, child, XInternAtom(display, "_NET_WM_NAME", 0),
                                 type: XInternAtom(display, "UTF8_STRING", 0), format: 8)
        let name = String(decoding: nameBytes, as: UTF8.self)
        let supported = Set(property(display, root, XInternAtom(display, "_NET_SUPPORTED", 0), type: XA_ATOM, format: 32)
            .withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) })
        return (name, { atom in supported.contains(UInt(XInternAtom(display, atom, 0))) })
    }

    /// Asks the server not to blank the screen (screen saver and DPMS) while this
    /// client is connected. The suspension belongs to the connection: it ends with
    /// `resumeScreenSaver` or when the client disconnects, however it ends, so a crashed
    /// kiosk cannot leave a screen that never blanks. False when the server lacks
    /// MIT-SCREEN-SAVER 1.1. The extension does not report the suspension back (its
    /// QueryInfo answers the same before and after), so the result is what callers have.
    static func suspendScreenSaver(on connection: X11Connection) -> Bool {
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        var major: Int32 = 0, minor: Int32 = 0
        guard XScreenSaverQueryExtension(display, &eventBase, &errorBase) != 0,
              XScreenSaverQueryVersion(display, &major, &minor) != 0,
              major > 1 || (major == 1 && minor >= 1) else { return false }
        XScreenSaverSuspend(display, 1)
        return true
    }

    /// Undoes `suspendScreenSaver` (the server counts suspensions per client).
    static func resumeScreenSaver(on connection: X11Connection) {
        XScreenSaverSuspend(connection.display, 0)
    }

    // MARK: - Properties

    /// A property's items as raw bytes; format-32 items are C longs, as Xlib returns
    /// them. Empty when the property is missing or of another type.
    private static func property(_ display: OpaquePointer, _ window: Window, _ atom: Atom, type: Atom,
                                 format: Int32) -> [UInt8] {
        var actualType: Atom = 0
        var actualFormat: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        // 64 Ki 32-bit units: far more than any name or atom list here.
        guard XGetWindowProperty(display, window, atom, 0, 65536, 0, type, &actualType, &actualFormat, &count,
                                 &remaining, &data) == Success, let data else { return [] }
        defer { XFree(data) }
        guard actualType == type, actualFormat == format else { return [] }
        let itemSize = format == 32 ? MemoryLayout<CLong>.size : Int(format) / 8
        return Array(UnsafeBufferPointer(start: data, count: Int(count) * itemSize))
    }

    private static func windows(_ display: OpaquePointer, _ window: Window, _ atom: Atom) -> [Window] {
        property(display, window, atom, type: XA_WINDOW, format: 32)
            .withUnsafeBytes { Array($0.bindMemory(to: UInt.self)) }
            .map { Window($0) }
    }

    /// Runs `body` with protocol errors ignored: the connection's handler would print a
    /// line for each, which a stale `_NET_SUPPORTING_WM_CHECK` (a BadWindow, seen as an
    /// empty property) is not worth.
    private static func withoutErrorLines<T>(_ display: OpaquePointer, _ body: () -> T) -> T {
        // Errors of earlier requests still go to the connection's handler.
        XSync(display, 0)
        let previous = XSetErrorHandler { _, _ in 0 }
        let result = body()
        XSync(display, 0)
        XSetErrorHandler(previous)
        return result
    }
}
