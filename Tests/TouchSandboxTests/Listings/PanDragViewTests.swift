@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Sadun, Dr. Dobb's, Recipe 2: the pan's translation moves the tile, exactly as far as
/// the finger once the pan has begun; the touched tile pops to the front.
final class PanDragViewTests: ListingTestCase {
    func testTheRecipeInstallsOnePanAndTurnsInteractionOn() async throws {
        let image = try XCTUnwrap(UIImage(named: DragScene.imageNames[0]))
        let tile = PanDragView(image: image)
        XCTAssertTrue(tile.isUserInteractionEnabled, "image views ignore touches unless told")
        XCTAssertEqual(tile.gestureRecognizers?.count, 1)
        XCTAssertTrue(tile.gestureRecognizers?.first is UIPanGestureRecognizer)
        XCTAssertEqual(tile.bounds.size, CGSize(width: 120, height: 120))
    }

    func testAfterTheHysteresisTheTileMovesExactlyAsFarAsTheFinger() async {
        let tile = PanDragView(image: nil)
        tile.frame = CGRect(x: 100, y: 100, width: 120, height: 120)
        window.addSubview(tile)

        // Touched 30 points left of the centre (160, 160).
        let finger = injector.touchDown(at: CGPoint(x: 130, y: 160))
        injector.move(finger, to: CGPoint(x: 136, y: 164))
        XCTAssertEqualPoints(tile.center, CGPoint(x: 160, y: 160), accuracy: 0, "within the pan's hysteresis")
        injector.move(finger, to: CGPoint(x: 142, y: 168))
        // 10 points from where the finger went down: the pan begins, and the whole
        // movement applies at once.
        XCTAssertEqualPoints(tile.center, CGPoint(x: 172, y: 168))
        injector.move(finger, to: CGPoint(x: 250, y: 40))
        XCTAssertEqualPoints(tile.center, CGPoint(x: 280, y: 40))
        injector.touchUp(finger, at: CGPoint(x: 260, y: 45))
        XCTAssertEqualPoints(tile.center, CGPoint(x: 290, y: 45), "the lift's last movement counts too")

        // A second drag starts from where the first left the tile.
        injector.drag(from: CGPoint(x: 290, y: 45), to: CGPoint(x: 190, y: 245))
        XCTAssertEqualPoints(tile.center, CGPoint(x: 190, y: 245))
    }

    func testTheTouchedTilePopsToTheFrontAndOnlyItMoves() async {
        let back = PanDragView(image: nil), front = PanDragView(image: nil)
        for tile in [back, front] {
            tile.frame = CGRect(x: 100, y: 100, width: 120, height: 120)
            window.addSubview(tile)
        }
        front.frame.origin.x = 180  // overlapping back over x 180…220

        let finger = injector.touchDown(at: CGPoint(x: 150, y: 160))
        XCTAssertTrue(window.subviews.last === back, "popped to the front on touch, before any pan")
        injector.move(finger, to: CGPoint(x: 150, y: 260))
        injector.touchUp(finger, at: CGPoint(x: 150, y: 260))
        XCTAssertEqualPoints(back.center, CGPoint(x: 160, y: 260))
        XCTAssertEqualPoints(front.center, CGPoint(x: 240, y: 160), accuracy: 0)
    }

    func testATapDoesNotMoveTheTile() async {
        let tile = PanDragView(image: nil)
        tile.frame = CGRect(x: 100, y: 100, width: 120, height: 120)
        window.addSubview(tile)
        injector.tap(at: CGPoint(x: 150, y: 150), duration: 0.1)
        let finger = injector.touchDown(at: CGPoint(x: 150, y: 150))
        injector.move(finger, to: CGPoint(x: 155, y: 155))
        injector.touchUp(finger, at: CGPoint(x: 155, y: 155))
        XCTAssertEqualPoints(tile.center, CGPoint(x: 160, y: 160), accuracy: 0, "a jitter under the hysteresis is no drag")
    }
}
