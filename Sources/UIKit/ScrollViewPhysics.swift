import Foundation

/// The arithmetic of a scroll view's motion, one axis at a time, with no view: how it
/// decelerates, how it resists past an edge, and how it springs back. Times are in
/// seconds and velocities in points per second unless a name says otherwise.
///
/// The numbers UIKit does not publish, measured on iOS by many people and used here as
/// facts, are in `ScrollViewMeasurements`.
enum ScrollViewPhysics {
    // MARK: - Deceleration

    /// The velocity after decelerating for `time` from `velocity` at `rate`: UIKit
    /// multiplies the velocity by `rate` every millisecond, so after t ms it is v₀·rateᵗ.
    static func velocity(from velocity: CGFloat, rate: CGFloat, after time: TimeInterval) -> CGFloat {
        velocity * pow(rate, CGFloat(time * 1000))
    }

    /// How far the offset has moved after decelerating for `time` from `velocity`:
    /// the sum of the velocity over the milliseconds, v₀·(rateᵗ − 1)/ln(rate) with v₀ in
    /// points per millisecond and t in milliseconds.
    static func distance(from velocity: CGFloat, rate: CGFloat, after time: TimeInterval) -> CGFloat {
        let perMillisecond = velocity / 1000
        return perMillisecond * (pow(rate, CGFloat(time * 1000)) - 1) / log(rate)
    }

    /// Where deceleration from `velocity` comes to rest, from where it started: the
    /// limit of `distance(from:rate:after:)`, −v₀/ln(rate).
    static func restingDistance(from velocity: CGFloat, rate: CGFloat) -> CGFloat {
        -(velocity / 1000) / log(rate)
    }

    /// The velocity that comes to rest exactly `distance` away at `rate`: what a
    /// delegate's changed target offset (`scrollViewWillEndDragging`) is reached with.
    static func velocity(toTravel distance: CGFloat, rate: CGFloat) -> CGFloat {
        -distance * log(rate) * 1000
    }

    // MARK: - Rubber band

    /// How far past an edge the content shows when the finger has dragged it
    /// `overshoot` past it, for a scroll view `dimension` points long on that axis:
    /// d·(1 − 1/(x·c/d + 1)) with c = `ScrollViewMeasurements.rubberBandCoefficient`. It
    /// starts at the finger's pace (slope c) and never reaches d. Signed like
    /// `overshoot`.
    static func rubberBand(_ overshoot: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, overshoot != 0 else { return 0 }
        let c = ScrollViewMeasurements.rubberBandCoefficient
        let magnitude = dimension * (1 - 1 / (abs(overshoot) * c / dimension + 1))
        return overshoot < 0 ? -magnitude : magnitude
    }

    /// The overshoot whose rubber band is `shown`: the inverse of `rubberBand`, for a
    /// finger that catches content already past an edge and drags on from there.
    static func overshoot(showing shown: CGFloat, dimension: CGFloat) -> CGFloat {
        guard dimension > 0, shown != 0 else { return 0 }
        let c = ScrollViewMeasurements.rubberBandCoefficient
        let fraction = min(abs(shown) / dimension, 0.999_999)
        let magnitude = dimension * (1 / (1 - fraction) - 1) / c
        return shown < 0 ? -magnitude : magnitude
    }

    // MARK: - Spring back

    /// A critically damped spring at `displacement` from rest moving at `velocity`,
    /// `time` later: x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt), with ω =
    /// `ScrollViewMeasurements.bounceFrequency`. It returns without oscillating: what a
    /// bounce past an edge, a release past an edge and a page snap do.
    static func spring(displacement: CGFloat, velocity: CGFloat, after time: TimeInterval)
        -> (displacement: CGFloat, velocity: CGFloat)
    {
        let omega = ScrollViewMeasurements.bounceFrequency
        let t = CGFloat(time)
        let b = velocity + omega * displacement
        let decay = exp(-omega * t)
        let x = (displacement + b * t) * decay
        let v = (b - omega * (displacement + b * t)) * decay
        return (x, v)
    }
}
