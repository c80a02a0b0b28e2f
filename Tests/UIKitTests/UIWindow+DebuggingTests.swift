import UIKit
import XCTest

/// The debugging hook `activeTouches`: exactly the touches down in the window, in the
/// order they began, with their hit-test views, and nothing once they lift or are
/// cancelled.
final class UIWindowDebuggingTests: UIKitTestCase {
    func testActiveTouchesAreTheWindowsLiveTouchesInBeginOrderWithTheirViews() async {
        let left = addTraceView("left", CGRect(x: 0, y: 0, width: 100, height: 100))
        let right = addTraceView("right", CGRect(x: 100, y: 0, width: 100, height: 100))
        right.isMultipleTouchEnabled = false
        XCTAssertEqual(window.activeTouches, [])

        window.inject([sample(7, .began, 150, 50), sample(3, .began, 50, 50)])
        // A second finger on a view without multiple touch is withheld but still active.
        window.inject([sample(9, .began, 160, 60)])
        let touches = window.activeTouches
        XCTAssertEqual(touches.map(\.sampleID.number), [7, 3, 9])
        XCTAssertTrue(touches[0].view === right)
        XCTAssertTrue(touches[1].view === left)
        XCTAssertTrue(touches[2].view === right)

        window.inject([sample(3, .ended, 50, 50)])
        XCTAssertEqual(window.activeTouches.map(\.sampleID.number), [7, 9])
        UIApplication.shared.cancelAllTouches()
        XCTAssertEqual(window.activeTouches, [])
    }

    func testActiveTouchesBelongToTheWindowTheyBeganIn() async {
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        other.makeKeyAndVisible()
        window.inject([sample(1, .began, 10, 10)])
        other.inject([sample(2, .began, 20, 20)])
        XCTAssertEqual(window.activeTouches.map(\.sampleID.number), [1])
        XCTAssertEqual(other.activeTouches.map(\.sampleID.number), [2])
        // A quick tap read in one go is never active after its batch.
        window.inject([sample(4, .began, 5, 5), sample(4, .ended, 5, 5)])
        XCTAssertEqual(window.activeTouches.map(\.sampleID.number), [1])
    }
}
