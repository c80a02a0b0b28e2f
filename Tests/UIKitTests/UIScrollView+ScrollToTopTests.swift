@testable import UIKit
import XCTest

/// What iOS's status-bar tap does, as `UIWindow.scrollToTop()`: the window's one scroll
/// view with `scrollsToTop` is asked, animates to its top and says so; none moves when
/// several could. And the adjusted inset, which follows the safe area; the layout guides
/// and the keyboard dismiss mode, which are there for source compatibility.
///
/// Sources: Apple's "UIScrollView" reference (`scrollsToTop`: "the scroll-to-top gesture
/// is a tap on the status bar … if more than one scroll view has this property set to
/// true, none scrolls"), "UIScrollViewDelegate" (`scrollViewShouldScrollToTop`,
/// `scrollViewDidScrollToTop`, `scrollViewDidChangeAdjustedContentInset`).
final class UIScrollViewScrollToTopTests: UIKitTestCase {
    private final class TopLog: UIScrollViewDelegate {
        var lines: [String] = []
        var allows = true
        func scrollViewShouldScrollToTop(_ scrollView: UIScrollView) -> Bool {
            lines.append("shouldScrollToTop")
            return allows
        }
        func scrollViewDidScrollToTop(_ scrollView: UIScrollView) { lines.append("didScrollToTop \(scrollView.contentOffset.y)") }
        func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { lines.append("didEndScrollingAnimation") }
        func scrollViewDidChangeAdjustedContentInset(_ scrollView: UIScrollView) {
            lines.append("didChangeAdjustedContentInset \(scrollView.adjustedContentInset.top)")
        }
    }

    private var scrollView: UIScrollView!
    private var log: TopLog!

    override func setUp() async throws {
        try await super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scrollView.contentSize = CGSize(width: 300, height: 1200)
        log = TopLog()
        scrollView.delegate = log
        window.addSubview(scrollView)
    }

    func testTheOnlyScrollViewThatScrollsToTopAnimatesThereAndSaysSo() async {
        scrollView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        log.lines.removeAll()
        scrollView.contentOffset = CGPoint(x: 0, y: 500)
        XCTAssertTrue(window.scrollToTop())
        XCTAssertTrue(scrollView.isScrollAnimating)
        XCTAssertEqual(log.lines, ["shouldScrollToTop"])
        frames(0.1)
        XCTAssertGreaterThan(scrollView.contentOffset.y, -20, "on its way")
        frames(1)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: -20), "the top: minus the adjusted top inset")
        XCTAssertEqual(log.lines, ["shouldScrollToTop", "didScrollToTop -20.0"], "not didEndScrollingAnimation")
        XCTAssertFalse(window.scrollToTop(), "already there: nothing")
    }

    /// Interrupted before it reaches the top, a scroll to top ends as any animation
    /// does: the delegate does not hear that it reached the top.
    func testAnInterruptedScrollToTopDoesNotSayItReachedTheTop() async {
        scrollView.contentOffset = CGPoint(x: 0, y: 500)
        log.lines.removeAll()
        XCTAssertTrue(window.scrollToTop())
        frames(0.1)
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: false)
        XCTAssertEqual(log.lines, ["shouldScrollToTop", "didEndScrollingAnimation"])
        XCTAssertEqual(scrollView.contentOffset.y, 300)
    }

    func testTheDelegateMayRefuse() async {
        scrollView.contentOffset = CGPoint(x: 0, y: 500)
        log.allows = false
        XCTAssertFalse(window.scrollToTop())
        XCTAssertFalse(scrollView.isScrollAnimating)
        XCTAssertEqual(scrollView.contentOffset.y, 500)
        XCTAssertEqual(log.lines, ["shouldScrollToTop"])
    }

    func testWithSeveralScrollViewsThatScrollToTopNoneDoes() async {
        let other = UIScrollView(frame: CGRect(x: 0, y: 400, width: 300, height: 100))
        window.addSubview(other)
        scrollView.contentOffset = CGPoint(x: 0, y: 500)
        XCTAssertFalse(window.scrollToTop())
        XCTAssertEqual(log.lines, [], "not even asked")
        other.scrollsToTop = false
        XCTAssertTrue(window.scrollToTop(), "one left that does")
        other.scrollsToTop = true
        other.isHidden = true
        frames(1)
        scrollView.contentOffset = CGPoint(x: 0, y: 300)
        XCTAssertTrue(window.scrollToTop(), "a hidden one does not count")
    }

    /// The safe area's insets go into `adjustedContentInset` when the safe area changes,
    /// announced once per change.
    func testTheAdjustedInsetFollowsTheSafeArea() async {
        let controller = UIViewController()
        window.rootViewController = controller
        scrollView.frame = controller.view.bounds
        controller.view.addSubview(scrollView)
        window.layoutIfNeeded()
        log.lines.removeAll()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 0, bottom: 0, right: 0)
        window.layoutIfNeeded()
        XCTAssertEqual(scrollView.adjustedContentInset.top, 44)
        XCTAssertEqual(log.lines, ["didChangeAdjustedContentInset 44.0"])
        window.layoutIfNeeded()
        XCTAssertEqual(log.lines.count, 1, "once")
        scrollView.contentInset.top = 6
        XCTAssertEqual(log.lines.last, "didChangeAdjustedContentInset 50.0")
    }

    func testTheLayoutGuidesAreTheContentAndTheFrame() async {
        scrollView.contentOffset = CGPoint(x: 0, y: 100)
        XCTAssertEqual(scrollView.contentLayoutGuide.layoutFrame, CGRect(x: 0, y: 0, width: 300, height: 1200))
        XCTAssertEqual(scrollView.frameLayoutGuide.layoutFrame, CGRect(x: 0, y: 100, width: 300, height: 400))
        XCTAssertTrue(scrollView.contentLayoutGuide.owningView === scrollView)
        XCTAssertTrue(scrollView.contentLayoutGuide === scrollView.contentLayoutGuide, "one guide")
        scrollView.keyboardDismissMode = .onDrag
        XCTAssertEqual(scrollView.keyboardDismissMode, .onDrag, "kept, without effect: no keyboard here")
    }
}
