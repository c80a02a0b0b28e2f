import Foundation

/// How a kiosk with several monitors decides which one it covers, from what is known
/// before any window shows: the pure part of the decision, which needs no server.
///
/// In order:
/// 1. a monitor named in the configuration (`--monitor NAME`, `monitor=NAME`, or
///    `primary`) is taken as named (`KioskScreenMonitor.choose` finds it);
/// 2. else the monitor a touchscreen is already mapped to (its matrix covers exactly
///    that monitor, as `xinput map-to-output` leaves it);
/// 3. else, when the touchscreens reach into more than one monitor a person can see,
///    the person in front is asked to touch one (`KioskMonitorChooser`): a touchscreen
///    that spans them all, as X maps every touchscreen until told, gives no hint which
///    monitor it lies on;
/// 4. else (one monitor, or no touchscreen) the primary monitor.
///
/// Monitors that wholly contain another are not offered: a virtual monitor laid over
/// part of an output (`xrandr --setmonitor`) is what a person sees there, not the
/// output's own monitor around it.
public enum KioskMonitorChoice: Equatable, Sendable {
    /// Named in the configuration (a RandR monitor's name, or `primary`).
    case named(String)
    /// The monitor a touchscreen is mapped to.
    case mapped(KioskScreenMonitor)
    /// The person touches one of these (`KioskMonitorChooser`), in the server's order.
    case ask([KioskScreenMonitor])
    /// Nothing to ask: the primary monitor (else the first, else the whole screen).
    case primary

    /// The decision for a kiosk configured with `named` (nil: none), on a server with
    /// `monitors`, whose touchscreens are mapped to `mapped` (nil: to no one monitor) and
    /// reach into `spanned` (empty: no touchscreen).
    public init(named: String?, mapped: KioskScreenMonitor?, spanned: [KioskScreenMonitor]) {
        if let named {
            self = .named(named)
        } else if let mapped {
            self = .mapped(mapped)
        } else {
            let visible = spanned.filter { outer in !spanned.contains { inner in inner != outer && outer.contains(inner) } }
            self = visible.count > 1 ? .ask(visible) : .primary
        }
    }

    /// What `KioskConfiguration.monitor` becomes once decided: a name, or nil for the
    /// primary. Nil for `.ask` too, until a monitor was touched.
    public var monitorName: String? {
        switch self {
        case .named(let name): name
        case .mapped(let monitor): monitor.name
        case .ask, .primary: nil
        }
    }

    /// Which of `monitors` a point on the root window (device pixels) is on: the first
    /// whose rectangle holds it, edges at the left and top included, as X assigns a
    /// pixel to exactly one of two monitors side by side.
    public static func monitor(at point: CGPoint, among monitors: [KioskScreenMonitor]) -> KioskScreenMonitor? {
        monitors.first { monitor in
            point.x >= CGFloat(monitor.x) && point.x < CGFloat(monitor.x + monitor.width)
                && point.y >= CGFloat(monitor.y) && point.y < CGFloat(monitor.y + monitor.height)
        }
    }
}

extension KioskScreenMonitor {
    /// Whether `other` lies wholly inside this monitor.
    func contains(_ other: KioskScreenMonitor) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
