@testable import TouchSandbox
import UIKit
import XCTest

/// Neuburg's two pan subclasses on one view: the first move decides which of them
/// recognizes, and each reports movement along its own axis only.
final class DirectionLockedPanGestureRecognizerTests: ListingTestCase {
    private var log: [String] = []

    private func attach(_ pan: UIPanGestureRecognizer, as name: String, to view: UIView) {
        view.addGestureRecognizer(pan)
        pan.addAction { [unowned self] recognizer in
            let pan = recognizer as! UIPanGestureRecognizer
            let t = pan.translation(in: view.superview)
            log.append("\(name) \(pan.state) (\(t.x), \(t.y))")
        }
    }

    func testTheFirstMoveDecidesAndTheOtherAxisIsZero() async {
        let square = UIView(frame: CGRect(x: 50, y: 50, width: 200, height: 200))
        window.addSubview(square)
        attach(HorizontalPanGestureRecognizer(), as: "h", to: square)
        attach(VerticalPanGestureRecognizer(), as: "v", to: square)

        injector.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 200, y: 130), duration: 0.1, steps: 5)
        XCTAssertEqual(log, [
            "h began (20.0, 0.0)", "h changed (40.0, 0.0)", "h changed (60.0, 0.0)",
            "h changed (80.0, 0.0)", "h changed (100.0, 0.0)", "h ended (100.0, 0.0)",
        ])
        log = []
        injector.drag(from: CGPoint(x: 100, y: 100), to: CGPoint(x: 70, y: 200), duration: 0.1, steps: 5)
        XCTAssertEqual(log, [
            "v began (0.0, 20.0)", "v changed (0.0, 40.0)", "v changed (0.0, 60.0)",
            "v changed (0.0, 80.0)", "v changed (0.0, 100.0)", "v ended (0.0, 100.0)",
        ])
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0, "failed, then super: no illegal transition")
    }

    func testTheSceneDragsItsRecognizerSquaresAlongOneAxis() async {
        let scene = DirectionDragScene()
        window.frame = UIScreen.main.bounds  // the scene lays itself out on the screen
        scene.view.frame = window.bounds
        window.addSubview(scene.view)
        let square = scene.recognizerSquares[0]
        let start = square.center
        let from = window.convert(start, from: square.superview)
        injector.drag(from: from, to: CGPoint(x: from.x + 60, y: from.y + 20), duration: 0.1, steps: 4)
        XCTAssertEqual(square.center, CGPoint(x: start.x + 60, y: start.y))
        injector.drag(from: from, to: CGPoint(x: from.x + 90, y: from.y + 10), duration: 0.1, steps: 4)
        XCTAssertEqual(square.center, CGPoint(x: start.x + 60, y: start.y), "grabbed outside the moved square: nothing")
        let moved = window.convert(square.center, from: square.superview)
        injector.drag(from: moved, to: CGPoint(x: moved.x - 5, y: moved.y - 50), duration: 0.1, steps: 4)
        XCTAssertEqual(square.center, CGPoint(x: start.x + 60, y: start.y - 50))
    }
}
