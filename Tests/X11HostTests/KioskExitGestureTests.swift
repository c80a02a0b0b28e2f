import UIKit
@testable import X11Host
@testable import X11Platform
import X11TestSupport
import XCTest
import TouchTestSupport

/// The exit gestures, in raw samples: four fingers held still for 3 s, or five taps in
/// one corner within 2 s; nothing else.
final class KioskExitGestureTests: XCTestCase {
    private let screen = CGSize(width: 1024, height: 768)


    private func fourFingersDown(_ gesture: inout KioskExitGesture, at t: TimeInterval) -> Bool {
        gesture.take((1...4).map { TouchSample.finger($0, .began, 300 + CGFloat($0) * 60, 400, at: t, device: 2) })
    }

    func testFourFingersHeldStillForThreeSecondsLeave() {
        var gesture = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        XCTAssertFalse(fourFingersDown(&gesture, at: 10))
        XCTAssertEqual(gesture.holdDeadline, 13)
        XCTAssertFalse(gesture.take([TouchSample.finger(1, .moved, 365, 410, at: 11, device: 2)]), "a little wandering is still holding")
        XCTAssertFalse(gesture.holdCompleted(at: 12.99))
        XCTAssertTrue(gesture.holdCompleted(at: 13))
        XCTAssertTrue(gesture.take([TouchSample.finger(2, .moved, 420, 401, at: 13.2, device: 2)]), "a sample after the deadline completes it too")
    }

    func testThreeFingersAMovedFingerOrALiftEndTheHold() {
        var three = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        XCTAssertFalse(three.take((1...3).map { TouchSample.finger($0, .began, 300 + CGFloat($0) * 60, 400, at: 0, device: 2) }))
        XCTAssertNil(three.holdDeadline, "three fingers are not the gesture")

        var moved = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        _ = fourFingersDown(&moved, at: 0)
        XCTAssertFalse(moved.take([TouchSample.finger(1, .moved, 360 + 31, 400, at: 1, device: 2)]))
        XCTAssertNil(moved.holdDeadline, "31 points is a drag, not a hold")

        var lifted = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        _ = fourFingersDown(&lifted, at: 0)
        XCTAssertFalse(lifted.take([TouchSample.finger(4, .ended, 540, 400, at: 2, device: 2)]))
        XCTAssertFalse(lifted.holdCompleted(at: 5))
    }

    func testFiveQuickTapsInOneCornerLeave() {
        var gesture = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        for index in 0..<4 {
            let t = Double(index) * 0.4
            XCTAssertFalse(gesture.take([TouchSample.finger(UInt32(index), .began, 1000, 20, at: t, device: 2)]))
            XCTAssertFalse(gesture.take([TouchSample.finger(UInt32(index), .ended, 1001, 21, at: t + 0.05, device: 2)]), "tap \(index + 1)")
        }
        XCTAssertFalse(gesture.take([TouchSample.finger(9, .began, 990, 40, at: 1.7, device: 2)]))
        XCTAssertTrue(gesture.take([TouchSample.finger(9, .ended, 990, 40, at: 1.75, device: 2)]), "the fifth tap in the top right corner within 2 s")
    }

    func testTapsInTwoCornersOrTooSlowOrAPressDoNotLeave() {
        var corners = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        for index in 0..<5 {
            let x: CGFloat = index == 2 ? 20 : 1000
            _ = corners.take([TouchSample.finger(UInt32(index), .began, x, 20, at: Double(index) * 0.3, device: 2)])
            XCTAssertFalse(corners.take([TouchSample.finger(UInt32(index), .ended, x, 20, at: Double(index) * 0.3 + 0.05, device: 2)]))
        }

        var slow = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        for index in 0..<5 {
            _ = slow.take([TouchSample.finger(UInt32(index), .began, 1000, 740, at: Double(index) * 0.6, device: 2)])
            XCTAssertFalse(slow.take([TouchSample.finger(UInt32(index), .ended, 1000, 740, at: Double(index) * 0.6 + 0.05, device: 2)]),
                           "five taps over 2.45 s")
        }

        var middle = KioskExitGesture(configuration: KioskConfiguration(), screenSize: screen)
        for index in 0..<5 {
            _ = middle.take([TouchSample.finger(UInt32(index), .began, 512, 384, at: Double(index) * 0.2, device: 2)])
            XCTAssertFalse(middle.take([TouchSample.finger(UInt32(index), .ended, 512, 384, at: Double(index) * 0.2 + 0.05, device: 2)]))
        }
        XCTAssertEqual([middle.corner(of: CGPoint(x: 80, y: 80)), middle.corner(of: CGPoint(x: 81, y: 80)),
                        middle.corner(of: CGPoint(x: 944, y: 688))], [0, nil, 3])
    }

    func testAGestureTheConfigurationLeavesOutDoesNothing() {
        var holdOnly = KioskExitGesture(configuration: KioskConfiguration(exitGesture: .hold), screenSize: screen)
        for index in 0..<5 {
            _ = holdOnly.take([TouchSample.finger(UInt32(index), .began, 10, 10, at: Double(index) * 0.2, device: 2)])
            XCTAssertFalse(holdOnly.take([TouchSample.finger(UInt32(index), .ended, 10, 10, at: Double(index) * 0.2 + 0.05, device: 2)]))
        }
        var cornersOnly = KioskExitGesture(configuration: KioskConfiguration(exitGesture: .corner), screenSize: screen)
        XCTAssertFalse(fourFingersDown(&cornersOnly, at: 0))
        XCTAssertNil(cornersOnly.holdDeadline)
    }
}
