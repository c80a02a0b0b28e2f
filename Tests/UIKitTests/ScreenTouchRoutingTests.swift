import UIKit
import XCTest

/// Input in screen coordinates goes to the frontmost window that wants each finger, for
/// the finger's whole life, in that window's coordinates; a window whose hit-test finds
/// nothing lets the finger through.
final class ScreenTouchRoutingTests: UIKitTestCase {
    /// A root view that is never the hit view itself: only its subviews take touches.
    final class PassThroughView: UIView {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    /// A window that is never the hit view itself, as a UIKit overlay window is written.
    final class PassThroughWindow: UIWindow {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let hit = super.hitTest(point, with: event)
            return hit === self ? nil : hit
        }
    }

    private var bar: UIWindow!
    private var routing = ScreenTouchRouting()

    override func setUp() async throws {
        try await super.setUp()
        addTraceView("app", window.bounds)
        // A strip over the app's lower part, above it by level, with one button-sized view.
        bar = PassThroughWindow(frame: CGRect(x: 0, y: 400, width: 320, height: 80))
        bar.windowLevel = .statusBar
        let root = PassThroughView(frame: bar.bounds)
        bar.addSubview(root)
        addTraceView("button", CGRect(x: 10, y: 10, width: 100, height: 44), to: root)
        bar.isHidden = false
        routing = ScreenTouchRouting()
    }

    private func route(_ batch: [TouchSample]) -> [(String, [String])] {
        routing.route(batch, windows: UIApplication.shared.windows).map { run in
            (run.window === bar ? "bar" : "app", run.samples.map { "\($0.id.number) \($0.phase) \($0.location.x),\($0.location.y)" })
        }
    }

    func testFrontToBackIsByLevelThenLatestShownFirst() async {
        let second = UIWindow(frame: window.frame)
        second.isHidden = false
        XCTAssertTrue(ScreenTouchRouting.frontToBack(UIApplication.shared.windows).elementsEqual([bar, second, window], by: ===))
    }

    func testAFingerOnTheTopWindowsViewGoesThereAndOneBesideItFallsThroughToTheApp() async {
        let runs = route([sample(1, .began, 200, 430), sample(2, .began, 20, 420)])
        XCTAssertEqual(runs.map(\.0), ["app", "bar"])
        XCTAssertEqual(runs.map(\.1), [["1 began 200.0,430.0"], ["2 began 20.0,20.0"]])
    }

    func testAFingerStaysWithItsWindowWhereverItMovesInThatWindowsCoordinates() async {
        _ = route([sample(2, .began, 20, 420)])
        let runs = route([sample(2, .moved, 200, 300), sample(2, .ended, 200, 300)])
        XCTAssertEqual(runs.map(\.0), ["bar"])
        XCTAssertEqual(runs.map(\.1), [["2 moved 200.0,-100.0", "2 ended 200.0,-100.0"]])
        XCTAssertEqual(routing.liveFingers, 0, "an ended finger is forgotten")
        // Begun again where the app is: the app's now.
        XCTAssertEqual(route([sample(2, .began, 200, 300)]).map(\.0), ["app"])
    }

    func testInjectedThroughTheRoutingTheViewsGetTheirMessages() async {
        for run in routing.route([sample(1, .began, 20, 420), sample(2, .began, 200, 100)], windows: UIApplication.shared.windows) {
            run.window.inject(run.samples)
        }
        for run in routing.route([sample(1, .ended, 20, 420), sample(2, .ended, 200, 100)], windows: UIApplication.shared.windows) {
            run.window.inject(run.samples)
        }
        XCTAssertEqual(trace.flush(), ["button.began(1)", "app.began(2)", "button.ended(1)", "app.ended(2)"])
    }

    func testAFingerInNoWindowIsDroppedAndLogged() async {
        XCTAssertTrue(route([sample(3, .began, 500, 500)]).isEmpty)
        XCTAssertEqual(logLines(containing: "lies in no window").count, 1)
        XCTAssertTrue(route([sample(3, .ended, 500, 500)]).map(\.0) == ["app"], "unknown: left to the window's own rules")
    }

    func testAWindowWhoseHitTestFindsNothingStillTakesAFingerNoOtherWindowWants() async {
        window.isHidden = true
        let runs = route([sample(4, .began, 200, 420)])
        XCTAssertEqual(runs.map(\.0), ["bar"], "the frontmost window containing the point")
    }
}
