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

    // MARK: - Force and contact size

    /// A sample with pressure and contact size, as the X11 host makes them.
    private func pressed(_ number: UInt32, _ phase: TouchSample.Phase, _ x: CGFloat, _ y: CGFloat,
                         force: CGFloat, radius: CGFloat = 0) -> TouchSample {
        TouchSample(id: TouchSample.ID(device: TouchInjector.defaultDevice, number: number), phase: phase,
                    location: CGPoint(x: x, y: y), timestamp: clock.now, force: force, maximumPossibleForce: 20.0 / 3,
                    majorRadius: radius, majorRadiusTolerance: radius > 0 ? 0.25 : 0)
    }

    /// UITouch.force, UITouch.maximumPossibleForce, UITouch.majorRadius,
    /// UITouch.majorRadiusTolerance: each sample's values, read in the touches method
    /// that delivers it.
    func testForceAndContactSizeAreEachSamplesOwn() async {
        var seen: [String] = []
        view.onCall = { phase, touches in
            let touch = touches.first!
            seen.append("\(phase) \(touch.force)/\(touch.maximumPossibleForce) r\(touch.majorRadius)±\(touch.majorRadiusTolerance)")
        }
        window.inject([pressed(1, .began, 50, 60, force: 0.5, radius: 6)])
        clock.advance(by: 0.01)
        window.inject([pressed(1, .moved, 52, 60, force: 1.25, radius: 7.5)])
        clock.advance(by: 0.01)
        window.inject([pressed(1, .ended, 52, 60, force: 0, radius: 7.5)])
        XCTAssertEqual(seen, [
            "began 0.5/6.666666666666667 r6.0±0.25",
            "moved 1.25/6.666666666666667 r7.5±0.25",
            "ended 0.0/6.666666666666667 r7.5±0.25",
        ])
    }

    /// UIResponder.touchesMoved(_:with:): "UIKit calls this method when the location or
    /// force of a touch changes". A change of force or contact size in place is a move
    /// (previous location = location); a sample that changes nothing is not.
    func testAChangeOfForceOrContactSizeAloneIsAMove() async {
        window.inject([pressed(1, .began, 50, 60, force: 1)])
        clock.advance(by: 0.01)
        window.inject([pressed(1, .moved, 50, 60, force: 2)])
        let touch = view.seenTouches[1]
        XCTAssertEqual(touch?.phase, .moved)
        XCTAssertEqual(touch?.previousLocation(in: nil), CGPoint(x: 50, y: 60))
        clock.advance(by: 0.01)
        window.inject([pressed(1, .moved, 50, 60, force: 2)])
        XCTAssertEqual(touch?.phase, .stationary)
        clock.advance(by: 0.01)
        window.inject([pressed(1, .moved, 50, 60, force: 2, radius: 9)])
        XCTAssertEqual(touch?.majorRadius, 9)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.moved(1)", "view.moved(1)"])
    }

    /// A device without pressure or contact size reports 0 for all four, as iOS does on
    /// a device without 3D Touch (UITouch.force: "available on devices that support
    /// 3D Touch"); nonsense values (negative, NaN, infinite) count as none.
    func testNoPressureOrNonsenseIsZero() async {
        window.inject([sample(1, .began, 50, 60)])
        let touch = view.seenTouches[1]
        XCTAssertEqual([touch?.force, touch?.maximumPossibleForce, touch?.majorRadius, touch?.majorRadiusTolerance],
                       [0, 0, 0, 0])
        var broken = pressed(1, .moved, 51, 60, force: -1, radius: .nan)
        broken.maximumPossibleForce = .infinity
        window.inject([broken])
        XCTAssertEqual([touch?.force, touch?.maximumPossibleForce, touch?.majorRadius], [0, 0, 0])
    }

    /// Neuburg, "Touches": a withheld phase is delivered late as it was. A began
    /// withheld by `delaysTouchesBegan` reaches the view with the force it had, though
    /// the finger pressed harder meanwhile.
    func testAWithheldBeganArrivesWithItsOwnForce() async {
        let holder = ScriptedRecognizer("g", trace: trace)
        holder.delaysTouchesBegan = true
        view.addGestureRecognizer(holder)
        holder.onMoved = { recognizer, _ in recognizer.state = .failed }
        var seen: [(UITouch.Phase, CGFloat)] = []
        view.onCall = { _, touches in seen.append((touches.first!.phase, touches.first!.force)) }
        window.inject([pressed(1, .began, 50, 60, force: 0.5)])
        clock.advance(by: 0.01)
        window.inject([pressed(1, .moved, 50, 60, force: 3)])
        XCTAssertEqual(seen.map(\.0), [.began, .moved])
        XCTAssertEqual(seen.map(\.1), [0.5, 3])
    }
}
