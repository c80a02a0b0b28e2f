@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The swipe-vs-pan scene: listing 1-6's square, its actions logged under it.
final class SwipeVsPanSceneTests: ListingTestCase {
    private var scene: SwipeVsPanScene!
    private var square: UIView!

    override func setUp() async throws {
        try await super.setUp()
        scene = SwipeVsPanScene()
        present(scene, size: UIScreen.main.bounds.size)
        square = try XCTUnwrap(scene.square)
    }

    private var lines: [String?] { scene.actionLog.lineLabels.map(\.text) }

    func testTheLogSitsBesideTheSquareAndStartsEmpty() async {
        XCTAssertGreaterThan(scene.actionLog.frame.minX, square.frame.maxX)
        XCTAssertEqual(lines, [nil, nil, nil, nil, nil])
        XCTAssertTrue(window.subviews.first?.subviews.last === square, "the dragged square passes over the log")
    }

    func testAFastHorizontalFlickIsASwipeAndNotAPan() async {
        let start = square.center
        injector.drag(from: start, to: CGPoint(x: start.x + 150, y: start.y + 5), duration: 0.12, steps: 6)
        injector.wait(1)
        XCTAssertEqual(scene.gestures.actionLog, ["swipe right"])
        XCTAssertEqual(lines, [nil, nil, nil, nil, "swipe right"])
        XCTAssertEqualPoints(square.center, start, accuracy: 0)
    }

    func testASlowDragIsAPanAfterTheSwipesFailAndNotASwipe() async {
        let start = square.center
        let end = CGPoint(x: start.x + 120, y: start.y + 40)
        // 1 s for 126 points, a move every 0.125 s: the swipes time out at 0.5 s, having
        // seen 47 points. Their failure releases the pan's began there, before the move
        // stamped 0.5 s; that move and the four after it are changes.
        injector.drag(from: start, to: end, duration: 1, steps: 8)
        injector.wait(1)
        XCTAssertEqual(scene.gestures.actionLog, ["pan began"] + Array(repeating: "pan changed", count: 5) + ["pan ended"])
        XCTAssertEqual(lines, [nil, nil, "pan began", "pan changed \u{D7}5", "pan ended"])
        XCTAssertEqualPoints(square.center, end)
    }
}
