@testable import UIKit
import XCTest

/// The bouncing rules: short content drags only when it always bounces on the axis *and*
/// bounces there at all; iOS 17.4's per-axis `bouncesHorizontally` and
/// `bouncesVertically`, of which `bounces` is the conjunction; and the safe area's insets
/// on an axis, which do not depend on bouncing.
///
/// Sources: Apple's "UIScrollView" reference (`alwaysBounceVertical`: "If this property
/// is true and bounces is true, vertical dragging is allowed even if the content is
/// smaller than the bounds of the scroll view"; `bouncesHorizontally`,
/// `bouncesVertically`, and `bounces` reading true only when both are).
final class UIScrollViewBouncingTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var log: ScrollLog!
    private var content: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        log = ScrollLog()
        scrollView.delegate = log
        content = TraceView("content", frame: CGRect(x: 0, y: 0, width: 300, height: 300), trace: trace)
        scrollView.addSubview(content)
        window.addSubview(scrollView)
    }

    private func drag(from start: CGPoint, by delta: CGPoint) {
        let id = injector.touchDown(at: start)
        for step in 1...10 {
            injector.wait(0.01)
            injector.move(id, to: CGPoint(x: start.x + delta.x * CGFloat(step) / 10, y: start.y + delta.y * CGFloat(step) / 10))
        }
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: start.x + delta.x, y: start.y + delta.y))
    }

    /// Short content, `alwaysBounceVertical` on but `bounces` off: nothing can move, so
    /// no drag begins and the content's touch is not taken from it.
    func testShortContentThatCannotBounceIsNotDraggedAndKeepsItsTouch() async {
        scrollView.contentSize = CGSize(width: 300, height: 300)
        scrollView.alwaysBounceVertical = true
        scrollView.bounces = false
        drag(from: CGPoint(x: 150, y: 200), by: CGPoint(x: 0, y: -100))
        XCTAssertEqual(log.flush(), [], "no willBeginDragging")
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        let lines = trace.flush()
        XCTAssertEqual(lines.first, "content.began(1)")
        XCTAssertEqual(lines.last, "content.ended(1)", "the content's touch ends, not cancelled: \(lines)")
        XCTAssertFalse(lines.contains { $0.hasPrefix("content.cancelled") })

        // Bouncing vertically again, the same drag drags (and rubber-bands).
        scrollView.bouncesVertically = true
        drag(from: CGPoint(x: 150, y: 200), by: CGPoint(x: 0, y: -100))
        XCTAssertEqual(log.flush().first, "willBeginDragging")
    }

    func testBouncesIsBothAxesAndSetsBoth() async {
        XCTAssertTrue(scrollView.bounces)
        scrollView.bouncesHorizontally = false
        XCTAssertFalse(scrollView.bounces, "true only when both axes bounce")
        XCTAssertTrue(scrollView.bouncesVertically)
        scrollView.bounces = true
        XCTAssertTrue(scrollView.bouncesHorizontally && scrollView.bouncesVertically)
        scrollView.bounces = false
        XCTAssertFalse(scrollView.bouncesHorizontally || scrollView.bouncesVertically)
    }

    /// Content larger both ways, bouncing sideways but not up and down: dragged down and
    /// right from the top-left corner, the content rubber-bands past its left edge and
    /// stops at its top edge.
    func testEachAxisBouncesByItsOwnSwitch() async {
        scrollView.contentSize = CGSize(width: 900, height: 1200)
        scrollView.bouncesVertically = false
        let id = injector.touchDown(at: CGPoint(x: 100, y: 100))
        injector.move(id, to: CGPoint(x: 110, y: 110))
        injector.move(id, to: CGPoint(x: 190, y: 190))
        // The finger went 90 points each way; the first 10 points of its travel (along
        // the diagonal) were the pan's hysteresis, which the content does not follow.
        let pulled = 90 - 10 / CGFloat(2).squareRoot()
        XCTAssertEqual(scrollView.contentOffset.x, -ScrollViewPhysics.rubberBand(pulled, dimension: 300), accuracy: 1e-9,
                       "past the left edge, banded")
        XCTAssertEqual(scrollView.contentOffset.y, 0, "held at the top edge")
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 190, y: 190))
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, .zero, "back to the corner")
    }

    /// The safe area's insets on an axis follow whether the content scrolls there, not
    /// whether it bounces: turning bouncing off changes no inset.
    func testBouncingDoesNotDecideWhichInsetsTheSafeAreaAdjusts() async {
        scrollView.contentSize = CGSize(width: 300, height: 300)
        scrollView.alwaysBounceVertical = true
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 5, bottom: 34, right: 5)
        window.rootViewController = controller
        scrollView.frame = controller.view.bounds
        controller.view.addSubview(scrollView)
        let adjusted = UIEdgeInsets(top: 44, left: 0, bottom: 34, right: 0)
        XCTAssertEqual(scrollView.adjustedContentInset, adjusted)
        scrollView.bounces = false
        XCTAssertEqual(scrollView.adjustedContentInset, adjusted, "unchanged by bouncing")
    }
}
