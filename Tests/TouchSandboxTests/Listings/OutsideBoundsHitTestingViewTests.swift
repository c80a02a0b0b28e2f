@testable import TouchSandbox
import UIKit
import XCTest

/// Neuburg, "Touches", hit-test munging: the parts of a subview outside its superview's
/// bounds are seen but not touchable, unless the superview munges `hitTest(_:with:)`.
final class OutsideBoundsHitTestingViewTests: ListingTestCase {
    /// A superview at (100, 100) of 100 × 100 with a 100 × 100 subview at (50, 50): the
    /// subview's right and bottom halves hang outside.
    private func makeBox(_ box: UIView) -> (box: UIView, sub: ForwardingResponderView) {
        box.frame = CGRect(x: 100, y: 100, width: 100, height: 100)
        let sub = ForwardingResponderView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        sub.handlesTouches = true
        box.addSubview(sub)
        window.addSubview(box)
        return (box, sub)
    }

    func testThePartOutsideIsTouchableOnlyWhenMunged() async {
        let plain = makeBox(UIView())
        let outside = CGPoint(x: 230, y: 230), inside = CGPoint(x: 170, y: 170)
        XCTAssertTrue(window.hitTest(inside, with: nil) === plain.sub)
        XCTAssertTrue(window.hitTest(outside, with: nil) === window, "UIKit: the touch falls through to what is behind")
        plain.box.removeFromSuperview()

        let munged = makeBox(OutsideBoundsHitTestingView())
        XCTAssertTrue(window.hitTest(inside, with: nil) === munged.sub)
        XCTAssertTrue(window.hitTest(outside, with: nil) === munged.sub)
        XCTAssertTrue(window.hitTest(CGPoint(x: 120, y: 120), with: nil) === munged.box, "the box's own part")
        XCTAssertTrue(window.hitTest(CGPoint(x: 300, y: 300), with: nil) === window, "beyond the subview too: behind")
    }

    func testAnInjectedTouchOnTheOutsidePartReachesTheSubview() async {
        let munged = makeBox(OutsideBoundsHitTestingView())
        var reached: [UIView?] = []
        munged.sub.touchesReceived = { touches, phase, _ in
            if phase == .began { reached.append(touches.first?.view) }
        }
        injector.tap(at: CGPoint(x: 230, y: 240))
        XCTAssertEqual(reached.count, 1)
        XCTAssertTrue(reached.first! === munged.sub)
    }

    func testTheRestrictionsStillHideTheSubviews() async {
        let munged = makeBox(OutsideBoundsHitTestingView())
        let outside = CGPoint(x: 230, y: 230)
        munged.box.isHidden = true
        XCTAssertTrue(window.hitTest(outside, with: nil) === window)
        munged.box.isHidden = false
        munged.box.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(outside, with: nil) === window)
        munged.box.isUserInteractionEnabled = true
        munged.box.alpha = 0
        XCTAssertTrue(window.hitTest(outside, with: nil) === window)
        munged.box.alpha = 1
        munged.sub.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(outside, with: nil) === window, "the subview's own restriction")
    }
}
