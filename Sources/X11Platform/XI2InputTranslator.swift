import CX11
import Foundation
import UIKit

/// Turns XInput2 device events into touch samples: the one place that knows how XI2
/// reports touches and the pointer.
///
/// Contract:
/// - Touches are keyed on (`sourceid`, `detail`): the physical device and its 32-bit touch
///   id. Id 0 is valid and ids wrap, so identity is only ever equality.
/// - Positions are `event_x`/`event_y` divided by the window scale: window points,
///   sub-pixel. A TouchUpdate whose valuator mask has neither axis 0 nor axis 1 (the x and
///   y axes of a touch device) carries no new position and, unless its force or contact
///   size changed (below), yields nothing: the touch is stationary in that batch.
/// - Force and contact size come from the device's pressure and contact-size valuators
///   (`contactAxes`, scaled there). The server puts an axis in an event's mask only when
///   the device reported it, so a touch keeps each reading until a new one comes; an
///   update that changes force or contact size in place is a move (iOS calls
///   `touchesMoved` when "the location or force of a touch changes"). A device without
///   such axes, and the mouse finger, report 0.
/// - Pointer events flagged `XIPointerEmulated` are emulated from a touch and ignored, or
///   every finger would count twice. Other pointer events drive `PointerFingerEmulator`.
/// - The output is always well formed, whatever the server sends: an update or end for a
///   touch this translator never saw begin is dropped, and a begin for a touch that is
///   still live first cancels the old one.
/// - Ownership (XI 2.2): the window selects `TouchOwnership`, so a touch that another
///   client's grab holds first (a window manager, a gesture daemon) is seen as it
///   happens, not only once that client lets it go. A touch begins at once and is
///   *pending* until its `TouchOwnership` event (which follows the begin at once when no
///   grab holds it). If the owner accepts it, the server ends it here without ownership
///   having come: that end is `.cancelled`. If the finger lifts while ownership is
///   undecided (an update flagged `TouchPendingEnd`), the end is held back until the
///   server decides: `.ended` after ownership came, `.cancelled` if it did not. If the
///   owner rejects it, ownership comes and the touch goes on with nothing lost.
public struct XI2InputTranslator: Sendable {
    /// Window pixels per point (`--scale`).
    public var scale: CGFloat
    /// The window's size in points, for the mirrored second finger.
    public var windowSize: CGSize
    /// Called with one line for each event dropped as malformed (for `--verbose`).
    public var log: (@Sendable (String) -> Void)?
    /// How each touch device's pressure and contact size become force and radius, by
    /// device id; a device not here reports neither. The host sets it whenever it learns
    /// its devices.
    public var contactAxes: [Int: TouchContactAxes] = [:]

    /// A live touch as this translator last reported it.
    private struct LiveTouch {
        var location: CGPoint
        /// The device's latest readings of its contact, in device units (nil: none yet).
        var pressure: Double?
        var major: Double?
        var minor: Double?
    }

    private var liveTouches: [TouchSample.ID: LiveTouch] = [:]
    /// Live touches whose ownership has not come yet.
    public private(set) var touchesPendingOwnership: Set<TouchSample.ID> = []
    private var pointerFingers = PointerFingerEmulator()
    private var timestamps = ServerTimestampConverter()

    public init(scale: CGFloat = 1, windowSize: CGSize) {
        self.scale = scale
        self.windowSize = windowSize
    }

    /// The touches that have begun and not yet ended.
    public var liveTouchIDs: Set<TouchSample.ID> { Set(liveTouches.keys) }

    /// A sample of a touch as `touch` stands, with its force and contact size.
    private func sample(_ id: TouchSample.ID, _ phase: TouchSample.Phase, _ touch: LiveTouch,
                        at timestamp: TimeInterval) -> TouchSample {
        guard let axes = contactAxes[id.device], axes.reportsContact else {
            return TouchSample(id: id, phase: phase, location: touch.location, timestamp: timestamp)
        }
        return TouchSample(id: id, phase: phase, location: touch.location, timestamp: timestamp,
                           force: touch.pressure.map(axes.force(pressure:)) ?? 0,
                           maximumPossibleForce: axes.maximumPossibleForce,
                           majorRadius: axes.majorRadius(major: touch.major, minor: touch.minor),
                           majorRadiusTolerance: axes.majorRadiusTolerance)
    }

    /// `touch` with the contact readings `valuators` carry.
    private func reading(_ valuators: XIValuatorState, device: Int, into touch: LiveTouch) -> LiveTouch {
        guard let axes = contactAxes[device], axes.reportsContact else { return touch }
        var touch = touch
        if let axis = axes.pressure?.number, let value = Self.value(ofAxis: axis, in: valuators) { touch.pressure = value }
        if let axis = axes.touchMajor, let value = Self.value(ofAxis: axis, in: valuators) { touch.major = value }
        if let axis = axes.touchMinor, let value = Self.value(ofAxis: axis, in: valuators) { touch.minor = value }
        return touch
    }

