import QuartzCore
import XCTest

/// Spring animations follow the solver on their own time scale and are cut at duration.
final class CASpringAnimationTests: AnimationTestCase {
    func testFollowsTheSpringAndSettlesAtItsEnd() async {
        let layer = CALayer()
        let spring = CASpringAnimation(keyPath: "position.x")
        spring.fromValue = 0
        spring.toValue = 200
        spring.stiffness = 300
        spring.damping = 10
        spring.duration = spring.settlingDuration
        let solver = CASpringSolver(mass: 1, stiffness: 300, damping: 10)
        XCTAssertEqual(spring.settlingDuration, solver.settlingDuration)
        XCTAssertGreaterThan(spring.settlingDuration, 1)
        spring.fillMode = .forwards
        spring.isRemovedOnCompletion = false
        layer.add(spring, forKey: nil)
        for t in [0.05, 0.2, 0.5] {
            clock.now = 10 + t
            XCTAssertEqual(Double(layer.presentation()!.position.x), 200 * solver.progress(at: t), accuracy: 1e-6, "t = \(t)")
        }
        clock.now = 10.2
        XCTAssertGreaterThan(layer.presentation()!.position.x, 200, "under-damped: overshoots")
        // At the settling time it is within 0.1 % of the distance, and holds the end.
        clock.now = 10 + spring.settlingDuration
        XCTAssertEqual(layer.presentation()!.position.x, 200, accuracy: 200 * CASpringSolver.settlingEpsilon + 1e-9)
        tick(at: 10 + spring.settlingDuration)
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testDurationCutsTheSpringWithoutStretchingIt() async {
        let layer = CALayer()
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.fromValue = 0
        spring.toValue = 1
        spring.duration = 0.125
        spring.initialVelocity = 5
        layer.add(spring, forKey: nil)
        clock.now = 10.0625
        let solver = CASpringSolver(initialVelocity: 5)
        XCTAssertEqual(Double(layer.presentation()!.opacity), solver.progress(at: 0.0625), accuracy: 1e-6)
        clock.now = 10.125
        XCTAssertEqual(layer.presentation()!.opacity, 1, "ended: the model shows")
    }

    func testInvalidParametersAreLoggedNotFatal() async {
        let layer = CALayer()
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.toValue = 0
        spring.stiffness = 0
        XCTAssertEqual(spring.settlingDuration, 0)
        layer.add(spring, forKey: nil)
        clock.now = 10.1
        XCTAssertEqual(layer.presentation()!.opacity, 1)
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 1)
    }

    func testCopyKeepsTheSpringParameters() async {
        let spring = CASpringAnimation(keyPath: "opacity")
        spring.mass = 2
        spring.stiffness = 50
        spring.damping = 3
        spring.initialVelocity = -1
        let copy = spring.copy() as! CASpringAnimation
        XCTAssertEqual([copy.mass, copy.stiffness, copy.damping, copy.initialVelocity], [2, 50, 3, -1])
        XCTAssertEqual(copy.keyPath, "opacity")
    }
}
