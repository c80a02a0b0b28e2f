import QuartzCore
import XCTest

/// The frame clock's contract with a host: new work wakes it, `needsFrames` says when
/// it may sleep, and a tick finishes what ended.
final class CAAnimationEngineTests: AnimationTestCase {
    override func tearDown() async throws {
        CAAnimationEngine.current.onWork = nil
        try await super.tearDown()
    }

    func testNewWorkWakesTheHostAndNeedsFramesEndsWithTheWork() async {
        var wakes = 0
        CAAnimationEngine.current.onWork = { wakes += 1 }
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)

        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 0.5
        layer.add(animation, forKey: "fade")
        XCTAssertEqual(wakes, 1)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 10.25)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames, "still running")
        tick(at: 10.5)
        XCTAssertFalse(CAAnimationEngine.current.needsFrames, "finished and removed at the tick after its end")
        XCTAssertNil(layer.animation(forKey: "fade"))

        var fired: [CFTimeInterval] = []
        let link = CADisplayLink { fired.append($0.timestamp) }
        link.add(to: .main, forMode: .common)
        XCTAssertEqual(wakes, 2)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 11)
        XCTAssertEqual(fired, [11])
        link.isPaused = true
        XCTAssertFalse(CAAnimationEngine.current.needsFrames, "a paused link keeps no frames coming")
        link.isPaused = false
        XCTAssertEqual(wakes, 3, "resuming wakes the host")
        link.invalidate()
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)

        CAAnimationEngine.current.performOnNextTick {}
        XCTAssertEqual(wakes, 4)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 11.1)
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }
}
