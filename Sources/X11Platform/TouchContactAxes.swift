import Foundation

/// Which of a touch device's valuators report pressure and contact size, and how their
/// values become `UITouch.force` and `UITouch.majorRadius`: the one place that knows
/// those scales.
///
/// The axes are found by the labels the server gives them: pressure is "Abs MT Pressure"
/// (or, on a device without it, the single-touch "Abs Pressure"); contact size is
/// "Abs MT Touch Major" and "Abs MT Touch Minor". A device with none of them reports
/// force and radius 0, as does the mouse finger.
///
/// **Force.** The pressure axis's whole range spans 0…`maximumPossibleForce`, and
/// `maximumPossibleForce` is 20/3 (6.67), what iPhones with 3D Touch report. A Linux
/// touchscreen's pressure is uncalibrated (often the contact's area, not a force), so no
/// reading can honestly be called "an average touch" (iOS's 1.0). What carries over is the
/// fraction of the device's range: apps scale by it (`force / maximumPossibleForce`, as
/// WWDC 2015 "Advanced Touch Input on iOS" recommends), and thresholds tuned on a 3D
/// Touch phone (a peek at about half the range) then fall at the same fraction of this
/// device's range. A value below the range's minimum is 0, above its maximum the maximum.
///
/// **Contact size.** The major axis is in the device's surface units (the kernel's
/// multi-touch protocol gives touch major in the units of the position axes), and the
/// position axes span what the server maps them onto (`coveredPixels`: the screen, or
/// the monitor a coordinate transformation matrix maps the device to), one more pixel per
/// unit than the range (the server scales `max - min + 1` units onto the pixels). So a
/// unit of contact size is `coveredPixels.width / x range` pixels across and
/// `height / y range` down; its orientation is unknown, so the geometric mean of the two
/// is used (exact for a device whose units are square on screen, and unchanged by a
/// matrix that turns the device a quarter turn). Pixels become points through the
/// window's `scale`. When the touch-major axis and the position axes each report a
/// resolution (units per metre) and they differ, the major axis is first converted into
/// position units by their ratio; when either reports none (resolution 0, as most
/// touchscreens and the inputtest driver do), the kernel's convention that they share
/// units is taken. A device whose position axes have no range gives radius 0.
/// `majorRadius` is half the larger of the major and minor axes.
///
/// **Tolerance.** The axes come in whole device units, so the radius, half an axis,
/// comes in steps of half a unit; `majorRadiusTolerance` is half a step, a quarter unit in
/// points: the reading's own precision, which is all the device says about its accuracy.
public struct TouchContactAxes: Equatable, Sendable {
    /// The labels of pressure axes, preferred first.
    public static let pressureLabels = ["Abs MT Pressure", "Abs Pressure"]
    public static let touchMajorLabel = "Abs MT Touch Major"
    public static let touchMinorLabel = "Abs MT Touch Minor"
    /// The force of the strongest press a pressure-reporting device can report: what
    /// iPhones with 3D Touch report as `UITouch.maximumPossibleForce`.
    public static let pressureDeviceMaximumForce: CGFloat = 20.0 / 3

    /// The pressure valuator, nil when the device has none (or one without a range).
    public private(set) var pressure: TouchDeviceInfo.Valuator?
    /// The contact-size valuators' axis numbers, nil when the device has none.
    public private(set) var touchMajor: Int?
    public private(set) var touchMinor: Int?
    /// Points per device unit of contact size; 0 when it cannot be known.
    public private(set) var pointsPerContactUnit: CGFloat = 0

