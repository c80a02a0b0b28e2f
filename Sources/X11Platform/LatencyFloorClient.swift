import CX11
import FileSafety
import Foundation

/// The floor of the latency benchmark: the least an X client can do to show a touch.
/// Raw Xlib and XInput2, no toolkit, no offscreen frame: on TouchBegin it fills a 40×40
/// white rectangle centred on the touch straight into the window and flushes; on
/// TouchUpdate it clears the touch's rectangle and fills it at the new position (the
/// flood benchmark's floor: every update drawn, nothing coalesced); on TouchEnd it
/// clears it. It lives here because only the X11 host talks to Xlib; the
/// benchmark runs it as a separate process.
public enum LatencyFloorClient {
    public static let rectangleSize: Int32 = 40

    public static func run(display name: String) -> Never {
        guard let display = XOpenDisplay(name) else {
            StandardError.writeLine("floor client: cannot open \(name)")
            exit(2)
        }
        var major: Int32 = 2, minor: Int32 = 2
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        guard XQueryExtension(display, "XInputExtension", &opcode, &event, &error) != 0,
              XIQueryVersion(display, &major, &minor) == Success else { exit(2) }
        let screen = XDefaultScreen(display)
        let window = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, 1024, 768, 0,
                                         XBlackPixel(display, screen), XBlackPixel(display, screen))
        var bits = [UInt8](repeating: 0, count: 3)
        for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] {
            bits[Int(type >> 3)] |= UInt8(1 << (type & 7))
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: 3, mask: buffer.baseAddress)
            XISelectEvents(display, window, &mask, 1)
        }
        XMapWindow(display, window)
        let graphics = XCreateGC(display, window, 0, nil)
        XSetForeground(display, graphics, XWhitePixel(display, screen))
        XFlush(display)
        StandardError.writeLine("floor client: ready")
        var xEvent = XEvent()
        // Each live touch's rectangle origin, so an update can clear where it was.
        var rectangles: [Int32: (x: Int32, y: Int32)] = [:]
        let side = UInt32(rectangleSize)
        while true {
            XNextEvent(display, &xEvent)
            guard xEvent.type == GenericEvent, xEvent.xcookie.extension == opcode,
                  XGetEventData(display, &xEvent.xcookie) != 0 else { continue }
            let touch = xEvent.xcookie.data.load(as: XIDeviceEvent.self)
            let x = Int32(touch.event_x) - rectangleSize / 2, y = Int32(touch.event_y) - rectangleSize / 2
            switch xEvent.xcookie.evtype {
            case XI_TouchBegin:
                rectangles[touch.detail] = (x, y)
                XFillRectangle(display, window, graphics, x, y, side, side)
            case XI_TouchUpdate:
                if let old = rectangles[touch.detail] { XClearArea(display, window, old.x, old.y, side, side, 0) }
                rectangles[touch.detail] = (x, y)
                XFillRectangle(display, window, graphics, x, y, side, side)
            case XI_TouchEnd:
                rectangles[touch.detail] = nil
                XClearArea(display, window, x, y, side, side, 0)
            default:
                break
            }
            XFreeEventData(display, &xEvent.xcookie)
            XFlush(display)
        }
    }
}
