import Foundation
import UIKit

/// Recognizes the kiosk's exit gestures in raw samples (screen points), before UIKit
/// sees them: four fingers or more held still for `KioskConfiguration.holdDuration`, or
/// `cornerTaps` taps in one corner within `cornerTapWindow`. It decides nothing about
/// the app's touches; `KioskSession` acts on what it reports.
///
/// Time is the samples' timestamps and, for a hold that sees no new sample, the time
/// `check(at:)` is called with, so a manual clock drives it in tests.
struct KioskExitGesture {
    let configuration: KioskConfiguration
    /// The screen's size in points, for the corners.
    var screenSize: CGSize

    /// The fingers down: where each landed and where it is.
    private var fingers: [TouchSample.ID: (start: CGPoint, now: CGPoint, began: TimeInterval)] = [:]
    /// Since when enough fingers have been down and still, if they are.
    private(set) var holdStart: TimeInterval?
    /// The recent taps' times, with the corner they were in.
    private var cornerTaps: [(corner: Int, time: TimeInterval)] = []

    init(configuration: KioskConfiguration, screenSize: CGSize) {
        self.configuration = configuration
        self.screenSize = screenSize
    }

    var watchesHold: Bool { configuration.exitGesture != .corner }
    var watchesCorners: Bool { configuration.exitGesture != .hold }

    /// The fingers taking part in a hold now (for cancelling them when it fires).
    var heldFingers: [(id: TouchSample.ID, location: CGPoint)] {
        fingers.map { ($0.key, $0.value.now) }
    }

    /// Takes one batch; returns true when it completes an exit gesture.
    mutating func take(_ batch: [TouchSample]) -> Bool {
        var completed = false
        var newest = -TimeInterval.infinity
        for sample in batch {
            newest = max(newest, sample.timestamp)
            switch sample.phase {
            case .began:
                fingers[sample.id] = (sample.location, sample.location, sample.timestamp)
            case .moved:
                fingers[sample.id]?.now = sample.location
            case .ended:
                if let finger = fingers.removeValue(forKey: sample.id), isTap(finger, endedAt: sample) {
                    completed = noteTap(at: finger.start, time: sample.timestamp) || completed
                }
            case .cancelled:
                fingers[sample.id] = nil
            }
        }
        updateHold()
        return completed || holdCompleted(at: newest)
    }

    /// Whether a hold has lasted long enough by `time` (no new sample needed).
    func holdCompleted(at time: TimeInterval) -> Bool {
        guard let holdStart else { return false }
        return time - holdStart >= KioskConfiguration.holdDuration
    }

    /// When the hold under way completes, if one is under way.
    var holdDeadline: TimeInterval? {
        holdStart.map { $0 + KioskConfiguration.holdDuration }
    }

    mutating func reset() {
        fingers.removeAll()
        holdStart = nil
        cornerTaps.removeAll()
    }

    // MARK: - Hold

    private mutating func updateHold() {
        guard watchesHold else { return }
        guard fingers.count >= KioskConfiguration.holdFingers,
              fingers.values.allSatisfy({ hypot($0.now.x - $0.start.x, $0.now.y - $0.start.y) <= KioskConfiguration.holdSlop })
        else {
            holdStart = nil
            return
        }
        // The hold counts from the moment the last finger it needs landed.
        if holdStart == nil { holdStart = fingers.values.reduce(-TimeInterval.infinity) { max($0, $1.began) } }
    }

    // MARK: - Corner taps

    private static let tapDuration: TimeInterval = 0.5
    private static let tapSlop: CGFloat = 20

    private func isTap(_ finger: (start: CGPoint, now: CGPoint, began: TimeInterval), endedAt sample: TouchSample) -> Bool {
        sample.timestamp - finger.began <= Self.tapDuration
            && hypot(sample.location.x - finger.start.x, sample.location.y - finger.start.y) <= Self.tapSlop
    }

    /// The corner a point lies in (0 top left, 1 top right, 2 bottom left, 3 bottom
    /// right), or nil.
    func corner(of point: CGPoint) -> Int? {
        let size = KioskConfiguration.cornerSize
        let left = point.x <= size, right = point.x >= screenSize.width - size
        let top = point.y <= size, bottom = point.y >= screenSize.height - size
        switch (left, right, top, bottom) {
        case (true, _, true, _): return 0
        case (_, true, true, _): return 1
        case (true, _, _, true): return 2
        case (_, true, _, true): return 3
        default: return nil
        }
    }

    private mutating func noteTap(at point: CGPoint, time: TimeInterval) -> Bool {
        guard watchesCorners, let corner = corner(of: point) else {
            cornerTaps.removeAll()
            return false
        }
        cornerTaps.removeAll { $0.corner != corner || time - $0.time > KioskConfiguration.cornerTapWindow }
        cornerTaps.append((corner, time))
        guard cornerTaps.count >= KioskConfiguration.cornerTaps else { return false }
        cornerTaps.removeAll()
        return true
    }
}
