import QuartzCore
import XCTest

final class CASpringSolverTests: XCTestCase {
    /// An independent reference: the spring's differential equation integrated with
    /// classic Runge–Kutta at a step of 1e-4 s (global error far below 1e-9 here).
    private func integrated(_ spring: CASpringSolver, until end: Double) -> Double {
        let (m, k, c) = (Double(spring.mass), Double(spring.stiffness), Double(spring.damping))
        func acceleration(_ x: Double, _ v: Double) -> Double { (-k * x - c * v) / m }
        var x = -1.0
        var v = Double(spring.initialVelocity)
        let steps = Int((end / 1e-4).rounded())
        let h = end / Double(steps)
        for _ in 0..<steps {
            let (k1x, k1v) = (v, acceleration(x, v))
            let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
            let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
            let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
        }
        return x
    }

    /// The largest |x| at or after `start`, sampled every 1e-4 s for `span` seconds.
    private func largestDisplacement(_ spring: CASpringSolver, after start: Double, span: Double) -> Double {
        stride(from: start, through: start + span, by: 1e-4).map { abs(spring.displacement(at: $0)) }.max() ?? 0
    }

    private let springs: [(String, CASpringSolver)] = [
        ("default, under-damped", CASpringSolver()),
        ("under-damped with velocity", CASpringSolver(mass: 2, stiffness: 300, damping: 8, initialVelocity: 5)),
        ("critically damped", CASpringSolver(mass: 1, stiffness: 100, damping: 20)),
        ("critically damped, thrown", CASpringSolver(mass: 1, stiffness: 100, damping: 20, initialVelocity: 30)),
        ("over-damped", CASpringSolver(mass: 1, stiffness: 100, damping: 50)),
        ("over-damped, thrown away", CASpringSolver(mass: 1, stiffness: 100, damping: 50, initialVelocity: -20)),
    ]

    func testDampingRatioNamesTheRegime() {
        XCTAssertEqual(CASpringSolver().dampingRatio, 0.5)
        XCTAssertEqual(CASpringSolver(damping: 20).dampingRatio, 1)
        XCTAssertEqual(CASpringSolver(damping: 50).dampingRatio, 2.5)
    }

    func testClosedFormMatchesIntegrationInEveryRegime() {
        for (name, spring) in springs {
            XCTAssertEqual(spring.progress(at: 0), 0, accuracy: 1e-12, name)
            for t in [0.05, 0.2, 0.5, 1.3] {
                XCTAssertEqual(spring.displacement(at: t), integrated(spring, until: t), accuracy: 1e-9, "\(name) at \(t)")
            }
        }
    }

    func testUnderDampedSpringOvershoots() {
        let spring = CASpringSolver()
        // First peak at t = π/ω with ω = 10·√0.75; overshoot e^(−ζπ/√(1−ζ²)) ≈ 16.3 %.
        let peak = Double.pi / (10 * 0.75.squareRoot())
        XCTAssertEqual(spring.progress(at: peak), 1 + exp(-0.5 * .pi / 0.75.squareRoot()), accuracy: 1e-12)
        XCTAssertLessThanOrEqual(CASpringSolver(damping: 20).progress(at: 0.3), 1, "critical damping from rest never overshoots")
    }

    // Source for the settling criterion: CASpringAnimation.settlingDuration — Apple
    // Developer Documentation ("With a damping coefficient of 5, the settling duration is
    // approximately 2.85 seconds … changing the damping property to 15 reduces the
    // settling duration to just over 1 second", mass 1 and stiffness 100 by default).
    // The envelope of x = e^(−αt)·(c1·cos ωt + c2·sin ωt) with c1 = −1 and c2 = −α/ω
    // is (1 + α/ω)·e^(−αt); it reaches 0.001 at ln((1 + α/ω)/0.001)/α.

    func testSettlingDurationReproducesAppleDocumentedDampings() {
        // Damping 5: α = 2.5, ω = √(100 − 6.25).
        let five = log((1 + 2.5 / 93.75.squareRoot()) / 0.001) / 2.5
        XCTAssertEqual(CASpringSolver(damping: 5).settlingDuration, five, accuracy: 1e-12)
        XCTAssertEqual(five, 2.85, accuracy: 0.01, "approximately 2.85 seconds")
        // Damping 15: α = 7.5, ω = √(100 − 56.25).
        let fifteen = log((1 + 7.5 / 43.75.squareRoot()) / 0.001) / 7.5
        XCTAssertEqual(CASpringSolver(damping: 15).settlingDuration, fifteen, accuracy: 1e-12)
        XCTAssertGreaterThan(fifteen, 1, "just over 1 second")
        XCTAssertLessThan(fifteen, 1.05, "just over 1 second")
    }

    func testSettlingDurationOfTheDefaultSpring() {
        // Damping 10: α = 5, ω = √75.
        XCTAssertEqual(CASpringSolver().settlingDuration, log((1 + 5 / 75.squareRoot()) / 0.001) / 5, accuracy: 1e-12)
    }

    func testSettlingDurationCountsTheInitialVelocity() {
        // Mass 2, stiffness 300, damping 8, velocity 5: α = 2, ω = √(150 − 4),
        // c2 = (5 + 2·(−1))/ω.
        let omega = 146.0.squareRoot()
        let expected = log((1 + 3 / omega) / 0.001) / 2
        XCTAssertEqual(CASpringSolver(mass: 2, stiffness: 300, damping: 8, initialVelocity: 5).settlingDuration,
                       expected, accuracy: 1e-12)
    }

    func testCriticallyDampedSettlingDuration() {
        // Thrown at ω₀ = 10 towards the target, x = −e^(−10t) exactly: ln(1000)/10.
        XCTAssertEqual(CASpringSolver(damping: 20, initialVelocity: 10).settlingDuration, log(1000) / 10, accuracy: 1e-9)
        // From rest the envelope is (1 + 10t)·e^(−10t), falling from t = 0.
        let settle = CASpringSolver(damping: 20).settlingDuration
        XCTAssertEqual((1 + 10 * settle) * exp(-10 * settle), 0.001, accuracy: 1e-12)
    }

    func testOverDampedSettlingDuration() {
        // ζ = 2.5: r1 = −10·(2.5 − √5.25). Thrown at −r1, only the slow mode is left,
        // x = −e^(r1·t): ln(1000)/(−r1).
        let r1 = -10 * (2.5 - 5.25.squareRoot())
        XCTAssertEqual(CASpringSolver(damping: 50, initialVelocity: CGFloat(-r1)).settlingDuration,
                       log(1000) / -r1, accuracy: 1e-9)
    }

    func testTheDisplacementStaysWithinEpsilonAfterSettling() {
        for (name, spring) in springs {
            let settle = spring.settlingDuration
            XCTAssertGreaterThan(settle, 0, name)
            XCTAssertLessThanOrEqual(largestDisplacement(spring, after: settle, span: 3), CASpringSolver.settlingEpsilon, name)
        }
    }

    func testStifferSpringsSettleSoonerAndHeavierOnesLater() {
        let base = CASpringSolver().settlingDuration
        XCTAssertLessThan(CASpringSolver(stiffness: 400, damping: 20).settlingDuration, base)
        XCTAssertGreaterThan(CASpringSolver(mass: 4, damping: 20).settlingDuration, base)
    }

    func testUndampedSpringNeverSettles() {
        let spring = CASpringSolver(damping: 0)
        XCTAssertEqual(spring.settlingDuration, .infinity)
        XCTAssertEqual(spring.progress(at: .pi / 10), 2, accuracy: 1e-12, "swings to twice the distance")
    }
}
