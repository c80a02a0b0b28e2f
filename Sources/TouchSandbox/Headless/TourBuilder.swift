import Foundation
import TouchRecording
import UIKit

/// Writes a tour as a person would perform it: fingers landing, moving and lifting at
/// times, as batches of a `TouchRecording`. Time runs on from one gesture to the next;
/// moves are sampled every `stepInterval` (as a 60 Hz touchscreen reports them).
struct TourBuilder {
    /// The device the tour's fingers are on (any number: a replay gives each finger the
    /// device's own id).
    static let device = 1
    /// Seconds between a moving finger's reports.
    static let stepInterval: TimeInterval = 1.0 / 60

    private(set) var events: [TouchRecording.Event] = []
    /// The time the next gesture starts at, in seconds from the start.
    private(set) var now: TimeInterval
    private var nextNumber: UInt32 = 1

    init(startingAt start: TimeInterval = 0.5) {
        now = start
    }

    func recording(size: CGSize, scene: String) -> TouchRecording {
        TouchRecording(header: TouchRecording.Header(size: size, app: "touch-sandbox", scene: scene,
                                                     devices: [TouchRecording.Device(id: Self.device, name: "tour")]),
                       events: events)
    }

    /// Lets `seconds` pass with no finger moving.
    mutating func wait(_ seconds: TimeInterval) {
        now += seconds
    }

    /// A tap: down and up `duration` later, without moving.
    mutating func tap(at point: CGPoint, duration: TimeInterval = 0.08) {
        let id = newFinger()
        add([sample(id, .began, point)])
        now += duration
        add([sample(id, .ended, point)])
    }

    /// Two taps `interval` apart (lift to land).
    mutating func doubleTap(at point: CGPoint, interval: TimeInterval = 0.15) {
        tap(at: point)
        now += interval
        tap(at: CGPoint(x: point.x + 2, y: point.y + 1))
    }

    /// A finger held still for `duration`, then lifted.
    mutating func press(at point: CGPoint, duration: TimeInterval) {
        tap(at: point, duration: duration)
    }

    /// One finger from `start` through each of `points`, `duration` per leg, eased so it
    /// starts and stops gently; held `hold` seconds at the start before moving.
    mutating func drag(from start: CGPoint, through points: [CGPoint], duration: TimeInterval = 0.6,
                       hold: TimeInterval = 0) {
        let id = newFinger()
        add([sample(id, .began, start)])
        now += hold
        var from = start
        for to in points {
            let steps = max(2, Int((duration / Self.stepInterval).rounded()))
            for step in 1...steps {
                now += duration / Double(steps)
                add([sample(id, .moved, Self.ease(from, to, Double(step) / Double(steps)))])
            }
            from = to
        }
        now += Self.stepInterval
        add([sample(id, .ended, from)])
    }

    /// A quick straight flick (a swipe): `duration` from `start` to `end`.
    mutating func swipe(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.15) {
        let id = newFinger()
        add([sample(id, .began, start)])
        let steps = max(3, Int((duration / Self.stepInterval).rounded()))
        for step in 1...steps {
            now += duration / Double(steps)
            let t = CGFloat(step) / CGFloat(steps)
            add([sample(id, .moved, CGPoint(x: start.x + (end.x - start.x) * t, y: start.y + (end.y - start.y) * t))])
        }
        add([sample(id, .ended, end)])
    }

    /// Two fingers about `center`, from `distance.lowerBound` apart at `angle.lowerBound`
    /// to `distance.upperBound` apart at `angle.upperBound` (radians): a pinch, a turn, or
    /// both.
    mutating func twoFingers(center: CGPoint, from startDistance: CGFloat, to endDistance: CGFloat,
                             turning startAngle: CGFloat = 0, to endAngle: CGFloat = 0, duration: TimeInterval = 0.8) {
        let ids = [newFinger(), newFinger()]
        func places(_ t: CGFloat) -> [CGPoint] {
            let distance = startDistance + (endDistance - startDistance) * t
            let angle = startAngle + (endAngle - startAngle) * t
            let dx = distance / 2 * cos(angle), dy = distance / 2 * sin(angle)
            return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
        }
        add(zip(ids, places(0)).map { sample($0, .began, $1) })
        let steps = max(2, Int((duration / Self.stepInterval).rounded()))
        for step in 1...steps {
            now += duration / Double(steps)
            let t = CGFloat(Self.easing(Double(step) / Double(steps)))
            add(zip(ids, places(t)).map { sample($0, .moved, $1) })
        }
        now += Self.stepInterval
        add(zip(ids, places(1)).map { sample($0, .ended, $1) })
    }

    // MARK: - Parts

    private mutating func newFinger() -> TouchSample.ID {
        defer { nextNumber += 1 }
        return TouchSample.ID(device: Self.device, number: nextNumber)
    }

    private func sample(_ id: TouchSample.ID, _ phase: TouchSample.Phase, _ point: CGPoint) -> TouchSample {
        // Whole microseconds and quarter points, as a file keeps them exactly.
        TouchSample(id: id, phase: phase,
                    location: CGPoint(x: (point.x * 4).rounded() / 4, y: (point.y * 4).rounded() / 4),
                    timestamp: (now * 1_000_000).rounded() / 1_000_000)
    }

    private mutating func add(_ batch: [TouchSample]) {
        events.append(.touches(batch))
    }

    /// Smoothstep: slow at both ends, as a hand moves.
    static func easing(_ t: Double) -> Double {
        t * t * (3 - 2 * t)
    }

    static func ease(_ a: CGPoint, _ b: CGPoint, _ t: Double) -> CGPoint {
        let e = CGFloat(easing(t))
        return CGPoint(x: a.x + (b.x - a.x) * e, y: a.y + (b.y - a.y) * e)
    }
}
