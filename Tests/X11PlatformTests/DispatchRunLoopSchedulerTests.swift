import Foundation
import QuartzCore
@testable import X11Host
@testable import X11Platform
import X11TestSupport
import XCTest

/// The run loop's one timer on the real main queue: the last wake asked for is the one
/// that runs, never before its deadline; a turn asked for as soon as possible comes
/// first, on the same timer, and leaves the wake armed.
final class DispatchRunLoopSchedulerTests: XCTestCase {
    func testOnlyTheLastWakeAskedForRunsAndNeverBeforeItsDeadline() {
        onMainActor {
            let scheduler = DispatchRunLoopScheduler()
            var ran: [String] = []
            let asked = CACurrentMediaTime()
            scheduler.scheduleWake(at: asked + 0.010) { ran.append("first") }
            scheduler.scheduleWake(at: asked + 0.030) { ran.append("second") }
            XCTAssertEqual(scheduler.armedDeadline, asked + 0.030)
            XCTAssertTrue(runLoop { !ran.isEmpty })
            XCTAssertGreaterThanOrEqual(CACurrentMediaTime(), asked + 0.030)
            XCTAssertNil(scheduler.armedDeadline)
            // Nothing else is left to run.
            XCTAssertFalse(runLoop(timeout: 0.05) { ran.count > 1 })
            XCTAssertEqual(ran, ["second"])
        }
    }

    func testNoDeadlineCancelsAnArmedWake() {
        onMainActor {
            let scheduler = DispatchRunLoopScheduler()
            var ran = 0
            scheduler.scheduleWake(at: CACurrentMediaTime() + 0.020) { ran += 1 }
            XCTAssertNotNil(scheduler.armedDeadline)
            scheduler.scheduleWake(at: nil) { ran += 1 }
            XCTAssertNil(scheduler.armedDeadline)
            XCTAssertFalse(runLoop(timeout: 0.06) { ran > 0 }, "a cancelled wake never runs")
        }
    }

    /// One timer serves both: the soon turn runs first, at once, and the wake asked for
    /// before it still runs at its own deadline.
    func testATurnAskedForSoonRunsAtOnceAndTheWakeStillRunsAtItsDeadline() {
        onMainActor {
            let scheduler = DispatchRunLoopScheduler()
            var ranAt: [(String, TimeInterval)] = []
            let start = CACurrentMediaTime()
            scheduler.scheduleWake(at: start + 0.040) { ranAt.append(("wake", CACurrentMediaTime())) }
            scheduler.scheduleSoon { ranAt.append(("soon", CACurrentMediaTime())) }
            XCTAssertEqual(scheduler.armedDeadline, -.infinity)
            XCTAssertTrue(runLoop { ranAt.count >= 1 })
            XCTAssertEqual(ranAt.map(\.0), ["soon"])
            XCTAssertLessThan(ranAt[0].1, start + 0.040)
            XCTAssertEqual(scheduler.armedDeadline, start + 0.040, "the wake is armed again")
            XCTAssertTrue(runLoop { ranAt.count >= 2 })
            XCTAssertEqual(ranAt.map(\.0), ["soon", "wake"])
            XCTAssertGreaterThanOrEqual(ranAt[1].1, start + 0.040)
        }
    }

    /// The timer fires for the deadline it was armed for while the thread is busy, and
    /// the busy work then asks for a later one: the turn still waits for the later
    /// deadline.
    func testAWakeAskedLaterWhileTheTimerFiresWaitsForItsOwnDeadline() {
        onMainActor {
            let scheduler = DispatchRunLoopScheduler()
            var ranAt: [TimeInterval] = []
            let start = CACurrentMediaTime()
            scheduler.scheduleWake(at: start + 0.010) { ranAt.append(CACurrentMediaTime()) }
            // Hold the main thread past the first deadline: the timer fires meanwhile,
            // and its handler waits on the main queue.
            usleep(25_000)
            scheduler.scheduleWake(at: start + 0.060) { ranAt.append(CACurrentMediaTime()) }
            XCTAssertTrue(runLoop { !ranAt.isEmpty })
            XCTAssertFalse(runLoop(timeout: 0.03) { ranAt.count > 1 })
            XCTAssertEqual(ranAt.count, 1)
            XCTAssertGreaterThanOrEqual(ranAt[0], start + 0.060)
        }
    }
}
