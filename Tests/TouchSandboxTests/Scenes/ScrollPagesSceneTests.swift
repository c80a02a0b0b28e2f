@testable import TouchSandbox
import UIKit
import XCTest

/// The scroll-pages scene: a list that reports it scrolled, a pager the direction of a
/// drag turns, rows that light only after the content-touch hold, and a photo that
/// reports it zoomed (Neuburg's sentence; the "no flash of visual feedback" of Apple's
/// "Gesture Recognizers").
final class ScrollPagesSceneTests: ListingTestCase {
    private var scene: ScrollPagesScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(ScrollPagesScene.self)
    }

    private var middle: CGPoint {
        CGPoint(x: scene.pager.frame.midX, y: scene.pager.frame.midY)
    }

    private func row(at point: CGPoint) -> ListRow? {
        window.hitTest(point, with: nil) as? ListRow ?? window.hitTest(point, with: nil)?.superview as? ListRow
    }

    func testItStartsOnTheFruitList() async {
        XCTAssertEqual(scene.pager.contentOffset, .zero)
        XCTAssertEqual(scene.lists.map(\.contentOffset), [.zero, .zero])
        XCTAssertEqual(scene.report.text, "drag a list, swipe sideways, pinch the photo")
        XCTAssertEqual(scene.pageLine.text, "page 1 of 3: fruit \u{B7} up and down scrolls a list, sideways turns the page")
        XCTAssertEqual(scene.pager.contentSize.width, scene.pager.bounds.width * 3)
    }

    /// "A UIScrollView, when dragged, reports that it scrolled."
    func testDraggingTheListReportsThatItScrolled() async {
        let id = injector.touchDown(at: middle)
        injector.move(id, to: CGPoint(x: middle.x, y: middle.y - 20))
        injector.move(id, to: CGPoint(x: middle.x, y: middle.y - 130))
        XCTAssertEqual(scene.lists[0].contentOffset, CGPoint(x: 0, y: 120))
        XCTAssertEqual(scene.pager.contentOffset, .zero, "the pager kept still")
        XCTAssertEqual(scene.report.text, "fruit list scrolled to y 120")
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: middle.x, y: middle.y - 130))
        XCTAssertEqual(scene.selections, [], "a drag selects nothing")
    }

    /// A row lights only once the hold is over; a scroll that starts at once never
    /// lights it; a tap selects it.
    func testRowsLightAfterTheHoldAndATapSelects() async throws {
        let onRow = middle
        let target = try XCTUnwrap(row(at: onRow))
        let quick = injector.touchDown(at: onRow)
        injector.move(quick, to: CGPoint(x: onRow.x, y: onRow.y - 40))
        XCTAssertFalse(target.isLit, "scrolled at once: never lit")
        injector.wait(0.3)
        injector.touchUp(quick, at: CGPoint(x: onRow.x, y: onRow.y - 40))
        frames(1)
        scene.lists[0].contentOffset = .zero
        let held = injector.touchDown(at: onRow)
        injector.wait(0.1)
        XCTAssertFalse(target.isLit, "not during the hold")
        injector.wait(0.1)
        XCTAssertTrue(target.isLit)
        injector.touchUp(held, at: onRow)
        XCTAssertFalse(target.isLit)
        XCTAssertEqual(scene.selections, [target.title])
        XCTAssertEqual(scene.report.text, "selected \(target.title)")
    }

    /// A sideways drag past halfway turns the page; the list does not move.
    func testASidewaysDragTurnsThePage() async {
        let start = CGPoint(x: scene.pager.frame.maxX - 100, y: middle.y)
        let id = injector.touchDown(at: start)
        injector.move(id, to: CGPoint(x: start.x - 20, y: start.y + 2))
        injector.move(id, to: CGPoint(x: start.x - scene.pager.bounds.width * 0.6, y: start.y + 6))
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: start.x - scene.pager.bounds.width * 0.6, y: start.y + 6))
        frames(2)
        XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: scene.pager.bounds.width, y: 0))
        XCTAssertEqual(scene.lists[0].contentOffset, .zero)
        XCTAssertEqual(scene.report.text, "pager came to rest on page 2")
        XCTAssertEqual(scene.pageLine.text, "page 2 of 3: photo \u{B7} up and down scrolls a list, sideways turns the page")
    }

    /// "When pinched outward, it reports that it zoomed."
    func testPinchingThePhotoReportsThatItZoomed() async {
        scene.pager.contentOffset = CGPoint(x: scene.pager.bounds.width, y: 0)
        injector.pinch(center: middle, from: 100, to: 200)
        XCTAssertEqual(scene.photoScroller.zoomScale, 2, accuracy: 1e-9)
        XCTAssertEqual(scene.report.text, "photo zoomed to \u{D7}2.0, pinch ended")
        XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: scene.pager.bounds.width, y: 0), "the pager kept still")
    }

    /// A resize keeps the page, the lists' places and the zoom.
    func testAResizeKeepsWhereEverythingWas() async {
        scene.lists[0].contentOffset = CGPoint(x: 0, y: 300)
        scene.photoScroller.zoomScale = 2
        scene.pager.contentOffset = CGPoint(x: scene.pager.bounds.width * 2, y: 0)
        scene.scrollViewDidEndDecelerating(scene.pager)
        present(scene, size: CGSize(width: 640, height: 480))
        XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: scene.pager.bounds.width * 2, y: 0))
        XCTAssertEqual(scene.lists[0].contentOffset, CGPoint(x: 0, y: 300))
        XCTAssertEqual(scene.photoScroller.zoomScale, 2)
        XCTAssertEqual(scene.pageLine.text, "page 3 of 3: colours \u{B7} up and down scrolls a list, sideways turns the page")
    }
}
