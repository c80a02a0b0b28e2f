@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Apple, "Handling Touches in Your View": a spot per finger, growing from 1 to 100
/// points in 0.2 s, following its finger, gone when the finger ends or is cancelled.
final class TouchableViewTests: ListingTestCase {
    func testASpotGrowsUnderEachFingerFollowsItAndGoesAway() async {
        let touchable = TouchableView(frame: window.bounds)
        window.addSubview(touchable)

        let first = injector.touchDown(at: CGPoint(x: 50, y: 60))
        XCTAssertEqual(touchable.subviews.count, 1)
        let spot = touchable.subviews[0] as! TouchSpotView
        XCTAssertEqualPoints(spot.center, CGPoint(x: 50, y: 60))
        // The model jumps to the end at once; the presentation grows from 1 × 1.
        XCTAssertEqual(spot.bounds.size, CGSize(width: 100, height: 100))
        XCTAssertEqual(spot.layer.cornerRadius, 50)
        XCTAssertEqual(spot.layer.presentation()?.bounds.width ?? -1, 1, accuracy: 1e-6)
        advance(0.1)
        // Ease-in-ease-out is symmetric: half-way in time is half-way in size.
        XCTAssertEqual(spot.layer.presentation()?.bounds.width ?? -1, 50.5, accuracy: 1e-4)
        advance(0.1)
        XCTAssertEqual(spot.layer.presentation()?.bounds.width ?? spot.bounds.width, 100, accuracy: 1e-6)

        let second = injector.touchDown(at: CGPoint(x: 300, y: 200))
        XCTAssertEqual(touchable.subviews.count, 2)
        injector.move(first, to: CGPoint(x: 70, y: 90))
        XCTAssertEqualPoints(spot.center, CGPoint(x: 70, y: 90))
        XCTAssertEqualPoints(touchable.subviews[1].center, CGPoint(x: 300, y: 200), accuracy: 0)

        injector.touchUp(first, at: CGPoint(x: 70, y: 90))
        XCTAssertNil(spot.superview)
        XCTAssertEqual(touchable.subviews.count, 1)
        UIApplication.shared.cancelAllTouches()
        XCTAssertTrue(touchable.subviews.isEmpty, "a cancelled finger's spot goes too")
        XCTAssertTrue(touchable.touchViews.isEmpty)
        _ = second
    }
}
