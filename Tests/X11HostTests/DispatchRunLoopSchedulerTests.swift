import Foundation
import QuartzCore
@testable import X11Host
import XCTest

/// The host's scheduler on the real main queue: a wake is armed after the work that asked
/// for it, the last ask in that work is the one that counts, and a wake never runs before
/// its deadline.
final class DispatchRunLoopSchedulerTests: XCTestCase {
    func testAWakeIsArmedAfterTheWorkThatAskedAndOnlyTheLastAskRuns() {
        onMainActor {
            let scheduler = DispatchRunLoopScheduler()
            var ran: [String] = []
            let asked = CACurrentMediaTime()
            scheduler.scheduleWake(at: asked + 0.010) { ran.append("first") }
            scheduler.scheduleWake(at: asked + 0.030) { ran.append("second") }
            XCTAssertNil(scheduler.armedDeadline, "nothing is armed inside the work that asks")
            XCTAssertTrue(runLoop { scheduler.armedDeadline != nil })
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
            XCTAssertTrue(runLoop { scheduler.armedDeadline != nil })
            scheduler.scheduleWake(at: nil) { ran += 1 }
            XCTAssertTrue(runLoop { scheduler.armedDeadline == nil })
            XCTAssertFalse(runLoop(timeout: 0.06) { ran > 0 }, "a cancelled wake never runs")
        }
    }

    /// The timer fires for the deadline it was armed for while the thread is busy, and
    /// the busy work then asks for a later one: the timer's handler runs before the
    /// queued move, and the turn still waits for the later deadline.
    func testAWakeAskedLaterWhileTheTimerFiresWaitsForItsOwnDeadline() {
        onMainActor {
            let scheduler = DispatchRunLoopScheduler()
            var ranAt: [TimeInterval] = []
            let start = CACurrentMediaTime()
            scheduler.scheduleWake(at: start + 0.010) { ranAt.append(CACurrentMediaTime()) }
            XCTAssertTrue(runLoop { scheduler.armedDeadline != nil })
            // Hold the main thread past the first deadline: the timer fires meanwhile,
            // and its handler waits on the main queue ahead of what is asked next.
            usleep(25_000)
            scheduler.scheduleWake(at: start + 0.060) { ranAt.append(CACurrentMediaTime()) }
            XCTAssertTrue(runLoop { !ranAt.isEmpty })
            XCTAssertFalse(runLoop(timeout: 0.03) { ranAt.count > 1 })
            XCTAssertEqual(ranAt.count, 1)
            XCTAssertGreaterThanOrEqual(ranAt[0], start + 0.060)
        }
    }
}
