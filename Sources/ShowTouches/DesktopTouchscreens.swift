import CX11
import Foundation
import X11Platform

/// The touchscreens of a display as the desktop's spots read them: each direct-touch
/// slave device with the ranges of its X and Y axes (valuators 0 and 1), refreshed when
/// devices come and go (`XI_HierarchyChanged`) or change (`XI_DeviceChanged`).
///
/// A raw event's transformed valuators (`XIRawEvent.valuators`) are in the device's own
/// axis ranges after the server applied its Coordinate Transformation Matrix: the server
/// maps to the screen, applies the matrix and scales back. So the position on the root
/// window is the value's place in its axis range times the root's size; `raw_values`
/// (before the matrix) are never used and the matrix is never applied a second time.
/// That keeps a spot under the finger on a touchscreen mapped to one monitor, spread
/// over several, or mapped again (`xinput map-to-output`) while the spots show.
@MainActor
struct DesktopTouchscreens {
    /// One touchscreen.
    struct Device: Equatable {
        var id: Int
        var name: String
        var x: TouchDeviceInfo.AxisRange
        var y: TouchDeviceInfo.AxisRange
    }

    private(set) var devices: [Int: Device] = [:]

    /// Reads the devices again.
    mutating func refresh(_ connection: X11Connection) {
        var found: [Int: Device] = [:]
        for info in TouchDeviceInfo.query(connection) where info.mode == .direct && info.isEnabled {
            guard let x = info.xAxis, let y = info.yAxis, x.maximum > x.minimum, y.maximum > y.minimum else { continue }
            found[info.id] = Device(id: info.id, name: info.name, x: x, y: y)
        }
        devices = found
    }

    /// The root window position of a device's axis values, for a root of `rootSize`
    /// pixels.
    func rootPoint(device: Int, x: Double, y: Double, rootSize: CGSize) -> CGPoint? {
        guard let device = devices[device] else { return nil }
        let unitX = (x - device.x.minimum) / (device.x.maximum - device.x.minimum)
        let unitY = (y - device.y.minimum) / (device.y.maximum - device.y.minimum)
        return CGPoint(x: unitX * rootSize.width, y: unitY * rootSize.height)
    }
}
