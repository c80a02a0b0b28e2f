import UIKit
import XCTest

final class UITouchTests: UIKitTestCase {
    private var view: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        view = addTraceView("view", CGRect(x: 20, y: 40, width: 200, height: 200))
    }

    private func tapCount(of number: UInt32) -> Int? {
        view.seenTouches[number]?.tapCount
    }

    func testQuickTapsInPlaceCountUp() async {
        for number in 1...3 {
            window.inject([sample(UInt32(number), .began, 100, 100)])
            clock.advance(by: 0.1)
            window.inject([sample(UInt32(number), .ended, 101, 99)])
            clock.advance(by: TapCountThresholds.maximumInterval)  // exactly at the limit
        }
        XCTAssertEqual([tapCount(of: 1), tapCount(of: 2), tapCount(of: 3)], [1, 2, 3])
    }

    func testTheSeriesBreaksOnDelayDistanceLongPressWanderingOrCancel() async {
        // Too late.
        injector.tap(at: CGPoint(x: 100, y: 100))
        clock.advance(by: TapCountThresholds.maximumInterval + 0.01)
        let late = injector.tap(at: CGPoint(x: 100, y: 100))
        // Too far.
        clock.advance(by: 0.1)
        let far = injector.tap(at: CGPoint(x: 100, y: 100 + TapCountThresholds.maximumDistance + 1))
        // The previous touch was held too long.
        clock.advance(by: 0.1)
        injector.tap(at: CGPoint(x: 100, y: 100), duration: TapCountThresholds.maximumTapDuration + 0.01)
        let afterPress = injector.tap(at: CGPoint(x: 100, y: 100))
        // The previous touch wandered off and came back.
        clock.advance(by: 0.1)
        let wander = injector.touchDown(at: CGPoint(x: 100, y: 100))
        injector.move(wander, to: CGPoint(x: 180, y: 100))
        injector.touchUp(wander, at: CGPoint(x: 100, y: 100))
        let afterWander = injector.tap(at: CGPoint(x: 100, y: 100))
        // The previous touch was cancelled.
        let cancelled = injector.touchDown(at: CGPoint(x: 100, y: 100))
        UIApplication.shared.cancelAllTouches()
        injector.touchUp(cancelled, at: CGPoint(x: 100, y: 100))
        let afterCancel = injector.tap(at: CGPoint(x: 100, y: 100))
        let counts = [late, far, afterPress, afterWander, afterCancel].map { view.seenTouches[$0.number]?.tapCount }
        XCTAssertEqual(counts, [1, 1, 1, 1, 1])
        // And a quick tap next to the last one continues its series.
        let next = injector.tap(at: CGPoint(x: 110, y: 110))
        XCTAssertEqual(view.seenTouches[next.number]?.tapCount, 2)
    }

    func testLocationsInAnyViewAndTheWindow() async {
        let child = addTraceView("child", CGRect(x: 10, y: 10, width: 50, height: 50), to: view)
        child.transform = CGAffineTransform(scaleX: 2, y: 2)
        // child's centre (25, 25) sits at (35, 35) in view = (55, 75) in the window.
        window.inject([sample(1, .began, 55, 75)])
        window.inject([sample(1, .moved, 59, 75)])
        let touch = child.seenTouches[1]
        XCTAssertTrue(touch?.view === child)
        XCTAssertTrue(touch?.window === window)
        XCTAssertEqual(touch?.location(in: nil), CGPoint(x: 59, y: 75))
        XCTAssertEqual(touch?.location(in: view), CGPoint(x: 39, y: 35))
        XCTAssertEqual(touch?.location(in: child), CGPoint(x: 27, y: 25))
        XCTAssertEqual(touch?.previousLocation(in: child), CGPoint(x: 25, y: 25))
        XCTAssertEqual(touch?.phase, .moved)
        XCTAssertEqual(touch?.gestureRecognizers?.count, 0)
        XCTAssertEqual(touch?.timestamp, 100)
    }

    func testTimestampsFollowBeginsAndMovesButNotStationaryEvents() async {
        view.isMultipleTouchEnabled = true
        window.inject([sample(1, .began, 30, 50)])
        clock.advance(by: 0.5)
        window.inject([sample(2, .began, 40, 50)])
        clock.advance(by: 0.5)
        window.inject([sample(2, .moved, 45, 50)])
        XCTAssertEqual(view.seenTouches[1]?.timestamp, 100)
        XCTAssertEqual(view.seenTouches[1]?.phase, .stationary)
        XCTAssertEqual(view.seenTouches[2]?.timestamp, 101)
        XCTAssertEqual(view.lastEvent?.timestamp, 101)
    }

    func testATouchOutsideEveryViewHasNoViewAndReachesNobody() async {
        window.isUserInteractionEnabled = false
        window.inject([sample(1, .began, 30, 50), sample(1, .ended, 30, 50)])
        XCTAssertEqual(trace.flush(), [])
    }
}
