@testable import UIKit
import XCTest

/// Zooming: a pinch scales the delegate's view about the fingers' centroid, past the
/// range with resistance and back into it after; the scale set in code, animated or
/// not, and `zoom(to:animated:)`.
///
/// Sources: Apple's "UIScrollView" reference ("Zooming and panning": the delegate's
/// `viewForZooming(in:)`, `minimumZoomScale`/`maximumZoomScale`, `bouncesZoom`,
/// `zoom(to:animated:)`), "UIScrollViewDelegate" (`scrollViewWillBeginZooming`,
/// `scrollViewDidZoom`, `scrollViewDidEndZooming(_:with:atScale:)`); Neuburg,
/// "Touches" ("when pinched outward, it reports that it zoomed").
///
/// A 300 × 400 scroll view shows a 600 × 800 photo view, zoomable from 0.5 to 3.
final class UIScrollViewZoomingTests: UIKitTestCase {
    private var scrollView: UIScrollView!
    private var photo: UIView!
    private var log: ScrollLog!

    override func setUp() async throws {
        try await super.setUp()
        scrollView = UIScrollView(frame: CGRect(x: 0, y: 0, width: 300, height: 400))
        photo = UIView(frame: CGRect(x: 0, y: 0, width: 600, height: 800))
        scrollView.addSubview(photo)
        scrollView.contentSize = photo.frame.size
        log = ScrollLog()
        log.zoomView = photo
        scrollView.delegate = log
        scrollView.minimumZoomScale = 0.5
        scrollView.maximumZoomScale = 3
        window.addSubview(scrollView)
    }


    func testThePinchExistsOnlyWhileTheRangeAllowsZooming() async {
        XCTAssertNotNil(scrollView.pinchGestureRecognizer)
        XCTAssertTrue(scrollView.gestureRecognizers?.contains { $0 === scrollView.pinchGestureRecognizer } == true)
        scrollView.maximumZoomScale = 0.5
        XCTAssertNil(scrollView.pinchGestureRecognizer)
        XCTAssertNil(UIScrollView().pinchGestureRecognizer, "1…1 by default: no zooming")
    }

