import Foundation

/// What a kiosk's host finds before it makes its window: the display opened, a crashed
/// kiosk's touchscreen matrices put back, the monitor chosen and the kiosk placed on it
/// (`X11Host.init(configuration:runLoop:)`).
@MainActor
struct KioskLaunch {
    /// The display, opened to find the monitor; the host keeps it as its connection.
    let connection: X11Connection
    let placement: KioskScreenPlacement
    /// The matrices a crashed kiosk left, put back (`TouchscreenMapping.restoreLeftovers`),
    /// as `start()`'s line says it.
    let leftoverTouchMapping: String?
    /// How the monitor was chosen by touch, when the touchscreens spanned several.
    let monitorChoice: String?

    /// Opens `display` and places `kiosk` on a monitor: the one it names; else the one a
    /// touchscreen is already mapped to; else, when the touchscreens span several, the
    /// one a person touches (`KioskMonitorChooser`: this blocks until someone does);
    /// else the primary. The matrices a crashed kiosk left go back first, so the
    /// default monitor is read from the touchscreens as they were meant to be. Closes
    /// the connection when it throws (`.unknownMonitor`, a chooser that failed).
    static func open(_ kiosk: KioskConfiguration, display: String?, appName: String) throws(X11HostError) -> KioskLaunch {
        let connection = try X11Connection(name: display)
        do {
            let leftovers = TouchscreenMapping.restoreLeftovers(on: connection)
            var kiosk = kiosk
            var monitorChoice: String?
            if kiosk.monitor == nil {
                let monitors = KioskScreenMonitor.list(on: connection)
                let choice = KioskMonitorChoice(
                    named: nil, mapped: TouchscreenMapping.mappedMonitor(on: connection, among: monitors),
                    spanned: TouchscreenMapping.spannedMonitors(on: connection, among: monitors))
                kiosk.monitor = choice.monitorName
                if case .ask(let offered) = choice {
                    // The person in front says which.
                    let chosen = try KioskMonitorChooser.choose(among: offered, on: connection, appName: appName)
                    kiosk.monitor = chosen.monitor.name
                    monitorChoice = "kiosk: the touchscreen spans \(offered.map(\.name).joined(separator: ", ")); "
                        + "\(chosen.monitor.name) was \(chosen.byTouch ? "touched" : "clicked")"
                }
            }
            let placement = try KioskScreen.placement(for: kiosk, on: connection)
            return KioskLaunch(connection: connection, placement: placement, leftoverTouchMapping: leftovers,
                               monitorChoice: monitorChoice)
        } catch {
            connection.close()
            throw error
        }
    }

    /// The window's size in points: the monitor's pixels at `scale`.
    func size(scale: CGFloat) -> CGSize {
        CGSize(width: CGFloat(placement.monitor.width) / scale, height: CGFloat(placement.monitor.height) / scale)
    }

    /// The middle of the monitor, in root window pixels (where its refresh rate is read).
    var middle: (x: Int, y: Int) {
        (x: placement.monitor.x + placement.monitor.width / 2, y: placement.monitor.y + placement.monitor.height / 2)
    }
}
