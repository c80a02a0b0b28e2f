import UIKit
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform

/// Exact sample sequences in and out of the coalescer: which moves collapse, where the
/// survivor stands, what it carries, and that nothing else is dropped or reordered.
final class MoveCoalescerTests: XCTestCase {
    /// A sample of touch `number` (device 2) at (x, x / 4) stamped x / 1000 s, so every
    /// sample of a test is distinguishable by its location and its timestamp.
    private func s(_ number: UInt32, _ phase: TouchSample.Phase, _ x: Double) -> TouchSample {
        TouchSample(id: .init(device: 2, number: number), phase: phase, location: CGPoint(x: x, y: x / 4),
                    timestamp: x / 1000)
    }

    /// A survivor: `s(number, .moved, x)` standing for the moves at `earlier`, oldest first.
    private func s(_ number: UInt32, _ phase: TouchSample.Phase, _ x: Double, after earlier: [Double]) -> TouchSample {
        var sample = s(number, phase, x)
        sample.coalescedSamples = earlier.map { s(number, .moved, $0) }
        return sample
    }

    func testAnEmptyBatchAndASingleSampleComeBackUnchanged() {
        XCTAssertEqual(MoveCoalescer.coalesce([]), [])
        XCTAssertEqual(MoveCoalescer.coalesce([s(1, .moved, 10)]), [s(1, .moved, 10)])
    }

    func testOneSamplePerFingerComesBackUnchanged() {
        let batch = [s(1, .moved, 10), s(2, .moved, 20.5), s(3, .began, 30), s(4, .ended, 40)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), batch)
    }

    /// The survivor is the run's last sample: its sub-pixel location and newest
    /// timestamp, carrying the run's earlier samples (UIEvent.coalescedTouches(for:)).
    func testARunOfOneFingersMovesBecomesItsLastSample() {
        let batch = [s(1, .moved, 10), s(1, .moved, 11.25), s(1, .moved, 12.75)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [s(1, .moved, 12.75, after: [10, 11.25])])
    }

    /// Ten fingers' moves, interleaved round by round as the server reports them, become
    /// one move per finger in the order of their last round.
    func testInterleavedRoundsOfTenFingersBecomeOneMoveEach() {
        let rounds = (0..<5).flatMap { round in (1...10).map { s($0, .moved, Double(100 * $0 + round)) } }
        XCTAssertEqual(MoveCoalescer.coalesce(rounds), (1...10).map { finger in
            s(finger, .moved, Double(100 * finger + 4), after: (0..<4).map { Double(100 * finger + $0) })
        })
    }

    /// Survivors take the place of the last sample of their run, so timestamps stay in
    /// order: finger 2's only move comes before finger 1's collapsed one.
    func testTheSurvivorStandsWhereTheRunEnded() {
        let batch = [s(1, .moved, 10), s(2, .moved, 20), s(1, .moved, 30)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [s(2, .moved, 20), s(1, .moved, 30, after: [10])])
    }

    /// Began, ended and cancelled stay, in place; moves collapse only within the runs
    /// they separate, never across them.
    func testOtherPhasesAreKeptAndSeparateRuns() {
        let batch = [
            s(1, .began, 1), s(1, .moved, 2), s(2, .moved, 3), s(1, .moved, 4), s(2, .moved, 5),
            s(1, .ended, 6), s(2, .cancelled, 7), s(1, .began, 8), s(1, .moved, 9), s(1, .moved, 10),
        ]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [
            s(1, .began, 1), s(1, .moved, 4, after: [2]), s(2, .moved, 5, after: [3]), s(1, .ended, 6),
            s(2, .cancelled, 7), s(1, .began, 8), s(1, .moved, 10, after: [9]),
        ])
    }

    /// A move, an end and a new begin of the same id (the mouse finger reuses id 0):
    /// the moves on either side of the end never merge.
    func testMovesOnEitherSideOfAnEndAndABeginDoNotMerge() {
        let batch = [s(0, .moved, 1), s(0, .moved, 2), s(0, .ended, 3), s(0, .began, 4), s(0, .moved, 5),
                     s(0, .moved, 6)]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [s(0, .moved, 2, after: [1]), s(0, .ended, 3), s(0, .began, 4),
                                                       s(0, .moved, 6, after: [5])])
    }

    /// The same touch number on two devices is two fingers.
    func testTouchesAreKeyedOnDeviceAndNumber() {
        let a = TouchSample(id: .init(device: 2, number: 1), phase: .moved, location: CGPoint(x: 1, y: 1), timestamp: 1)
        let b = TouchSample(id: .init(device: 3, number: 1), phase: .moved, location: CGPoint(x: 2, y: 2), timestamp: 2)
        var a2 = a
        a2.location = CGPoint(x: 3, y: 3)
        a2.timestamp = 3
        var survivor = a2
        survivor.coalescedSamples = [a]
        XCTAssertEqual(MoveCoalescer.coalesce([a, b, a2]), [b, survivor])
    }

    /// Past the linear-scan limit the dictionary path gives the same answers: a large
    /// batch without repeats comes back as it was, and a large flood collapses.
    func testLargeBatchesFollowTheSameRules() {
        let fingers = (0..<1_000).map { s(UInt32($0), .began, Double($0)) }
        XCTAssertEqual(MoveCoalescer.coalesce(fingers), fingers)
        let flood = (0..<200).flatMap { round in (1...10).map { s($0, .moved, Double(1_000 * $0 + round)) } }
        let ends = (1...10).map { s($0, .ended, Double(1_000 * $0 + 199)) }
        XCTAssertEqual(MoveCoalescer.coalesce(flood + ends), (1...10).map { finger in
            s(finger, .moved, Double(1_000 * finger + 199), after: (0..<199).map { Double(1_000 * finger + $0) })
        } + ends)
    }

    /// Around the limit: the two paths agree on a batch just inside and just past it.
    func testBatchesAtTheLinearScanLimitCollapseAlike() {
        for count in [MoveCoalescer.linearScanLimit, MoveCoalescer.linearScanLimit + 1] {
            let batch = (0..<count).map { s(UInt32($0 % 3), .moved, Double($0)) }
            let survivors = (count - 3..<count).map { last in
                s(UInt32(last % 3), .moved, Double(last), after: stride(from: last % 3, to: last, by: 3).map(Double.init))
            }
            XCTAssertEqual(MoveCoalescer.coalesce(batch), survivors, "\(count) samples")
        }
    }

    /// UIEvent.coalescedTouches(for:) reports each sample as the device reported it:
    /// the collapsed samples keep their own force and contact size.
    func testEarlierSamplesKeepTheirForceAndContactSize() {
        let id = TouchSample.ID(device: 2, number: 1)
        let batch = [0.5, 1.5, 3].enumerated().map { index, force in
            TouchSample(id: id, phase: .moved, location: CGPoint(x: Double(index), y: 0), timestamp: Double(index),
                        force: force, maximumPossibleForce: 20.0 / 3, majorRadius: force * 2, majorRadiusTolerance: 0.25)
        }
        var survivor = batch[2]
        survivor.coalescedSamples = [batch[0], batch[1]]
        XCTAssertEqual(MoveCoalescer.coalesce(batch), [survivor])
    }

    /// A sample that already stood for earlier ones (a batch coalesced twice, or an
    /// input source that coalesces) brings them along, flattened and in order.
    func testASampleThatStoodForOthersBringsThemAlong() {
        XCTAssertEqual(MoveCoalescer.coalesce([s(1, .moved, 3, after: [1, 2]), s(1, .moved, 5, after: [4])]),
                       [s(1, .moved, 5, after: [1, 2, 3, 4])])
    }
}
