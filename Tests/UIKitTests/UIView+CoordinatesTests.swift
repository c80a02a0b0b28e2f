import UIKit
import XCTest
import TouchTestSupport

final class UIViewCoordinatesTests: UIKitTestCase {
    func testConvertBetweenNestedSiblingsAndTheWindow() async {
        let a = UIView(frame: CGRect(x: 10, y: 20, width: 100, height: 100))
        let b = UIView(frame: CGRect(x: 5, y: 5, width: 50, height: 50))
        let sibling = UIView(frame: CGRect(x: 200, y: 0, width: 50, height: 50))
        window.addSubview(a)
        a.addSubview(b)
        window.addSubview(sibling)
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 16, y: 27))
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 2), to: window), CGPoint(x: 16, y: 27))
        XCTAssertEqual(b.convert(CGPoint(x: 16, y: 27), from: nil), CGPoint(x: 1, y: 2))
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 2), to: sibling), CGPoint(x: -184, y: 27))
        XCTAssertEqual(a.convert(CGPoint(x: 1, y: 2), to: b), CGPoint(x: -4, y: -3))
        XCTAssertEqual(b.convert(CGRect(x: 0, y: 0, width: 10, height: 10), to: nil), CGRect(x: 15, y: 25, width: 10, height: 10))
        XCTAssertEqual(window.convert(CGPoint(x: 3, y: 4), to: nil), CGPoint(x: 3, y: 4))
        // A bounds origin scrolls the content: subviews move the other way.
        a.bounds.origin = CGPoint(x: 5, y: 5)
        XCTAssertEqual(b.convert(CGPoint(x: 1, y: 2), to: nil), CGPoint(x: 11, y: 22))
    }

    func testRoundTripsThroughChainsOfTransforms() async {
        var parent: UIView = window
        var views: [UIView] = []
        let transforms = [
            CGAffineTransform(rotationAngle: 0.3),
            CGAffineTransform(scaleX: 1.5, y: 0.75),
            CGAffineTransform(translationX: 7, y: -3).rotated(by: -1.1),
            CGAffineTransform(scaleX: -1, y: 1),
            CGAffineTransform(a: 1, b: 0.2, c: 0.4, d: 1, tx: 2, ty: 3),
        ]
        for (index, transform) in transforms.enumerated() {
            let view = UIView(frame: CGRect(x: 10 + CGFloat(index) * 3, y: 20, width: 80, height: 60))
            view.bounds.origin = CGPoint(x: CGFloat(index), y: -CGFloat(index))
            view.transform = transform
            parent.addSubview(view)
            views.append(view)
            parent = view
        }
        let other = UIView(frame: CGRect(x: 100, y: 300, width: 40, height: 40))
        other.transform = CGAffineTransform(rotationAngle: 2)
        window.addSubview(other)
        let points = [CGPoint(x: 0, y: 0), CGPoint(x: 12.5, y: -7.25), CGPoint(x: 300, y: 41)]
        for view in views {
            for point in points {
                XCTAssertEqualPoints(view.convert(view.convert(point, to: nil), from: nil), point, accuracy: 1e-9)
                XCTAssertEqualPoints(other.convert(view.convert(point, to: other), to: view), point, accuracy: 1e-9)
                XCTAssertEqualPoints(view.convert(point, to: other), other.convert(point, from: view), accuracy: 1e-9)
            }
            // A rect round trip grows to a bounding box, which contains the original.
            let rect = CGRect(x: 1, y: 2, width: 10, height: 5)
            let back = view.convert(view.convert(rect, to: other), from: other)
            XCTAssertTrue(back.insetBy(dx: -1e-9, dy: -1e-9).contains(rect))
        }
        // Step by step equals the composed conversion.
        let deepest = views.last!
        var stepwise = CGPoint(x: 5, y: 6)
        var current: UIView = deepest
        while let superview = current.superview {
            stepwise = current.convert(stepwise, to: superview)
            current = superview
        }
        XCTAssertEqualPoints(stepwise, deepest.convert(CGPoint(x: 5, y: 6), to: nil), accuracy: 1e-9)
    }

    func testViewsOutsideAWindowAndInOtherWindows() async {
        let loose = UIView(frame: CGRect(x: 50, y: 60, width: 10, height: 10))
        let child = UIView(frame: CGRect(x: 1, y: 1, width: 5, height: 5))
        loose.addSubview(child)
        XCTAssertNil(child.window)
        // With no window, nil is the root's superview space.
        XCTAssertEqual(child.convert(CGPoint.zero, to: nil), CGPoint(x: 51, y: 61))
        let right = UIWindow(frame: CGRect(x: 1000, y: 0, width: 100, height: 100))
        let inRight = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        right.addSubview(inRight)
        let inMain = UIView(frame: CGRect(x: 10, y: 10, width: 10, height: 10))
        window.addSubview(inMain)
        // Different windows convert through the screen.
        XCTAssertEqual(inMain.convert(CGPoint.zero, to: inRight), CGPoint(x: -1000, y: 0))
        XCTAssertEqual(inRight.convert(CGPoint.zero, to: nil), CGPoint(x: 10, y: 10))
    }
}
