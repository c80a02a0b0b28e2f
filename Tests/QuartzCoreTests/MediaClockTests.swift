import QuartzCore
import XCTest

@MainActor
final class MediaClockTests: XCTestCase {
    private var savedEngine: CAAnimationEngine!

    override func setUp() async throws {
        savedEngine = CAAnimationEngine.current
    }

    override func tearDown() async throws {
        CAAnimationEngine.current = savedEngine
    }

    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(now: 5)
        XCTAssertEqual(clock.now, 5)
        clock.advance(by: 0.25)
        XCTAssertEqual(clock.now, 5.25)
        clock.now = 1
        XCTAssertEqual(clock.now, 1)
    }

    func testCACurrentMediaTimeReadsTheCurrentEnginesClock() {
        let clock = ManualClock(now: 42)
        let engine = CAAnimationEngine(clock: clock)
        CAAnimationEngine.current = engine
        XCTAssertEqual(CACurrentMediaTime(), 42)
        clock.advance(by: 1)
        XCTAssertEqual(CACurrentMediaTime(), 43)
        engine.clock = ManualClock(now: 7)
        XCTAssertEqual(CACurrentMediaTime(), 7)
        XCTAssertEqual(CAMediaClock.current.now, 7)
    }

    func testAnotherEngineBecomingCurrentBringsItsClock() {
        let first = CAAnimationEngine(clock: ManualClock(now: 1))
        let second = CAAnimationEngine(clock: ManualClock(now: 2))
        CAAnimationEngine.current = first
        XCTAssertEqual(CACurrentMediaTime(), 1)
        CAAnimationEngine.current = second
        XCTAssertEqual(CACurrentMediaTime(), 2)
        // A clock set on an engine that is not current changes nothing it reads.
        first.clock = ManualClock(now: 3)
        XCTAssertEqual(CACurrentMediaTime(), 2)
        XCTAssertEqual(first.now, 3)
    }

    func testCACurrentMediaTimeCanBeReadOffTheMainThread() async {
        CAAnimationEngine.current = CAAnimationEngine(clock: ManualClock(now: 99))
        let read = await Task.detached { CACurrentMediaTime() }.value
        XCTAssertEqual(read, 99)
    }

    func testMonotonicClockNeverGoesBackwards() {
        let clock = MonotonicClock()
        var previous = clock.now
        for _ in 0..<1_000 {
            let next = clock.now
            XCTAssertGreaterThanOrEqual(next, previous)
            previous = next
        }
        XCTAssertGreaterThan(previous, 0)
    }
}
