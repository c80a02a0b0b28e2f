import Foundation
import UIKit

/// The mouse as fingers, so the sandbox works on a desktop without a touchscreen.
///
/// The left button is one finger: press = began, drag = moved, release = ended. As in
/// the iOS Simulator, holding Ctrl when the button goes down adds a second finger
/// mirrored about the window's centre (drag to pinch or rotate), and Ctrl+Shift moves
/// that second finger in parallel with the first (a two-finger pan). The number of
/// fingers is fixed when the button goes down; releasing Ctrl mid-drag changes nothing
/// until the button is released. Holding Shift during a Ctrl drag switches between
/// mirrored and parallel motion at any time.
///
/// The fingers carry the pointer's source device and the numbers 0 (under the pointer)
/// and 1 (the mirrored or parallel finger).
public struct PointerFingerEmulator: Sendable {
    public struct Modifiers: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// X's ShiftMask and ControlMask bits.
        public static let shift = Modifiers(rawValue: 1 << 0)
        public static let control = Modifiers(rawValue: 1 << 2)
    }

    private struct Gesture {
        var device: Int
        var hasSecondFinger: Bool
        var primary: CGPoint
        var secondary: CGPoint
    }

    private var gesture: Gesture?

    public init() {}

    /// The left button went down at `location` (window points).
    public mutating func press(at location: CGPoint, modifiers: Modifiers, device: Int,
                               windowCenter: CGPoint, timestamp: TimeInterval) -> [TouchSample] {
        var ended: [TouchSample] = []
        if gesture != nil {
            // A press while pressed means the release was lost (a grab elsewhere): end
            // the old fingers so no touch stays open.
            ended = release(at: location, timestamp: timestamp, phase: .cancelled)
        }
        let hasSecondFinger = modifiers.contains(.control)
        let secondary = Self.mirror(location, about: windowCenter)
        gesture = Gesture(device: device, hasSecondFinger: hasSecondFinger, primary: location,
                          secondary: secondary)
        return ended + samples(.began, timestamp: timestamp)
    }

    /// The pointer moved; yields nothing unless the button is down.
    public mutating func motion(to location: CGPoint, modifiers: Modifiers, windowCenter: CGPoint,
                                timestamp: TimeInterval) -> [TouchSample] {
        guard var current = gesture else { return [] }
        guard location != current.primary else { return [] }
        if current.hasSecondFinger {
            if modifiers.contains(.shift) {
                current.secondary.x += location.x - current.primary.x
                current.secondary.y += location.y - current.primary.y
            } else {
                current.secondary = Self.mirror(location, about: windowCenter)
            }
        }
        current.primary = location
        gesture = current
        return samples(.moved, timestamp: timestamp)
    }

    /// The left button went up (`.ended`), or the gesture was interrupted (`.cancelled`).
    public mutating func release(at location: CGPoint, timestamp: TimeInterval,
                                 phase: TouchSample.Phase = .ended) -> [TouchSample] {
        guard var current = gesture else { return [] }
        if phase == .ended, location != current.primary {
            // The release carries the final position; the second finger keeps its own.
            if current.hasSecondFinger {
                current.secondary.x += location.x - current.primary.x
                current.secondary.y += location.y - current.primary.y
            }
            current.primary = location
            gesture = current
        }
        let result = samples(phase, timestamp: timestamp)
        gesture = nil
        return result
    }

    /// Ends the fingers as cancelled if they came from `device`.
    public mutating func cancel(device: Int, timestamp: TimeInterval) -> [TouchSample] {
        guard let current = gesture, current.device == device else { return [] }
        return release(at: current.primary, timestamp: timestamp, phase: .cancelled)
    }

    private func samples(_ phase: TouchSample.Phase, timestamp: TimeInterval) -> [TouchSample] {
        guard let current = gesture else { return [] }
        var result = [TouchSample(id: .init(device: current.device, number: 0), phase: phase,
                                  location: current.primary, timestamp: timestamp)]
        if current.hasSecondFinger {
            result.append(TouchSample(id: .init(device: current.device, number: 1), phase: phase,
                                      location: current.secondary, timestamp: timestamp))
        }
        return result
    }

    static func mirror(_ point: CGPoint, about center: CGPoint) -> CGPoint {
        CGPoint(x: 2 * center.x - point.x, y: 2 * center.y - point.y)
    }
}
