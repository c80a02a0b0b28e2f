@testable import TouchSandbox
import UIKit
import XCTest

/// Apple, "Gesture Recognizers", listing 1-8: a checkmark is recognized with its
/// midpoint; anything else fails, without an illegal transition.
final class CheckmarkGestureRecognizerTests: ListingTestCase {
    private var canvas: UIView!
    private var checkmark: CheckmarkGestureRecognizer!
    private var recognized: [CGPoint] = []

    override func setUp() async throws {
        try await super.setUp()
        canvas = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.addSubview(canvas)
        checkmark = CheckmarkGestureRecognizer()
        checkmark.addAction { [unowned self] recognizer in
            recognized.append((recognizer as! CheckmarkGestureRecognizer).midPoint)
        }
        canvas.addGestureRecognizer(checkmark)
    }

    private func stroke(_ points: [CGPoint]) {
        let id = injector.touchDown(at: points[0])
        for point in points.dropFirst() {
            injector.wait(0.02)
            injector.move(id, to: point)
        }
        injector.touchUp(id, at: points.last!)
    }

    func testACheckmarkIsRecognizedWithItsMidpoint() async {
        stroke([CGPoint(x: 100, y: 200), CGPoint(x: 120, y: 220), CGPoint(x: 140, y: 240), CGPoint(x: 180, y: 180), CGPoint(x: 220, y: 120)])
        XCTAssertEqual(recognized, [CGPoint(x: 140, y: 240)])
        XCTAssertEqual(checkmark.state, .possible, "reset after recognizing")
        XCTAssertEqual(checkmark.midPoint, .zero)
        XCTAssertFalse(checkmark.strokeUp)
    }

    func testOtherStrokesFail() async {
        stroke([CGPoint(x: 100, y: 200), CGPoint(x: 120, y: 220), CGPoint(x: 140, y: 240)])  // no upstroke
        stroke([CGPoint(x: 200, y: 200), CGPoint(x: 180, y: 220), CGPoint(x: 160, y: 180)])  // leftwards
        XCTAssertEqual(recognized, [])
        // Two fingers at once.
        let a = injector.makeID(), b = injector.makeID()
        injector.send([
            TouchSample(id: a, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: clock.now),
            TouchSample(id: b, phase: .began, location: CGPoint(x: 50, y: 10), timestamp: clock.now),
        ])
        injector.send([
            TouchSample(id: a, phase: .ended, location: CGPoint(x: 10, y: 10), timestamp: clock.now),
            TouchSample(id: b, phase: .ended, location: CGPoint(x: 50, y: 10), timestamp: clock.now),
        ])
        XCTAssertEqual(recognized, [])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0)
    }

    func testACancelledStrokeFailsAndClears() async {
        let id = injector.touchDown(at: CGPoint(x: 100, y: 200))
        injector.move(id, to: CGPoint(x: 120, y: 220))
        UIApplication.shared.cancelAllTouches()
        XCTAssertEqual(recognized, [])
        XCTAssertEqual(checkmark.state, .possible)
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0)
    }
}
