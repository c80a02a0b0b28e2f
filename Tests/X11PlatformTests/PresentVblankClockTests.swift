import Foundation
import HeadlessXorg
import QuartzCore
import UIKit
@testable import X11Host
@testable import X11Platform
import X11TestSupport
import XCTest

/// The frame grid's slots start at the display's vertical blanks, as the X server's
/// Present extension reports them. The headless server's `dummy` driver has no CRTC
/// that blanks, so Present counts fake blanks on its own timer, at 60 Hz: what a real
/// CRTC reports, with a timer's jitter.
final class PresentVblankClockTests: XCTestCase {
    func testTheServerAnswersWithTheNextBlankThenOneASecondApart() throws {
        try onMainActor {
            let (server, host) = try openHeadlessHost()
            defer { closeHeadlessHost(host) }
            let asked = MonotonicClock().now
            let clock = try XCTUnwrap(PresentVblankClock(displayName: server.display, window: UInt32(host.window.id),
                                                        refreshInterval: host.refreshInterval, now: asked))
            var answers: [(seconds: TimeInterval, msc: UInt64)] = []
            let end = asked + 2.6
            while MonotonicClock().now < end {
                usleep(10_000)
                if clock.read(now: MonotonicClock().now), let latest = clock.latest { answers.append(latest) }
            }
            XCTAssertEqual(answers.count, 3, "\(answers)")
            guard answers.count == 3 else { return }
            // The first answer is the next blank after the question.
            XCTAssertGreaterThan(answers[0].seconds, asked)
            XCTAssertLessThan(answers[0].seconds, asked + 2 * host.refreshInterval)
            for (earlier, later) in zip(answers, answers.dropFirst()) {
                XCTAssertEqual(later.msc - earlier.msc, 60, "a second's worth of blanks on")
                XCTAssertEqual(later.seconds - earlier.seconds, 1, accuracy: 0.003)
            }
        }
    }

    func testAnAnswerLeftUnreadTooLongIsNotTakenAndTheNextBlankIsAskedFor() throws {
        try onMainActor {
            let (server, host) = try openHeadlessHost()
            defer { closeHeadlessHost(host) }
            let clock = try XCTUnwrap(PresentVblankClock(displayName: server.display, window: UInt32(host.window.id),
                                                        refreshInterval: host.refreshInterval, now: MonotonicClock().now))
            // The app is idle: the first answer waits unread past `staleAfter`.
            usleep(UInt32((PresentVblankClock.staleAfter + 0.3) * 1_000_000))
            let lateRead = MonotonicClock().now
            XCTAssertFalse(clock.read(now: lateRead), "an answer that old would align the grid to a stale blank")
            XCTAssertNil(clock.latest)
            var taken = false
            let end = lateRead + 1
            while !taken, MonotonicClock().now < end {
                usleep(10_000)
                taken = clock.read(now: MonotonicClock().now)
            }
            XCTAssertTrue(taken, "the next blank was asked for and answered")
            XCTAssertEqual(clock.answers, 1)
            XCTAssertGreaterThan(try XCTUnwrap(clock.latest).seconds, lateRead, "a blank after the late read")
        }
    }

    func testTheHostsGridFramesStartEarlyInTheSlotsThatBeginAtTheBlanks() throws {
        try onMainActor {
            let square = UIView(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
            square.backgroundColor = .blue
            let program = try OneViewProgram(showing: square)
            defer { program.runner.shutdown() }
            let host = program.host
            let slot = host.refreshInterval
            XCTAssertTrue(runLoop(timeout: 2) { host.latestVblank() != nil }, "the server reports its blanks")
            // The grid counted from the first frame's start until the blank came; the
            // frames from here on start within the first half of a slot that begins at
            // a blank. Unaligned, a grid's phase against the blanks is where the first
            // frame happened to start.
            var offsets: [TimeInterval] = []
            let watcher = FrameWatcher()
            watcher.onFrame = { report, host in
                guard let blank = host.latestVblank() else { return }
                let offset = (report.started - blank).truncatingRemainder(dividingBy: slot)
                offsets.append(offset < 0 ? offset + slot : offset)
            }
            host.addFrameStage(watcher)
            defer { host.removeFrameStage(watcher) }
            UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { square.alpha = 0.1 })
            XCTAssertTrue(runLoop(timeout: 3) { offsets.count >= 40 })
            let late = offsets.filter { $0 > slot / 2 }
            XCTAssertTrue(late.isEmpty, "frames started late in their slots: \(late.map { Int($0 * 1e6) }) µs of \(offsets.count)")
            // Most start within 2 ms of their blank (the wake-up's latency and the fake
            // blank's timer jitter); an unaligned grid starts at one phase throughout,
            // anywhere in the slot.
            let median = offsets.sorted()[offsets.count / 2]
            XCTAssertLessThan(median, 0.002, "offsets from the blank, µs: \(offsets.map { Int($0 * 1e6) })")
        }
    }
}