    /// What the axes of `device` mean for a window of `scale` pixels per point, when the
    /// server maps the device's whole range onto `coveredPixels` of the screen.
    public init(device: TouchDeviceInfo, coveredPixels: CGSize, scale: CGFloat) {
        pressure = Self.pressureLabels.lazy.compactMap { label in
            device.valuators.first { $0.label == label && $0.range.maximum > $0.range.minimum }
        }.first
        let major = device.valuators.first { $0.label == Self.touchMajorLabel }
        touchMajor = major?.number
        touchMinor = device.valuators.first { $0.label == Self.touchMinorLabel }?.number
        guard let major, scale > 0,
              let x = device.valuators.first(where: { $0.number == 0 }),
              let y = device.valuators.first(where: { $0.number == 1 }),
              x.range.maximum > x.range.minimum, y.range.maximum > y.range.minimum else { return }
        var pixelsPerUnitX = Double(coveredPixels.width) / (x.range.maximum - x.range.minimum + 1)
        var pixelsPerUnitY = Double(coveredPixels.height) / (y.range.maximum - y.range.minimum + 1)
        if major.resolution > 0, x.resolution > 0, y.resolution > 0 {
            pixelsPerUnitX *= Double(x.resolution) / Double(major.resolution)
            pixelsPerUnitY *= Double(y.resolution) / Double(major.resolution)
        }
        pointsPerContactUnit = CGFloat((pixelsPerUnitX * pixelsPerUnitY).squareRoot()) / scale
    }

    /// Whether the device reports pressure or contact size at all.
    public var reportsContact: Bool { pressure != nil || touchMajor != nil }

    /// `UITouch.maximumPossibleForce` for this device: 0 without pressure.
    public var maximumPossibleForce: CGFloat { pressure == nil ? 0 : Self.pressureDeviceMaximumForce }

    /// `UITouch.force` for a pressure reading in device units.
    public func force(pressure reading: Double) -> CGFloat {
        guard let axis = pressure?.range, reading.isFinite else { return 0 }
        let fraction = (reading - axis.minimum) / (axis.maximum - axis.minimum)
        return CGFloat(min(max(fraction, 0), 1)) * Self.pressureDeviceMaximumForce
    }

    /// `UITouch.majorRadius` in points for contact axes read in device units (nil: not
    /// reported yet).
    public func majorRadius(major: Double?, minor: Double?) -> CGFloat {
        let larger = max(major.flatMap { $0.isFinite ? $0 : nil } ?? 0, minor.flatMap { $0.isFinite ? $0 : nil } ?? 0)
        return CGFloat(larger) / 2 * pointsPerContactUnit
    }

    /// `UITouch.majorRadiusTolerance` in points: 0 without contact size.
    public var majorRadiusTolerance: CGFloat { touchMajor == nil ? 0 : pointsPerContactUnit / 4 }

    /// The axes of each of `devices` that reports pressure or contact size, by device id,
    /// for a window of `scale`. A device's range covers what its coordinate
    /// transformation matrix maps it onto (a kiosk's monitor), read only for devices that
    /// report contact size; it is read when the host learns its devices, so a matrix
    /// another program changes later is not seen.
    @MainActor
    static func of(_ devices: [TouchDeviceInfo], on connection: X11Connection, scale: CGFloat) -> [Int: TouchContactAxes] {
        let screen = TouchscreenMapping.screenSize(of: connection)
        var axes: [Int: TouchContactAxes] = [:]
        for device in devices {
            var covered = CGSize(width: screen.width, height: screen.height)
            if device.valuators.contains(where: { $0.label == touchMajorLabel }),
               let matrix = TouchscreenMapping.readMatrix(device: device.id, on: connection),
               let rectangle = TouchscreenMapping.coveredRectangle(of: matrix, screen: screen) {
                covered = CGSize(width: rectangle.width, height: rectangle.height)
            }
            let contact = TouchContactAxes(device: device, coveredPixels: covered, scale: scale)
            if contact.reportsContact { axes[device.id] = contact }
        }
        return axes
    }

    /// The valuators a device's description names: pressure and contact size.
    static func describedValuators(of device: TouchDeviceInfo) -> [(name: String, valuator: TouchDeviceInfo.Valuator)] {
        let pressure = pressureLabels.lazy.compactMap { label in device.valuators.first { $0.label == label } }.first
        let major = device.valuators.first { $0.label == touchMajorLabel }
        return [("pressure", pressure), ("contact size", major)].compactMap { name, valuator in valuator.map { (name, $0) } }
    }
}
