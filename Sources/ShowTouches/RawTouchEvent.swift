import CX11
import Foundation

/// One XI2 raw touch event as the desktop's spots need it: which finger of which device,
/// its phase, and its transformed X and Y valuators where the event carries them.
///
/// Raw events reach every client that selects them on a root window, at all times, even
/// while another client grabs the device: the one-client-per-window rule covers
/// `TouchBegin`/`Update`/`End`, not raw events. So reading them takes no touch from any
/// program (XInput 2.2, `XI_RawTouchBegin` and its kin).
struct RawTouchEvent: Equatable {
    enum Phase: Equatable {
        case began, moved, ended
    }

    /// The slave device the touch came from (`sourceid`).
    var device: Int
    /// The touch's id on its device (`detail`).
    var touch: UInt32
    var phase: Phase
    /// Valuators 0 and 1, transformed by the server; nil where the event left them out.
    var x: Double?
    var y: Double?

    /// Reads a raw touch event's cookie data; nil for other event types, and for the
    /// copy the server sends again from the master device (`deviceid` not the slave
    /// `sourceid`): with `XIAllDevices` selected, each touch comes from both.
    init?(_ event: UnsafePointer<XIRawEvent>, type: Int32) {
        switch type {
        case XI_RawTouchBegin: phase = .began
        case XI_RawTouchUpdate: phase = .moved
        case XI_RawTouchEnd: phase = .ended
        default: return nil
        }
        let raw = event.pointee
        guard raw.deviceid == raw.sourceid else { return nil }
        device = Int(raw.sourceid)
        touch = UInt32(bitPattern: raw.detail)
        // The values come in the order of the mask's set bits.
        let mask = raw.valuators.mask
        var valueIndex = 0
        for byte in 0..<Int(raw.valuators.mask_len) {
            guard let bits = mask?[byte], bits != 0 else { continue }
            for bit in 0..<8 where bits & (1 << bit) != 0 {
                let axis = byte * 8 + bit
                let value = raw.valuators.values[valueIndex]
                valueIndex += 1
                if axis == 0 { x = value } else if axis == 1 { y = value }
            }
        }
    }
}
