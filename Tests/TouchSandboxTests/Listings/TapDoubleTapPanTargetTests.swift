@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Neuburg, "Touches": "Multiple Gesture Recognizers": the single tap waits for the
/// double tap to fail, the double tap never lets the single through, and a drag is
/// neither.
final class TapDoubleTapPanTargetTests: ListingTestCase {
    private var target: TapDoubleTapPanTarget!
    private var v: UIView!

    override func setUp() async throws {
        try await super.setUp()
        target = TapDoubleTapPanTarget()
        v = UIView(frame: CGRect(x: 100, y: 100, width: 150, height: 150))
        window.addSubview(v)
        target.configure(v)
    }

    func testTheListingsRecognizers() async throws {
        let recognizers = try XCTUnwrap(v.gestureRecognizers)
        XCTAssertEqual(recognizers.count, 3)
        let taps = recognizers.compactMap { $0 as? UITapGestureRecognizer }
        XCTAssertEqual(taps.map(\.numberOfTapsRequired), [2, 1])
        XCTAssertTrue(recognizers[2] is UIPanGestureRecognizer)
    }

    func testASingleTapIsReportedOnlyOnceTheDoubleTapHasTimedOut() async {
        injector.tap(at: CGPoint(x: 175, y: 175), duration: 0.05)
        XCTAssertEqual(target.actionLog, [], "held back while a second tap may come")
        injector.wait(GestureThresholds.maximumIntervalBetweenTaps - 0.01)
        XCTAssertEqual(target.actionLog, [])
        injector.wait(0.01)
        XCTAssertEqual(target.actionLog, ["single"], "the double tap failed at its interval, letting the single through")
        injector.wait(1)
        XCTAssertEqual(target.actionLog, ["single"])
    }

    func testADoubleTapIsReportedAtOnceAndNeverAsASingle() async {
        injector.tap(at: CGPoint(x: 175, y: 175), duration: 0.05)
        injector.wait(0.15)
        injector.tap(at: CGPoint(x: 180, y: 172), duration: 0.05)
        XCTAssertEqual(target.actionLog, ["double"])
        injector.wait(1)
        XCTAssertEqual(target.actionLog, ["double"], "the single tap failed when the double tap recognized")

        // The recognizers are ready again: the next single tap is a single.
        injector.tap(at: CGPoint(x: 175, y: 175), duration: 0.05)
        injector.wait(GestureThresholds.maximumIntervalBetweenTaps)
        XCTAssertEqual(target.actionLog, ["double", "single"])
    }

    func testADragMovesTheViewByTheFingersMovementAndFiresNoTap() async {
        injector.drag(from: CGPoint(x: 175, y: 175), to: CGPoint(x: 235, y: 255), duration: 0.3, steps: 10)
        XCTAssertEqualPoints(v.center, CGPoint(x: 235, y: 255), accuracy: 1e-9)
        injector.wait(1)
        XCTAssertEqual(target.actionLog.first, "drag began")
        XCTAssertEqual(target.actionLog.last, "drag ended")
        XCTAssertEqual(Set(target.actionLog.dropFirst().dropLast()), ["drag changed"])
        XCTAssertFalse(target.actionLog.contains("single"))
        XCTAssertFalse(target.actionLog.contains("double"))
    }

    func testTwoTapsFurtherApartThanTheIntervalAreTwoSingles() async {
        injector.tap(at: CGPoint(x: 175, y: 175), duration: 0.05)
        injector.wait(GestureThresholds.maximumIntervalBetweenTaps + 0.05)
        XCTAssertEqual(target.actionLog, ["single"])
        injector.tap(at: CGPoint(x: 175, y: 175), duration: 0.05)
        XCTAssertEqual(target.actionLog, ["single"], "the second single waits for a double tap too")
        injector.wait(GestureThresholds.maximumIntervalBetweenTaps)
        XCTAssertEqual(target.actionLog, ["single", "single"])
    }
}
