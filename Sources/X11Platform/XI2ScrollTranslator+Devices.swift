import CX11
import Foundation

// Where the scroll translator learns its devices' scroll valuators: the server's device
// list (XIQueryDevice) and its device-change events.

extension XI2ScrollTranslator {
    /// Learns the scroll valuators of every slave pointer (or just `device`) from the
    /// server, with their current values, so a device's first scroll counts in full.
    @MainActor
    public mutating func learnDevices(on connection: X11Connection, device: Int32 = XIAllDevices) {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(connection.display, device, &count) else { return }
        defer { XIFreeDeviceInfo(infos) }
        for index in 0..<Int(count) {
            let info = infos[index]
            guard info.use == XISlavePointer || info.use == XIFloatingSlave else { continue }
            let found = Self.scrollAxes(in: info.classes, count: Int(info.num_classes))
            setAxes(found.axes, values: found.values, ofDevice: Int(info.deviceid))
        }
    }

    /// A device's classes changed (`XI_DeviceChanged`). When the device itself changed,
    /// its scroll valuators are the event's, read from the values it carries. When
    /// another slave now drives the master, that slave's own readings still hold (every
    /// scroll it made over the window came here), so only a slave not known yet is
    /// learnt from the event.
    public mutating func noteDeviceChanged(_ event: XIDeviceChangedEvent) {
        if event.reason == XISlaveSwitch, hasScrollValuators(Int(event.sourceid)) { return }
        let found = Self.scrollAxes(in: event.classes, count: Int(event.num_classes))
        setAxes(found.axes, values: found.values, ofDevice: Int(event.sourceid))
    }

    /// The scroll axes in a class list, with the current values of their valuators.
    static func scrollAxes(in classes: UnsafeMutablePointer<UnsafeMutablePointer<XIAnyClassInfo>?>?,
                           count: Int) -> (axes: [Axis], values: [Int: Double]) {
        guard let classes else { return ([], [:]) }
        var axes: [Axis] = []
        var values: [Int: Double] = [:]
        for index in 0..<count {
            guard let any = classes[index] else { continue }
            switch any.pointee.type {
            case XIScrollClass:
                let scroll = UnsafeRawPointer(any).load(as: XIScrollClassInfo.self)
                guard scroll.scroll_type == XIScrollTypeVertical || scroll.scroll_type == XIScrollTypeHorizontal else {
                    continue
                }
                axes.append(Axis(number: Int(scroll.number),
                                 direction: scroll.scroll_type == XIScrollTypeVertical ? .vertical : .horizontal,
                                 increment: scroll.increment))
            case XIValuatorClass:
                let valuator = UnsafeRawPointer(any).load(as: XIValuatorClassInfo.self)
                values[Int(valuator.number)] = valuator.value
            default:
                break
            }
        }
        return (axes.sorted { $0.number < $1.number }, values)
    }
}
