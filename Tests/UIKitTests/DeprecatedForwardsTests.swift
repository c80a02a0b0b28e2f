import QuartzCore
import TouchTestSupport
import UIKit
import XCTest

/// The API that became per-application in 0.10 keeps working for one minor version as
/// deprecated forwards to the current application (or its engine). The old calls are
/// made through `OldAPI`, whose deprecated witnesses keep the build free of warnings.
@MainActor
final class DeprecatedForwardsTests: XCTestCase {
    private var clock: ManualClock!
    private let old: any OldAPI = OldCalls()

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 10)
    }

    override func tearDown() async throws {
        TestApplication.end()
    }

    func testTheEnginesStaticsForwardToTheCurrentApplicationsEngine() async {
        let engine = UIApplication.shared.animationEngine
        old.setAnimationSpeed(0.5)
        XCTAssertEqual(engine.animationSpeed, 0.5)
        XCTAssertEqual(old.animationSpeed, 0.5)
        clock.advance(by: 2)
        XCTAssertEqual(old.currentTime, engine.currentTime)
        XCTAssertEqual(old.currentTime, 11, "10 + 2 s at half speed")
        old.setFrameInterval(1.0 / 120)
        XCTAssertEqual(engine.frameInterval, 1.0 / 120)

        var woken = 0
        old.setOnWork { woken += 1 }
        var ran = false
        old.performOnNextTick { ran = true }
        XCTAssertEqual(woken, 1, "queued work wakes the hook set through the old static")
        XCTAssertTrue(old.needsFrames)
        XCTAssertTrue(engine.needsFrames)
        old.tick()
        XCTAssertTrue(ran, "the old tick() ticks the current application's engine")
        XCTAssertFalse(old.needsFrames)
        XCTAssertEqual(old.holdingTime { engine.currentTime }, 11)
    }

    func testTheEnginesResetForgetsTheCurrentEnginesDisplayLinks() async {
        let engine = UIApplication.shared.animationEngine
        let link = CADisplayLink { _ in }
        link.add(to: .main, forMode: .common)
        engine.animationSpeed = 0.5
        XCTAssertTrue(engine.needsFrames)
        old.resetEngine()
        XCTAssertFalse(engine.needsFrames)
        XCTAssertEqual(engine.animationSpeed, 1)
    }

    func testTheMediaClocksSetterSetsTheCurrentApplicationsClock() async {
        let other = ManualClock(now: 77)
        old.setMediaClock(other)
        XCTAssertTrue(UIApplication.shared.clock as? ManualClock === other)
        XCTAssertEqual(CACurrentMediaTime(), 77)
    }

    func testTheApplicationsResetForgetsItsWindowsAndTimers() async {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.makeKeyAndVisible()
        var fired = false
        UIApplication.shared.schedule(afterDelay: 1) { fired = true }
        old.resetApplication()
        XCTAssertTrue(UIApplication.shared.windows.isEmpty)
        XCTAssertNil(UIApplication.shared.keyWindow)
        XCTAssertNil(UIApplication.shared.nextTimerDeadline)
        clock.advance(by: 2)
        UIApplication.shared.runPendingTimers()
        XCTAssertFalse(fired)
    }
}

/// The deprecated calls, each behind a protocol requirement.
@MainActor
private protocol OldAPI {
    var animationSpeed: Double { get }
    func setAnimationSpeed(_ speed: Double)
    var currentTime: CFTimeInterval { get }
    func setFrameInterval(_ interval: CFTimeInterval)
    var needsFrames: Bool { get }
    func setOnWork(_ hook: @escaping @MainActor () -> Void)
    func performOnNextTick(_ body: @escaping @MainActor () -> Void)
    func tick()
    func holdingTime(_ body: () -> CFTimeInterval) -> CFTimeInterval
    func resetEngine()
    func setMediaClock(_ clock: any MediaClock)
    func resetApplication()
}

@MainActor
private struct OldCalls: OldAPI {
    @available(*, deprecated) var animationSpeed: Double { CAAnimationEngine.animationSpeed }
    @available(*, deprecated) func setAnimationSpeed(_ speed: Double) { CAAnimationEngine.animationSpeed = speed }
    @available(*, deprecated) var currentTime: CFTimeInterval { CAAnimationEngine.currentTime }
    @available(*, deprecated) func setFrameInterval(_ interval: CFTimeInterval) { CAAnimationEngine.frameInterval = interval }
    @available(*, deprecated) var needsFrames: Bool { CAAnimationEngine.needsFrames }
    @available(*, deprecated) func setOnWork(_ hook: @escaping @MainActor () -> Void) { CAAnimationEngine.onWork = hook }
    @available(*, deprecated) func performOnNextTick(_ body: @escaping @MainActor () -> Void) {
        CAAnimationEngine.performOnNextTick(body)
    }
    @available(*, deprecated) func tick() { CAAnimationEngine.tick() }
    @available(*, deprecated) func holdingTime(_ body: () -> CFTimeInterval) -> CFTimeInterval {
        CAAnimationEngine.holdingTime(body)
    }
    @available(*, deprecated) func resetEngine() { CAAnimationEngine.resetForTesting() }
    @available(*, deprecated) func setMediaClock(_ clock: any MediaClock) { CAMediaClock.current = clock }
    @available(*, deprecated) func resetApplication() { UIApplication.shared.resetForTesting() }
}
