import SandboxDebugging
import UIKit
import XCTest

/// A layer that is on but shows nothing takes nothing from the app: no window drawn, no
/// overlay fed; and what it shows comes back right after.
@MainActor
final class DebugLayerTests: XCTestCase {
    private var app: UIWindow!

    override func setUp() async throws {
        UIApplication.shared.resetForTesting()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app = UIWindow(frame: UIScreen.main.bounds)
        app.makeKeyAndVisible()
    }

    override func tearDown() async throws {
        UIApplication.shared.resetForTesting()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }

    private func sample(_ number: UInt32, _ phase: TouchSample.Phase, _ x: CGFloat) -> TouchSample {
        TouchSample(id: TouchSample.ID(device: 1, number: number), phase: phase, location: CGPoint(x: x, y: 100), timestamp: 1)
    }

    func testTheWindowShowsOnlyWhileItHasSomethingToShow() async {
        let quiet = DebugLayer(configuration: DebugLayerConfiguration(showsHandle: false))
        quiet.attach(to: app)
        XCTAssertTrue(quiet.window.isHidden, "nothing to show: no window")
        XCTAssertFalse(UIApplication.shared.windows.contains { $0 === quiet.window })
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

    func testOverlaysAreNotFedWhileNoneIsShownAndForgetStaleFingersAfter() async {
        let layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots]))
        layer.attach(to: app)
        XCTAssertFalse(layer.apply([sample(1, .began, 10)]).isEmpty)
        XCTAssertEqual(layer.overlays.spots.spots.map(\.id.number), [1])
        layer.set(.spots, on: false)
        XCTAssertTrue(layer.overlays.isDormant)
        // Finger 1 lifts and finger 2 lands while nothing is shown: nobody is told.
        XCTAssertEqual(layer.apply([sample(1, .ended, 10), sample(2, .began, 50)]), [])
        XCTAssertEqual(layer.overlays.spots.spots.map(\.id.number), [1], "not fed while dormant")
        layer.set(.spots, on: true)
        // The next batch: the stale finger 1 is forgotten; finger 2 shows at its move.
        XCTAssertFalse(layer.apply([sample(2, .moved, 60)]).isEmpty)
        XCTAssertEqual(layer.overlays.spots.spots.map(\.id.number), [2])
        XCTAssertEqual(layer.overlays.spots.spots.first?.location, CGPoint(x: 60, y: 100))
    }
}
