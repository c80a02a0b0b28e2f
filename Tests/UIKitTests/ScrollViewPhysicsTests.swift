@testable import UIKit
import XCTest

/// The scroll view's arithmetic against independent computations: deceleration as
/// UIKit describes it (the velocity multiplied by the rate every millisecond), the
/// measured rubber-band curve, and the critically damped spring.
///
/// Sources: Apple's "UIScrollView.DecelerationRate" (normal 0.998 and fast 0.99, "the
/// rate of deceleration" per millisecond), and the widely reproduced measurements of iOS
/// scrolling (the rubber band d·(1 − 1/(x·0.55/d + 1))).
final class ScrollViewPhysicsTests: XCTestCase {
    /// Summing the velocity millisecond by millisecond, as the rate is defined, gives the
    /// closed form.
    func testDecelerationIsTheVelocityMultipliedByTheRateEachMillisecond() {
        let start: CGFloat = 2000  // points per second
        let rate = UIScrollView.DecelerationRate.normal.rawValue
        var velocity = start / 1000  // points per millisecond
        var travelled: CGFloat = 0
        for _ in 0..<500 {
            velocity *= rate
            travelled += velocity
        }
        // The closed form integrates continuously; the sum steps at the end of each
        // millisecond, a shade behind: within a point over 500 ms.
        XCTAssertEqual(ScrollViewPhysics.distance(from: start, rate: rate, after: 0.5), travelled, accuracy: 1)
        XCTAssertEqual(ScrollViewPhysics.velocity(from: start, rate: rate, after: 0.5), velocity * 1000, accuracy: 1e-6)
        XCTAssertEqual(ScrollViewPhysics.velocity(from: start, rate: rate, after: 0.5), 2000 * pow(0.998, 500), accuracy: 1e-9)
    }

    func testTheDecelerationRestsAtMinusTheVelocityOverTheLogOfTheRate() {
        let rate = UIScrollView.DecelerationRate.normal.rawValue
        XCTAssertEqual(ScrollViewPhysics.restingDistance(from: 2000, rate: rate), 2 / -log(0.998), accuracy: 1e-9)
        XCTAssertEqual(ScrollViewPhysics.restingDistance(from: 2000, rate: rate), 999.0, accuracy: 0.5)
        XCTAssertEqual(ScrollViewPhysics.distance(from: 2000, rate: rate, after: 60), ScrollViewPhysics.restingDistance(from: 2000, rate: rate),
                       accuracy: 1e-6)
        XCTAssertEqual(ScrollViewPhysics.restingDistance(from: -2000, rate: UIScrollView.DecelerationRate.fast.rawValue),
                       -2 / -log(0.99), accuracy: 1e-9)
        let speed = ScrollViewPhysics.velocity(toTravel: 300, rate: rate)
        XCTAssertEqual(ScrollViewPhysics.restingDistance(from: speed, rate: rate), 300, accuracy: 1e-9)
    }

    func testTheRubberBandFollowsTheMeasuredCurveAndItsInverseUndoesIt() {
        // 100 points past the edge of a 500-point view: 500·(1 − 1/(100·0.55/500 + 1)).
        XCTAssertEqual(ScrollViewPhysics.rubberBand(100, dimension: 500), 500 * (1 - 1 / 1.11), accuracy: 1e-9)
        XCTAssertEqual(ScrollViewPhysics.rubberBand(-100, dimension: 500), -500 * (1 - 1 / 1.11), accuracy: 1e-9)
        XCTAssertEqual(ScrollViewPhysics.rubberBand(1, dimension: 500), 0.55, accuracy: 0.001, "the finger's pace times 0.55 at first")
        XCTAssertLessThan(ScrollViewPhysics.rubberBand(1_000_000, dimension: 500), 500, "never the whole view")
        XCTAssertEqual(ScrollViewPhysics.rubberBand(0, dimension: 500), 0)
        for overshoot: CGFloat in [-250, -3, 0.5, 40, 700] {
            let shown = ScrollViewPhysics.rubberBand(overshoot, dimension: 400)
            XCTAssertEqual(ScrollViewPhysics.overshoot(showing: shown, dimension: 400), overshoot, accuracy: 1e-6)
        }
    }

    /// x(t) = (x₀ + (v₀ + ωx₀)t)e^(−ωt), ω = 12: starts where it is, at its velocity, and
    /// returns without crossing.
    func testTheSpringIsCriticallyDamped() {
        let start = ScrollViewPhysics.spring(displacement: 80, velocity: 0, after: 0)
        XCTAssertEqual(start.displacement, 80)
        XCTAssertEqual(start.velocity, 0, accuracy: 1e-9)
        let later = ScrollViewPhysics.spring(displacement: 80, velocity: 0, after: 0.25)
        XCTAssertEqual(later.displacement, (80 + 12 * 80 * 0.25) * exp(-3), accuracy: 1e-9)
        XCTAssertEqual(later.velocity, -12 * 12 * 80 * 0.25 * exp(-3), accuracy: 1e-9)
        var time = 0.0
        while time < 3 {
            XCTAssertGreaterThanOrEqual(ScrollViewPhysics.spring(displacement: 80, velocity: 0, after: time).displacement, 0)
            time += 0.01
        }
        let flung = ScrollViewPhysics.spring(displacement: 0, velocity: 1200, after: 1.0 / 12)
        XCTAssertEqual(flung.displacement, 1200 / 12 * exp(-1), accuracy: 1e-9, "the furthest a 1200 pt/s bounce goes")
        XCTAssertEqual(flung.velocity, 0, accuracy: 1e-9)
    }
}
