@testable import TouchSandbox
import UIKit
import XCTest

/// The gesture scenes (taps, gestures, checkmark, swipe-vs-pan, pinch-rotate-pan) lay
/// out inside their safe area (the gallery's insets), without overlaps, at the default
/// size and at the README's screenshot size. `SceneSafeAreaLayoutTests` checks every
/// scene at every supported size.
final class GestureScenesLayoutTests: ListingTestCase {
    static let scenes: [any Scene.Type] = [
        TapsScene.self, GesturesScene.self, CheckmarkScene.self, SwipeVsPanScene.self, PinchRotatePanScene.self,
    ]

    override func tearDown() async throws {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        try await super.tearDown()
    }

    func testEveryVisibleViewIsInsideTheClearAreaAndNoneOverlap() async throws {
        for size in [CGSize(width: 1024, height: 768), CGSize(width: 800, height: 500)] {
            UIScreen.main.bounds = CGRect(origin: .zero, size: size)
            for sceneType in Self.scenes {
                let scene = sceneType.init()
                present(scene, size: size)
                let clear = safeArea(of: scene)
                let stage = try XCTUnwrap(scene.view)
                XCTAssertEqual(stage.bounds.size, size)
                let shown = stage.subviews.filter { !$0.isHidden && $0.alpha > 0 }
                XCTAssertFalse(shown.isEmpty)
                for view in shown {
                    XCTAssertTrue(clear.contains(view.frame), "\(sceneType.name) at \(size): \(view) outside \(clear)")
                }
                for (index, view) in shown.enumerated() {
                    // Frames may share an edge (Foundation on Linux calls that intersecting).
                    for other in shown[(index + 1)...] where !view.frame.intersection(other.frame).insetBy(dx: 0.5, dy: 0.5).isNull {
                        XCTFail("\(sceneType.name) at \(size): \(view.frame) overlaps \(other.frame)")
                    }
                }
            }
        }
    }
}
