import QuartzCore
import XCTest

final class CAInterpolatableTests: XCTestCase {
    func testScalarsInterpolateAndExtrapolateLinearly() {
        XCTAssertEqual((10 as CGFloat).interpolated(to: 20, fraction: 0.25), 12.5)
        XCTAssertEqual((10 as CGFloat).interpolated(to: 20, fraction: 1.5), 25, "springs overshoot")
        XCTAssertEqual((10 as Double).interpolated(to: 20, fraction: -0.5), 5)
        XCTAssertEqual((1 as Float).interpolated(to: 0, fraction: 0.75), 0.25)
    }

    func testGeometryInterpolatesComponentWise() {
        XCTAssertEqual(CGPoint(x: 0, y: 10).interpolated(to: CGPoint(x: 100, y: -10), fraction: 0.5), CGPoint(x: 50, y: 0))
        XCTAssertEqual(
            CGSize(width: 10, height: 20).interpolated(to: CGSize(width: 30, height: 60), fraction: 0.25),
            CGSize(width: 15, height: 30))
        XCTAssertEqual(
            CGRect(x: 0, y: 0, width: 10, height: 10).interpolated(to: CGRect(x: 100, y: 40, width: 30, height: 0), fraction: 0.5),
            CGRect(x: 50, y: 20, width: 20, height: 5))
    }

    func testColorsInterpolateInRGBA() {
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let clearBlue = CGColor(red: 0, green: 0, blue: 1, alpha: 0)
        XCTAssertEqual(red.interpolated(to: clearBlue, fraction: 0.25), CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.75))
        XCTAssertEqual(red.interpolated(to: clearBlue, fraction: 0), red)
        XCTAssertEqual(red.interpolated(to: clearBlue, fraction: 1), clearBlue)
    }
}
