import UIKit
import XCTest
import TouchTestSupport

/// Hit-testing through nested transforms, the restrictions, and Neuburg's munging
/// listings as subclasses.
final class UIViewHitTestingTests: UIKitTestCase {
    func testHitTestingThroughRotatedScaledAndTranslatedNestedViews() async {
        // a: 200 × 100 centred at (160, 240), turned a quarter clockwise, so it covers
        // x 110…210, y 140…340 of the window; a-local (x, y) is window (210 - y, 140 + x).
        let a = UIView(frame: CGRect(x: 60, y: 190, width: 200, height: 100))
        a.transform = CGAffineTransform(rotationAngle: .pi / 2)
        // b: 40 × 40 centred at (150, 50) in a, halved: a-local x 140…160, y 40…60.
        let b = UIView(frame: CGRect(x: 130, y: 30, width: 40, height: 40))
        b.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        // c: 10 × 10 centred at (30, 30) in b, shifted by (5, -5): b-local x 30…40, y 20…30.
        let c = UIView(frame: CGRect(x: 25, y: 25, width: 10, height: 10))
        c.transform = CGAffineTransform(translationX: 5, y: -5)
        window.addSubview(a)
        a.addSubview(b)
        b.addSubview(c)

        // c (5, 5) → b (35, 25) → a (157.5, 52.5) → window (157.5, 297.5).
        XCTAssertTrue(window.hitTest(CGPoint(x: 157.5, y: 297.5), with: nil) === c)
        XCTAssertEqualPoints(c.convert(CGPoint(x: 5, y: 5), to: nil), CGPoint(x: 157.5, y: 297.5))
        // b (10, 10) → a (145, 45) → window (165, 285): in b, not in c.
        XCTAssertTrue(window.hitTest(CGPoint(x: 165, y: 285), with: nil) === b)
        // a (20, 20) → window (190, 160).
        XCTAssertTrue(window.hitTest(CGPoint(x: 190, y: 160), with: nil) === a)
        XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 240), with: nil) === window)
        XCTAssertNil(window.hitTest(CGPoint(x: -1, y: 240), with: nil))

        let view = TraceView("c", frame: .zero, trace: trace)
        view.frame = c.bounds
        c.addSubview(view)
        window.inject([sample(1, .began, 157.5, 297.5)])
        window.inject([sample(1, .moved, 157.5, 298.5)])
        XCTAssertEqual(trace.flush(), ["c.began(1)", "c.moved(1)"])
        // One point down the window is one point along a's x (the quarter turn), which
        // is half a point along b's and c's x.
        XCTAssertEqualPoints(view.seenTouches[1]!.location(in: c), CGPoint(x: 7, y: 5))
        XCTAssertEqualPoints(view.seenTouches[1]!.previousLocation(in: c), CGPoint(x: 5, y: 5))
    }

    func testARotatedViewIsHitInItsShapeNotItsFrame() async {
        let diamond = UIView(frame: CGRect(x: 110, y: 50, width: 100, height: 100))
        diamond.transform = CGAffineTransform(rotationAngle: .pi / 4)
        window.addSubview(diamond)
        XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 100), with: nil) === diamond)  // inside the diamond
        XCTAssertTrue(diamond.frame.contains(CGPoint(x: 115, y: 55)))
        XCTAssertTrue(window.hitTest(CGPoint(x: 115, y: 55), with: nil) === window)  // a frame corner, outside
    }

    func testFrontmostSiblingWinsAndRestrictionsRemoveWholeSubtrees() async {
        let back = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let front = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        let frontChild = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 20))
        window.addSubview(back)
        window.addSubview(front)
        front.addSubview(frontChild)
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === frontChild)
        XCTAssertTrue(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === front)
        front.isUserInteractionEnabled = false
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === back)
        front.isUserInteractionEnabled = true
        front.isHidden = true
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === back)
        front.isHidden = false
        front.alpha = 0
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 60), with: nil) === back)
        front.alpha = 1
        // A subview outside its superview's bounds cannot be hit there (clipping or not).
        frontChild.frame = CGRect(x: -40, y: -40, width: 20, height: 20)
        XCTAssertTrue(window.hitTest(CGPoint(x: 15, y: 15), with: nil) === back)
    }

    // MARK: - Neuburg, "Touches": hit-test munging

    /// Neuburg's listing for touching the parts of subviews outside the superview's
    /// bounds. Repairs: Objective-C to Swift; `[self.subviews reverseObjectEnumerator]`
    /// becomes `subviews.reversed()`, `convertPoint:toView:` becomes `convert(_:to:)`,
    /// and the result is an optional instead of a nil-able pointer.
    private final class OverflowTouchableView: UIView {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            if let result = super.hitTest(point, with: event) {
                return result
            }
            for sub in subviews.reversed() {
                let pt = convert(point, to: sub)
                if let result = sub.hitTest(pt, with: event) {
                    return result
                }
            }
            return nil
        }
    }

    func testOverflowingSubviewsBecomeTouchableWithTheMungingListing() async {
        let plain = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let overflow = OverflowTouchableView(frame: CGRect(x: 0, y: 200, width: 100, height: 100))
        for parent in [plain, overflow] {
            window.addSubview(parent)
            let child = TraceView(parent === plain ? "plainChild" : "overflowChild",
                                  frame: CGRect(x: 80, y: 80, width: 60, height: 60), trace: trace)
            parent.addSubview(child)
        }
        injector.tap(at: CGPoint(x: 120, y: 120))  // child of plain, outside plain
        injector.tap(at: CGPoint(x: 90, y: 290))  // child of overflow, inside overflow
        injector.tap(at: CGPoint(x: 120, y: 320))  // child of overflow, outside overflow
        XCTAssertEqual(trace.flush(), [
            "overflowChild.began(2)", "overflowChild.ended(2)", "overflowChild.began(3)", "overflowChild.ended(3)",
        ])
    }

    /// Neuburg describes, without code, a view that returns itself instead of its
    /// subviews "under certain conditions", making them untouchable while it stays
    /// touchable. Reconstructed with the condition as a property.
    private final class ShieldingView: TraceView {
        var shieldsSubviews = false
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            let result = super.hitTest(point, with: event)
            if shieldsSubviews, result != nil {
                return self
            }
            return result
        }
    }

    func testAViewCanReturnItselfInsteadOfItsSubviews() async {
        let shield = ShieldingView("shield", frame: CGRect(x: 0, y: 0, width: 200, height: 200), trace: trace)
        window.addSubview(shield)
        addTraceView("button", CGRect(x: 50, y: 50, width: 50, height: 50), to: shield)
        injector.tap(at: CGPoint(x: 60, y: 60))
        shield.shieldsSubviews = true
        injector.tap(at: CGPoint(x: 60, y: 60))
        injector.tap(at: CGPoint(x: 300, y: 300))  // outside the shield: still nothing
        XCTAssertEqual(trace.flush(), ["button.began(1)", "button.ended(1)", "shield.began(2)", "shield.ended(2)"])
    }

    /// Neuburg, "Touches": "A view whose userInteractionEnabled is NO can break the
    /// normal rules and return itself from hit-testing." Reconstructed.
    private final class StubbornView: TraceView {
        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            self.point(inside: point, with: event) ? self : nil
        }
    }

    func testANonInteractiveViewCanStillClaimTheTouch() async {
        let stubborn = StubbornView("stubborn", frame: CGRect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        stubborn.isUserInteractionEnabled = false
        window.addSubview(stubborn)
        injector.tap(at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(trace.flush(), ["stubborn.began(1)", "stubborn.ended(1)"])
    }

    func testPointInsideCanBeOverriddenForOtherShapes() async {
        final class Disc: TraceView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
                let dx = point.x - bounds.midX
                let dy = point.y - bounds.midY
                return dx * dx + dy * dy <= (bounds.width / 2) * (bounds.width / 2)
            }
        }
        let disc = Disc("disc", frame: CGRect(x: 0, y: 0, width: 100, height: 100), trace: trace)
        window.addSubview(disc)
        injector.tap(at: CGPoint(x: 5, y: 5))  // the square's corner
        injector.tap(at: CGPoint(x: 50, y: 5))
        XCTAssertEqual(trace.flush(), ["disc.began(2)", "disc.ended(2)"])
    }

    /// A view backed by a shape layer hit-tests its bounds, as in UIKit, until its layer
    /// opts into path hit-testing; then `point(inside:with:)` follows the shape.
    func testPathHitTestingOptInReachesViews() async {
        final class TriangleView: UIView {
            override class var layerClass: AnyClass { CAShapeLayer.self }
        }
        let view = TriangleView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let triangle = CGMutablePath()
        triangle.move(to: CGPoint(x: 0, y: 0))
        triangle.addLine(to: CGPoint(x: 100, y: 0))
        triangle.addLine(to: CGPoint(x: 0, y: 100))
        triangle.closeSubpath()
        let shape = view.layer as! CAShapeLayer
        shape.path = triangle
        window.addSubview(view)
        XCTAssertTrue(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === view, "bounds by default")
        shape.hitTestsByShape = true
        XCTAssertTrue(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === window, "outside the triangle")
        XCTAssertTrue(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === view)
        shape.hitTestsByShape = false
        view.layer.hitTestPath = CGPath(rect: CGRect(x: 80, y: 80, width: 20, height: 20), transform: nil)
        XCTAssertTrue(window.hitTest(CGPoint(x: 90, y: 90), with: nil) === view)
        XCTAssertTrue(window.hitTest(CGPoint(x: 10, y: 10), with: nil) === window)
    }
}
