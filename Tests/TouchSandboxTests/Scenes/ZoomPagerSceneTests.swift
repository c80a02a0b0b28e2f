@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The zoom-pager scene: a paging scroll view of zooming scroll views. Sources: Apple's
/// UIScrollView reference (`isPagingEnabled` stops on multiples of the bounds;
/// `viewForZooming(in:)`, `zoom(to:animated:)`, `scrollViewDidEndZooming`), Neuburg,
/// "Touches" ("when pinched outward, it reports that it zoomed"), and iOS Photos,
/// observed (a double tap zooms in about the finger and back out; a photo turned away
/// from is back at ×1).
final class ZoomPagerSceneTests: ListingTestCase {
    private var scene: ZoomPagerScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(ZoomPagerScene.self)
    }

    private var pageWidth: CGFloat { scene.pager.bounds.width }

    /// The middle of the pager, in the window.
    private var middle: CGPoint {
        CGPoint(x: scene.pager.frame.midX, y: scene.pager.frame.midY)
    }

    /// A slow drag from `start` by `dx` sideways, lifted after a rest (no fling).
    private func dragSideways(from start: CGPoint, by dx: CGFloat) {
        let id = injector.touchDown(at: start)
        injector.move(id, to: CGPoint(x: start.x + dx / 10, y: start.y + 2))
        injector.move(id, to: CGPoint(x: start.x + dx, y: start.y + 6))
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: start.x + dx, y: start.y + 6))
        frames(2)
    }

    func testItStartsOnTheFirstPhotoAtItsSize() async {
        XCTAssertEqual(scene.pages.count, 4)
        XCTAssertEqual(scene.pager.contentSize.width, pageWidth * 4)
        XCTAssertTrue(scene.pager.isPagingEnabled)
        // Each photo fills its page, 12 points in from either side of its pager page.
        XCTAssertEqual(scene.pages[1].frame, CGRect(x: pageWidth + 12, y: 0, width: pageWidth - 24, height: scene.pager.bounds.height))
        XCTAssertEqual(scene.photos[1].frame, CGRect(origin: .zero, size: scene.pages[1].bounds.size))
        XCTAssertTrue(scene.pages.allSatisfy { $0.minimumZoomScale == 1 && $0.maximumZoomScale == 4 && $0.zoomScale == 1 })
        XCTAssertEqual(scene.indicator.text, "photo 1 of 4: Morning fields \u{B7} \u{D7}1.0")
        XCTAssertEqual(scene.report.text, "swipe for the next photo; pinch or double-tap to zoom")
    }

    /// A sideways drag past halfway turns to the next photo; the photo does not move.
    func testASidewaysDragTurnsToTheNextPhoto() async {
        dragSideways(from: CGPoint(x: scene.pager.frame.maxX - 100, y: middle.y), by: -pageWidth * 0.6)
        XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: pageWidth, y: 0))
        XCTAssertEqual(scene.pages[0].contentOffset, .zero)
        XCTAssertEqual(scene.page, 1)
        XCTAssertEqual(scene.reports, ["came to rest on photo 2"])
        XCTAssertEqual(scene.indicator.text, "photo 2 of 4: Harbour at noon \u{B7} \u{D7}1.0")
    }

    /// Pinched outward about a point off the middle: twice the size, and the photo's
    /// point under the fingers stays under them.
    func testAPinchZoomsThePhotoAboutTheFingers() async {
        let center = CGPoint(x: middle.x - 150, y: middle.y + 40)
        let before = scene.photos[0].convert(center, from: nil)
        injector.pinch(center: center, from: 100, to: 200)
        XCTAssertEqual(scene.pages[0].zoomScale, 2, accuracy: 1e-9)
        XCTAssertEqualPoints(scene.photos[0].convert(center, from: nil), before, accuracy: 1e-6)
        XCTAssertEqual(scene.pager.contentOffset, .zero, "the pager kept still")
        XCTAssertEqual(scene.reports, ["photo 1 zoomed to \u{D7}2.0"])
        XCTAssertEqual(scene.indicator.text, "photo 1 of 4: Morning fields \u{B7} \u{D7}2.0")
    }

    /// A double tap zooms in to ×2.5 with the tapped point in the middle (as far as the
    /// content allows), animated; another zooms back out to ×1.
    func testADoubleTapZoomsInAboutTheFingerAndAnotherZoomsOut() async {
        let page = scene.pages[0]
        let bounds = page.bounds.size
        let tapped = CGPoint(x: bounds.width * 0.3, y: bounds.height * 0.4)
        let point = page.convert(tapped, to: nil)
        injector.tap(at: point)
        injector.wait(0.1)
        injector.tap(at: point)
        XCTAssertEqual(page.zoomScale, 1, "it animates")
        frames(0.5)
        XCTAssertEqual(page.zoomScale, 2.5, accuracy: 1e-9)
        // The tapped point, ×2.5, in the middle: 0.75 − 0.5 of the width, 1 − 0.5 of the
        // height, both within the content.
        XCTAssertEqualPoints(page.contentOffset, CGPoint(x: bounds.width * 0.25, y: bounds.height * 0.5), accuracy: 1e-6)
        XCTAssertEqual(scene.reports, ["photo 1 zoomed to \u{D7}2.5"])
        advance(1)
        injector.tap(at: middle)
        injector.wait(0.1)
        injector.tap(at: middle)
        frames(0.5)
        XCTAssertEqual(page.zoomScale, 1)
        XCTAssertEqual(page.contentOffset, .zero)
        XCTAssertEqual(scene.reports, ["photo 1 zoomed to \u{D7}2.5", "photo 1 zoomed to \u{D7}1.0"])
        XCTAssertEqual(scene.indicator.text, "photo 1 of 4: Morning fields \u{B7} \u{D7}1.0")
    }

    /// Zoomed in, a sideways drag on the photo moves about it, not to the next photo; a
    /// drag in the gap between photos turns the page, and the photo left behind is back
    /// at ×1.
    func testZoomedInADragMovesAboutThePhotoAndTurningAwayPutsItBack() async {
        let page = scene.pages[0]
        page.zoomScale = 2
        let offset = page.contentOffset
        dragSideways(from: middle, by: -100)
        // The content follows the finger from where it crossed the 10-point hysteresis,
        // along its first move (−10, 2).
        let length: CGFloat = (10 * 10 + 2 * 2 as CGFloat).squareRoot()
        let crossing = CGPoint(x: -10 * 10 / length, y: 2 * 10 / length)
        XCTAssertEqualPoints(page.contentOffset, CGPoint(x: offset.x + 100 + crossing.x, y: offset.y - 6 + crossing.y), accuracy: 1e-9)
        XCTAssertEqual(scene.pager.contentOffset, .zero)
        dragSideways(from: CGPoint(x: scene.pager.frame.maxX - 6, y: middle.y), by: -pageWidth * 0.6)
        XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: pageWidth, y: 0))
        XCTAssertEqual(page.zoomScale, 1)
        XCTAssertEqual(scene.reports, ["came to rest on photo 2"])
    }

    /// A resize keeps the photo shown and its scale.
    func testAResizeKeepsThePhotoAndItsScale() async {
        dragSideways(from: CGPoint(x: scene.pager.frame.maxX - 100, y: middle.y), by: -pageWidth * 0.6)
        scene.pages[1].zoomScale = 2
        present(scene, size: CGSize(width: 640, height: 480))
        XCTAssertEqual(scene.pager.contentOffset, CGPoint(x: pageWidth, y: 0))
        XCTAssertEqual(scene.pages[1].zoomScale, 2)
        XCTAssertEqual(scene.indicator.text, "photo 2 of 4: Harbour at noon \u{B7} \u{D7}2.0")
        XCTAssertEqual(scene.report.text, "came to rest on photo 2")
    }
}
