import CX11
import CairoRenderer
import Foundation
import UIKit

/// "Touch this screen": when a kiosk's monitor is undecided and its touchscreen spans
/// several (`KioskMonitorChoice.ask`), each of those monitors shows a window saying so,
/// and the first monitor touched (or clicked) becomes the kiosk's.
///
/// The windows are kiosk windows of their own (override-redirect, exactly over their
/// monitors, even under a window manager, for the few seconds they show), drawn once
/// with Cairo. `choose` blocks until a finger has touched one and lifted, so the touch
/// is finished before the app's window exists and never reaches the app. A touch that
/// another client's grab takes (a gesture daemon accepting it) chooses nothing: the
/// chooser's input goes through `XI2InputTranslator` like the app's, so such a touch
/// ends cancelled. Keys do nothing. Closing the display ends the program with the
/// connection's one-line error, as anywhere.
@MainActor
public enum KioskMonitorChooser {
    /// The monitor a person chose, and how: `touched`, or `clicked` with a mouse.
    public struct Choice: Equatable, Sendable {
        public var monitor: KioskScreenMonitor
        public var byTouch: Bool
    }

    /// Shows the question on each of `monitors` and returns the one touched, once the
    /// finger lifted (or the button was released).
    public static func choose(among monitors: [KioskScreenMonitor], on connection: X11Connection,
                              appName: String) throws(X11HostError) -> Choice {
        var windows: [(window: X11Window, monitor: KioskScreenMonitor)] = []
        defer {
            for (window, _) in windows { window.destroy() }
            connection.flush()
        }
        for monitor in monitors {
            let window = try X11Window(connection: connection, pixelWidth: monitor.width, pixelHeight: monitor.height,
                                       title: "\(appName) — touch this screen")
            windows.append((window, monitor))
            _ = window.enterKiosk(KioskScreenPlacement(monitor: monitor, monitorIndex: nil, windowManager: nil,
                                                       windowManagerSpansMonitors: false, hidesCursor: false))
            window.map()
            window.present(picture(for: monitor, appName: appName), rects: [])
        }
        let display = connection.display
        var translator = XI2InputTranslator(windowSize: .zero)
        // The first finger down on a question, until it lifts (chosen) or is taken.
        var candidate: (id: TouchSample.ID, choice: Choice)?
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
                if evtype == XI_TouchOwnership {
                    translator.noteOwnership(data.load(as: XITouchOwnershipEvent.self))
                    continue
                }
                guard [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion]
                    .contains(evtype) else { continue }
                let device = data.load(as: XIDeviceEvent.self)
                let now = ServerTimestampConverter.monotonicMilliseconds()
                for sample in translator.translate(device, now: now) {
                    switch sample.phase {
                    case .began where candidate == nil:
                        let root = CGPoint(x: device.root_x, y: device.root_y)
                        if let monitor = KioskMonitorChoice.monitor(at: root, among: monitors) {
                            candidate = (sample.id, Choice(monitor: monitor, byTouch: evtype == XI_TouchBegin))
                        }
                    case .ended where sample.id == candidate?.id:
                        if let candidate { return candidate.choice }
                    case .cancelled where sample.id == candidate?.id:
                        candidate = nil
                    default:
                        break
                    }
                }
            }
            var descriptor = pollfd(fd: connection.fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, -1)
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
