import SandboxDebugging
import UIKit
import XCTest
import TouchTestSupport

/// A layer that is on but shows nothing takes nothing from the app: no window drawn, no
/// overlay fed; and what it shows comes back right after.
@MainActor
final class DebugLayerTests: XCTestCase {
    private var app: UIWindow!

    override func setUp() async throws {
        TestApplication.next()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app = UIWindow(frame: UIScreen.main.bounds)
        app.makeKeyAndVisible()
    }

    override func tearDown() async throws {
        TestApplication.end()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }


    func testTheWindowShowsOnlyWhileItHasSomethingToShow() async {
        let quiet = DebugLayer(configuration: DebugLayerConfiguration(showsHandle: false))
        quiet.attach(to: app)
        XCTAssertTrue(quiet.window.isHidden, "nothing to show: no window")
        XCTAssertFalse(UIApplication.shared.visibleWindows.contains { $0 === quiet.window })
        quiet.setToolbarVisible(true)
        XCTAssertFalse(quiet.window.isHidden, "the toolbar shows it")
        quiet.setToolbarVisible(false)
        XCTAssertTrue(quiet.window.isHidden)
        quiet.detach()

        let withHandle = DebugLayer(configuration: DebugLayerConfiguration())
        withHandle.attach(to: app)
        XCTAssertFalse(withHandle.window.isHidden, "the handle is something to show")
        withHandle.detach()
        XCTAssertTrue(withHandle.window.isHidden)
    }

    /// More → Hide → the handle (HelloTouch at 640 points): the toolbar comes back with
    /// its overflow closed and More unlit, not lit over a panel that is no longer open.
    func testHidingTheToolbarClosesItsOverflowAndUnlightsMore() async {
        let layer = DebugLayer(configuration: DebugLayerConfiguration(showsToolbar: true))
        layer.attach(to: app)
        layer.window.layoutIfNeeded()
        let toolbar = layer.view.toolbar
        XCTAssertFalse(toolbar.moreButton.isHidden, "at 640 points some tools overflow")
        toolbar.moreButton.sendActions(for: .touchUpInside)
        XCTAssertFalse(toolbar.overflowPanel.isHidden)
        XCTAssertEqual(toolbar.moreButton.backgroundColor, DebugStyle.litButton)
        let hide = toolbar.buttons[toolbar.items.firstIndex { $0.title == "Hide" }!]
        hide.sendActions(for: .touchUpInside)
        XCTAssertFalse(layer.isToolbarVisible)
        layer.view.handle.sendActions(for: .touchUpInside)
        XCTAssertTrue(layer.isToolbarVisible)
        layer.window.layoutIfNeeded()
        XCTAssertTrue(toolbar.overflowPanel.isHidden)
        XCTAssertEqual(toolbar.moreButton.backgroundColor, DebugStyle.button, "More is unlit")
        layer.detach()
    }

    func testTheHelpWordOpensTheHelpAndTheToolbarItNeeds() async throws {
        let layer = DebugLayer(configuration: try XCTUnwrap(DebugLayerConfiguration(parsing: "help")))
        layer.attach(to: app)
        XCTAssertTrue(layer.isToolbarVisible)
        XCTAssertTrue(layer.isOn(.help))
        XCTAssertFalse(layer.view.helpVeil.isHidden)
        XCTAssertFalse(layer.window.isHidden)
        layer.detach()
    }

