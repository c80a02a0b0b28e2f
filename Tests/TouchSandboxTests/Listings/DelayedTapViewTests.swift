@testable import TouchSandbox
import UIKit
import XCTest

/// Neuburg, "Touches": "Interpreting Touches": the view that tells a single tap from a
/// double tap by tap counts and delayed performance, with the listing's 0.3 s delay.
final class DelayedTapViewTests: ListingTestCase {
    private var v: DelayedTapView!
    private let spot = CGPoint(x: 200, y: 200)

    override func setUp() async throws {
        try await super.setUp()
        v = DelayedTapView(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        window.addSubview(v)
    }

    func testASingleTapIsReportedExactlyTheDelayAfterItsFingerLifts() async {
        injector.tap(at: spot, duration: 0.05)
        XCTAssertEqual(v.actionLog, [])
        injector.wait(DelayedTapView.singleTapDelay - 0.01)
        XCTAssertEqual(v.actionLog, [], "a second tap may still come")
        injector.wait(0.02)
        XCTAssertEqual(v.actionLog, ["single"])
        injector.wait(1)
        XCTAssertEqual(v.actionLog, ["single"])
    }

    func testADoubleTapIsReportedWhenItsSecondFingerLiftsAndNeverAsASingle() async {
        var logged: [String] = []
        v.actionLogged = { logged.append($0) }
        injector.tap(at: spot, duration: 0.05)
        injector.wait(0.15)
        injector.tap(at: CGPoint(x: 204, y: 198), duration: 0.05)
        XCTAssertEqual(v.actionLog, ["double"], "at the second lift")
        injector.wait(1)
        XCTAssertEqual(v.actionLog, ["double"], "the second tap's begin cancelled the pending single")
        XCTAssertEqual(logged, ["double"])
    }

    func testAThirdTapReportsNothing() async {
        for _ in 0..<3 {
            injector.tap(at: spot, duration: 0.05)
            injector.wait(0.1)
        }
        injector.wait(1)
        XCTAssertEqual(v.actionLog, ["double"])
    }

    /// The delay (0.3 s) is shorter than the interval within which the next touch still
    /// counts as a second tap (0.35 s): a second tap in between is both.
    func testASecondTapJustAfterTheDelayIsASingleAndThenADouble() async {
        injector.tap(at: spot, duration: 0.05)
        injector.wait(0.32)
        XCTAssertEqual(v.actionLog, ["single"])
        injector.tap(at: spot, duration: 0.05)
        XCTAssertEqual(v.actionLog, ["single", "double"])
    }

    /// The listing reads only the tap count, which a long press or a drag also has.
    func testALongPressAndADragAreSingleTapsToo() async {
        injector.tap(at: spot, duration: 0.8)
        injector.wait(DelayedTapView.singleTapDelay + 0.01)
        XCTAssertEqual(v.actionLog, ["single"])
        injector.drag(from: spot, to: CGPoint(x: 280, y: 150), duration: 0.3, steps: 6)
        injector.wait(DelayedTapView.singleTapDelay + 0.01)
        XCTAssertEqual(v.actionLog, ["single", "single"])
    }
}
