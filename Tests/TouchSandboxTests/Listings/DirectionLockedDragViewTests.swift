@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Neuburg, "Touches": the first move of each drag decides the axis; the other stays put.
final class DirectionLockedDragViewTests: ListingTestCase {
    func testTheFirstMoveLocksTheAxisForTheRestOfTheDrag() async {
        let square = DirectionLockedDragView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        window.addSubview(square)

        var finger = injector.touchDown(at: CGPoint(x: 100, y: 100))
        injector.move(finger, to: CGPoint(x: 110, y: 103))
        XCTAssertTrue(square.decided)
        XCTAssertTrue(square.horizontal)
        XCTAssertEqualPoints(square.center, CGPoint(x: 110, y: 100), accuracy: 0)
        injector.move(finger, to: CGPoint(x: 115, y: 180))
        XCTAssertEqualPoints(square.center, CGPoint(x: 115, y: 100), accuracy: 0, "vertical motion ignored")
        injector.touchUp(finger, at: CGPoint(x: 115, y: 180))

        finger = injector.touchDown(at: CGPoint(x: 115, y: 100))
        XCTAssertFalse(square.decided, "each drag decides afresh")
        injector.move(finger, to: CGPoint(x: 116, y: 110))
        XCTAssertFalse(square.horizontal)
        XCTAssertEqualPoints(square.center, CGPoint(x: 115, y: 110), accuracy: 0)
        injector.move(finger, to: CGPoint(x: 300, y: 120))
        XCTAssertEqualPoints(square.center, CGPoint(x: 115, y: 120), accuracy: 0)

        // A tie (equal |dx| and |dy|) goes horizontal, as `deltaX >= deltaY` says.
        injector.touchUp(finger, at: CGPoint(x: 300, y: 120))
        finger = injector.touchDown(at: CGPoint(x: 115, y: 120))
        injector.move(finger, to: CGPoint(x: 120, y: 125))
        XCTAssertTrue(square.horizontal)
    }
}
