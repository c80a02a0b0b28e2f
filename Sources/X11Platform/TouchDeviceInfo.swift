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

        public init(minimum: Double, maximum: Double) {
            self.minimum = minimum
            self.maximum = maximum
        }
    }

    /// One of the device's valuators (axes), as XIQueryDevice describes it.
    public struct Valuator: Equatable, Sendable {
        /// Its axis number: its bit in an event's valuator mask.
        public var number: Int
        /// The server's label for it ("Abs MT Position X", "Abs MT Pressure"); empty when
        /// it has none.
        public var label: String
        public var range: AxisRange
        /// Device units per metre, XI2's unit; 0 when the device does not say.
        public var resolution: Int

        public init(number: Int, label: String, range: AxisRange, resolution: Int = 0) {
            self.number = number
            self.label = label
            self.range = range
            self.resolution = resolution
        }
    }

    public var id: Int
    public var name: String
    public var mode: Mode
    /// The most touches the device tracks at once (0 = unknown).
    public var maximumTouches: Int
    public var xAxis: AxisRange?
    public var yAxis: AxisRange?
    public var isEnabled: Bool
    /// Every valuator the device has, by axis number: what `TouchContactAxes` reads
    /// pressure and contact size from.
    public var valuators: [Valuator] = []

    public var description: String {
        func range(_ axis: AxisRange?) -> String {
            guard let axis else { return "?" }
            return "\(Self.format(axis.minimum))…\(Self.format(axis.maximum))"
        }
        let touches = maximumTouches > 0 ? "up to \(maximumTouches) touches" : "any number of touches"
        let contact = TouchContactAxes.describedValuators(of: self).map { ", \($0.name) \(range($0.valuator.range))" }
        return "touch device \(id) \"\(name)\": \(mode.rawValue), \(touches), x \(range(xAxis)), y \(range(yAxis))"
            + contact.joined() + (isEnabled ? "" : ", disabled")
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// Every touch-capable slave device the server has (or just `device`).
    @MainActor
    package static func query(_ connection: X11Connection, device: Int32 = XIAllDevices) -> [TouchDeviceInfo] {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, device, &count) else { return [] }
        defer { XIFreeDeviceInfo(infos) }
        var result: [TouchDeviceInfo] = []
        for index in 0..<Int(count) {
            let info = infos[index]
            guard info.use == XISlavePointer || info.use == XIFloatingSlave else { continue }
            var touch: XITouchClassInfo?
            var axes: [Int32: AxisRange] = [:]
            var valuators: [Valuator] = []
            for classIndex in 0..<Int(info.num_classes) {
                guard let any = info.classes[classIndex] else { continue }
                switch any.pointee.type {
                case XITouchClass:
                    touch = UnsafeRawPointer(any).load(as: XITouchClassInfo.self)
                case XIValuatorClass:
                    let valuator = UnsafeRawPointer(any).load(as: XIValuatorClassInfo.self)
                    let range = AxisRange(minimum: valuator.min, maximum: valuator.max)
                    axes[valuator.number] = range
                    valuators.append(Valuator(number: Int(valuator.number),
                                              label: atomName(valuator.label, on: connection), range: range,
                                              resolution: Int(valuator.resolution)))
                default:
                    break
                }
            }
            guard let touch else { continue }
            result.append(TouchDeviceInfo(
                id: Int(info.deviceid), name: String(cString: info.name),
                mode: touch.mode == XIDirectTouch ? .direct : .dependent,
                maximumTouches: Int(touch.num_touches), xAxis: axes[0], yAxis: axes[1],
                isEnabled: info.enabled != 0, valuators: valuators.sorted { $0.number < $1.number }))
        }
        return result
    }

    /// An axis label's name; empty for `None`.
    @MainActor
    private static func atomName(_ atom: Atom, on connection: X11Connection) -> String {
        guard atom != 0, let name = XGetAtomName(connection.display, atom) else { return "" }
        defer { XFree(name) }
        return String(cString: name)
    }
}
