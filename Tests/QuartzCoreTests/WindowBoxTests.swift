import CoreGraphics
import Foundation
@testable import QuartzCore
import XCTest

/// The damage walk's boxes (no Apple counterpart: an internal type of this project's
/// damage tracking, checked against `CGRect`'s documented meaning of the same operations).
final class WindowBoxTests: XCTestCase {
    func testABoxHoldsARectangleByItsEdgesAndTheNullRectangleAsEmpty() {
        XCTAssertEqual(WindowBox(CGRect(x: 10, y: 20, width: -4, height: 5)),
                       WindowBox(minX: 6, minY: 20, maxX: 10, maxY: 25))
        XCTAssertTrue(WindowBox(.null).isEmpty)
        XCTAssertFalse(WindowBox(CGRect(x: 3, y: 3, width: 0, height: 0)).isEmpty, "a point still counts")
    }

    func testUnionIntersectionAndOverlapFollowCGRect() {
        let a = WindowBox(minX: 0, minY: 0, maxX: 10, maxY: 10)
        let b = WindowBox(minX: 5, minY: 8, maxX: 20, maxY: 30)
        XCTAssertEqual(a.union(b), WindowBox(minX: 0, minY: 0, maxX: 20, maxY: 30))
        XCTAssertEqual(a.union(.empty), a)
        XCTAssertEqual(a.intersection(b), WindowBox(minX: 5, minY: 8, maxX: 10, maxY: 10))
        XCTAssertEqual(a.intersection(WindowBox(minX: 11, minY: 0, maxX: 12, maxY: 1)), .empty)
        XCTAssertTrue(a.overlaps(b))
        XCTAssertFalse(a.overlaps(WindowBox(minX: 10, minY: 0, maxX: 12, maxY: 10)), "edges touching share no area")
        XCTAssertFalse(a.overlaps(.empty))
    }

    func testMovingAndGrowingLeaveTheEmptyBoxEmpty() {
        let a = WindowBox(minX: 0, minY: 0, maxX: 10, maxY: 10)
        XCTAssertEqual(a.offsetBy(dx: 3, dy: -2), WindowBox(minX: 3, minY: -2, maxX: 13, maxY: 8))
        XCTAssertEqual(a.grown(by: 0.5), WindowBox(minX: -0.5, minY: -0.5, maxX: 10.5, maxY: 10.5))
        XCTAssertEqual(WindowBox.empty.offsetBy(dx: 3, dy: 3), .empty)
        XCTAssertEqual(WindowBox.empty.grown(by: 1), .empty)
    }
}
