@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Sadun, Dr. Dobb's, Recipe 1: the touched tile pops to the front and keeps the
/// finger's offset.
final class DragViewTests: ListingTestCase {
    func testTilesLoadFromAssetsAndIgnoreNoTouches() async throws {
        for name in DragScene.imageNames {
            let image = try XCTUnwrap(UIImage(named: name), "assets/\(name).png")
            XCTAssertEqual(image.size, CGSize(width: 120, height: 120))
            XCTAssertTrue(DragView(image: image).isUserInteractionEnabled, "the recipe turns interaction on")
        }
    }

    func testDraggingKeepsTheOffsetAndBringsTheTileToTheFront() async {
        let back = DragView(image: nil), front = DragView(image: nil)
        for tile in [back, front] {
            tile.frame = CGRect(x: 100, y: 100, width: 120, height: 120)
            window.addSubview(tile)
        }
        front.frame.origin.x = 180  // overlapping back over x 180…220
        XCTAssertTrue(window.subviews.last === front)

        // Touch the back tile where only it shows, 10 points left of its centre: the
        // centre then stays 10 points right of the finger.
        let finger = injector.touchDown(at: CGPoint(x: 150, y: 160))
        XCTAssertTrue(window.hitTest(CGPoint(x: 200, y: 160), with: nil) === back, "popped to the front")
        XCTAssertTrue(window.subviews.last === back)
        injector.move(finger, to: CGPoint(x: 175, y: 140))
        XCTAssertEqualPoints(back.center, CGPoint(x: 185, y: 140), accuracy: 0)
        injector.move(finger, to: CGPoint(x: 100, y: 300))
        XCTAssertEqualPoints(back.center, CGPoint(x: 110, y: 300), accuracy: 0)
        injector.touchUp(finger, at: CGPoint(x: 100, y: 300))
        XCTAssertEqualPoints(back.center, CGPoint(x: 110, y: 300), accuracy: 0)
        XCTAssertEqualPoints(front.center, CGPoint(x: 240, y: 160), accuracy: 0)
    }
}
