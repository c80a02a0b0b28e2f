import UIKit
import XCTest

/// Input in screen coordinates goes to the frontmost window that wants each finger, for
/// the finger's whole life, in that window's coordinates; a window whose hit-test finds
/// nothing lets the finger through. A finger's window is its live touch's, and a new
/// finger is hit-tested once.
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

    /// Counts the hit-tests that reach it; one that `passesThrough` is never the hit
    /// view itself.
    final class CountingView: UIView {
        var hitTests = 0
        var passesThrough = false

        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            hitTests += 1
            let hit = super.hitTest(point, with: event)
            return passesThrough && hit === self ? nil : hit
        }
    }

    private var bar: UIWindow!
    private var routing: ScreenTouchRouting { ScreenTouchRouting() }

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
    }

    /// Routes `batch` and delivers the runs, as the run loop does; returns each run's
    /// window and samples.
    private func route(_ batch: [TouchSample]) -> [(String, [String])] {
        let runs = routing.route(batch, windows: UIApplication.shared.visibleWindows)
        for run in runs { run.deliver() }
        return runs.map { run in
            (run.window === bar ? "bar" : "app", run.samples.map { "\($0.id.number) \($0.phase) \($0.location.x),\($0.location.y)" })
        }
    }

    func testFrontToBackIsByLevelThenLatestShownFirst() async {
        let second = UIWindow(frame: window.frame)
        second.isHidden = false
        XCTAssertTrue(ScreenTouchRouting.frontToBack(UIApplication.shared.visibleWindows).elementsEqual([bar, second, window], by: ===))
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
        for run in routing.route([sample(1, .began, 20, 420), sample(2, .began, 200, 100)], windows: UIApplication.shared.visibleWindows) {
            run.window.inject(run.samples)
        }
        for run in routing.route([sample(1, .ended, 20, 420), sample(2, .ended, 200, 100)], windows: UIApplication.shared.visibleWindows) {
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

    func testANewFingerWhereOnlyOneWindowIsIsHitTestedOnce() async {
        let counting = CountingView(frame: CGRect(x: 0, y: 0, width: 320, height: 300))
        window.addSubview(counting)
        XCTAssertEqual(route([sample(5, .began, 100, 100)]).map(\.0), ["app"])
        XCTAssertEqual(counting.hitTests, 1, "by the window's touch router only: the routing chose the only window there unasked")
        XCTAssertEqual(window.activeTouches.map { $0.view === counting }, [true])
    }

    func testANewFingerWhereTwoWindowsAreIsHitTestedOnceInEach() async {
        // Under the bar, beside its button: the bar's hit-test finds nothing and the app
        // takes the finger with the view the routing found.
        let counting = CountingView(frame: CGRect(x: 150, y: 400, width: 170, height: 80))
        window.addSubview(counting)
        let barRoot = CountingView(frame: bar.bounds)
        barRoot.passesThrough = true
        bar.addSubview(barRoot)
        XCTAssertEqual(route([sample(6, .began, 200, 430)]).map(\.0), ["app"])
        XCTAssertEqual(barRoot.hitTests, 1)
        XCTAssertEqual(counting.hitTests, 1, "the app's window took the routing's hit, not a second hit-test")
        XCTAssertEqual(window.activeTouches.map { $0.view === counting }, [true])
    }

    /// With an observer (the debug layer's Why tool), a new finger's walk is explained as
    /// the routing runs it: each override still runs once, the touch goes to the view the
    /// explained walk found, and the observer hears the walk of both windows, front first.
    func testAnObservedNewFingerIsExplainedByTheRoutingsOwnHitTest() async {
        let counting = CountingView(frame: CGRect(x: 150, y: 400, width: 170, height: 80))
        window.addSubview(counting)
        let barRoot = CountingView(frame: bar.bounds)
        barRoot.passesThrough = true
        bar.addSubview(barRoot)
        var heard: [(HitTestExplanation, TouchSample)] = []
        UIKitDebug.setHitTestObserver({ heard.append(($0, $1)) }, in: UIApplication.shared)
        defer { UIKitDebug.setHitTestObserver(nil, in: UIApplication.shared) }
        XCTAssertEqual(route([sample(6, .began, 200, 430), sample(6, .moved, 210, 430)]).map(\.0), ["app"])
        XCTAssertEqual(barRoot.hitTests, 1)
        XCTAssertEqual(counting.hitTests, 1, "explained once, by the routing: not again by the window")
        XCTAssertEqual(heard.count, 1, "a new finger's walk only, not its moves")
        guard let (explanation, sample) = heard.first else { return }
        XCTAssertEqual(sample.id.number, 6)
        XCTAssertEqual(explanation.screenPoint, CGPoint(x: 200, y: 430))
        XCTAssertTrue(explanation.hitView === counting)
        XCTAssertTrue(explanation.hitWindow === window)
        XCTAssertTrue(window.activeTouches.first?.view === counting)
        XCTAssertTrue(explanation.steps.first?.view === bar, "the bar's walk first: it is in front")
        XCTAssertTrue(explanation.steps.contains { $0.view === window && $0.verdict == .descended })
    }

    func testAnEventSentBeforeARunIsDeliveredMakesItsWindowHitTestAgain() async {
        // Finger 7 lands on the bar's button, whose touchesBegan hides the app's view
        // under finger 8, in the same batch: finger 8's run comes after, so the view the
        // routing found under it is gone, and the app's window hit-tests it afresh.
        let counting = CountingView(frame: CGRect(x: 150, y: 400, width: 170, height: 80))
        window.addSubview(counting)
        let button = bar.subviews[0].subviews[0]
        let hider = TouchHandlerView(frame: button.bounds)
        hider.onBegan = { counting.isHidden = true }
        button.addSubview(hider)
        XCTAssertEqual(route([sample(7, .began, 20, 420), sample(8, .began, 200, 430)]).map(\.0), ["bar", "app"])
        XCTAssertEqual(window.activeTouches.map(\.sampleID.number), [8])
        XCTAssertTrue(window.activeTouches.first?.view === window.subviews[0], "the app's trace view under it, not the hidden view")
        XCTAssertEqual(trace.flush(), ["app.began(8)"], "the app's view hears finger 8 begin; the button's cover took 7")
    }
}

/// A view that calls `onBegan` when a touch begins on it.
private final class TouchHandlerView: UIView {
    var onBegan: () -> Void = {}

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        onBegan()
    }
}