    /// The samples one XI2 device event stands for (often one, none for events that
    /// carry nothing new, two for a Ctrl-drag of the mouse).
    /// - Parameters:
    ///   - event: an XI2 touch, motion or button event, as Xlib delivers it.
    ///   - now: the local monotonic clock in milliseconds when the event was read.
    public mutating func translate(_ event: XIDeviceEvent, now: UInt64) -> [TouchSample] {
        let timestamp = timestamps.seconds(serverTime: event.time, now: now)
        let location = CGPoint(x: event.event_x / Double(scale), y: event.event_y / Double(scale))
        let device = Int(event.sourceid)
        switch event.evtype {
        case XI_TouchBegin:
            let id = TouchSample.ID(device: device, number: UInt32(truncatingIfNeeded: event.detail))
            var samples: [TouchSample] = []
            if let previous = liveTouches[id] {
                log?("touch \(id) began again while live: cancelling the old one")
                samples.append(sample(id, .cancelled, previous, at: timestamp))
            }
            let touch = reading(event.valuators, device: device, into: LiveTouch(location: location))
            liveTouches[id] = touch
            touchesPendingOwnership.insert(id)
            samples.append(sample(id, .began, touch, at: timestamp))
            return samples
        case XI_TouchUpdate:
            let id = TouchSample.ID(device: device, number: UInt32(truncatingIfNeeded: event.detail))
            guard let previous = liveTouches[id] else {
                log?("touch \(id) updated without a begin: dropped")
                return []
            }
            var touch = reading(event.valuators, device: device, into: previous)
            if Self.hasPosition(event.valuators) { touch.location = location }
            let now = sample(id, .moved, touch, at: timestamp)
            let before = sample(id, .moved, previous, at: timestamp)
            guard now != before else { return [] }
            liveTouches[id] = touch
            return [now]
        case XI_TouchEnd:
            let id = TouchSample.ID(device: device, number: UInt32(truncatingIfNeeded: event.detail))
            guard let previous = liveTouches.removeValue(forKey: id) else {
                log?("touch \(id) ended without a begin: dropped")
                return []
            }
            var final = reading(event.valuators, device: device, into: previous)
            if Self.hasPosition(event.valuators) { final.location = location }
            // Ended here without ownership: the owner accepted it, it was never ours.
            let phase: TouchSample.Phase = touchesPendingOwnership.remove(id) == nil ? .ended : .cancelled
            return [sample(id, phase, final, at: timestamp)]
        case XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            guard event.flags & Int32(XIPointerEmulated) == 0 else { return [] }
            return translatePointer(event, location: location, device: device, timestamp: timestamp)
        default:
            return []
        }
    }

    /// Notes a `TouchOwnership` event: the touch is this client's now. It yields no
    /// sample; whether anything changed shows in `touchesPendingOwnership`.
    public mutating func noteOwnership(_ event: XITouchOwnershipEvent) {
        let id = TouchSample.ID(device: Int(event.sourceid), number: UInt32(truncatingIfNeeded: event.touchid))
        touchesPendingOwnership.remove(id)
    }

    /// Cancels every live touch of `device` (the device went away): a cancelled sample
    /// for each, at its last position.
    public mutating func cancelTouches(ofDevice device: Int, timestamp: TimeInterval) -> [TouchSample] {
        var samples: [TouchSample] = []
        for (id, touch) in liveTouches where id.device == device {
            samples.append(sample(id, .cancelled, touch, at: timestamp))
            liveTouches[id] = nil
            touchesPendingOwnership.remove(id)
        }
        samples.sort { $0.id.number < $1.id.number }
        return samples + pointerFingers.cancel(device: device, timestamp: timestamp)
    }

    /// Cancels every live touch of every device (the window is closing).
    public mutating func cancelAllTouches(timestamp: TimeInterval) -> [TouchSample] {
        let devices = Set(liveTouches.keys.map(\.device))
        var samples = devices.sorted().flatMap { cancelTouches(ofDevice: $0, timestamp: timestamp) }
        samples += pointerFingers.release(at: .zero, timestamp: timestamp, phase: .cancelled)
        return samples
    }

    // MARK: - Pointer

    private mutating func translatePointer(_ event: XIDeviceEvent, location: CGPoint, device: Int,
                                           timestamp: TimeInterval) -> [TouchSample] {
        let modifiers = PointerFingerEmulator.Modifiers(rawValue: UInt32(truncatingIfNeeded: event.mods.effective))
        let center = CGPoint(x: windowSize.width / 2, y: windowSize.height / 2)
        switch event.evtype {
        case XI_ButtonPress where event.detail == 1:
            return pointerFingers.press(at: location, modifiers: modifiers, device: device,
                                        windowCenter: center, timestamp: timestamp)
        case XI_ButtonRelease where event.detail == 1:
            return pointerFingers.release(at: location, timestamp: timestamp)
        case XI_Motion:
            return pointerFingers.motion(to: location, modifiers: modifiers, windowCenter: center,
                                         timestamp: timestamp)
        default:
            return []
        }
    }

    /// Whether the event's valuator mask carries axis 0 or axis 1 (x or y).
    static func hasPosition(_ valuators: XIValuatorState) -> Bool {
        guard valuators.mask_len > 0, let mask = valuators.mask else { return false }
        return mask[0] & 0b11 != 0
    }

    /// The value of `axis` in the event, nil when its mask does not carry it. Values are
    /// packed: one per bit set in the mask, in axis order.
    static func value(ofAxis axis: Int, in valuators: XIValuatorState) -> Double? {
        guard axis >= 0, axis < Int(valuators.mask_len) * 8, let mask = valuators.mask, let values = valuators.values,
              mask[axis / 8] & (1 << UInt8(axis % 8)) != 0 else { return nil }
        var index = 0
        for earlier in 0..<axis where mask[earlier / 8] & (1 << UInt8(earlier % 8)) != 0 {
            index += 1
        }
        return values[index]
    }
}
