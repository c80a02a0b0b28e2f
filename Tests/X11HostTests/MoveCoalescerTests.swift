import UIKit
import XCTest
@testable import X11Host

/// Exact sample sequences in and out of the coalescer: which moves collapse, where the
/// survivor stands, and that nothing else is dropped or reordered.
final class MoveCoalescerTests: XCTestCase {
    /// A sample of touch `number` (device 2) at (x, x / 4) stamped x / 1000 s, so every
    /// sample of a test is distinguishable by its location and its timestamp.
    private func s(_ number: UInt32, _ phase: TouchSample.Phase, _ x: Double) -> TouchSample {
        TouchSample(id: .init(device: 2, number: number), phase: phase, location: CGPoint(x: x, y: x / 4),
                    timestamp: x / 1000)
    }

    func testAnEmptyBatchAndASingleSampleComeBackUnchanged() {
        XCTAssertEqual(MoveCoalescer.coalesce([]), [])
        XCTAssertEqual(MoveCoalescer.coalesce([s(1, .moved, 10)]), [s(1, .moved, 10)])
    }

    func testOneSamplePerFingerComesBackUnchanged() {
        let batch = [s(1, .moved, 10), s(2, .moved, 20.5), s(3, .began, 30), s(4, .ended, 40)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), batch)
    }

    /// The survivor is the run's last sample: its sub-pixel location and newest timestamp.
    func testARunOfOneFingersMovesBecomesItsLastSample() {
        let batch = [s(1, .moved, 10), s(1, .moved, 11.25), s(1, .moved, 12.75)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [s(1, .moved, 12.75)])
    }

    /// Ten fingers' moves, interleaved round by round as the server reports them, become
    /// one move per finger in the order of their last round.
    func testInterleavedRoundsOfTenFingersBecomeOneMoveEach() {
        let rounds = (0..<5).flatMap { round in (1...10).map { s($0, .moved, Double(100 * $0 + round)) } }
        XCTAssertEqual(MoveCoalescer.coalesce(rounds), (1...10).map { s($0, .moved, Double(100 * $0 + 4)) })
    }

    /// Survivors take the place of the last sample of their run, so timestamps stay in
    /// order: finger 2's only move comes before finger 1's collapsed one.
    func testTheSurvivorStandsWhereTheRunEnded() {
        let batch = [s(1, .moved, 10), s(2, .moved, 20), s(1, .moved, 30)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [s(2, .moved, 20), s(1, .moved, 30)])
    }

    /// Began, ended and cancelled stay, in place; moves collapse only within the runs
    /// they separate, never across them.
    func testOtherPhasesAreKeptAndSeparateRuns() {
        let batch = [
            s(1, .began, 1), s(1, .moved, 2), s(2, .moved, 3), s(1, .moved, 4), s(2, .moved, 5),
            s(1, .ended, 6), s(2, .cancelled, 7), s(1, .began, 8), s(1, .moved, 9), s(1, .moved, 10),
        ]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [
            s(1, .began, 1), s(1, .moved, 4), s(2, .moved, 5), s(1, .ended, 6), s(2, .cancelled, 7),
            s(1, .began, 8), s(1, .moved, 10),
        ])
    }

    /// A move, an end and a new begin of the same id (the mouse finger reuses id 0):
    /// the moves on either side of the end never merge.
    func testMovesOnEitherSideOfAnEndAndABeginDoNotMerge() {
        let batch = [s(0, .moved, 1), s(0, .moved, 2), s(0, .ended, 3), s(0, .began, 4), s(0, .moved, 5),
                     s(0, .moved, 6)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [s(0, .moved, 2), s(0, .ended, 3), s(0, .began, 4),
                                                       s(0, .moved, 6)])
    }

    /// The same touch number on two devices is two fingers.
    func testTouchesAreKeyedOnDeviceAndNumber() {
        let a = TouchSample(id: .init(device: 2, number: 1), phase: .moved, location: CGPoint(x: 1, y: 1), timestamp: 1)
        let b = TouchSample(id: .init(device: 3, number: 1), phase: .moved, location: CGPoint(x: 2, y: 2), timestamp: 2)
        var a2 = a
        a2.location = CGPoint(x: 3, y: 3)
        a2.timestamp = 3
        XCTAssertEqual(MoveCoalescer.coalesce([a, b, a2]), [b, a2])
    }

    /// Past the linear-scan limit the dictionary path gives the same answers: a large
    /// batch without repeats comes back as it was, and a large flood collapses.
    func testLargeBatchesFollowTheSameRules() {
        let fingers = (0..<1_000).map { s(UInt32($0), .began, Double($0)) }
        XCTAssertEqual(MoveCoalescer.coalesce(fingers), fingers)
        let flood = (0..<200).flatMap { round in (1...10).map { s($0, .moved, Double(1_000 * $0 + round)) } }
        let ends = (1...10).map { s($0, .ended, Double(1_000 * $0 + 199)) }
        XCTAssertEqual(MoveCoalescer.coalesce(flood + ends),
                       (1...10).map { s($0, .moved, Double(1_000 * $0 + 199)) } + ends)
    }

    /// Around the limit: the two paths agree on a batch just inside and just past it.
    func testBatchesAtTheLinearScanLimitCollapseAlike() {
        for count in [MoveCoalescer.linearScanLimit, MoveCoalescer.linearScanLimit + 1] {
            let batch = (0..<count).map { s(UInt32($0 % 3), .moved, Double($0)) }
            XCTAssertEqual(MoveCoalescer.coalesce(batch), (count - 3..<count).map { s(UInt32($0 % 3), .moved, Double($0)) },
                           "\(count) samples")
        }
    }
}
