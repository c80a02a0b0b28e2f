import FileSafety
import XCTest

final class JSONNestingTests: XCTestCase {
    func testDepthCountsArraysAndObjectsOutsideStrings() {
        XCTAssertEqual(JSONNesting.depth(of: Array(#"{"a":[1,[2]],"b":"[[[{"}"#.utf8)), 3)
        XCTAssertEqual(JSONNesting.depth(of: Array(#"{"a":"\"[[[","b":{}}"#.utf8)), 2)
        XCTAssertEqual(JSONNesting.depth(of: Array("plain".utf8)), 0)
        XCTAssertEqual(JSONNesting.depth(of: Array(String(repeating: "[", count: 513).utf8)), 513)
        XCTAssertEqual(JSONNesting.depth(of: Array("]]]][".utf8)), 1, "closers never go below zero")
    }
}
