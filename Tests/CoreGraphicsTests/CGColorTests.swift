import CoreGraphics
import XCTest

final class CGColorTests: XCTestCase {
    func testComponentsAndCopies() {
        let color = CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 1)
        XCTAssertEqual(color.components, [0.25, 0.5, 0.75, 1])
        XCTAssertEqual(color.numberOfComponents, 4)
        XCTAssertEqual(color.copy(alpha: 0.5), CGColor(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5))
        XCTAssertEqual(CGColor(gray: 0.3, alpha: 0.9), CGColor(red: 0.3, green: 0.3, blue: 0.3, alpha: 0.9))
        XCTAssertEqual(CGColor.clear.alpha, 0)
        XCTAssertNotEqual(CGColor.black, CGColor.white)
    }
}
