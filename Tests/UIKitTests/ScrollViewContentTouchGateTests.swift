@testable import UIKit
import XCTest

/// What the content of a scroll view hears of touches: the short hold before
/// `touchesBegan`, the cancellation when a scroll starts, the `UIControl` exception, and
/// the subclass hooks; and the scroll view's pan arbitrating with the app's recognizers
/// and with a scroll view it is nested in.
///
/// Sources: Apple's "UIScrollView" reference (`delaysContentTouches`,
/// `canCancelContentTouches`, `touchesShouldBegin(_:with:in:)`,
/// `touchesShouldCancel(in:)` "returns false if view is a UIControl object; otherwise,
/// it returns true"), Apple, "Gesture Recognizers" ("when scrolling begins soon after
/// the touch begins, subviews of the scroll-view object never receive the touch, so
/// there is no flash of visual feedback").
final class ScrollViewContentTouchGateTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var row: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        scrollView.contentSize = CGSize(width: 300, height: 1200)
        row = TraceView("row", frame: CGRect(x: 0, y: 100, width: 300, height: 100), trace: trace)
        scrollView.addSubview(row)
        window.addSubview(scrollView)
    }

    private let onRow = CGPoint(x: 150, y: 150)

    // MARK: - The hold

    /// The row hears began only 150 ms after the touch, as it was then.
    func testARowHearsOfATouchAfterTheHold() async {
        let id = injector.touchDown(at: onRow)
        injector.wait(0.149)
        XCTAssertEqual(trace.flush(), [])
        injector.wait(0.002)
        XCTAssertEqual(trace.flush(), ["row.began(1)"])
        injector.move(id, to: CGPoint(x: 152, y: 152))
        injector.touchUp(id, at: CGPoint(x: 152, y: 152))
        XCTAssertEqual(trace.flush(), ["row.moved(1)", "row.ended(1)"])
    }

    /// A quick tap: began and ended together when the finger lifts.
    func testAQuickTapReachesTheRowAtTheLift() async {
        let id = injector.touchDown(at: onRow)
        injector.wait(0.05)
        XCTAssertEqual(trace.flush(), [])
        injector.touchUp(id, at: onRow)
        XCTAssertEqual(trace.flush(), ["row.began(1)", "row.ended(1)"])
    }

    /// A scroll that starts within the hold: the row never hears of the touch.
    func testAScrollThatStartsAtOnceNeverShowsTheRow() async {
        let id = injector.touchDown(at: onRow)
        injector.wait(0.05)
        injector.move(id, to: CGPoint(x: 150, y: 130))
        XCTAssertTrue(scrollView.isDragging)
        injector.wait(0.5)
        injector.touchUp(id, at: CGPoint(x: 150, y: 130))
        XCTAssertEqual(trace.flush(), [])
    }

    func testWithoutTheDelayTheRowHearsAtOnce() async {
        scrollView.delaysContentTouches = false
        let id = injector.touchDown(at: onRow)
        XCTAssertEqual(trace.flush(), ["row.began(1)"])
        injector.move(id, to: CGPoint(x: 150, y: 120))
        XCTAssertEqual(trace.flush(), ["row.cancelled(1)"], "the scroll took the touch")
        injector.touchUp(id, at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 20))
    }

    // MARK: - Cancelling

    /// Held past the hold, then dragged: the scroll starts and the row hears cancelled.
    func testAScrollAfterTheHoldCancelsTheRowsTouch() async {
        let id = injector.touchDown(at: onRow)
        injector.wait(0.2)
        injector.move(id, to: CGPoint(x: 150, y: 130))
        XCTAssertEqual(trace.flush(), ["row.began(1)", "row.cancelled(1)"])
        XCTAssertTrue(scrollView.isDragging)
        injector.touchUp(id, at: CGPoint(x: 150, y: 130))
    }

    func testWithoutCancellingContentTouchesAHeardTouchDoesNotScroll() async {
        scrollView.canCancelContentTouches = false
        let id = injector.touchDown(at: onRow)
        injector.wait(0.2)
        injector.move(id, to: CGPoint(x: 150, y: 100))
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        injector.touchUp(id, at: CGPoint(x: 150, y: 100))
        XCTAssertEqual(trace.flush(), ["row.began(1)", "row.moved(1)", "row.ended(1)"])
    }

    /// A button in a scroll view: a tap presses it; a drag that starts on it scrolls;
    /// held first, the button keeps its touch (`touchesShouldCancel(in:)` is false for a
    /// control) and the content does not scroll.
    func testAButtonIsTappedByATapScrolledByADragAndKeepsAHeldTouch() async {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 300, width: 200, height: 50)
        button.setTitle("Buy", for: .normal)
        scrollView.addSubview(button)
        let events = ControlEventLog(button)
        let onButton = CGPoint(x: 150, y: 325)
        injector.tap(at: onButton, duration: 0.05)
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside", "primaryActionTriggered"])
        injector.wait(1)
        let drag = injector.touchDown(at: onButton)
        injector.wait(0.05)
        injector.move(drag, to: CGPoint(x: 150, y: 265))
        injector.touchUp(drag, at: CGPoint(x: 150, y: 265))
        XCTAssertEqual(events.flush(), [], "the button never heard of the drag")
        XCTAssertEqual(scrollView.contentOffset.y, 50, accuracy: 1e-9)
        frames(3)
        scrollView.contentOffset = .zero
        let held = injector.touchDown(at: onButton)
        injector.wait(0.2)
        injector.move(held, to: CGPoint(x: 150, y: 265))
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        injector.touchUp(held, at: CGPoint(x: 150, y: 265))
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "touchUpInside", "primaryActionTriggered"])
    }

    /// A subclass keeps touches from a kind of view altogether (`touchesShouldBegin`),
    /// and lets a control's touch be cancelled (`touchesShouldCancel`).
    func testSubclassesDecideWhichTouchesBeginAndWhichCancel() async {
        final class Picky: UIScrollView {
            override func touchesShouldBegin(_ touches: Set<UITouch>, with event: UIEvent?, in view: UIView) -> Bool {
                !(view is TraceView)
            }
            override func touchesShouldCancel(in view: UIView) -> Bool { true }
        }
        let picky = Picky(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        picky.contentSize = CGSize(width: 300, height: 1200)
        scrollView.removeFromSuperview()
        picky.addSubview(row)
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 50, y: 300, width: 200, height: 50)
        picky.addSubview(button)
        window.addSubview(picky)
        let events = ControlEventLog(button)

        injector.tap(at: onRow, duration: 0.05)
        injector.wait(1)
        let held = injector.touchDown(at: onRow)
        injector.wait(0.3)
        injector.touchUp(held, at: onRow)
        XCTAssertEqual(trace.flush(), [], "the row never hears a touch")
        injector.wait(1)

        let onButton = CGPoint(x: 150, y: 325)
        let drag = injector.touchDown(at: onButton)
        injector.wait(0.2)
        injector.move(drag, to: CGPoint(x: 150, y: 285))
        XCTAssertTrue(picky.isDragging, "the button's touch may be cancelled")
        injector.touchUp(drag, at: CGPoint(x: 150, y: 285))
        XCTAssertEqual(events.flush(), ["touchDown", "touchCancel"])
    }

    // MARK: - Recognizers

    /// The app's recognizers arbitrate with the scroll view's pan like any other: a tap
    /// on a row that requires the pan to fail waits for it, and does not fire on a drag.
    func testAppRecognizersCanRequireThePanToFail() async {
        let tap = UITapGestureRecognizer()
        var taps = 0
        tap.addAction { recognizer in if recognizer.state == .ended { taps += 1 } }
        tap.require(toFail: scrollView.panGestureRecognizer)
        row.addGestureRecognizer(tap)
        injector.tap(at: onRow, duration: 0.05)
        XCTAssertEqual(taps, 1)
        injector.wait(1)
        let id = injector.touchDown(at: onRow)
        injector.move(id, to: CGPoint(x: 150, y: 130))
        injector.move(id, to: CGPoint(x: 150, y: 110))
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 150, y: 110))
        XCTAssertEqual(taps, 1, "the drag scrolled; no tap")
        XCTAssertEqual(scrollView.contentOffset.y, 30, accuracy: 1e-9, "40 points dragged, less the hysteresis")
    }

    /// A horizontal pager of vertical lists: the finger's direction decides which
    /// scrolls.
    func testNestedScrollViewsScrollInTheDirectionTheFingerMeans() async {
        let pager = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        pager.contentSize = CGSize(width: 900, height: 400)
        pager.isPagingEnabled = true
        scrollView.removeFromSuperview()
        pager.addSubview(scrollView)
        window.addSubview(pager)

        let down = injector.touchDown(at: CGPoint(x: 150, y: 300))
        injector.move(down, to: CGPoint(x: 147, y: 280))
        injector.move(down, to: CGPoint(x: 140, y: 200))
        XCTAssertTrue(scrollView.isDragging)
        XCTAssertFalse(pager.isDragging)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 90), "100 points down, less the hysteresis")
        XCTAssertEqual(pager.contentOffset, .zero)
        injector.wait(0.3)
        injector.touchUp(down, at: CGPoint(x: 140, y: 200))
        frames(2)

        let across = injector.touchDown(at: CGPoint(x: 250, y: 200))
        injector.move(across, to: CGPoint(x: 230, y: 203))
        injector.move(across, to: CGPoint(x: 130, y: 206))
        XCTAssertTrue(pager.isDragging)
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertEqual(pager.contentOffset, CGPoint(x: 110, y: 0), "120 points across, less the hysteresis")
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 90), "the list kept still")
        injector.wait(0.3)
        injector.touchUp(across, at: CGPoint(x: 130, y: 206))
        frames(2)
        XCTAssertEqual(pager.contentOffset, .zero, "a third of a page, held: back")
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 90))
    }

}