    func testOverlaysAreNotFedWhileNoneIsShownAndForgetStaleFingersAfter() async {
        let layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots]))
        layer.attach(to: app)
        XCTAssertFalse(layer.apply([TouchSample.finger(1, .began, 10, 100, at: 1, device: 1)]).isEmpty)
        XCTAssertEqual(layer.overlays.spots.spots.map(\.id.number), [1])
        layer.set(.spots, on: false)
        XCTAssertTrue(layer.overlays.isDormant)
        // Finger 1 lifts and finger 2 lands while nothing is shown: nobody is told.
        XCTAssertEqual(layer.apply([TouchSample.finger(1, .ended, 10, 100, at: 1, device: 1), TouchSample.finger(2, .began, 50, 100, at: 1, device: 1)]), [])
        XCTAssertEqual(layer.overlays.spots.spots.map(\.id.number), [1], "not fed while dormant")
        layer.set(.spots, on: true)
        // The next batch: the stale finger 1 is forgotten; finger 2 shows at its move.
        XCTAssertFalse(layer.apply([TouchSample.finger(2, .moved, 60, 100, at: 1, device: 1)]).isEmpty)
        XCTAssertEqual(layer.overlays.spots.spots.map(\.id.number), [2])
        XCTAssertEqual(layer.overlays.spots.spots.first?.location, CGPoint(x: 60, y: 100))
    }

    /// Counts the touches the app's own view is given.
    private final class CountingView: UIView {
        var phases: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("began") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { phases.append("ended") }
    }

    /// Routes one batch in screen points to the windows, as the host does.
    private func send(_ batch: [TouchSample], routing: ScreenTouchRouting) {
        for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) {
            run.deliver()
        }
    }

    func testATapOutsideTheHelpClosesItAndNeverReachesTheApp() async throws {
        let appView = CountingView(frame: app.bounds)
        app.addSubview(appView)
        let layer = DebugLayer(configuration: DebugLayerConfiguration(showsToolbar: true))
        layer.attach(to: app)
        layer.setHelpVisible(true)
        layer.window.layoutIfNeeded()
        let help = layer.view.help.frame
        XCTAssertFalse(layer.view.helpVeil.isHidden)
        XCTAssertEqual(layer.view.helpVeil.frame, CGRect(x: 0, y: 0, width: 640, height: layer.view.toolbar.frame.minY))
        let routing = ScreenTouchRouting()

        // On the panel itself: the help stays, the app hears nothing.
        let onPanel = CGPoint(x: help.midX, y: help.maxY - 4)
        send([TouchSample(id: .init(device: 1, number: 1), phase: .began, location: onPanel, timestamp: 1)], routing: routing)
        send([TouchSample(id: .init(device: 1, number: 1), phase: .ended, location: onPanel, timestamp: 1.1)], routing: routing)
        XCTAssertTrue(layer.isOn(.help))

        // Beside it, over the app: the lift closes the help; the app heard nothing.
        let beside = CGPoint(x: 8, y: 8)
        XCTAssertFalse(help.contains(beside))
        send([TouchSample(id: .init(device: 1, number: 2), phase: .began, location: beside, timestamp: 2)], routing: routing)
        XCTAssertTrue(layer.isOn(.help), "closes when the finger lifts, not when it lands")
        send([TouchSample(id: .init(device: 1, number: 2), phase: .ended, location: beside, timestamp: 2.1)], routing: routing)
        XCTAssertFalse(layer.isOn(.help))
        XCTAssertTrue(layer.view.helpVeil.isHidden)
        XCTAssertEqual(appView.phases, [])

        // With the help closed, the same place is the app's again.
        send([TouchSample(id: .init(device: 1, number: 3), phase: .began, location: beside, timestamp: 3)], routing: routing)
        send([TouchSample(id: .init(device: 1, number: 3), phase: .ended, location: beside, timestamp: 3.1)], routing: routing)
        XCTAssertEqual(appView.phases, ["began", "ended"])
        layer.detach()
    }

    /// The HUD's panel follows a new touch on the next turn of the run loop, not in the
    /// frame that shows the touch (the spots do).
    func testTheHUDPanelFollowsANewTouchOnTheNextTurn() async throws {
        let appView = CountingView(frame: app.bounds)
        appView.addGestureRecognizer(UITapGestureRecognizer())
        app.addSubview(appView)
        let layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots, .gestures]))
        layer.attach(to: app)
        let routing = ScreenTouchRouting()
        let batch = [TouchSample(id: .init(device: 1, number: 1), phase: .began, location: CGPoint(x: 200, y: 200),
                                 timestamp: CACurrentMediaTime())]
        for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) { run.deliver() }
        let dirty = layer.apply(batch)
        XCTAssertFalse(dirty.isEmpty, "the spot is drawn with the touch")
        layer.view.layoutIfNeeded()
        XCTAssertTrue(layer.view.hud.isHidden, "the HUD waits for the next turn")
        UIApplication.shared.runPendingTimers()
        layer.view.layoutIfNeeded()
        XCTAssertFalse(layer.view.hud.isHidden, "and then shows the tap recognizer")
        layer.detach()
    }
}

