@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Neuburg, "Touches": "Hit-testing during animation": with the superview's munging a
/// moving subview is hit where it is seen; without it, where its model already is.
final class PresentationHitTestingViewTests: ListingTestCase {
    /// A 50 × 50 subview at the top left of a 400 × 400 container, sliding 300 points
    /// right in 2 s, linearly, taking touches as it moves.
    private func makeContainer(_ container: UIView, in parent: UIView? = nil) -> (container: UIView, v: UIView) {
        container.frame = window.bounds
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        container.addSubview(v)
        (parent ?? window).addSubview(container)
        (container as? PresentationHitTestingView)?.animatedSubview = v
        UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear, .allowUserInteraction], animations: {
            v.center.x += 300
        })
        return (container, v)
    }

    func testUIKitHitTestsTheModel() async {
        let (container, v) = makeContainer(UIView())
        advance(0.5)
        XCTAssertEqualPoints(v.layer.presentation()?.position, CGPoint(x: 100, y: 25))
        XCTAssertTrue(container.hitTest(CGPoint(x: 100, y: 25), with: nil) === container, "where it is seen: a miss")
        XCTAssertTrue(container.hitTest(CGPoint(x: 325, y: 25), with: nil) === v, "where its model is: a hit")
    }

    func testTheMungingHitsTheSubviewWhereItIsSeen() async {
        let (container, v) = makeContainer(PresentationHitTestingView())
        advance(0.5)
        XCTAssertTrue(container.hitTest(CGPoint(x: 100, y: 25), with: nil) === v)
        XCTAssertTrue(container.hitTest(CGPoint(x: 76, y: 49), with: nil) === v, "the presented frame's corner")
        XCTAssertTrue(container.hitTest(CGPoint(x: 325, y: 25), with: nil) === container, "the model's place is behind the movie")
        XCTAssertTrue(container.hitTest(CGPoint(x: 200, y: 300), with: nil) === container)
        XCTAssertNil(container.hitTest(CGPoint(x: 500, y: 25), with: nil))

        advance(1)
        XCTAssertTrue(container.hitTest(CGPoint(x: 250, y: 25), with: nil) === v, "it follows the movie")
        XCTAssertTrue(container.hitTest(CGPoint(x: 100, y: 25), with: nil) === container)

        advance(1)
        XCTAssertNil(v.layer.animationKeys(), "at rest")
        XCTAssertTrue(container.hitTest(CGPoint(x: 325, y: 25), with: nil) === v, "at rest, model and picture agree")
    }

    func testAnInjectedTapOnTheMovingPictureReachesTheSubview() async {
        // The subview and the container pass touches up; the keeper behind them records
        // which view each touch was hit-tested to.
        let keeper = ForwardingResponderView(frame: window.bounds)
        keeper.handlesTouches = true
        var views: [UIView?] = []
        keeper.touchesReceived = { touches, phase, _ in
            if phase == .began { views.append(touches.first?.view) }
        }
        window.addSubview(keeper)
        let (container, v) = makeContainer(PresentationHitTestingView(), in: keeper)
        advance(0.5)
        injector.tap(at: CGPoint(x: 100, y: 25))
        injector.tap(at: CGPoint(x: 325, y: 25))
        XCTAssertEqual(views.count, 2)
        XCTAssertTrue(views.first! === v)
        XCTAssertTrue(views.last! === container)
    }

    func testWithoutAnAnimatedSubviewItHitTestsAsAnyView() async {
        let container = PresentationHitTestingView(frame: window.bounds)
        let v = UIView(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        container.addSubview(v)
        window.addSubview(container)
        XCTAssertTrue(container.hitTest(CGPoint(x: 25, y: 25), with: nil) === v)
        XCTAssertTrue(container.hitTest(CGPoint(x: 225, y: 25), with: nil) === container)
    }
}
