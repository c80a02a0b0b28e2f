import CX11
import Foundation

/// A RandR 1.5 monitor: a named rectangle of the X screen, in device pixels. Outputs
/// (HDMI-1, DP-2, the dummy driver's DUMMY0) each have one, and `xrandr --setmonitor`
/// defines more, for example two halves of one wide panel; kiosk mode covers one.
public struct KioskScreenMonitor: Equatable, Sendable, CustomStringConvertible {
    public var name: String
    /// The rectangle on the root window, in device pixels.
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public var isPrimary: Bool

    public init(name: String, x: Int, y: Int, width: Int, height: Int, isPrimary: Bool = false) {
        self.name = name
        self.x = x
        self.y = y
        self.width = width
        self.height = height
        self.isPrimary = isPrimary
    }

    /// `DUMMY0 (1024x768+0+0)`, as `xrandr` writes a geometry.
    public var description: String { "\(name) (\(width)x\(height)+\(x)+\(y))" }

    /// The monitors the server reports, in its order (which is also the order of the
    /// Xinerama screens that RandR emulates, hence of `_NET_WM_FULLSCREEN_MONITORS`'
    /// indices). Empty when the server lacks RandR 1.5.
    @MainActor
    public static func list(on connection: X11Connection) -> [KioskScreenMonitor] {
        let display = connection.display
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        var major: Int32 = 0, minor: Int32 = 0
        guard XRRQueryExtension(display, &eventBase, &errorBase) != 0,
              XRRQueryVersion(display, &major, &minor) != 0,
              major > 1 || (major == 1 && minor >= 5) else { return [] }
        var count: Int32 = 0
        // Active monitors only: a monitor whose outputs are all off shows nothing.
        guard let monitors = XRRGetMonitors(display, XDefaultRootWindow(display), 1, &count) else { return [] }
        defer { XRRFreeMonitors(monitors) }
        return (0..<Int(count)).map { index in
            let info = monitors[index]
            var name = "monitor-\(index)"
            if let atomName = XGetAtomName(display, info.name) {
                name = String(cString: atomName)
                XFree(atomName)
            }
            return KioskScreenMonitor(name: name, x: Int(info.x), y: Int(info.y), width: Int(info.width),
                                      height: Int(info.height), isPrimary: info.primary != 0)
        }
    }

    /// The monitor a kiosk covers, and its index in `monitors` (nil for the whole
    /// screen).
    ///
    /// - `requested` names a monitor: that one (names are compared exactly, as RandR
    ///   keeps them); if none has the name, `.unknownMonitor` listing the ones there are.
    /// - `primary`, or nil: the primary monitor, else the first, else (no RandR 1.5
    ///   monitors at all) the whole screen. A kiosk host decides a nil monitor first
    ///   (`KioskMonitorChoice`: the monitor a touchscreen is mapped to, or the one a
    ///   person touched), so nil reaches here only when there was nothing to decide;
    ///   `primary` always means the primary one.
    public static func choose(_ requested: String?, among monitors: [KioskScreenMonitor],
                              screen: (width: Int, height: Int), display: String)
        throws(X11HostError) -> (monitor: KioskScreenMonitor, index: Int?)
    {
        if let requested, let index = monitors.firstIndex(where: { $0.name == requested }) {
            return (monitors[index], index)
        }
        if let requested, requested.lowercased() != "primary" {
            throw .unknownMonitor(requested, display: display, monitors: monitors.map(\.name))
        }
        if let index = monitors.firstIndex(where: \.isPrimary) ?? monitors.indices.first {
            return (monitors[index], index)
        }
        return (KioskScreenMonitor(name: "screen", x: 0, y: 0, width: screen.width, height: screen.height), nil)
    }
}
