import Foundation

/// Where a moving finger is about to be: the places and times behind
/// `UIEvent.predictedTouches(for:)`.
///
/// Contract:
/// - The prediction is linear: the finger keeps its recent velocity (the least-squares
///   slope, `VelocityTracker`, over its latest `RecentPath.capacity` samples, coalesced
///   ones included, that lie within `GestureThresholds.velocitySampleWindow` of the
///   newest) from its newest place and time.
/// - It reaches `horizon` ahead of the newest sample, in `steps` equal steps, nearest
///   first: one prediction per step.
/// - A finger with no recent velocity (fewer than two samples in the window) is predicted
///   to stay where it is.
///
/// Why one 60 Hz frame ahead: the host draws new input as soon as it has read it, so what
/// a prediction has to cover is the time until that frame reaches the glass, at most one
/// 60 Hz refresh (16.7 ms). A linear guess overshoots wherever the finger turns or stops
/// by its speed times the horizon; looking further ahead would draw the stroke past the
/// finger each time it stops. Two steps, 8.3 ms apart, are the pace of a 120 Hz
/// touchscreen (iOS devices' touch scan rate since iPad Air 2, WWDC 2015 "Advanced Touch
/// Input on iOS"), so a drawing app that appends predicted touches gets points as dense
/// as real ones.
enum TouchPrediction {
    /// How far ahead of the newest sample the last prediction lies, in seconds.
    static let horizon: TimeInterval = 1.0 / 60
    /// How many predictions reach the horizon.
    static let steps = 2

    /// The predicted places and times, nearest first, of a finger at `location` at
    /// `timestamp` moving at `velocity` (points per second).
    static func predictions(from location: CGPoint, at timestamp: TimeInterval, velocity: CGPoint)
        -> [(location: CGPoint, timestamp: TimeInterval)] {
        (1...steps).map { step in
            let ahead = horizon * Double(step) / Double(steps)
            return (CGPoint(x: location.x + velocity.x * ahead, y: location.y + velocity.y * ahead), timestamp + ahead)
        }
    }
}

/// The latest samples of one finger, for its prediction: a few, in a ring, so that
/// keeping them costs every move a store, and the velocity is worked out only when asked
/// for.
struct RecentPath {
    /// How many samples are kept: at 120 Hz, the last 67 ms.
    static let capacity = 8
    /// The kept samples; once full, `next` is the oldest.
    private var samples: [VelocityTracker.Sample] = []
    /// Where the next sample goes once the ring is full.
    private var next = 0

    mutating func add(_ position: CGPoint, at time: TimeInterval) {
        let sample = VelocityTracker.Sample(time: time, position: position)
        if samples.count < Self.capacity {
            if samples.isEmpty { samples.reserveCapacity(Self.capacity) }
            samples.append(sample)
        } else {
            samples[next] = sample
            next = (next + 1) % Self.capacity
        }
    }

    /// Points per second, from the kept samples within the velocity window of the newest.
    var velocity: CGPoint {
        var tracker = VelocityTracker()
        for index in samples.indices {
            let sample = samples[(next + index) % samples.count]
            tracker.add(sample.position, at: sample.time)
        }
        return tracker.velocity
    }
}
