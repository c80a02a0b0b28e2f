@testable import UIKit
import XCTest
import TouchTestSupport

final class VelocityTrackerTests: XCTestCase {
    private func tracker(_ samples: [(TimeInterval, CGFloat, CGFloat)]) -> VelocityTracker {
        var tracker = VelocityTracker()
        for (time, x, y) in samples { tracker.add(CGPoint(x: x, y: y), at: time) }
        return tracker
    }

    func testTheWindowIsTheSharedThreshold() {
        XCTAssertEqual(VelocityTracker().window, GestureThresholds.velocitySampleWindow)
    }

    func testNoSampleOrOneSampleIsAtRest() {
        XCTAssertEqual(VelocityTracker().velocity, .zero)
        XCTAssertEqual(tracker([(100, 5, 7)]).velocity, .zero)
    }

    func testTwoSamplesGiveTheirSlope() {
        let velocity = tracker([(100, 10, 20), (100.05, 20, 15)]).velocity
        XCTAssertEqualPoints(velocity, CGPoint(x: 200, y: -100), accuracy: 1e-6)
    }

    func testEvenMotionIsExactWhateverTheNumberOfSamples() {
        var samples: [(TimeInterval, CGFloat, CGFloat)] = []
        for step in 0...6 {
            let t = Double(step) * 0.016
            samples.append((100 + t, 3 + 250 * t, 40 - 80 * t))
        }
        XCTAssertEqualPoints(tracker(samples).velocity, CGPoint(x: 250, y: -80), accuracy: 1e-6)
    }

    func testEverySampleCountsNotOnlyTheFirstAndLast() {
        // A last sample 1 pt ahead of even motion at 100 pt/s: first-to-last would say
        // 110 pt/s; the least-squares slope gives it its share, 108.
        let velocity = tracker([(100, 0, 0), (100.025, 2.5, 0), (100.05, 5, 0), (100.075, 7.5, 0), (100.1, 11, 0)]).velocity
        XCTAssertEqual(velocity.x, 108, accuracy: 1e-6)
        XCTAssertEqual(velocity.y, 0)
    }

    func testOnlyTheLastWindowCounts() {
        // Slow for half a second, then fast: only the fast samples are within 0.1 s of
        // the newest.
        var samples: [(TimeInterval, CGFloat, CGFloat)] = [(100, 0, 0), (100.2, 2, 0), (100.4, 4, 0)]
        samples += [(100.45, 14, 0), (100.5, 24, 0)]
        let tracker = tracker(samples)
        XCTAssertEqual(tracker.samples.map(\.time), [100.4, 100.45, 100.5])
        XCTAssertEqual(tracker.velocity.x, 200, accuracy: 1e-6)
    }

    func testASampleExactlyOneWindowOldStillCounts() {
        // 100.1 − 0.1 is not exactly 100 in binary.
        let tracker = tracker([(100, 0, 0), (100 + 0.1, 30, 0)])
        XCTAssertEqual(tracker.samples.count, 2)
        XCTAssertEqual(tracker.velocity.x, 300, accuracy: 1e-6)
    }

    func testAFingerThatRestedLongerThanTheWindowIsAtRest() {
        let tracker = tracker([(100, 0, 0), (100.02, 10, 0), (100.04, 20, 0), (100.3, 20, 0)])
        XCTAssertEqual(tracker.velocity, .zero)
    }

    func testARepeatedTimestampReplacesThePositionAndNeverDividesByZero() {
        var tracker = tracker([(100, 0, 0), (100, 50, 0)])
        XCTAssertEqual(tracker.samples, [.init(time: 100, position: CGPoint(x: 50, y: 0))])
        XCTAssertEqual(tracker.velocity, .zero)
        tracker.add(CGPoint(x: 60, y: 0), at: 100.05)
        tracker.add(CGPoint(x: 70, y: 0), at: 100.05)
        XCTAssertEqual(tracker.velocity.x, 400, accuracy: 1e-6)
    }

    func testATimestampGoingBackwardsCountsAsTheNewestInstant() {
        let tracker = tracker([(100, 0, 0), (100.05, 10, 0), (100.01, 20, 0)])
        XCTAssertEqual(tracker.samples.map(\.time), [100, 100.05])
        XCTAssertEqual(tracker.velocity.x, 400, accuracy: 1e-6)
    }

    func testNonFiniteSamplesAreDropped() {
        let tracker = tracker([(100, 0, 0), (.nan, 5, 5), (100.05, .infinity, 0), (100.05, 10, 0)])
        XCTAssertEqual(tracker.samples.count, 2)
        XCTAssertEqual(tracker.velocity.x, 200, accuracy: 1e-6)
    }

    func testOneDimensionalQuantitiesUseX() {
        var tracker = VelocityTracker()
        tracker.add(1.0 as CGFloat, at: 100)
        tracker.add(1.5 as CGFloat, at: 100.1)
        XCTAssertEqual(tracker.scalarVelocity, 5, accuracy: 1e-9)
    }

    func testRemoveAllForgetsTheGesture() {
        var tracker = tracker([(100, 0, 0), (100.05, 10, 0)])
        tracker.removeAll()
        XCTAssertEqual(tracker.velocity, .zero)
        XCTAssertTrue(tracker.samples.isEmpty)
    }
}
