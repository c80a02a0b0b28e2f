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
///   y axes of a touch device) carries no new position and yields nothing: the touch is
///   stationary in that batch.
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

    private var liveTouches: [TouchSample.ID: CGPoint] = [:]
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

    /// The samples one XI2 device event stands for (often one, none for events that
    /// carry nothing new, two for a Ctrl-drag of the mouse).
    /// - Parameter now: the local monotonic clock in milliseconds when the event was read.
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
                samples.append(TouchSample(id: id, phase: .cancelled, location: previous, timestamp: timestamp))
            }
            liveTouches[id] = location
            touchesPendingOwnership.insert(id)
            samples.append(TouchSample(id: id, phase: .began, location: location, timestamp: timestamp))
            return samples
        case XI_TouchUpdate:
            let id = TouchSample.ID(device: device, number: UInt32(truncatingIfNeeded: event.detail))
            guard let previous = liveTouches[id] else {
                log?("touch \(id) updated without a begin: dropped")
                return []
            }
            guard Self.hasPosition(event.valuators), location != previous else { return [] }
            liveTouches[id] = location
            return [TouchSample(id: id, phase: .moved, location: location, timestamp: timestamp)]
        case XI_TouchEnd:
            let id = TouchSample.ID(device: device, number: UInt32(truncatingIfNeeded: event.detail))
            guard let previous = liveTouches.removeValue(forKey: id) else {
                log?("touch \(id) ended without a begin: dropped")
                return []
            }
            let final = Self.hasPosition(event.valuators) ? location : previous
            // Ended here without ownership: the owner accepted it, it was never ours.
            let phase: TouchSample.Phase = touchesPendingOwnership.remove(id) == nil ? .ended : .cancelled
            return [TouchSample(id: id, phase: phase, location: final, timestamp: timestamp)]
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
        for (id, location) in liveTouches where id.device == device {
            samples.append(TouchSample(id: id, phase: .cancelled, location: location, timestamp: timestamp))
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
}
