import QuartzCore
import XCTest

/// `AppClock`: the app's time line over a host clock, frozen, stepped and sped, and the
/// conversions between the two clocks.
final class AppClockTests: XCTestCase {
    func testUnchangedItReadsTheHostClockBitForBit() {
        let host = ManualClock(now: 1000)
        let clock = AppClock(base: host)
        for now in [1000.3, 4321.123456789, 1e9 + 0.1] {
            host.now = now
            XCTAssertEqual(clock.now, now)
            XCTAssertEqual(clock.time(atHostTime: now), now)
            XCTAssertEqual(clock.hostTime(atTime: now), now)
        }
    }

    func testFrozenItStandsAndResumedItGoesOnFromWhereItStoodWithoutAJump() {
        let host = ManualClock(now: 10)
        let clock = AppClock(base: host)
        host.now = 12
        clock.freeze()
        host.now = 50
        XCTAssertEqual(clock.now, 12)
        XCTAssertEqual(clock.time(atHostTime: 49), 12, "input stamped while frozen lands on the frozen instant")
        XCTAssertNil(clock.hostTime(atTime: 12.5), "a later instant never comes while frozen")
        XCTAssertEqual(clock.hostTime(atTime: 11), 50, "an instant reached is due now")
        clock.resume()
        XCTAssertEqual(clock.now, 12)
        host.now = 51.5
        XCTAssertEqual(clock.now, 13.5)
        XCTAssertEqual(clock.hostTime(atTime: 14), 52)
        XCTAssertEqual(clock.time(atHostTime: 60), 22, "38 s behind the host's own line")
    }

    func testStepsAreCountedSoThirtyOfASixtiethReachHalfASecondExactly() throws {
        let host = ManualClock(now: 100.2)
        let clock = AppClock(base: host)
        clock.freeze()
        let deadline = clock.now + 0.5
        for _ in 0..<29 { clock.step(frames: 1, of: 1.0 / 60) }
        XCTAssertLessThan(clock.now, deadline)
        clock.step(frames: 1, of: 1.0 / 60)
        XCTAssertEqual(clock.now, deadline)
        XCTAssertFalse(clock.step(frames: 0, of: 1.0 / 60))
        XCTAssertFalse(clock.step(frames: 1, of: .nan))
        XCTAssertFalse(clock.step(frames: 1, of: -1))
        XCTAssertEqual(clock.now, deadline, "refused steps move nothing")
        // Another interval folds the frames counted so far in, and counts on.
        clock.step(frames: 2, of: 0.5)
        XCTAssertEqual(clock.now, deadline + 1)
        host.now = 200
        clock.resume()
        host.now = 201
        XCTAssertEqual(clock.now, deadline + 2)
    }

    func testASpeedScalesTimeFromTheMomentItIsSetAndRefusesNonsense() throws {
        let host = ManualClock(now: 0)
        let clock = AppClock(base: host)
        host.now = 4
        XCTAssertTrue(clock.setSpeed(0.25))
        host.now = 8
        XCTAssertEqual(clock.now, 5)
        let wake = try XCTUnwrap(clock.hostTime(atTime: 6))
        XCTAssertEqual(wake, 12, accuracy: 1e-12)
        XCTAssertGreaterThanOrEqual(clock.time(atHostTime: wake), 6, "a wake there finds it due")
        for nonsense in [0, -1, .nan, .infinity] {
            XCTAssertFalse(clock.setSpeed(nonsense))
        }
        XCTAssertEqual(clock.speed, 0.25)
        // Stepping a running clock freezes nothing but moves it on.
        clock.step(frames: 4, of: 0.25)
        XCTAssertEqual(clock.now, 6)
        host.now = 12
        XCTAssertEqual(clock.now, 7)
    }

    func testAWakeComputedThroughTheInverseIsNeverEarly() throws {
        let host = ManualClock(now: 103.2)
        let clock = AppClock(base: host)
        clock.freeze()
        clock.resume()
        host.now = 103.2 + 1.0 / 3
        XCTAssertTrue(clock.setSpeed(0.1))
        let hostNow = host.now
        for offset in stride(from: 0.001, to: 3, by: 0.0137) {
            let time = clock.now + offset
            let wake = try XCTUnwrap(clock.hostTime(atTime: time))
            XCTAssertGreaterThanOrEqual(clock.time(atHostTime: wake), time)
            XCTAssertEqual(wake, hostNow + offset / 0.1, accuracy: 1e-9, "and not later than rounding makes it")
        }
    }

    func testSettingTheBaseStartsTheLineAgainAtTheNewClocksNowKeepingSpeedAndFreeze() {
        let clock = AppClock(base: ManualClock(now: 5))
        clock.freeze()
        clock.step(frames: 3, of: 1)
        let other = ManualClock(now: 900)
        clock.base = other
        XCTAssertEqual(clock.now, 900)
        XCTAssertTrue(clock.isFrozen)
        other.now = 950
        XCTAssertEqual(clock.now, 900)
        XCTAssertTrue(clock.base as? ManualClock === other)
    }

    @MainActor
    func testTheEngineReadsItsAppClockAndCACurrentMediaTimeFollowsAFreeze() async {
        let host = ManualClock(now: 300)
        let engine = CAAnimationEngine(clock: host)
        let previous = CAAnimationEngine.current
        CAAnimationEngine.current = engine
        defer { CAAnimationEngine.current = previous }
        XCTAssertTrue(engine.clock as? ManualClock === host, "the clock set is the host clock")
        engine.appClock.freeze()
        host.now = 310
        XCTAssertEqual(engine.now, 300)
        XCTAssertEqual(CACurrentMediaTime(), 300)
        engine.clock = ManualClock(now: 20)
        XCTAssertEqual(CACurrentMediaTime(), 20, "a new host clock starts the line at its now")
    }
}
