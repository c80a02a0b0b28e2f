import UIKit
import XCTest

final class UIColorTests: XCTestCase {
    func testComponentsNamedColoursAndAlpha() {
        var red: CGFloat = -1
        var alpha: CGFloat = -1
        XCTAssertTrue(UIColor.orange.getRed(&red, green: nil, blue: nil, alpha: &alpha))
        XCTAssertEqual(red, 1)
        XCTAssertEqual(alpha, 1)
        XCTAssertEqual(UIColor.blue.withAlphaComponent(0.25), UIColor(red: 0, green: 0, blue: 1, alpha: 0.25))
        XCTAssertEqual(UIColor(white: 0.5, alpha: 1), UIColor.gray)
        XCTAssertEqual(UIColor.clear.cgColor, CGColor.clear)
        XCTAssertEqual(UIColor(cgColor: CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 0.4)).cgColor.components, [0.1, 0.2, 0.3, 0.4])
        XCTAssertEqual(Set([UIColor.red, UIColor(red: 1, green: 0, blue: 0, alpha: 1)]).count, 1)
    }
}
