import CX11
import Foundation
import XCTest

/// Another program's window, as a plain Xlib client: mapped at a frame of the root,
/// filled with a background colour the server paints (so it repaints what an overlay
/// uncovers without the test's help), and logging the XI2 touch events it gets from
/// every master device. Tests pump it with `readEvents()` inside their run loop and
/// `close()` it.
package final class TouchLoggingClient: @unchecked Sendable {
    /// One event: its type ("begin", "update", "end") and where, in the window's pixels.
    package struct Entry: Equatable, CustomStringConvertible {
        package var type: String
        package var x: Int
        package var y: Int
        package var description: String { "\(type) (\(x), \(y))" }

        package init(type: String, x: Int, y: Int) {
            self.type = type
            self.x = x
            self.y = y
        }
    }

    private let display: OpaquePointer
    package let window: Window
    private let xiOpcode: Int32
    package private(set) var log: [Entry] = []

    package init(displayName: String, frame: CGRect, background: UInt) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw NSError(domain: "TouchLoggingClient", code: 1, userInfo: [NSLocalizedDescriptionKey: "cannot open \(displayName)"])
        }
        self.display = display
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        xiOpcode = opcode
        var major: Int32 = 2, minor: Int32 = 2
        XIQueryVersion(display, &major, &minor)
        let root = XDefaultRootWindow(display)
        window = XCreateSimpleWindow(display, root, Int32(frame.minX), Int32(frame.minY), UInt32(frame.width),
                                     UInt32(frame.height), 0, 0, background)
        var bits = [UInt8](repeating: 0, count: 4)
        for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] {
            bits[Int(type >> 3)] |= UInt8(1 << (type & 7))
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            XISelectEvents(display, window, &mask, 1)
        }
        // No window manager on the test server: an override-redirect window stays where
        // it is put, as a mapped window would under one.
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        XChangeWindowAttributes(display, window, UInt(CWOverrideRedirect), &attributes)
        XMapRaised(display, window)
        XSync(display, 0)
    }

    /// Reads every event the server has sent so far.
    package func readEvents() {
        readXIDeviceEvents(on: display, opcode: xiOpcode) { device in
            let type: String
            switch device.evtype {
            case XI_TouchBegin: type = "begin"
            case XI_TouchUpdate: type = "update"
            case XI_TouchEnd: type = "end"
            default: return
            }
            log.append(Entry(type: type, x: Int(device.event_x.rounded()), y: Int(device.event_y.rounded())))
        }
    }

    package func close() {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }
}
