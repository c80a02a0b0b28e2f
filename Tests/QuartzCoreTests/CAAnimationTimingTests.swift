import QuartzCore
import XCTest

final class CAAnimationTimingTests: XCTestCase {
    private func assertProgress(
        _ timing: CAAnimationTiming, at t: CFTimeInterval, _ expected: Double?, _ message: String = "",
        file: StaticString = #filePath, line: UInt = #line
    ) {
        let actual = timing.sample(atParentTime: t).progress
        guard let expected else {
            XCTAssertNil(actual, "at \(t) \(message)", file: file, line: line)
            return
        }
        guard let actual else {
            XCTFail("no progress at \(t), expected \(expected)", file: file, line: line)
            return
        }
        XCTAssertEqual(actual, expected, accuracy: 1e-12, "at \(t) \(message)", file: file, line: line)
    }

    func testPlainAnimationPhasesAndRemoval() {
        let timing = CAAnimationTiming(beginTime: 10, duration: 2)
        XCTAssertEqual(timing.sample(atParentTime: 9.99), .init(phase: .before, progress: nil))
        XCTAssertEqual(timing.sample(atParentTime: 10), .init(phase: .active, progress: 0))
        assertProgress(timing, at: 11, 0.5)
        assertProgress(timing, at: 11.999, 0.9995)
        XCTAssertEqual(timing.sample(atParentTime: 12), .init(phase: .after, progress: nil))
        XCTAssertTrue(timing.sample(atParentTime: 12).isFinished)
        XCTAssertFalse(timing.sample(atParentTime: 11.9).isFinished)
    }

    func testFillModesHoldTheFirstAndLastValues() {
        var timing = CAAnimationTiming(beginTime: 10, duration: 2, fillMode: .forwards)
        assertProgress(timing, at: 9, nil)
        assertProgress(timing, at: 100, 1)
        timing.fillMode = .backwards
        assertProgress(timing, at: 9, 0)
        assertProgress(timing, at: 100, nil)
        timing.fillMode = .both
        assertProgress(timing, at: 9, 0)
        assertProgress(timing, at: 100, 1)
        XCTAssertEqual(timing.sample(atParentTime: 100).phase, .after, "a fill does not make it active")
    }

    func testSpeedScalesTheParentTime() {
        let fast = CAAnimationTiming(beginTime: 10, duration: 2, speed: 2)
        assertProgress(fast, at: 10.5, 0.5)
        XCTAssertTrue(fast.sample(atParentTime: 11).isFinished)
        let slow = CAAnimationTiming(beginTime: 10, duration: 2, speed: 0.5)
        assertProgress(slow, at: 12, 0.5)
        XCTAssertFalse(slow.sample(atParentTime: 13.9).isFinished)
    }

    /// Speed 0 with a time offset is how Core Animation pauses: frozen for ever.
    func testZeroSpeedFreezesAtTheOffset() {
        let paused = CAAnimationTiming(beginTime: 0, duration: 2, speed: 0, timeOffset: 0.5)
        assertProgress(paused, at: -5, 0.25)
        assertProgress(paused, at: 1_000, 0.25)
        XCTAssertEqual(paused.sample(atParentTime: 1_000).phase, .active)
    }

    func testNegativeSpeedStaysBeforeItsBeginning() {
        let reversed = CAAnimationTiming(beginTime: 0, duration: 2, speed: -1, fillMode: .backwards)
        XCTAssertEqual(reversed.sample(atParentTime: 1), .init(phase: .before, progress: 0))
    }

    func testFractionalRepeatCountEndsMidCycle() {
        let timing = CAAnimationTiming(beginTime: 0, duration: 2, repeatCount: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 5)
        assertProgress(timing, at: 1, 0.5)
        assertProgress(timing, at: 2, 0, "the second cycle starts over")
        assertProgress(timing, at: 3.5, 0.75)
        assertProgress(timing, at: 4.5, 0.25)
        assertProgress(timing, at: 5, 0.5)
        assertProgress(timing, at: 50, 0.5)
    }

