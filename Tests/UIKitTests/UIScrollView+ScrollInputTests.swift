@testable import UIKit
import XCTest

/// A mouse wheel or touchpad scrolling a scroll view: a 300 × 400 list over 1200 points
/// of content (offsets 0…800), with a traced content view to show no touch is made.
///
/// Sources: the distance per click is Chromium's and GTK+'s on X11 (53 points,
/// `kWheelScrollAmount`); no rubber band for a wheel, as observed on macOS with a mouse
/// wheel; `scrollViewDidScroll` on every change of the offset (Apple's
/// "UIScrollViewDelegate"); the indicators as `flashScrollIndicators()` (Apple's
/// "UIScrollView": shown, then faded).
final class UIScrollViewScrollInputTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var log: ScrollLog!

    override func setUp() async throws {
        try await super.setUp()
        (scrollView, log) = makeVerticalList()
        addTraceView("content", CGRect(x: 0, y: 0, width: 300, height: 1200), to: scrollView)
        window.addSubview(scrollView)
    }

    private func wheel(_ dy: CGFloat, dx: CGFloat = 0, unit: ScrollSample.Unit = .clicks) {
        window.inject(ScrollSample(location: CGPoint(x: 150, y: 200), delta: CGVector(dx: dx, dy: dy), unit: unit,
                                   timestamp: clock.now))
    }

    func testAWheelClickMoves53PointsAtOnceAndTellsTheDelegate() async {
        XCTAssertEqual(ScrollViewMeasurements.wheelClickDistance, 53)
        wheel(1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 53))
        XCTAssertEqual(log.flush(), ["didScroll"])
        XCTAssertEqual(log.scrolls, 1, "one move, no animation")
        wheel(2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 159))
        wheel(-1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 106))
        XCTAssertEqual(log.scrolls, 3)
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(trace.flush(), [], "no touch reached the content")
    }

    /// A wheel never pulls past an edge: the last click stops at the edge, and one
    /// beyond it changes nothing and tells nobody.
    func testAWheelStopsAtTheEdgesWithNoRubberBand() async {
        scrollView.contentOffset = CGPoint(x: 0, y: 780)
        _ = log.flush()
        wheel(1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 800))
        wheel(1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 800))
        XCTAssertEqual(log.flush(), ["didScroll"])
        XCTAssertEqual(log.scrolls, 2, "the offset set in code, then the first click")
        wheel(-100)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        frames(1)
        XCTAssertEqual(scrollView.contentOffset, .zero, "nothing springs back")
        XCTAssertEqual(log.flush(), ["didScroll"])
    }

    /// A touchpad's smooth scrolling comes in fractions of a click or in points; a
    /// sideways part moves nothing in content that only scrolls vertically.
    func testFractionsOfAClickAndPointsMoveTheContentExactly() async {
        wheel(12.5, unit: .points)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 12.5))
        wheel(0.25, dx: 0.1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 12.5 + 13.25))
    }

    /// The indicators show at once and fade half a second after the last click, as
    /// after `flashScrollIndicators()`.
    func testAWheelFlashesTheIndicators() async {
        let bar = scrollView.indicators.vertical
        XCTAssertEqual(bar.opacity, 0)
        wheel(1)
        XCTAssertEqual(bar.opacity, 1)
        let track: CGFloat = 394
        let expected: CGFloat = 53 + 3 + (track - track / 3) * 53 / 800
        XCTAssertEqual(bar.frame.minY, expected, accuracy: 1e-9)
        frames(0.4)
        wheel(1)
        frames(0.4)
        XCTAssertEqual(bar.opacity, 1, "a click restarts the half second")
        frames(0.2)
        XCTAssertEqual(bar.opacity, 0)
    }

    /// A wheel turned while the content decelerates stops the fling where it is (as a
    /// touch catching it does) and moves on from there.
    func testAWheelCatchesAFling() async {
        let id = injector.touchDown(at: CGPoint(x: 150, y: 350))
        for step in 1...10 {
            injector.wait(0.01)
            injector.move(id, to: CGPoint(x: 150, y: 350 - 10 * CGFloat(step)))
        }
        injector.touchUp(id, at: CGPoint(x: 150, y: 250))
        frames(0.1)
        XCTAssertTrue(scrollView.isDecelerating)
        let caught = scrollView.contentOffset
        _ = log.flush()
        wheel(1)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: caught.y + 53))
        XCTAssertEqual(log.flush(), ["didEndDecelerating", "didScroll"])
        frames(0.5)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: caught.y + 53), "the fling is over")
    }

    /// The finger holds the content: a wheel meanwhile changes nothing.
    func testAWheelWhileAFingerDragsIsIgnored() async {
        let id = injector.touchDown(at: CGPoint(x: 150, y: 300))
        injector.move(id, to: CGPoint(x: 150, y: 280))
        XCTAssertTrue(scrollView.isDragging)
        let held = scrollView.contentOffset
        wheel(1)
        XCTAssertEqual(scrollView.contentOffset, held)
        XCTAssertEqual(logLines(containing: "a finger holds the content").count, 1)
        injector.touchUp(id, at: CGPoint(x: 150, y: 280))
    }

    /// Scrolling turned off, or content no longer than the bounds, takes no wheel.
    func testADisabledOrShortScrollViewTakesNoWheel() async {
        scrollView.isScrollEnabled = false
        wheel(1)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        scrollView.isScrollEnabled = true
        scrollView.contentSize = CGSize(width: 300, height: 400)
        scrollView.alwaysBounceVertical = true
        wheel(1)
        XCTAssertEqual(scrollView.contentOffset, .zero, "bouncing always is not scrolling")
        XCTAssertEqual(log.flush(), [])
        XCTAssertEqual(logLines(containing: "no scroll view there scrolls that way").count, 2)
    }
}