    /// Pinched outward from 100 to 200 points about (150, 200): twice the size, the
    /// photo's point that was under the fingers still under them.
    func testAPinchZoomsAboutTheFingers() async {
        scrollView.contentOffset = CGPoint(x: 50, y: 100)
        _ = log.flush()
        injector.pinch(center: CGPoint(x: 150, y: 200), from: 100, to: 200)
        XCTAssertEqual(scrollView.zoomScale, 2, accuracy: 1e-9)
        XCTAssertEqual(photo.transform, CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(photo.frame, CGRect(x: 0, y: 0, width: 1200, height: 1600))
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 1200, height: 1600))
        // The photo's point (200, 300) was under the fingers; it still is.
        XCTAssertEqual(photo.convert(CGPoint(x: 200, y: 300), to: window).x, 150, accuracy: 1e-9)
        XCTAssertEqual(photo.convert(CGPoint(x: 200, y: 300), to: window).y, 200, accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.x, 250, accuracy: 1e-9)
        XCTAssertEqual(scrollView.contentOffset.y, 400, accuracy: 1e-9)
        XCTAssertFalse(scrollView.isZooming)
        let calls = log.flush()
        XCTAssertEqual(calls.first, "willBeginZooming")
        XCTAssertEqual(calls.last, "didEndZooming(2.0)", "within the range: no bounce, ended at the lift")
        // Each of the ten moves sets the scale (didZoom), then the offset that keeps the
        // fingers' point under them (didScroll); Apple's reference fixes neither order.
        XCTAssertEqual(calls, ["willBeginZooming"] + Array(repeating: ["didZoom", "didScroll"], count: 10).flatMap { $0 }
            + ["didEndZooming(2.0)"])
    }

    /// Past the maximum the scale resists (the square root of what is asked beyond
    /// it), and springs back to the maximum when the fingers lift.
    func testPastTheMaximumTheScaleResistsAndSpringsBack() async {
        injector.pinch(center: CGPoint(x: 150, y: 200), from: 50, to: 200, steps: 10)
        XCTAssertEqual(scrollView.zoomScale, 3 * (4.0 / 3).squareRoot(), accuracy: 1e-9, "asked 4, shown 3.46")
        XCTAssertTrue(scrollView.isZoomBouncing)
        frames(0.4)
        XCTAssertEqual(scrollView.zoomScale, 3)
        XCTAssertFalse(scrollView.isZoomBouncing)
        XCTAssertEqual(log.lines.last, "didEndZooming(3.0)")
        XCTAssertEqual(log.lines.first, "willBeginZooming")
        let offset = scrollView.contentOffset
        XCTAssertTrue(offset.x >= 0 && offset.x <= 1800 - 300 && offset.y >= 0 && offset.y <= 2400 - 400,
                      "back within the content: \(offset)")
    }

    /// Below the minimum the scale resists the same way (the square root of what is
    /// asked, relative to the minimum) and springs back up to it.
    func testBelowTheMinimumTheScaleResistsAndSpringsBack() async {
        injector.pinch(center: CGPoint(x: 150, y: 200), from: 200, to: 50, steps: 10)
        XCTAssertEqual(scrollView.zoomScale, 0.5 * (0.25 / 0.5).squareRoot(), accuracy: 1e-9, "asked 0.25, shown 0.35")
        XCTAssertTrue(scrollView.isZoomBouncing)
        frames(0.4)
        XCTAssertEqual(scrollView.zoomScale, 0.5)
        // The ten moves, then the spring's frames, each a scale and the offset that goes
        // with it; the end comes once the spring has settled, not at the lift.
        let calls = log.lines
        let steps = (calls.count - 2) / 2
        XCTAssertGreaterThan(steps, 10, "the spring moved the scale after the lift")
        XCTAssertEqual(calls, ["willBeginZooming"] + Array(repeating: ["didZoom", "didScroll"], count: steps).flatMap { $0 }
            + ["didEndZooming(0.5)"])
    }

    func testWithoutBouncesZoomTheScaleStopsAtTheMaximum() async {
        scrollView.bouncesZoom = false
        injector.pinch(center: CGPoint(x: 150, y: 200), from: 50, to: 200, steps: 10)
        XCTAssertEqual(scrollView.zoomScale, 3)
        XCTAssertFalse(scrollView.isZoomBouncing)
        XCTAssertEqual(log.lines.last, "didEndZooming(3.0)")
    }

    /// Set in code: about the middle of the bounds, clamped to the range and the
    /// content; animated over 0.3 s when asked.
    func testZoomScaleSetInCodeKeepsTheMiddleAndTheRange() async {
        scrollView.zoomScale = 2
        XCTAssertEqual(scrollView.zoomScale, 2)
        // The middle (150, 200) of the photo stays in the middle: offset 2·(150, 200) − (150, 200).
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 150, y: 200))
        scrollView.zoomScale = 10
        XCTAssertEqual(scrollView.zoomScale, 3, "clamped to the range")
        scrollView.zoomScale = 0.5
        XCTAssertEqual(scrollView.contentSize, CGSize(width: 300, height: 400))
        XCTAssertEqual(scrollView.contentOffset, .zero, "within the content")
        _ = log.flush()
        scrollView.setZoomScale(1, animated: true)
        XCTAssertTrue(scrollView.isZooming)
        frames(0.15)
        XCTAssertGreaterThan(scrollView.zoomScale, 0.5)
        XCTAssertLessThan(scrollView.zoomScale, 1)
        frames(0.2)
        XCTAssertEqual(scrollView.zoomScale, 1)
        XCTAssertFalse(scrollView.isZooming)
        XCTAssertEqual(log.lines.last, "didEndZooming(1.0)")
    }

    /// `zoom(to:animated:)`: the rect fills the bounds as far as the range allows,
    /// centred.
    func testZoomingToARectFillsTheBoundsWithIt() async {
        scrollView.zoom(to: CGRect(x: 100, y: 100, width: 150, height: 200), animated: false)
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 200, y: 200))
        scrollView.zoom(to: CGRect(x: 500, y: 700, width: 10, height: 10), animated: false)
        XCTAssertEqual(scrollView.zoomScale, 3, "as far as the range allows")
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 1365, y: 1915), "(505, 705) in the middle: 3·(505, 705) − (150, 200)")
    }

    /// Animated, `zoom(to:)` arrives at the same scale and offset, and ends with
    /// `scrollViewDidEndZooming` alone: Apple's reference sends
    /// `scrollViewDidEndScrollingAnimation` only for `setContentOffset` and
    /// `scrollRectToVisible`.
    func testZoomingToARectAnimatedEndsWithDidEndZooming() async {
        _ = log.flush()
        scrollView.zoom(to: CGRect(x: 100, y: 100, width: 150, height: 200), animated: true)
        XCTAssertTrue(scrollView.isZooming)
        frames(0.5)
        XCTAssertEqual(scrollView.zoomScale, 2)
        XCTAssertEqual(scrollView.contentOffset, CGPoint(x: 200, y: 200))
        XCTAssertFalse(scrollView.isZooming)
        let calls = log.flush()
        XCTAssertEqual(calls.last, "didEndZooming(2.0)")
        XCTAssertFalse(calls.contains("didEndScrollingAnimation"), "\(calls)")
    }
}
