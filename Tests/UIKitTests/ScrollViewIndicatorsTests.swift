@testable import UIKit
import XCTest

/// The scroll indicators: where the bar is and how long, when it shows and fades, and
/// that it stays above the content.
///
/// Sources: Apple's "UIScrollView" reference (`showsVerticalScrollIndicator`,
/// `flashScrollIndicators()`: "You should call this method whenever you bring the scroll
/// view to front"); iOS as observed: the bars show while scrolling and fade shortly
/// after, shrink when the content is pulled past an edge, and have a minimum length.
///
/// The scroll view is 300 × 400 over 1200 points of content (offsets 0…800).
final class ScrollViewIndicatorsTests: UIKitTestCase {
    private var scrollView: UIScrollView!

    override func setUp() async throws {
        try await super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scrollView.contentSize = CGSize(width: 300, height: 1200)
        scrollView.addSubview(UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 1200)))
        window.addSubview(scrollView)
    }

    private var bar: CALayer { scrollView.indicators.vertical }

    /// The track is the height less 3 points at each end; the bar is the shown third of
    /// it, placed by the offset's fraction of its range.
    func testTheBarShowsTheShownPartOfTheContentWhileAFingerScrolls() async {
        XCTAssertEqual(bar.opacity, 0, "hidden until scrolled")
        let id = injector.touchDown(at: CGPoint(x: 150, y: 300))
        injector.move(id, to: CGPoint(x: 150, y: 290))
        injector.move(id, to: CGPoint(x: 150, y: 190))
        XCTAssertEqual(scrollView.contentOffset.y, 100)
        XCTAssertEqual(bar.opacity, 1)
        let track: CGFloat = 394
        let length = track * 400 / 1200
        XCTAssertEqual(bar.frame.width, 3)
        XCTAssertEqual(bar.frame.minX, 294)
        XCTAssertEqual(bar.frame.height, length, accuracy: 1e-9)
        XCTAssertEqual(bar.frame.minY, 100 + 3 + (track - length) * 100 / 800, accuracy: 1e-9, "in the bounds, which moved")
        XCTAssertEqual(scrollView.indicators.horizontal.opacity, 0, "the content does not scroll sideways")
        XCTAssertTrue(scrollView.layer.sublayers?.last === bar, "above the content")
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 150, y: 190))
        injector.wait(0.4)
        XCTAssertEqual(bar.opacity, 1, "still shown just after")
        injector.wait(0.2)
        XCTAssertEqual(bar.opacity, 0, "faded half a second after the scrolling stopped")
        XCTAssertEqual(bar.animation(forKey: "opacity")?.duration, 0.3)
    }

    func testTheBarShrinksPastAnEdgeAndKeepsAMinimumLength() async {
        XCTAssertEqual(ScrollViewIndicators.bar(track: 394, offset: -50, visible: 400, content: 1200,
                                                minimumOffset: 0, maximumOffset: 800).length, 394.0 / 3 - 50, accuracy: 1e-9)
        XCTAssertEqual(ScrollViewIndicators.bar(track: 394, offset: -50, visible: 400, content: 1200,
                                                minimumOffset: 0, maximumOffset: 800).start, 0)
        XCTAssertEqual(ScrollViewIndicators.bar(track: 394, offset: 900, visible: 400, content: 1200,
                                                minimumOffset: 0, maximumOffset: 800).start, 394 - (394.0 / 3 - 100), accuracy: 1e-9)
        XCTAssertEqual(ScrollViewIndicators.bar(track: 394, offset: 0, visible: 400, content: 100_000,
                                                minimumOffset: 0, maximumOffset: 99_600).length, 36, "never shorter than 36")
        XCTAssertEqual(ScrollViewIndicators.bar(track: 394, offset: -5000, visible: 400, content: 1200,
                                                minimumOffset: 0, maximumOffset: 800).length, 3, "down to a dot")
    }

    /// Both bars leave the corner to each other.
    func testBothBarsShowForContentThatScrollsBothWays() async {
        scrollView.contentSize = CGSize(width: 900, height: 1200)
        scrollView.flashScrollIndicators()
        XCTAssertEqual(bar.opacity, 1)
        XCTAssertEqual(scrollView.indicators.horizontal.opacity, 1)
        XCTAssertEqual(bar.frame.height, (400 - 6 - 6) / 3.0, accuracy: 1e-9)
        XCTAssertEqual(scrollView.indicators.horizontal.frame,
                       CGRect(x: 3, y: 394, width: (300 - 6 - 6) / 3.0, height: 3))
        injector.wait(0.6)
        XCTAssertEqual(bar.opacity, 0, "a flash fades by itself")
    }

    func testHiddenIndicatorsStayHidden() async {
        scrollView.showsVerticalScrollIndicator = false
        scrollView.flashScrollIndicators()
        XCTAssertEqual(bar.opacity, 0)
    }

    /// A fling keeps the bar shown until it comes to rest, and moving with the content.
    func testTheBarFollowsADecelerationAndFadesAfterIt() async {
        let id = injector.touchDown(at: CGPoint(x: 150, y: 350))
        for step in 1...10 {
            injector.wait(0.01)
            injector.move(id, to: CGPoint(x: 150, y: 350 - 10 * CGFloat(step)))
        }
        injector.touchUp(id, at: CGPoint(x: 150, y: 250))
        frames(1)
        XCTAssertTrue(scrollView.isDecelerating)
        XCTAssertEqual(bar.opacity, 1)
        let fraction = scrollView.contentOffset.y / 800
        XCTAssertEqual(bar.frame.minY - scrollView.contentOffset.y - 3, fraction * (394 - 394.0 / 3), accuracy: 1e-6)
        frames(5)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(bar.opacity, 0)
    }

    /// `verticalScrollIndicatorInsets` shorten the track by their top and bottom and move
    /// the bar in by their right; `indicatorStyle` picks the bar's colours.
    func testIndicatorInsetsAndStyle() async {
        scrollView.verticalScrollIndicatorInsets = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 4)
        scrollView.contentOffset = CGPoint(x: 0, y: 800)
        scrollView.flashScrollIndicators()
        let track: CGFloat = 394 - 50
        let length = track * 400 / 1200
        XCTAssertEqual(bar.frame.minX, 294 - 4)
        XCTAssertEqual(bar.frame.height, length, accuracy: 1e-9)
        XCTAssertEqual(bar.frame.maxY, 800 + 3 + 20 + track, accuracy: 1e-9, "at the end of the shortened track")
        XCTAssertEqual(bar.borderWidth, 0.5, "default: a light rim")
        scrollView.indicatorStyle = .white
        XCTAssertEqual(bar.backgroundColor, ScrollViewIndicators.whiteColor)
        XCTAssertEqual(bar.borderWidth, 0)
        scrollView.indicatorStyle = .black
        XCTAssertEqual(bar.backgroundColor, ScrollViewIndicators.color)
        XCTAssertEqual(bar.borderWidth, 0)
    }
}
