import Foundation

/// The binary messages of the Xorg `inputtest` driver's socket protocol
/// (`xf86-input-inputtest-protocol.h`, protocol 1.1), encoded little-endian exactly as
/// the C structs lay them out on x86_64 and aarch64.
///
/// Sizes, from the header: a header is {u32 length, i32 type}; valuator data is
/// {u32 has_unaccelerated, u8 mask[8], 4 bytes of padding, f64 valuators[64],
/// f64 unaccelerated[64]} = 1040 bytes.
public enum InputTestMessage: Equatable, Sendable {
    /// The first message on a connection: the protocol version this client speaks.
    case clientVersion(major: UInt16, minor: UInt16)
    /// Asks the server to answer once it has processed everything sent before.
    case waitForSync
    /// Absolute pointer motion to a position in valuator units (0…65535 per axis).
    case absoluteMotion(x: Double, y: Double)
    /// Absolute pointer motion that also sets the pointer's scroll valuators
    /// (`pointerHorizontalScrollAxis`, `pointerVerticalScrollAxis`) to these values: a
    /// smooth-scrolling driver's report. The server takes them as absolute readings,
    /// `pointerScrollIncrement` a click.
    case scrollingMotion(x: Double, y: Double, horizontalScroll: Double, verticalScroll: Double)
    /// A pointer button (1 = left) pressed or released, at an absolute position.
    case button(number: Int32, isPress: Bool, x: Double, y: Double)
    /// A key by X keycode (evdev code + 8), pressed or released.
    case key(code: Int32, isPress: Bool)
    /// A touch event; `type` is XI_TouchBegin (18), XI_TouchUpdate (19) or XI_TouchEnd (20).
    /// With a `pressure`, the event also carries the touchscreen's "Abs MT Pressure"
    /// valuator (axis `touchPressureAxis`, 0…`touchPressureMaximum`); without, the server
    /// keeps the touch's last pressure.
    case touch(id: UInt32, type: TouchType, x: Double, y: Double, pressure: Double? = nil)

    public enum TouchType: UInt32, Sendable {
        case begin = 18, update = 19, end = 20
    }

    /// The `xf86ITEventType` numbers.
    enum Kind: Int32 {
        case clientVersion = 0, waitForSync = 1, motion = 2, proximity = 3, button = 4
        case key = 5, touch = 6
    }

    /// The axes of a pointer's horizontal and vertical scroll valuators
    /// (`man 4 inputtest`), and their increment, one click, as the driver sets it up.
    public static let pointerHorizontalScrollAxis = 2
    public static let pointerVerticalScrollAxis = 3
    public static let pointerScrollIncrement: Double = 120

    /// The axis of a `Touch` device's "Abs MT Pressure" valuator (`man 4 inputtest`).
    public static let touchPressureAxis = 4
    /// The top of that valuator's range, as the driver sets it up (`xinput list --long`
    /// shows 0…2047).
    public static let touchPressureMaximum: Double = 2047

    static let headerSize = 8
    static let valuatorDataSize = 4 + 8 + 4 + 64 * 8 + 64 * 8

    /// The message's bytes, ready to write to the driver's socket.
    public var encoded: [UInt8] {
        var body = ByteWriter()
        let kind: Kind
        switch self {
        case let .clientVersion(major, minor):
            kind = .clientVersion
            body.append(major)
            body.append(minor)
        case .waitForSync:
            kind = .waitForSync
        case let .absoluteMotion(x, y):
            kind = .motion
            body.append(UInt32(1))
            body.padding(4)  // valuator data is 8-byte aligned after the u32 is_absolute
            body.appendValuators(x: x, y: y)
        case let .scrollingMotion(x, y, horizontal, vertical):
            kind = .motion
            body.append(UInt32(1))
            body.padding(4)
            body.appendValuators(x: x, y: y, extra: [Self.pointerHorizontalScrollAxis: horizontal,
                                                     Self.pointerVerticalScrollAxis: vertical])
        case let .button(number, isPress, x, y):
            kind = .button
            body.append(Int32(1))
            body.append(number)
            body.append(UInt32(isPress ? 1 : 0))
            body.padding(4)
            body.appendValuators(x: x, y: y)
        case let .key(code, isPress):
            kind = .key
            body.append(code)
            body.append(UInt32(isPress ? 1 : 0))
        case let .touch(id, type, x, y, pressure):
            kind = .touch
            body.append(id)
            body.append(type.rawValue)
            body.appendValuators(x: x, y: y, extra: pressure.map { [Self.touchPressureAxis: $0] } ?? [:])
        }
        var message = ByteWriter()
        message.append(UInt32(Self.headerSize + body.bytes.count))
        message.append(kind.rawValue)
        message.bytes += body.bytes
        return message.bytes
    }
}

/// Little-endian serialisation of the C structs' fields.
struct ByteWriter {
    var bytes: [UInt8] = []

    mutating func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }

    mutating func append(_ value: Double) {
        append(value.bitPattern)
    }

    mutating func padding(_ count: Int) {
        bytes += repeatElement(0, count: count)
    }

    /// `xf86ITValuatorData` with axes 0 and 1 (x and y) and the `extra` axes (number →
    /// value, each below 64) set, and nothing unaccelerated.
    mutating func appendValuators(x: Double, y: Double, extra: [Int: Double] = [:]) {
        append(UInt32(0))  // has_unaccelerated
        var mask = [UInt8](repeating: 0, count: 8)
        mask[0] = 0b11
        var valuators = [Double](repeating: 0, count: 64)
        valuators[0] = x
        valuators[1] = y
        for (axis, value) in extra {
            mask[axis / 8] |= 1 << UInt8(axis % 8)
            valuators[axis] = value
        }
        bytes += mask
        padding(4)
        for value in valuators { append(value) }
        padding(64 * 8)
    }
}
