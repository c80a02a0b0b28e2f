import CoreGraphics
import XCTest

/// Asserts that `p` is there and equals `q` on both axes within `accuracy`.
package func XCTAssertEqualPoints(_ p: CGPoint?, _ q: CGPoint, accuracy: CGFloat = 1e-9, _ message: String = "",
                                  file: StaticString = #filePath, line: UInt = #line) {
    guard let p else { return XCTFail("no point \(message)", file: file, line: line) }
    XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q) \(message)", file: file, line: line)
    XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q) \(message)", file: file, line: line)
}
