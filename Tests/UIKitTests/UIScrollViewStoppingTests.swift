@testable import UIKit
import XCTest

/// iOS 17.4's `isScrollAnimating`, `isZoomAnimating` and `stopScrollingAndZooming()`:
/// what moves the content by itself can be asked about and stopped, the offset staying
/// where it is, except that content bouncing past an edge returns to it and paged
/// content to a page (Apple's reference for `stopScrollingAndZooming()`).
final class UIScrollViewStoppingTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var log: ScrollLog!

    override func setUp() async throws {
        try await super.setUp()
        (scrollView, log) = makeVerticalList()
        window.addSubview(scrollView)
    }

    private func drag(from start: CGPoint, by delta: CGPoint, steps: Int = 10, interval: TimeInterval = 0.01) {
        let id = injector.touchDown(at: start)
        for step in 1...steps {
            injector.wait(interval)
            injector.move(id, to: CGPoint(x: start.x + delta.x * CGFloat(step) / CGFloat(steps),
                                          y: start.y + delta.y * CGFloat(step) / CGFloat(steps)))
        }
        injector.touchUp(id, at: CGPoint(x: start.x + delta.x, y: start.y + delta.y))
    }

    func testAFlingStopsWhereItIs() async {
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100))
        frames(0.1)
        XCTAssertTrue(scrollView.isDecelerating)
        _ = log.flush()
        let there = scrollView.contentOffset
        scrollView.stopScrollingAndZooming()
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(scrollView.contentOffset, there)
        XCTAssertEqual(log.flush(), ["didEndDecelerating"])
        frames(1)
        XCTAssertEqual(scrollView.contentOffset, there, "and stays")
    }

    func testABounceReturnsToTheEdge() async {
        drag(from: CGPoint(x: 150, y: 100), by: CGPoint(x: 0, y: 150))
        frames(0.05)
        XCTAssertLessThan(scrollView.contentOffset.y, 0, "past the top, springing back")
        _ = log.flush()
        scrollView.stopScrollingAndZooming()
        XCTAssertEqual(scrollView.contentOffset, .zero, "at the edge, at once")
        XCTAssertEqual(log.flush(), ["didScroll", "didEndDecelerating"])
    }

    func testPagedContentStopsOnAPage() async {
        scrollView.isPagingEnabled = true
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -240), steps: 4, interval: 0.02)
        frames(0.05)
        XCTAssertTrue(scrollView.isDecelerating)
        let between = scrollView.contentOffset.y
        XCTAssertNotEqual(between.truncatingRemainder(dividingBy: 400), 0, "between pages")
        scrollView.stopScrollingAndZooming()
        XCTAssertEqual(scrollView.contentOffset.y, (between / 400).rounded() * 400, "the nearest page")
    }

    func testAnAnimationInCodeIsScrollAnimatingUntilStopped() async {
        XCTAssertFalse(scrollView.isScrollAnimating)
        scrollView.setContentOffset(CGPoint(x: 0, y: 600), animated: true)
        XCTAssertTrue(scrollView.isScrollAnimating)
        XCTAssertFalse(scrollView.isDecelerating)
        frames(0.1)
        let there = scrollView.contentOffset
        XCTAssertGreaterThan(there.y, 0)
        XCTAssertLessThan(there.y, 600)
        _ = log.flush()
        scrollView.stopScrollingAndZooming()
        XCTAssertFalse(scrollView.isScrollAnimating)
        XCTAssertEqual(scrollView.contentOffset, there)
        XCTAssertEqual(log.flush(), ["didEndScrollingAnimation"])
    }

    func testAZoomAnimationIsZoomAnimatingUntilStopped() async {
        let photo = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 1200))
        scrollView.addSubview(photo)
        log.zoomView = photo
        scrollView.maximumZoomScale = 4
        scrollView.setZoomScale(2, animated: true)
        XCTAssertTrue(scrollView.isZoomAnimating)
        frames(0.1)
        let scale = scrollView.zoomScale
        XCTAssertGreaterThan(scale, 1)
        XCTAssertLessThan(scale, 2)
        _ = log.flush()
        scrollView.stopScrollingAndZooming()
        XCTAssertFalse(scrollView.isZoomAnimating)
        XCTAssertEqual(scrollView.zoomScale, scale, "where it was")
        XCTAssertEqual(log.flush(), ["didEndZooming(\(scale))"])
    }
}
