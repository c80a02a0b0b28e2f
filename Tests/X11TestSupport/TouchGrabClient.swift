import CX11
import Foundation
import XCTest

/// A second X client that holds a passive touch grab on the root window, as a window
/// manager or a gesture daemon does: it owns every new touch first and decides, per
/// touch, to accept it (the touch is its alone) or reject it (ownership passes on to
/// the window under the finger). Tests pump it with `readEvents()` inside their run
/// loop and must `close()` it, or the grab outlives the test on the shared server.
/// Not tied to the main actor: a test whose main thread blocks (the kiosk's "touch this
/// screen") drives it from a thread of its own; one thread at a time uses it.
package final class TouchGrabClient: @unchecked Sendable {
    /// One touch the grab received: XI2's (master device, touch id) pair, what
    /// `XIAllowTouchEvents` needs, and the events seen, by XI event type.
    package struct Touch: Equatable {
        package var device: Int32
        package var id: UInt32
        package var events: [Int32]
    }

    private let display: OpaquePointer
    private let root: Window
    private let xiOpcode: Int32
    /// The touches the grab received, in the order they began.
    package private(set) var touches: [Touch] = []

    package init(displayName: String) throws {
        guard let display = XOpenDisplay(displayName) else {
            throw NSError(domain: "TouchGrabClient", code: 1,
                          userInfo: [NSLocalizedDescriptionKey: "cannot open \(displayName)"])
        }
        self.display = display
        root = XDefaultRootWindow(display)
        var opcode: Int32 = 0, event: Int32 = 0, error: Int32 = 0
        XQueryExtension(display, "XInputExtension", &opcode, &event, &error)
        xiOpcode = opcode
        var major: Int32 = 2, minor: Int32 = 2
        XIQueryVersion(display, &major, &minor)
        var bits = [UInt8](repeating: 0, count: 4)
        for type in [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd] {
            bits[Int(type >> 3)] |= UInt8(1 << (type & 7))
        }
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        let status = bits.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var mask = XIEventMask(deviceid: XIAllMasterDevices, mask_len: Int32(buffer.count), mask: buffer.baseAddress)
            return XIGrabTouchBegin(display, XIAllMasterDevices, root, 0, &mask, 1, &modifiers)
        }
        XSync(display, 0)
        guard status == 0, modifiers.status == 0 else {
            XCloseDisplay(display)
            throw NSError(domain: "TouchGrabClient", code: 2,
                          userInfo: [NSLocalizedDescriptionKey: "the touch grab failed (\(status), \(modifiers.status))"])
        }
    }

    /// Reads every event the server has sent so far.
    package func readEvents() {
        readXIDeviceEvents(on: display, opcode: xiOpcode) { device in
            let id = UInt32(bitPattern: device.detail)
            if let index = touches.firstIndex(where: { $0.id == id && $0.device == device.deviceid }),
               device.evtype != XI_TouchBegin {
                touches[index].events.append(device.evtype)
            } else if device.evtype == XI_TouchBegin {
                touches.append(Touch(device: device.deviceid, id: id, events: [XI_TouchBegin]))
            }
        }
    }

    /// The touch is the grab's: every other client's copy of it ends.
    package func accept(_ touch: Touch) {
        allow(touch, mode: XIAcceptTouch)
    }

    /// The grab lets the touch go: ownership passes on, nothing of it lost.
    package func reject(_ touch: Touch) {
        allow(touch, mode: XIRejectTouch)
    }

    private func allow(_ touch: Touch, mode: Int32) {
        XIAllowTouchEvents(display, touch.device, touch.id, root, mode)
        XSync(display, 0)
    }

    /// Lets go of the grab and the connection.
    package func close() {
        var modifiers = XIGrabModifiers(modifiers: Int32(bitPattern: XIAnyModifier), status: 0)
        XIUngrabTouchBegin(display, XIAllMasterDevices, root, 1, &modifiers)
        XSync(display, 0)
        XCloseDisplay(display)
    }
}
