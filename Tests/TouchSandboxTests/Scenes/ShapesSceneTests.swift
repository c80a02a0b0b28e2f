import SandboxDebugging
@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The shapes scene answers every tap for every layer, by its box and by its path, where
/// the layer is drawn as it turns; the switch decides which of the two reaches a layer;
/// and the paths overlay has the three shapes to tint.
final class ShapesSceneTests: ListingTestCase {
    func testTheSceneFitsTheClearAreaAtBothSizes() async {
        for size in Self.sceneSizes {
            let scene = show(ShapesScene.self, size: size)
            assertStageFitsClearArea(scene)
            for label in [scene.reachedLabel!] + Array(scene.answerLabels.values) {
                XCTAssertFalse(scene.board.frame.intersects(label.frame), "\(size)")
            }
            XCTAssertGreaterThanOrEqual(scene.byShapeSwitch.frame.height, 31)
        }
    }

    /// The ring's hole is in its box but not in its path: by shape the tap reaches no
    /// shape; by box it reaches the ring.
    func testATapInTheRingsHoleIsABoundsHitAndAPathMiss() async throws {
        let scene = show(ShapesScene.self, size: CGSize(width: 800, height: 500))
        let ring = try XCTUnwrap(scene.layers[.ring])
        let hole = scene.board.convert(ring.position, to: window)
        XCTAssertEqual(scene.reachedLabel.text, "tap the board")
        injector.tap(at: hole)
        XCTAssertEqual(scene.lastAnswers.first, .init(shape: .ring, boundsHit: true, pathHit: false))
        XCTAssertEqual(scene.answerLabels[.ring]?.text, "ring: bounds hit \u{B7} path miss (its hole, or a corner)")
        XCTAssertEqual(scene.reachedLabel.text, "reached no shape: the board")
        XCTAssertFalse(scene.marker.isHidden)

        scene.byShapeSwitch.isOn = false
        scene.byShapeSwitch.sendActions(for: .valueChanged)
        XCTAssertFalse(ring.hitTestsByShape)
        XCTAssertEqual(scene.reachedLabel.text, "reached the ring (by its box)")

        // On the band: both answers yes.
        injector.wait(1)
        let band = scene.board.convert(CGPoint(x: ring.position.x + ring.bounds.width * 0.38, y: ring.position.y), to: window)
        injector.tap(at: band)
        XCTAssertEqual(scene.lastAnswers.first, .init(shape: .ring, boundsHit: true, pathHit: true))
    }

    /// A quarter turn on, the arrow points up: a tap above its centre, in the part of its
    /// box the arrow leaves empty at rest, hits its path: the answer follows the arrow
    /// as it is drawn, not its resting (model) place.
    func testTheTurningArrowIsAnsweredWhereItIsDrawn() async throws {
        let scene = show(ShapesScene.self, size: CGSize(width: 800, height: 500))
        let arrow = try XCTUnwrap(scene.layers[.arrow])
        frames(ShapesScene.arrowTurn / 4)
        let above = CGPoint(x: arrow.position.x, y: arrow.position.y - arrow.bounds.height * 0.3)
        XCTAssertFalse(arrow.path!.contains(arrow.pointFromSuperlayer(above)), "at rest the arrow is not there")
        injector.tap(at: scene.board.convert(above, to: window))
        XCTAssertEqual(scene.lastAnswers.last, .init(shape: .arrow, boundsHit: true, pathHit: true))
        XCTAssertEqual(scene.reachedLabel.text, "reached the arrow (by its path)")
    }

    /// In the gallery, the paths overlay's note ("no layer here hit-tests by path")
    /// follows the scene on screen: absent over the shapes from the first frame (the
    /// scene makes its layers in its first layout), present over the compass.
    func testThePathsNoteFollowsTheSceneOnScreen() async throws {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        window.frame = UIScreen.main.bounds
        window.rootViewController = ShapesScene()
        let app = SandboxApp(sceneType: ShapesScene.self)
        app.attach(window)
        app.debugLayer.set(.paths, on: true)
        XCTAssertFalse(app.debugLayer.view.showsPathsNote, "the shapes hit-test by path")
        app.openScene(at: try XCTUnwrap(SceneCatalog.all.firstIndex { $0 == CompassScene.self }))
        XCTAssertTrue(app.debugLayer.view.showsPathsNote, "the compass has no layer that does")
        app.openScene(at: try XCTUnwrap(SceneCatalog.all.firstIndex { $0 == ShapesScene.self }))
        XCTAssertFalse(app.debugLayer.view.showsPathsNote)
        app.debugLayer.set(.paths, on: false)
        app.debugLayer.detach()
        app.gallery.isHidden = true
    }

    func testThePathsOverlayHasTheThreeShapesToTint() async {
        let scene = show(ShapesScene.self, size: CGSize(width: 800, height: 500))
        let overlay = PathHitRegionOverlay()
        XCTAssertEqual(overlay.regions(in: window).count, 3)
        scene.setHitTestsByShape(false)
        XCTAssertEqual(overlay.regions(in: window).count, 0, "by their boxes, nothing to tint")
    }
}
