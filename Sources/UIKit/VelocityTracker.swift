import Foundation

/// How fast a quantity moves, estimated from its recent samples: a pan's translation,
/// a pinch's finger distance, a rotation's angle (one-dimensional quantities go in `x`).
///
/// The estimate is the least-squares slope of position against time over the samples of
/// the last `GestureThresholds.velocitySampleWindow` seconds (measured back from the
/// newest sample, not from the clock). Least squares rather than first-to-last: every
/// sample in the window counts, so one jittery sample at either edge (a finger rolling
/// as it lifts, a late XI2 update) moves the estimate by its share instead of all of it,
/// and evenly paced motion still comes out exact.
///
/// The contract:
/// - fewer than two samples in the window, or a window spanning no time, is zero
///   velocity (a finger that rested longer than the window before lifting flicks
///   nothing);
/// - samples are taken in time order; one stamped at or before the newest (a batch
///   split into several events, or a clock that did not move) replaces the newest's
///   position, since at one instant a finger is in one place.
///
/// Feed it a quantity its client cannot reset (how far the fingers travelled, not the
/// translation a client sets back to zero), so that the estimate never sees a jump.
struct VelocityTracker {
    struct Sample: Equatable {
        var time: TimeInterval
        var position: CGPoint
    }

    /// How far back samples count, in seconds.
    let window: TimeInterval
    /// The samples still inside the window, oldest first.
    private(set) var samples: [Sample] = []

    init(window: TimeInterval = GestureThresholds.velocitySampleWindow) {
        self.window = window
    }

    /// Records where the quantity is at `time`.
    mutating func add(_ position: CGPoint, at time: TimeInterval) {
        guard time.isFinite, position.x.isFinite, position.y.isFinite else { return }
        if let newest = samples.last, time <= newest.time {
            samples[samples.count - 1].position = position
            return
        }
        samples.append(Sample(time: time, position: position))
        // Sample times are sums of float steps: a sample exactly one window old must
        // not drop out because of the last bit.
        let oldest = time - window - 1e-9
        if let firstKept = samples.firstIndex(where: { $0.time >= oldest }), firstKept > 0 {
            samples.removeFirst(firstKept)
        }
    }

    /// Records a one-dimensional quantity (kept in `x`).
    mutating func add(_ value: CGFloat, at time: TimeInterval) {
        add(CGPoint(x: value, y: 0), at: time)
    }

    mutating func removeAll() {
        samples.removeAll()
    }

    /// Units per second, per axis.
    var velocity: CGPoint {
        guard samples.count >= 2, let newest = samples.last else { return .zero }
        // Times relative to the newest sample: absolute media-clock times are large,
        // and their squares would lose the milliseconds.
        let count = Double(samples.count)
        var meanT = 0.0, meanX = 0.0, meanY = 0.0
        for sample in samples {
            meanT += sample.time - newest.time
            meanX += Double(sample.position.x)
            meanY += Double(sample.position.y)
        }
        meanT /= count
        meanX /= count
        meanY /= count
        var varianceT = 0.0, covarianceX = 0.0, covarianceY = 0.0
        for sample in samples {
            let dt = sample.time - newest.time - meanT
            varianceT += dt * dt
            covarianceX += dt * (Double(sample.position.x) - meanX)
            covarianceY += dt * (Double(sample.position.y) - meanY)
        }
        guard varianceT > 0 else { return .zero }
        return CGPoint(x: CGFloat(covarianceX / varianceT), y: CGFloat(covarianceY / varianceT))
    }

    /// Units per second of a one-dimensional quantity.
    var scalarVelocity: CGFloat {
        velocity.x
    }
}
