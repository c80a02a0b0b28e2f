import UIKit
import XCTest

/// The timing parameters a property animator runs on (Apple's UICubicTimingParameters
/// and UISpringTimingParameters references).
final class UITimingCurveProviderTests: UIKitTestCase {
    /// A spring given by mass, stiffness and damping moves the view as the damped
    /// harmonic oscillator `m·x″ + c·x′ + k·x = 0` does, from one whole distance away
    /// with `initialVelocity.dx` distances per second towards the target, and takes the
    /// time its physics takes, not the animator's duration (Apple's
    /// UISpringTimingParameters init(mass:stiffness:damping:initialVelocity:) reference:
    /// the animator's duration is ignored; CASpringAnimation's settlingDuration: how long
    /// the spring takes to settle).
    func testAPhysicalSpringMovesAsTheDampedOscillatorAndIgnoresTheDuration() async {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))  // centre x 50
        window.addSubview(view)
        let spring = UISpringTimingParameters(mass: 2, stiffness: 200, damping: 8,
                                              initialVelocity: CGVector(dx: 3, dy: 0))
        let animator = UIViewPropertyAnimator(duration: 1, timingParameters: spring)
        animator.addAnimations { view.center.x = 250 }
        animator.addCompletion { self.trace.note("completed(\($0))") }
        animator.startAnimation()

        // ω₀ = √(k/m) = 10, ζ = c / (2√(km)) = 0.2, so the displacement from the target
        // is e^(−ζω₀t)·(−cos ωt + (v₀ − ζω₀)/ω · sin ωt) with ω = ω₀√(1 − ζ²).
        let decay = 2.0
        let omega = 10 * (1 - 0.04).squareRoot()
        let sineWeight = (3 - decay) / omega
        func expectedX(at t: Double) -> Double {
            let displacement = exp(-decay * t) * (-cos(omega * t) + sineWeight * sin(omega * t))
            return 50 + 200 * (1 + displacement)
        }
        for t in [0.05, 0.1, 0.25, 0.4, 0.7, 1.5] {
            clock.now = 100 + t
            CAAnimationEngine.current.tick()
            XCTAssertEqual(Double(view.layer.presentation()!.position.x), expectedX(at: t), accuracy: 1e-6, "at \(t) s")
        }
        XCTAssertGreaterThan(expectedX(at: 0.4), 250, "it overshoots, as an under-damped spring does")
        XCTAssertEqual(trace.flush(), [], "still moving after the 1 s duration")

        // At rest once the envelope (1 + |sine weight|)·e^(−ζω₀t) is 0.001 of the distance.
        let settling = log((1 + abs(sineWeight)) / 0.001) / decay
        clock.now = 100 + settling - 0.01
        CAAnimationEngine.current.tick()
        XCTAssertEqual(trace.flush(), [])
        clock.now = 100 + settling + 0.001
        CAAnimationEngine.current.tick()
        XCTAssertEqual(trace.flush(), ["completed(end)"])
        XCTAssertEqual(view.layer.presentation()!.position.x, 250)
    }
}
