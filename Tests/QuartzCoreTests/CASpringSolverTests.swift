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

    /// The last time |x| > epsilon, by sampling every 1e-5 s: an independent check of
    /// the closed-form settling time (good to the sampling step).
    private func sampledSettlingTime(_ spring: CASpringSolver, horizon: Double) -> Double {
        var t = horizon
        while t > 0, abs(spring.displacement(at: t)) <= CASpringSolver.settlingEpsilon { t -= 1e-5 }
        return t
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

    func testSettlingDurationIsTheLastTimeOutsideEpsilon() {
        for (name, spring) in springs {
            let settle = spring.settlingDuration
            XCTAssertEqual(settle, sampledSettlingTime(spring, horizon: settle + 1), accuracy: 2e-5, name)
            XCTAssertEqual(abs(spring.displacement(at: settle)), CASpringSolver.settlingEpsilon, accuracy: 1e-9, name)
        }
    }

    /// Mass 1, stiffness 100, damping 10: x = −e^(−5t)·(cos ωt + (5/ω)·sin ωt) with
    /// ω = √75 last reaches 0.001 at t ≈ 1.270165 s (found by sampling every 1e-6 s
    /// outside this code).
    func testSettlingDurationOfTheDefaultSpring() {
        XCTAssertEqual(CASpringSolver().settlingDuration, 1.270165, accuracy: 2e-6)
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