    func testWholeRepeatsEndOnTheEndValueNotTheStart() {
        let timing = CAAnimationTiming(beginTime: 0, duration: 2, repeatCount: 3, fillMode: .forwards)
        assertProgress(timing, at: 6, 1)
    }

    func testInfiniteRepeatNeverFinishes() {
        let timing = CAAnimationTiming(beginTime: 0, duration: 1, repeatCount: .infinity)
        XCTAssertEqual(timing.activeDuration, .infinity)
        assertProgress(timing, at: 1_000_000.25, 0.25)
        XCTAssertFalse(timing.sample(atParentTime: 1e12).isFinished)
    }

    func testAutoreverseDoublesEachCycle() {
        let timing = CAAnimationTiming(beginTime: 0, duration: 1, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 2)
        assertProgress(timing, at: 0.25, 0.25)
        assertProgress(timing, at: 1, 1)
        assertProgress(timing, at: 1.25, 0.75)
        assertProgress(timing, at: 1.5, 0.5)
        XCTAssertFalse(timing.sample(atParentTime: 1.99).isFinished)
        assertProgress(timing, at: 2, 0, "back where it started")
    }

    func testAutoreverseWithRepeats() {
        let twice = CAAnimationTiming(beginTime: 0, duration: 1, repeatCount: 2, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(twice.activeDuration, 4)
        assertProgress(twice, at: 2.5, 0.5)
        assertProgress(twice, at: 3.25, 0.75)
        assertProgress(twice, at: 4, 0)
        let oneAndAHalf = CAAnimationTiming(beginTime: 0, duration: 1, repeatCount: 1.5, autoreverses: true, fillMode: .forwards)
        XCTAssertEqual(oneAndAHalf.activeDuration, 3)
        assertProgress(oneAndAHalf, at: 2.5, 0.5)
        assertProgress(oneAndAHalf, at: 3, 1, "half an autoreversed cycle ends at the far end")
    }

    func testRepeatDurationBoundsTheActiveDuration() {
        let timing = CAAnimationTiming(beginTime: 1, duration: 1, repeatDuration: 2.5, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 2.5)
        assertProgress(timing, at: 3.25, 0.25)
        assertProgress(timing, at: 3.5, 0.5)
        XCTAssertTrue(timing.sample(atParentTime: 3.5).isFinished)
        let reversing = CAAnimationTiming(beginTime: 0, duration: 1, repeatDuration: 3, autoreverses: true)
        assertProgress(reversing, at: 2.5, 0.5)
    }

    /// Duration 3, offset 1: shows seconds 1…3, then 0…1, ending when a plain one would.
    func testTimeOffsetWrapsWithoutMovingTheActiveInterval() {
        let timing = CAAnimationTiming(beginTime: 10, duration: 3, timeOffset: 1, fillMode: .both)
        assertProgress(timing, at: 10, 1.0 / 3)
        assertProgress(timing, at: 11.5, 2.5 / 3)
        assertProgress(timing, at: 12.5, 0.5 / 3)
        XCTAssertEqual(timing.sample(atParentTime: 12.999).phase, .active)
        XCTAssertTrue(timing.sample(atParentTime: 13).isFinished)
        assertProgress(timing, at: 20, 1.0 / 3, "it ends where it began")
        assertProgress(timing, at: 5, 1.0 / 3, "and fills backwards with its first value")
    }

    func testBeginTimeDelaysAndSpeedAppliesAfterIt() {
        let timing = CAAnimationTiming(beginTime: 100, duration: 4, speed: 4)
        assertProgress(timing, at: 100.5, 0.5)
        XCTAssertEqual(timing.sample(atParentTime: 99.5).phase, .before)
    }

    func testZeroDurationJumpsToTheEnd() {
        let timing = CAAnimationTiming(beginTime: 5, duration: 0, fillMode: .forwards)
        XCTAssertEqual(timing.activeDuration, 0)
        XCTAssertEqual(timing.sample(atParentTime: 5), .init(phase: .after, progress: 1))
        XCTAssertEqual(timing.sample(atParentTime: 4), .init(phase: .before, progress: nil))
    }
}
