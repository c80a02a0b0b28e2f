import CX11
import Foundation

/// Runs `body` with an `XIDeviceEvent` built by hand, as Xlib would deliver it: its
/// valuator mask carries exactly `valuators` (axis number → value, axes 0…7), their
/// values packed in axis order; nil sends no mask at all (a zero-length one). The mask
/// and values live only for the call.
func withDeviceEvent<R>(_ type: Int32, detail: Int32 = 0, device: Int32, x: Double, y: Double, flags: Int32 = 0,
                        modifiers: Int32 = 0, valuators: [Int: Double]? = [:], time: UInt,
                        _ body: (XIDeviceEvent) -> R) -> R {
    var mask: [UInt8] = [0]
    for axis in (valuators ?? [:]).keys { mask[0] |= 1 << UInt8(axis) }
    var values = (valuators ?? [:]).keys.sorted().map { valuators![$0]! }
    return mask.withUnsafeMutableBufferPointer { maskBuffer in
        values.withUnsafeMutableBufferPointer { valueBuffer in
            var event = XIDeviceEvent()
            event.type = GenericEvent
            event.evtype = type
            event.deviceid = 2
            event.sourceid = device
            event.detail = detail
            event.event_x = x
            event.event_y = y
            event.flags = flags
            event.time = time
            event.mods.effective = modifiers
            event.valuators.mask_len = valuators == nil ? 0 : 1
            event.valuators.mask = valuators == nil ? nil : maskBuffer.baseAddress
            event.valuators.values = valueBuffer.baseAddress
            return body(event)
        }
    }
}
