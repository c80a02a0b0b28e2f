import UIKit
import XCTest

/// View transitions and snapshots (Apple's UIView reference:
/// "transition(with:duration:options:animations:completion:)",
/// "transition(from:to:duration:options:completion:)", "snapshotView(afterScreenUpdates:)").
final class UIViewTransitionTests: UIKitTestCase {
    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        view = UIView(frame: CGRect(x: 20, y: 30, width: 200, height: 100))
        view.backgroundColor = .red
        window.addSubview(view)
    }

    private func tick(at time: TimeInterval) {
        clock.now = time
        CAAnimationEngine.current.tick()
    }

    /// The layer holding the old picture, while a transition runs.
    private var cover: CALayer? {
        view.layer.sublayers?.first { $0.name == "transition picture" }
    }

    func testASnapshotIsFrozen() async {
        let child = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
        child.backgroundColor = .green
        view.addSubview(child)
        let snapshot = view.snapshotView(afterScreenUpdates: false)!
        XCTAssertEqual(snapshot.bounds, CGRect(x: 0, y: 0, width: 200, height: 100))
        view.backgroundColor = .blue
        child.removeFromSuperview()
        let picture = snapshot.layer.sublayers![0]
        XCTAssertEqual(picture.backgroundColor, UIColor.red.cgColor)
        XCTAssertEqual(picture.position, CGPoint(x: 100, y: 50))
        XCTAssertEqual(picture.sublayers?.count, 1)
        XCTAssertEqual(picture.sublayers?[0].backgroundColor, UIColor.green.cgColor)
        XCTAssertEqual(picture.sublayers?[0].frame, CGRect(x: 10, y: 10, width: 20, height: 20))
    }

    /// The old picture fades out over the new look along the curve; then it goes and
    /// the completion runs, finished. The change itself is not animated.
    func testACrossDissolveFadesTheOldPictureOut() async {
        UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .curveLinear], animations: {
            self.view.backgroundColor = .blue
        }, completion: { self.trace.note("done(\($0))") })
        XCTAssertEqual(view.layer.presentation()!.backgroundColor, UIColor.blue.cgColor, "the view has its new look")
        XCTAssertEqual(cover?.sublayers?[0].backgroundColor, UIColor.red.cgColor, "over it, the old picture")
        clock.now = 100.25
        XCTAssertEqual(cover?.presentation()?.opacity ?? -1, 0.75, accuracy: 1e-6)
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["done(true)"])
        XCTAssertNil(cover, "the picture is gone")
        XCTAssertNil(view.layer.animationKeys())
    }

    /// A flip narrows the view to an edge-on line by the half, showing the old picture,
    /// then widens again showing the new look.
    func testAFlipNarrowsTheViewThenWidensItWithTheNewLook() async {
        UIView.transition(with: view, duration: 1, options: [.transitionFlipFromLeft, .curveLinear], animations: {
            self.view.backgroundColor = .blue
        })
        clock.now = 100.25
        XCTAssertEqual(view.layer.presentation()!.affineTransform().a, 0.5, accuracy: 1e-4)
        XCTAssertEqual(view.layer.presentation()!.affineTransform().d, 1, accuracy: 1e-9)
        XCTAssertEqual(cover?.presentation()?.opacity, 1)
        clock.now = 100.75
        XCTAssertEqual(view.layer.presentation()!.affineTransform().a, 0.5, accuracy: 1e-4)
        XCTAssertEqual(cover?.presentation()?.opacity, 0)

        tick(at: 101)
        UIView.transition(with: view, duration: 1, options: [.transitionFlipFromTop, .curveLinear], animations: nil)
        clock.now = 101.25
        XCTAssertEqual(view.layer.presentation()!.affineTransform().d, 0.5, accuracy: 1e-4)
        XCTAssertEqual(view.layer.presentation()!.affineTransform().a, 1, accuracy: 1e-9)
    }

    /// A curl up takes the old picture away from the bottom edge upwards; a curl down
    /// from the top edge downwards.
    func testCurlsUncoverTheNewLookFromOneEdge() async {
        UIView.transition(with: view, duration: 1, options: [.transitionCurlUp, .curveLinear], animations: {
            self.view.backgroundColor = .blue
        })
        clock.now = 100.25
        var shown = cover!.presentation()!
        XCTAssertEqual(shown.frame, CGRect(x: 0, y: 0, width: 200, height: 75), "the top three quarters")
        XCTAssertTrue(shown.masksToBounds)
        tick(at: 101)
        UIView.transition(with: view, duration: 1, options: [.transitionCurlDown, .curveLinear], animations: {
            self.view.backgroundColor = .red
        })
        clock.now = 101.25
        shown = cover!.presentation()!
        XCTAssertEqual(shown.frame, CGRect(x: 0, y: 25, width: 200, height: 75), "the bottom three quarters")
        XCTAssertEqual(shown.bounds.origin.y, 25, accuracy: 1e-9, "the picture stays in place inside")
    }

    func testTransitionFromReplacesTheViewAtItsPlaceOrHidesIt() async {
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(container)
        let before = UIView(), old = UIView(), after = UIView(), new = UIView()
        for subview in [before, old, after] { container.addSubview(subview) }
        UIView.transition(from: old, to: new, duration: 0.5, options: .transitionCrossDissolve,
                          completion: { self.trace.note("swapped(\($0))") })
        XCTAssertTrue(container.subviews.elementsEqual([before, new, after], by: ===))
        XCTAssertNil(old.superview)
        tick(at: 100.5)
        XCTAssertEqual(trace.flush(), ["swapped(true)"])

        UIView.transition(from: new, to: old, duration: 0.5, options: [.transitionCrossDissolve, .showHideTransitionViews])
        XCTAssertTrue(new.isHidden)
        XCTAssertTrue(container.subviews.elementsEqual([before, new, after], by: ===), "both stay where they are")
    }

    /// No transition bits, no duration or animations disabled: the change shows at once
    /// and the completion runs at the next frame, finished.
    func testWithoutATransitionTheChangeIsImmediate() async {
        UIView.transition(with: view, duration: 1, options: [], animations: { self.view.alpha = 0.5 },
                          completion: { self.trace.note("done(\($0))") })
        XCTAssertNil(cover)
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertEqual(view.layer.presentation()!.opacity, 0.5)
        tick(at: 100.01)
        XCTAssertEqual(trace.flush(), ["done(true)"])
    }

    /// The view ignores touches while it transitions, unless `.allowUserInteraction`.
    func testTheViewIgnoresTouchesWhileItTransitions() async {
        let point = CGPoint(x: 100, y: 80)
        XCTAssertTrue(window.hitTest(point, with: nil) === view)
        UIView.transition(with: view, duration: 1, options: .transitionCrossDissolve, animations: nil)
        XCTAssertTrue(window.hitTest(point, with: nil) === window)
        tick(at: 101)
        XCTAssertTrue(window.hitTest(point, with: nil) === view)
        UIView.transition(with: view, duration: 1, options: [.transitionCrossDissolve, .allowUserInteraction], animations: nil)
        XCTAssertTrue(window.hitTest(point, with: nil) === view)
    }
}
