import QuartzCore
import XCTest

final class MediaClockTests: XCTestCase {
    override func tearDown() {
        CAMediaClock.current = MonotonicClock()
        super.tearDown()
    }

    func testManualClockMovesOnlyWhenTold() {
        let clock = ManualClock(now: 5)
        XCTAssertEqual(clock.now, 5)
        clock.advance(by: 0.25)
        XCTAssertEqual(clock.now, 5.25)
        clock.now = 1
        XCTAssertEqual(clock.now, 1)
    }

    func testCACurrentMediaTimeReadsTheInstalledClock() {
        let clock = ManualClock(now: 42)
        CAMediaClock.current = clock
        XCTAssertEqual(CACurrentMediaTime(), 42)
        clock.advance(by: 1)
        XCTAssertEqual(CACurrentMediaTime(), 43)
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
