@testable import UIKit
import XCTest

/// Records a scroll view delegate's calls, in order, folding runs of `didScroll` and
/// `didZoom` into one line each.
@MainActor
final class ScrollLog: UIScrollViewDelegate {
    var lines: [String] = []
    var zoomView: UIView?
    /// Set to move the release's target.
    var newTarget: CGPoint?
    private(set) var reportedVelocity: CGPoint?
    private(set) var reportedTarget: CGPoint?
    private(set) var scrolls = 0

    private func note(_ line: String) {
        if (line == "didScroll" || line == "didZoom"), lines.last == line { return }
        lines.append(line)
    }

    func flush() -> [String] {
        defer { lines.removeAll() }
        return lines
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        scrolls += 1
        note("didScroll")
    }
    func scrollViewWillBeginDragging(_ scrollView: UIScrollView) { note("willBeginDragging") }
    func scrollViewWillEndDragging(_ scrollView: UIScrollView, withVelocity velocity: CGPoint,
                                   targetContentOffset: UnsafeMutablePointer<CGPoint>) {
        reportedVelocity = velocity
        reportedTarget = targetContentOffset.pointee
        if let newTarget { targetContentOffset.pointee = newTarget }
        note("willEndDragging")
    }
    func scrollViewDidEndDragging(_ scrollView: UIScrollView, willDecelerate decelerate: Bool) {
        note("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ scrollView: UIScrollView) { note("willBeginDecelerating") }
    func scrollViewDidEndDecelerating(_ scrollView: UIScrollView) { note("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ scrollView: UIScrollView) { note("didEndScrollingAnimation") }
    func viewForZooming(in scrollView: UIScrollView) -> UIView? { zoomView }
    func scrollViewWillBeginZooming(_ scrollView: UIScrollView, with view: UIView?) { note("willBeginZooming") }
    func scrollViewDidZoom(_ scrollView: UIScrollView) { note("didZoom") }
    func scrollViewDidEndZooming(_ scrollView: UIScrollView, with view: UIView?, atScale scale: CGFloat) {
        note("didEndZooming(\(scale))")
    }
}

/// A vertical list: a 300 × 400 scroll view at the window's origin over 1200 points of
/// content (offsets 0…800), with a traced content view filling the content.
///
/// Sources: Apple's "UIScrollView" and "UIScrollViewDelegate" references (the offset is
/// the bounds' origin; the delegate's calls and their order; `targetContentOffset` may
/// be changed; velocity in points per millisecond) and "UIScrollView.DecelerationRate".
final class UIScrollViewTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var log: ScrollLog!
    private var content: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        (scrollView, log) = makeVerticalList()
        content = TraceView("content", frame: CGRect(x: 0, y: 0, width: 300, height: 1200), trace: trace)
        scrollView.addSubview(content)
        window.addSubview(scrollView)
    }


    /// A finger from `start` moving by `dy` in `steps` moves, `interval` apart, then
    /// lifted where it is (after `hold` seconds still).
    @discardableResult
    private func drag(from start: CGPoint, by delta: CGPoint, steps: Int = 10, interval: TimeInterval = 0.01,
                      hold: TimeInterval = 0) -> TouchSample.ID {
        let id = injector.touchDown(at: start)
        for step in 1...steps {
            injector.wait(interval)
            injector.move(id, to: CGPoint(x: start.x + delta.x * CGFloat(step) / CGFloat(steps),
                                          y: start.y + delta.y * CGFloat(step) / CGFloat(steps)))
        }
        if hold > 0 { injector.wait(hold) }
        injector.touchUp(id, at: CGPoint(x: start.x + delta.x, y: start.y + delta.y))
        return id
    }

    // MARK: - Geometry

    func testTheOffsetIsTheBoundsOriginAndItsRangeComesFromTheContentAndInsets() async {
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertTrue(scrollView.clipsToBounds)
        XCTAssertEqual(scrollView.maximumContentOffset, CGPoint(x: 0, y: 800))
        scrollView.contentOffset = CGPoint(x: 0, y: 120)
        XCTAssertEqual(scrollView.bounds.origin, CGPoint(x: 0, y: 120))
        XCTAssertEqual(content.convert(CGPoint(x: 10, y: 130), to: window), CGPoint(x: 10, y: 10), "the content moved up")
        XCTAssertEqual(log.flush(), ["didScroll"])
        scrollView.contentOffset = CGPoint(x: 0, y: 120)
        XCTAssertEqual(log.flush(), [], "no change, no call")
        scrollView.contentOffset = CGPoint(x: 0, y: 5000)
        XCTAssertEqual(scrollView.contentOffset.y, 5000, "code is not clamped, as in UIKit")
        scrollView.contentInset = UIEdgeInsets(top: 20, left: 0, bottom: 30, right: 0)
        XCTAssertEqual(scrollView.minimumContentOffset, CGPoint(x: 0, y: -20))
        XCTAssertEqual(scrollView.maximumContentOffset, CGPoint(x: 0, y: 830))
        XCTAssertEqual(UIScrollView.DecelerationRate.normal.rawValue, 0.998)
        XCTAssertEqual(UIScrollView.DecelerationRate.fast.rawValue, 0.99)
    }

    func testTheSafeAreaAddsToTheInsetOnScrollingAxes() async {
        scrollView.contentInset = UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
        let controller = UIViewController()
        controller.additionalSafeAreaInsets = UIEdgeInsets(top: 44, left: 5, bottom: 34, right: 5)
        window.rootViewController = controller
        scrollView.frame = controller.view.bounds
        controller.view.addSubview(scrollView)
        XCTAssertEqual(scrollView.safeAreaInsets, UIEdgeInsets(top: 44, left: 5, bottom: 34, right: 5))
        XCTAssertEqual(scrollView.adjustedContentInset, UIEdgeInsets(top: 54, left: 0, bottom: 34, right: 0),
                       "vertical only: the content does not scroll sideways")
        scrollView.contentInsetAdjustmentBehavior = .always
        XCTAssertEqual(scrollView.adjustedContentInset, UIEdgeInsets(top: 54, left: 5, bottom: 34, right: 5))
        scrollView.contentInsetAdjustmentBehavior = .never
        XCTAssertEqual(scrollView.adjustedContentInset, UIEdgeInsets(top: 10, left: 0, bottom: 0, right: 0))
    }

    // MARK: - Dragging

    /// The content follows the finger from where the pan began: the 10-point hysteresis
    /// is not a jump.
    func testDraggingMovesTheContentWithTheFinger() async {
        let id = injector.touchDown(at: CGPoint(x: 150, y: 300))
        XCTAssertTrue(scrollView.isTracking)
        XCTAssertFalse(scrollView.isDragging)
        injector.move(id, to: CGPoint(x: 150, y: 290))
        XCTAssertTrue(scrollView.isDragging, "began at the hysteresis")
        XCTAssertEqual(scrollView.contentOffset, .zero)
        injector.move(id, to: CGPoint(x: 150, y: 190))
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 100))
        injector.move(id, to: CGPoint(x: 170, y: 200))
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 90), "sideways: the content does not scroll sideways")
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 170, y: 200))
        XCTAssertFalse(scrollView.isDragging)
        XCTAssertFalse(scrollView.isTracking)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(log.flush(), ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(false)"])
        XCTAssertEqual(log.reportedVelocity, .zero)
        XCTAssertEqual(log.reportedTarget, CGPoint(x: 0, y: 90))
    }

    /// Past the top the content shows the rubber band of how far the finger pulled.
    func testPullingPastTheTopStretchesAndTheReleaseSpringsBack() async {
        let id = injector.touchDown(at: CGPoint(x: 150, y: 100))
        injector.move(id, to: CGPoint(x: 150, y: 110))
        injector.move(id, to: CGPoint(x: 150, y: 210))
        XCTAssertEqual(scrollView.contentOffset.y, -ScrollViewPhysics.rubberBand(100, dimension: 400), accuracy: 1e-9)
        let band: CGFloat = 400 * (1 - 1 / (100 * 0.55 / 400 + 1))
        XCTAssertEqual(scrollView.contentOffset.y, -band, accuracy: 1e-9)
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 150, y: 210))
        XCTAssertTrue(scrollView.isDecelerating, "springing back")
        XCTAssertEqual(log.reportedTarget, .zero, "it will rest at the edge")
        let shown = scrollView.contentOffset.y
        frames(0.25)
        // A spring from rest: (x₀ + ωx₀t)e^(−ωt) of the displacement, on the frame clock.
        XCTAssertEqual(scrollView.contentOffset.y, ScrollViewPhysics.spring(displacement: shown, velocity: 0, after: 0.25).displacement,
                       accuracy: 1e-6)
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(log.flush(), ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                     "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    func testAScrollViewWithScrollingOffDoesNotScroll() async {
        scrollView.isScrollEnabled = false
        XCTAssertFalse(scrollView.panGestureRecognizer.isEnabled)
        drag(from: CGPoint(x: 150, y: 300), by: CGPoint(x: 0, y: -200), hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(log.flush(), [])
    }

    /// Content no taller than the bounds does not drag, unless it always bounces: then
    /// it stretches and springs back.
    func testShortContentDragsOnlyWhenItAlwaysBounces() async {
        scrollView.contentSize = CGSize(width: 300, height: 300)
        drag(from: CGPoint(x: 150, y: 300), by: CGPoint(x: 0, y: -100), hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(log.flush(), [], "the pan never began")
        scrollView.alwaysBounceVertical = true
        let id = injector.touchDown(at: CGPoint(x: 150, y: 300))
        injector.move(id, to: CGPoint(x: 150, y: 290))
        injector.move(id, to: CGPoint(x: 150, y: 190))
        XCTAssertEqual(scrollView.contentOffset.y, ScrollViewPhysics.rubberBand(100, dimension: 400), accuracy: 1e-9)
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 150, y: 190))
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    func testWithoutBouncesTheContentStopsAtItsEdges() async {
        scrollView.bounces = false
        drag(from: CGPoint(x: 150, y: 100), by: CGPoint(x: 0, y: 200), hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(log.flush(), ["willBeginDragging", "willEndDragging", "didEndDragging(false)"])
    }

    // MARK: - Deceleration

    /// A fling: the offset goes on at the release velocity, slowing by the rate every
    /// millisecond, and rests where `willEndDragging` said.
    func testAFlingDeceleratesAtTheRateAndRestsAtTheTarget() async {
        // 100 points up in 0.1 s: 1000 pt/s.
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100), steps: 10, interval: 0.01)
        let velocity = try! XCTUnwrap(log.reportedVelocity)
        XCTAssertEqual(velocity.y, 1.0, accuracy: 0.01, "points per millisecond, positive as the offset grows")
        XCTAssertEqual(velocity.x, 0)
        let released = scrollView.contentOffset.y
        let target = try! XCTUnwrap(log.reportedTarget)
        XCTAssertEqual(target.y, released + ScrollViewPhysics.restingDistance(from: velocity.y * 1000, rate: 0.998), accuracy: 1e-6)
        XCTAssertTrue(scrollView.isDecelerating)
        frames(0.5)
        XCTAssertEqual(scrollView.contentOffset.y,
                       released + ScrollViewPhysics.distance(from: velocity.y * 1000, rate: 0.998, after: 0.5), accuracy: 1e-6)
        frames(5)
        XCTAssertEqual(scrollView.contentOffset.y, target.y, accuracy: 1e-9)
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(log.flush(), ["willBeginDragging", "didScroll", "willEndDragging", "didEndDragging(true)",
                                     "willBeginDecelerating", "didScroll", "didEndDecelerating"])
    }

    func testAFastRateStopsSooner() async {
        scrollView.decelerationRate = .fast
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100), steps: 10, interval: 0.01)
        let released = scrollView.contentOffset.y
        let velocity = try! XCTUnwrap(log.reportedVelocity).y * 1000
        let rest: CGFloat = released + velocity / 1000 / -Foundation.log(CGFloat(0.99))
        XCTAssertEqual(try! XCTUnwrap(log.reportedTarget).y, rest, accuracy: 1e-6)
        frames(2)
        XCTAssertEqual(scrollView.contentOffset.y, rest, accuracy: 1e-9)
    }

    /// "Your application can change the value of the targetContentOffset parameter to
    /// adjust where the scrollview finishes its scrolling animation."
    func testTheDelegateMovesTheTargetAndTheMotionEndsThere() async {
        log.newTarget = CGPoint(x: 0, y: 300)
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100), steps: 10, interval: 0.01)
        frames(5)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 300))
        XCTAssertEqual(log.flush().last, "didEndDecelerating")
    }

    /// A fling towards the bottom crosses the edge, goes past it and springs back to it.
    func testAFlingIntoTheEdgeBouncesBackToIt() async {
        scrollView.contentOffset = CGPoint(x: 0, y: 700)
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -200), steps: 10, interval: 0.01)
        XCTAssertEqual(try! XCTUnwrap(log.reportedTarget), CGPoint(x: 0, y: 800), "clamped to the content")
        var furthest: CGFloat = 0
        for _ in 0..<120 {
            frames(1.0 / 60)
            furthest = max(furthest, scrollView.contentOffset.y)
        }
        XCTAssertGreaterThan(furthest, 810, "went past the edge")
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 800))
        XCTAssertFalse(scrollView.isDecelerating)
    }

    /// A finger on moving content stops it where it is, and the content's view does not
    /// hear of that touch; a drag from there goes on from where it stopped.
    func testATouchCatchesMovingContentAndTheContentDoesNotHearIt() async {
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100), steps: 10, interval: 0.01)
        frames(0.2)
        _ = trace.flush()
        _ = log.flush()
        let caught = scrollView.contentOffset
        let id = injector.touchDown(at: CGPoint(x: 150, y: 200))
        XCTAssertFalse(scrollView.isDecelerating)
        XCTAssertEqual(log.flush(), ["didEndDecelerating"])
        frames(0.5)
        XCTAssertEqual(scrollView.contentOffset, caught, "stopped")
        injector.touchUp(id, at: CGPoint(x: 150, y: 200))
        XCTAssertEqual(trace.flush(), [], "the tap that stopped it pressed nothing")
        XCTAssertEqual(log.flush(), [])
    }

    /// A scroll view let go while its content moves leaves no display link behind: the
    /// frames stop coming.
    func testAScrollViewLetGoMidMotionStopsItsFrames() async {
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -100), steps: 10, interval: 0.01)
        XCTAssertTrue(scrollView.isDecelerating)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        scrollView.removeFromSuperview()
        scrollView = nil
        UIApplication.shared.discardAllState()  // the touches' last references
        frames(1.0 / 60)
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    // MARK: - Paging

    func testPagingRestsOnThePageTheReleasePointsTo() async {
        scrollView.isPagingEnabled = true
        // Dragged 150 of 400 and held: back to the page it started on.
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -150), hold: 0.3)
        XCTAssertEqual(log.reportedTarget, .zero)
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        // Dragged 250 and held: the nearest page, the next.
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -250), hold: 0.3)
        XCTAssertEqual(log.reportedTarget, CGPoint(x: 0, y: 400))
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 400))
        // A flick of 40 points: the next page, and only one however fast.
        drag(from: CGPoint(x: 150, y: 350), by: CGPoint(x: 0, y: -40), steps: 4, interval: 0.01)
        XCTAssertEqual(log.reportedTarget, CGPoint(x: 0, y: 800))
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 800))
        drag(from: CGPoint(x: 150, y: 100), by: CGPoint(x: 0, y: 40), steps: 4, interval: 0.01)
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 400), "back one")
    }

    // MARK: - Animated offsets

    func testAnimatedOffsetsTakeAboutAThirdOfASecondAndSayWhenDone() async {
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        XCTAssertEqual(scrollView.contentOffset, .zero, "moves on the frames")
        frames(0.15)
        XCTAssertEqual(scrollView.contentOffset.y, 150, accuracy: 1, "half way at half time, ease in and out")
        frames(0.2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 300))
        XCTAssertEqual(log.flush(), ["didScroll", "didEndScrollingAnimation"])
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 550), "the rect's bottom at the bounds' bottom")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 600, width: 10, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 550), "already shown: nothing")
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 100, width: 10, height: 50), animated: false)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 100))
        _ = log.flush()
        let scrollsBefore = log.scrolls
        scrollView.scrollRectToVisible(CGRect(x: 0, y: 900, width: 10, height: 50), animated: true)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 100), "moves on the frames")
        frames(0.4)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 550))
        // didScroll on the frames (the log keeps one line for a run of them), then the end.
        XCTAssertEqual(log.flush(), ["didScroll", "didEndScrollingAnimation"])
        XCTAssertGreaterThan(log.scrolls - scrollsBefore, 5, "one didScroll a frame while it moves")
    }

    /// Content no wider than the bounds drags sideways only when it always bounces
    /// horizontally, and then springs back.
    func testNarrowContentDragsSidewaysOnlyWhenItAlwaysBouncesHorizontally() async {
        drag(from: CGPoint(x: 200, y: 200), by: CGPoint(x: -100, y: 0), hold: 0.3)
        XCTAssertEqual(scrollView.contentOffset, .zero)
        XCTAssertEqual(log.flush(), [], "the pan never began")
        scrollView.alwaysBounceHorizontal = true
        let id = injector.touchDown(at: CGPoint(x: 200, y: 200))
        injector.move(id, to: CGPoint(x: 190, y: 200))
        injector.move(id, to: CGPoint(x: 90, y: 200))
        // 110 points, less the 10 of the hysteresis the content does not follow.
        XCTAssertEqual(scrollView.contentOffset.x, ScrollViewPhysics.rubberBand(100, dimension: 300), accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.y, 0)
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 90, y: 200))
        frames(2)
        XCTAssertEqual(scrollView.contentOffset, .zero)
    }

    /// The slow-animation setting slows the layer tree's clock, and scrolling with it.
    func testMotionRunsOnTheLayerTreesClock() async {
        scrollView.setContentOffset(CGPoint(x: 0, y: 300), animated: true)
        CAAnimationEngine.current.animationSpeed = 0.1
        defer { CAAnimationEngine.current.animationSpeed = 1 }
        frames(0.3)
        XCTAssertLessThan(scrollView.contentOffset.y, 20, "a tenth of the way in time")
        frames(3)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 300))
    }

    // MARK: - Directional lock

    /// With the lock, a drag that starts mostly vertical moves vertically only; without
    /// it, on both axes. Either way the content follows from where the finger crossed the
    /// 10-point hysteresis, along the way it went.
    func testDirectionalLockKeepsAMostlyVerticalDragVertical() async {
        scrollView.contentSize = CGSize(width: 900, height: 1200)
        scrollView.isDirectionalLockEnabled = true
        let id = injector.touchDown(at: CGPoint(x: 150, y: 300))
        injector.move(id, to: CGPoint(x: 152, y: 288))
        injector.move(id, to: CGPoint(x: 120, y: 188))
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 0, y: 102), "locked vertical: 112 less 10")
        injector.wait(0.3)
        injector.touchUp(id, at: CGPoint(x: 120, y: 188))
        scrollView.isDirectionalLockEnabled = false
        let free = injector.touchDown(at: CGPoint(x: 150, y: 300))
        injector.move(free, to: CGPoint(x: 148, y: 288))
        // The first move, (-2, -12), less its first 10 points.
        let first = CGPoint(x: -2, y: -12)
        let length = (first.x * first.x + first.y * first.y).squareRoot()
        let hysteresis = CGPoint(x: first.x * 10 / length, y: first.y * 10 / length)
        injector.move(free, to: CGPoint(x: 118, y: 188))
        XCTAssertEqual(scrollView.contentOffset.x, 32 + hysteresis.x, accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.y, 102 + 112 + hysteresis.y, accuracy: 1e-9)
        injector.wait(0.3)
        injector.touchUp(free, at: CGPoint(x: 118, y: 188))
    }
}
