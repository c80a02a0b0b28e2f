@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The drag scene: Sadun's Recipe 1 tiles (Dr. Dobb's) on the left follow the finger at
/// once with its offset, Recipe 2's on the right follow their pan's translation; either
/// pops to the front when touched.
final class DragSceneTests: ListingTestCase {
    private var scene: DragScene!
    private var stage: UIView { scene.view }

    override func setUp() async throws {
        try await super.setUp()
        scene = DragScene()
        present(scene, size: UIScreen.main.bounds.size)
    }

    func testEachHalfHoldsItsRecipesFourTilesUnderItsTitleClearOfTheChrome() async throws {
        let savedBounds = UIScreen.main.bounds
        defer { UIScreen.main.bounds = savedBounds }
        for size in [CGSize(width: 1024, height: 768), CGSize(width: 800, height: 500)] {
            UIScreen.main.bounds = CGRect(origin: .zero, size: size)
            let scene = DragScene()
            present(scene, size: size)
            let clear = safeArea(of: scene)
            XCTAssertEqual(scene.touchTiles.count, 4)
            XCTAssertEqual(scene.panTiles.count, 4)
            XCTAssertEqual(scene.titles.map(\.text), ["Recipe 1: DragView, touch handlers", "Recipe 2: PanDragView, pan recognizer"])
            for (title, tiles) in [(scene.titles[0], scene.touchTiles as [UIView]), (scene.titles[1], scene.panTiles)] {
                XCTAssertTrue(clear.contains(title.frame), "\(title.frame) in \(clear) at \(size)")
                for tile in tiles {
                    XCTAssertTrue(clear.contains(tile.frame), "\(tile.frame) in \(clear) at \(size)")
                    XCTAssertGreaterThan(tile.frame.minY, title.frame.maxY, "under the title at \(size)")
                    XCTAssertTrue(title.frame.minX <= tile.frame.minX && tile.frame.maxX <= title.frame.maxX,
                                  "\(tile.frame) within its half \(title.frame) at \(size)")
                }
            }
        }
    }

    func testARecipeOneTileFollowsTheFingerAtOnceKeepingItsOffsetAndComesToTheFront() async throws {
        let tile = scene.touchTiles[0]
        let start = tile.frame
        // Left of the centre and up, where no other tile covers this back tile.
        let finger = CGPoint(x: tile.center.x - 40, y: tile.center.y - 20)
        XCTAssertTrue(window.hitTest(finger, with: nil) === tile)
        XCTAssertFalse(stage.subviews.last === tile)

        let id = injector.touchDown(at: finger)
        XCTAssertTrue(stage.subviews.last === tile, "popped to the front when touched")
        injector.move(id, to: CGPoint(x: finger.x + 3, y: finger.y + 4))
        XCTAssertEqual(tile.frame, start.offsetBy(dx: 3, dy: 4), "no hysteresis: the first move moves it")
        injector.move(id, to: CGPoint(x: finger.x + 150, y: finger.y + 90))
        injector.touchUp(id, at: CGPoint(x: finger.x + 150, y: finger.y + 90))
        XCTAssertEqual(tile.frame, start.offsetBy(dx: 150, dy: 90))
        XCTAssertTrue(window.hitTest(CGPoint(x: tile.frame.maxX - 2, y: tile.frame.maxY - 2), with: nil) === tile,
                      "in front of the tiles it now covers")
    }

    func testARecipeTwoTileMovesByItsPansTranslationAndComesToTheFront() async throws {
        let tile = scene.panTiles[0]
        let start = tile.frame
        let finger = CGPoint(x: tile.center.x - 40, y: tile.center.y - 20)
        XCTAssertTrue(window.hitTest(finger, with: nil) === tile)

        let id = injector.touchDown(at: finger)
        XCTAssertTrue(stage.subviews.last === tile, "popped to the front when touched, before the pan begins")
        injector.move(id, to: CGPoint(x: finger.x + 6, y: finger.y - 5))
        XCTAssertEqual(tile.frame, start, "within the pan's 10-point hysteresis it stays put")
        injector.move(id, to: CGPoint(x: finger.x - 60, y: finger.y + 100))
        XCTAssertEqual(tile.frame, start.offsetBy(dx: -60, dy: 100), "then it is where it was plus the translation")
        injector.touchUp(id, at: CGPoint(x: finger.x - 70, y: finger.y + 110))
        XCTAssertEqual(tile.frame, start.offsetBy(dx: -70, dy: 110))
    }

    func testTilesShareOneStageSoATileDraggedAcrossStaysOnTopOfTheOtherHalf() async throws {
        let left = scene.touchTiles[3], right = scene.panTiles[0]
        injector.drag(from: left.center, to: right.center)
        XCTAssertEqualPoints(left.center, right.center)
        XCTAssertTrue(window.hitTest(right.center, with: nil) === left, "the Recipe 1 tile lies over the Recipe 2 tile")
        injector.drag(from: right.center, to: CGPoint(x: right.center.x, y: right.center.y + 100))
        XCTAssertEqualPoints(left.center, CGPoint(x: right.center.x, y: right.center.y + 100), "the front tile moved, not the one under it")
    }
}
