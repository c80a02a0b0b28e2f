@testable import UIKit
import XCTest

/// Pull to refresh: `.valueChanged` once, when the pull crosses the threshold with the
/// finger still down; the control's height in the adjusted inset while refreshing, the
/// app's `contentInset` untouched; `endRefreshing()` animating it away; `beginRefreshing()`
/// silent and still; short content pulled too, but nothing without vertical bouncing.
///
/// Sources: Apple's "UIRefreshControl" reference (`beginRefreshing()`: "call this method
/// when an external event … causes a refresh … it does not send the valueChanged event";
/// `endRefreshing()`; the control is set with `UIScrollView.refreshControl`).
final class UIRefreshControlTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var control: UIRefreshControl!
    private var events: [CGFloat] = []

    override func setUp() async throws {
        try await super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scrollView.contentSize = CGSize(width: 300, height: 1200)
        window.addSubview(scrollView)
        control = UIRefreshControl()
        control.addAction({ [unowned self] _ in events.append(scrollView.contentOffset.y) }, for: .valueChanged)
        scrollView.refreshControl = control
    }

    /// Pulls down from y 50 by `steps` of 10 points, reporting the offset after each move.
    private func pull(steps: Int, finger: UInt32 = 1) -> (TouchSample.ID, [CGFloat]) {
        let id = injector.touchDown(at: CGPoint(x: 150, y: 50))
        var offsets: [CGFloat] = []
        for step in 1...steps {
            injector.wait(0.02)
            injector.move(id, to: CGPoint(x: 150, y: 50 + CGFloat(step) * 10))
            offsets.append(scrollView.contentOffset.y)
        }
        return (id, offsets)
    }

    func testAPullPastTheThresholdRefreshesOnceWhileTheFingerIsDown() async {
        XCTAssertTrue(control.superview === scrollView)
        XCTAssertEqual(control.frame, CGRect(x: 0, y: -60, width: 300, height: 60), "just above the content")
        let (id, offsets) = pull(steps: 30)
        XCTAssertEqual(events.count, 1, "once")
        let crossing = offsets.firstIndex { $0 <= -UIRefreshControl.triggerDistance }!
        XCTAssertEqual(events[0], offsets[crossing], "at the move that crossed \(UIRefreshControl.triggerDistance) points")
        XCTAssertGreaterThan(offsets[crossing - 1], -UIRefreshControl.triggerDistance)
        XCTAssertTrue(control.isRefreshing)
        XCTAssertEqual(scrollView.contentInset, .zero, "the app's inset untouched")
        XCTAssertEqual(scrollView.adjustedContentInset.top, 60, "the control's height")
        XCTAssertLessThan(abs(offsets[crossing + 1] - offsets[crossing]), 10, "no jump as the refresh starts")
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 150, y: 350))
        frames(3)
        XCTAssertEqual(scrollView.contentOffset.y, -60, accuracy: 0.25, "settles showing the control")
        XCTAssertEqual(events.count, 1)

        control.endRefreshing()
        XCTAssertFalse(control.isRefreshing)
        XCTAssertEqual(scrollView.adjustedContentInset.top, 0)
        XCTAssertTrue(scrollView.isScrollAnimating, "animated away")
        frames(1)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
    }

    /// A refresh that ends while the finger still holds the content past the threshold
    /// does not start again on the next move: one pull, one refresh.
    func testAHeldPullRefreshesOnceEvenWhenTheRefreshEndsUnderTheFinger() async {
        let (id, _) = pull(steps: 30)
        XCTAssertEqual(events.count, 1)
        control.endRefreshing()
        injector.wait(0.02)
        injector.move(id, to: CGPoint(x: 150, y: 360))
        injector.wait(0.02)
        injector.move(id, to: CGPoint(x: 150, y: 370))
        XCTAssertEqual(events.count, 1, "not again under the same finger")
        XCTAssertFalse(control.isRefreshing)
        injector.touchUp(id, at: CGPoint(x: 150, y: 370))
        frames(3)
        let (again, _) = pull(steps: 30)
        XCTAssertEqual(events.count, 2, "a new pull refreshes again")
        injector.touchUp(again, at: CGPoint(x: 150, y: 350))
    }

    func testAShortPullDoesNotRefresh() async {
        let (id, _) = pull(steps: 8)
        injector.touchUp(id, at: CGPoint(x: 150, y: 130))
        frames(3)
        XCTAssertEqual(events, [])
        XCTAssertFalse(control.isRefreshing)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
    }

    func testBeginRefreshingInCodeSendsNothingAndDoesNotScroll() async {
        scrollView.contentOffset = CGPoint(x: 0, y: 200)
        control.beginRefreshing()
        XCTAssertTrue(control.isRefreshing)
        XCTAssertEqual(events, [])
        XCTAssertEqual(scrollView.contentOffset.y, 200)
        XCTAssertFalse(scrollView.isScrollAnimating)
        XCTAssertEqual(scrollView.adjustedContentInset.top, 60)
        control.endRefreshing()
        XCTAssertFalse(scrollView.isScrollAnimating, "the control does not show: nothing to animate away")
        XCTAssertEqual(scrollView.contentOffset.y, 200)
    }

    func testShortContentIsPulledTooButNotWithoutVerticalBouncing() async {
        scrollView.contentSize = CGSize(width: 300, height: 200)
        let (id, _) = pull(steps: 30)
        injector.touchUp(id, at: CGPoint(x: 150, y: 350))
        XCTAssertEqual(events.count, 1, "short content refreshes")
        control.endRefreshing()
        frames(3)
        events.removeAll()
        scrollView.bouncesVertically = false
        let (again, _) = pull(steps: 30)
        injector.touchUp(again, at: CGPoint(x: 150, y: 350))
        XCTAssertEqual(events, [], "it cannot be pulled past its top")
        XCTAssertEqual(scrollView.contentOffset.y, 0)
    }
}
