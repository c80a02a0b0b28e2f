@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Apple, "Gesture Recognizers", listing 1-6: the pan waits for the swipes to fail, so
/// a flick is a swipe only and a slow or vertical drag is a pan only.
final class SwipeThenPanTargetTests: ListingTestCase {
    private var target: SwipeThenPanTarget!
    private var v: UIView!
    private let start = CGPoint(x: 200, y: 200)

    override func setUp() async throws {
        try await super.setUp()
        target = SwipeThenPanTarget()
        v = UIView(frame: CGRect(x: 125, y: 125, width: 150, height: 150))
        window.addSubview(v)
        target.configure(v)
    }

    func testTheListingsRecognizers() async throws {
        let recognizers = try XCTUnwrap(v.gestureRecognizers)
        XCTAssertEqual(recognizers.count, 3)
        XCTAssertEqual(recognizers.compactMap { ($0 as? UISwipeGestureRecognizer)?.direction }, [.left, .right])
        XCTAssertTrue(recognizers[2] === target.panRecognizer)
    }

    func testAFlickIsASwipeAndMovesNothing() async {
        injector.drag(from: start, to: CGPoint(x: 320, y: 200), duration: 0.15, steps: 10)
        injector.drag(from: start, to: CGPoint(x: 80, y: 205), duration: 0.15, steps: 10)
        injector.wait(1)
        XCTAssertEqual(target.actionLog, ["swipe right", "swipe left"])
        XCTAssertEqualPoints(v.center, start, accuracy: 0)
    }

    func testASlowDragIsAPanOnceTheSwipesHaveTimedOut() async {
        let finger = injector.touchDown(at: start)
        // 10 points every 0.125 s (exact binary fractions, so the clock lands exactly on
        // the swipes' deadline): a swipe would need 50 points within 0.5 s.
        for step in 1...3 {
            injector.wait(0.125)
            injector.move(finger, to: CGPoint(x: start.x + CGFloat(step) * 10, y: start.y))
        }
        XCTAssertEqual(target.actionLog, [], "past the pan's hysteresis, but the pan waits for the swipes")
        XCTAssertEqualPoints(v.center, start, accuracy: 0)
        injector.wait(0.125)
        XCTAssertEqual(target.actionLog, ["pan began"], "the right swipe failed at 0.5 s, releasing the pan")
        XCTAssertEqualPoints(v.center, CGPoint(x: 230, y: 200), "the square caught up with the finger")
        injector.move(finger, to: CGPoint(x: 260, y: 230))
        injector.touchUp(finger, at: CGPoint(x: 260, y: 230))
        XCTAssertEqual(target.actionLog, ["pan began", "pan changed", "pan ended"])
        XCTAssertEqualPoints(v.center, CGPoint(x: 260, y: 230))
    }

    func testAQuickVerticalDragIsAPanAtOnce() async {
        injector.drag(from: start, to: CGPoint(x: 200, y: 320), duration: 0.15, steps: 10)
        XCTAssertEqual(target.actionLog.first, "pan began")
        XCTAssertEqual(target.actionLog.last, "pan ended")
        XCTAssertEqual(Set(target.actionLog.dropFirst().dropLast()), ["pan changed"])
        XCTAssertFalse(target.actionLog.contains { $0.hasPrefix("swipe") })
        XCTAssertEqualPoints(v.center, CGPoint(x: 200, y: 320))
    }
}
