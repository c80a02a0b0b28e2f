import CX11
import Foundation
import UIKit

/// Turns a mouse wheel's and a touchpad's XInput2 scrolling into `ScrollSample`s: the one
/// place that knows how XI2 reports scrolling.
///
/// XI 2.1 reports scrolling two ways:
/// - **Scroll valuators.** A device with scroll classes (`XIScrollClass`: an axis, its
///   direction and its increment) reports scrolling as that axis's absolute value in
///   `XI_Motion` events. The change since the last reading divided by the increment is
///   the scroll in clicks (1.0 = one wheel notch; a touchpad gives fractions). The first
///   reading of an axis after the translator lost track of it (a new device, the pointer
///   entering the window from elsewhere, where it scrolled unseen) is only a baseline,
///   unless the host gave the device's current values (`setAxes(_:values:ofDevice:)`).
/// - **Legacy buttons** 4 and 5 (up, down), 6 and 7 (left, right): one press per click.
///
/// On a device with scroll valuators the server sends each scroll both ways, the one it
/// made up flagged `XIPointerEmulated`: a smooth-scrolling driver's valuator motion comes
/// with emulated button presses for old clients, and a legacy driver's button presses
/// with emulated valuator motion (as the headless server's inputtest pointer shows).
/// Only the unflagged one counts, or every click would count twice; an emulated motion
/// still moves the axis's reading, so the next real one is measured from it.
///
/// Shift turns a purely vertical scroll sideways, as GTK does. The delta's sign follows
/// the device: positive is down and right (`ScrollSample.delta`), so a driver's inverted
/// ("natural") scrolling, a negative increment or swapped buttons, carries over.
public struct XI2ScrollTranslator: Sendable {
    /// One scroll valuator of a device, from its `XIScrollClassInfo`.
    public struct Axis: Equatable, Sendable {
        public enum Direction: Sendable {
            case vertical, horizontal
        }

        /// Its valuator number: its bit in an event's valuator mask.
        public var number: Int
        public var direction: Direction
        /// How much the valuator changes for one click (negative: inverted).
        public var increment: Double

        public init(number: Int, direction: Direction, increment: Double) {
            self.number = number
            self.direction = direction
            self.increment = increment
        }
    }

    /// Window pixels per point (`--scale`).
    public var scale: CGFloat
    private var axes: [Int: [Axis]] = [:]
    /// The latest reading of each scroll valuator, by device and axis number.
    private var readings: [Int: [Int: Double]] = [:]
    private var timestamps = ServerTimestampConverter()

    public init(scale: CGFloat = 1) {
        self.scale = scale
    }

    /// The scroll valuators of `device` (a slave device: events are keyed on their
    /// `sourceid`), with their current values where known, which the next readings are
    /// measured from. Replaces what was known of the device; no axes forgets it.
    public mutating func setAxes(_ deviceAxes: [Axis], values: [Int: Double], ofDevice device: Int) {
        let usable = deviceAxes.filter { $0.increment != 0 && $0.increment.isFinite }
        axes[device] = usable.isEmpty ? nil : usable
        readings[device] = usable.isEmpty ? nil : values.filter { value in usable.contains { $0.number == value.key } }
    }

    /// Whether `device` has scroll valuators this translator reads.
    public func hasScrollValuators(_ device: Int) -> Bool {
        axes[device] != nil
    }

    /// The scroll one XI2 pointer event stands for, if any.
    /// - Parameters:
    ///   - event: an `XI_Motion` (scroll valuators) or `XI_ButtonPress` (buttons 4–7).
    ///   - now: the local monotonic clock in milliseconds when the event was read.
    public mutating func translate(_ event: XIDeviceEvent, now: UInt64) -> ScrollSample? {
        var delta: CGVector
        switch event.evtype {
        case XI_ButtonPress:
            guard (4...7).contains(event.detail), event.flags & Int32(XIPointerEmulated) == 0 else { return nil }
            delta = Self.legacyClick(button: event.detail)
        case XI_Motion:
            delta = valuatorScroll(event)
            guard event.flags & Int32(XIPointerEmulated) == 0 else { return nil }
        default:
            return nil
        }
        if delta.dx == 0, delta.dy != 0, UInt32(truncatingIfNeeded: event.mods.effective) & UInt32(ShiftMask) != 0 {
            delta = CGVector(dx: delta.dy, dy: 0)
        }
        guard delta != .zero else { return nil }
        let location = CGPoint(x: event.event_x / Double(scale), y: event.event_y / Double(scale))
        return ScrollSample(location: location, delta: delta, unit: .clicks,
                            timestamp: timestamps.seconds(serverTime: event.time, now: now))
    }

    /// Buttons 4, 5, 6, 7: a click up, down, left, right.
    static func legacyClick(button: Int32) -> CGVector {
        switch button {
        case 4: CGVector(dx: 0, dy: -1)
        case 5: CGVector(dx: 0, dy: 1)
        case 6: CGVector(dx: -1, dy: 0)
        default: CGVector(dx: 1, dy: 0)
        }
    }

    /// The clicks the event's scroll valuators moved since their last readings, which it
    /// replaces.
    private mutating func valuatorScroll(_ event: XIDeviceEvent) -> CGVector {
        let device = Int(event.sourceid)
        guard let deviceAxes = axes[device] else { return .zero }
        var delta = CGVector.zero
        var known = readings[device] ?? [:]
        for axis in deviceAxes {
            guard let value = XI2InputTranslator.value(ofAxis: axis.number, in: event.valuators), value.isFinite else {
                continue
            }
            if let last = known[axis.number] {
                let clicks = (value - last) / axis.increment
                switch axis.direction {
                case .vertical: delta.dy += clicks
                case .horizontal: delta.dx += clicks
                }
            }
            known[axis.number] = value
        }
        readings[device] = known
        return delta
    }
}
