import CX11
import Foundation

/// What XIQueryDevice says about one touch-capable slave device.
public struct TouchDeviceInfo: Equatable, Sendable, CustomStringConvertible {
    public enum Mode: String, Sendable {
        /// A touchscreen: touches happen where the finger is.
        case direct
        /// A touchpad: touches move a pointer.
        case dependent
    }

    public struct AxisRange: Equatable, Sendable {
        public var minimum: Double
        public var maximum: Double
    }

    public var id: Int
    public var name: String
    public var mode: Mode
    /// The most touches the device tracks at once (0 = unknown).
    public var maximumTouches: Int
    public var xAxis: AxisRange?
    public var yAxis: AxisRange?
    public var isEnabled: Bool

    public var description: String {
        func range(_ axis: AxisRange?) -> String {
            guard let axis else { return "?" }
            return "\(Self.format(axis.minimum))…\(Self.format(axis.maximum))"
        }
        let touches = maximumTouches > 0 ? "up to \(maximumTouches) touches" : "any number of touches"
        return "touch device \(id) \"\(name)\": \(mode.rawValue), \(touches), x \(range(xAxis)), y \(range(yAxis))\(isEnabled ? "" : ", disabled")"
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Every touch-capable slave device the server has (or just `device`).
    @MainActor
    static func query(_ connection: X11Connection, device: Int32 = XIAllDevices) -> [TouchDeviceInfo] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, device, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var result: [TouchDeviceInfo] = []
        for index in 0..<Int(count) {
            let info = infos[index]
            guard info.use == XISlavePointer || info.use == XIFloatingSlave else { continue }
            var touch: XITouchClassInfo?
            var axes: [Int32: AxisRange] = [:]
            for classIndex in 0..<Int(info.num_classes) {
                guard let any = info.classes[classIndex] else { continue }
                switch any.pointee.type {
                case XITouchClass:
                    touch = UnsafeRawPointer(any).load(as: XITouchClassInfo.self)
                case XIValuatorClass:
                    let valuator = UnsafeRawPointer(any).load(as: XIValuatorClassInfo.self)
                    axes[valuator.number] = AxisRange(minimum: valuator.min, maximum: valuator.max)
                default:
                    break
                }
            }
            guard let touch else { continue }
            result.append(TouchDeviceInfo(
                id: Int(info.deviceid), name: String(cString: info.name),
                mode: touch.mode == XIDirectTouch ? .direct : .dependent,
                maximumTouches: Int(touch.num_touches), xAxis: axes[0], yAxis: axes[1],
                isEnabled: info.enabled != 0))
        }
        return result
    }
}
