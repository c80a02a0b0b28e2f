import CX11
import CairoRenderer
import Foundation
import UIKit

/// "Touch this screen": when a kiosk has no monitor named and its touchscreen is mapped
/// to none of them (it spans them all, as X maps every touchscreen until told), the
/// kiosk asks the person in front of it: each monitor shows a window saying so, and the
/// first monitor touched (or clicked) becomes the kiosk's. The touch is finished there,
/// before the app exists, so it never reaches the app. Keys do nothing.
///
/// The windows are kiosk windows of their own (override-redirect, exactly over their
/// monitors), drawn once with Cairo. `choose` blocks until someone touches; closing the
/// display ends the program with the connection's one-line error, as anywhere.
@MainActor
public enum KioskMonitorChooser {
    /// The monitors to offer, when the kiosk should ask: no monitor named, no
    /// touchscreen mapped to one, and more than one monitor that does not contain
    /// another (a virtual monitor over an output's own covers it; the smaller ones are
    /// what a person sees). Empty when there is nothing to ask.
    public static func monitorsToOffer(_ monitors: [KioskScreenMonitor], named: String?,
                                       mappedTo mapped: KioskScreenMonitor?) -> [KioskScreenMonitor] {
        guard named == nil, mapped == nil else { return [] }
        let visible = monitors.filter { outer in
            !monitors.contains { inner in inner != outer && outer.contains(inner) }
        }
        return visible.count > 1 ? visible : []
    }

    /// Which of `monitors` a point on the root window is on (the first that holds it).
    public static func monitor(at point: CGPoint, among monitors: [KioskScreenMonitor]) -> KioskScreenMonitor? {
        monitors.first { monitor in
            point.x >= CGFloat(monitor.x) && point.x < CGFloat(monitor.x + monitor.width)
                && point.y >= CGFloat(monitor.y) && point.y < CGFloat(monitor.y + monitor.height)
        }
    }

    /// Shows the question on each of `monitors` and returns the one touched, once the
    /// finger lifted (or the button was released).
    public static func choose(among monitors: [KioskScreenMonitor], on connection: X11Connection,
                              appName: String) throws(X11HostError) -> KioskScreenMonitor {
        var windows: [(window: X11Window, monitor: KioskScreenMonitor)] = []
        for monitor in monitors {
            let window = try X11Window(connection: connection, pixelWidth: monitor.width, pixelHeight: monitor.height,
                                       title: "\(appName) — touch this screen")
            _ = window.enterKiosk(KioskScreenPlacement(monitor: monitor, monitorIndex: nil, windowManager: nil,
                                                       windowManagerSpansMonitors: false, hidesCursor: false))
            window.map()
            window.present(picture(for: monitor, appName: appName), rects: [])
            windows.append((window, monitor))
        }
        defer {
            for (window, _) in windows { window.destroy() }
            connection.flush()
        }
        let display = connection.display
        var chosen: KioskScreenMonitor?
        var heldTouch: (device: Int32, id: Int32)?
        while true {
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                if event.type == Expose, let index = windows.firstIndex(where: { $0.window.id == event.xexpose.window }) {
                    windows[index].window.present(picture(for: windows[index].monitor, appName: appName), rects: [])
                }
                guard event.type == GenericEvent, event.xcookie.extension == connection.xiOpcode,
                      XGetEventData(display, &event.xcookie) != 0 else { continue }
                defer { XFreeEventData(display, &event.xcookie) }
                guard let data = event.xcookie.data else { continue }
                let evtype = event.xcookie.evtype
                guard [XI_TouchBegin, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease].contains(evtype) else { continue }
                let device = data.load(as: XIDeviceEvent.self)
                switch evtype {
                case XI_TouchBegin where chosen == nil,
                     XI_ButtonPress where chosen == nil && device.flags & Int32(XIPointerEmulated) == 0:
                    chosen = windows.first { $0.window.id == device.event }?.monitor
                    if evtype == XI_TouchBegin { heldTouch = (device.sourceid, device.detail) }
                case XI_TouchEnd where heldTouch.map { $0.device == device.sourceid && $0.id == device.detail } ?? false:
                    if let chosen { return chosen }
                case XI_ButtonRelease where heldTouch == nil && device.flags & Int32(XIPointerEmulated) == 0:
                    if let chosen { return chosen }
                default:
                    break
                }
            }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, 200)
        }
    }

    /// The question, drawn for one monitor: large enough to read from a step away on
    /// any monitor from 640×480 up, never under 13 points.
    static func picture(for monitor: KioskScreenMonitor, appName: String) -> FrameBuffer {
        let size = CGSize(width: monitor.width, height: monitor.height)
        let buffer = FrameBuffer(pointSize: size, scale: 1)
        let headline = max(13, min(size.width / 14, size.height / 7))
        let detail = max(13, headline * 0.4)
        buffer.draw { canvas in
            canvas.fill(CGRect(origin: .zero, size: size), with: Canvas.Color(red: 0.11, green: 0.11, blue: 0.12))
            let ring = min(size.width, size.height) / 6
            let center = CGPoint(x: size.width / 2, y: size.height / 2 - headline * 1.6)
            canvas.fillCircle(center: center, radius: ring * 0.45, with: Canvas.Color(red: 0.04, green: 0.52, blue: 1, alpha: 0.35))
            canvas.strokeCircle(center: center, radius: ring * 0.45, with: Canvas.Color(red: 0.04, green: 0.52, blue: 1),
                                lineWidth: max(2, ring * 0.04))
            func centered(_ text: String, size textSize: CGFloat, y: CGFloat, weight: Canvas.FontWeight, alpha: Double) {
                let width = canvas.measureText(text, size: textSize, weight: weight)
                canvas.drawText(text, at: CGPoint(x: (size.width - width) / 2, y: y), size: textSize,
                                color: Canvas.Color(red: 1, green: 1, blue: 1, alpha: alpha), weight: weight)
            }
            let top = size.height / 2 + headline * 0.2
            centered("Touch this screen", size: headline, y: top, weight: .bold, alpha: 1)
            centered("to show \(appName) here", size: detail, y: top + headline * 0.9, weight: .regular, alpha: 0.85)
            centered("monitor \(monitor.name), \(monitor.width) × \(monitor.height)", size: max(13, detail * 0.8),
                     y: size.height - max(13, detail * 0.8) * 1.5, weight: .regular, alpha: 0.6)
        }
        return buffer
    }
}

extension KioskScreenMonitor {
    /// Whether `other` lies wholly inside this monitor.
    func contains(_ other: KioskScreenMonitor) -> Bool {
        other.x >= x && other.y >= y && other.x + other.width <= x + width && other.y + other.height <= y + height
    }
}
