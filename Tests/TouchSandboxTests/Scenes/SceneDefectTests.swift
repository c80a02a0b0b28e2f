@testable import TouchSandbox
import UIKit
import XCTest

/// The defects a user found, each at the smallest and the largest window with the
/// gallery's insets: dragged squares never cover the text that explains them, the
/// checkmark's dot is the current stroke's, and the responder chain's longest line fits.
final class SceneDefectTests: ListingTestCase {
    private let sizes = [CGSize(width: 640, height: 480), CGSize(width: 1920, height: 1080)]

    func testTapDoubleTapPanSquareCannotBeDraggedOntoItsLog() async throws {
        for size in sizes {
            let scene = show(TapDoubleTapPanScene.self, size: size)
            let square = try XCTUnwrap(scene.square)
            for target in [CGPoint(x: size.width - 5, y: square.center.y), CGPoint(x: size.width - 5, y: size.height - 100),
                           CGPoint(x: square.center.x + 200, y: safeArea(of: scene).maxY - 5)] {
                injector.drag(from: square.center, to: target, duration: 0.5, steps: 20)
                injector.wait(1)
                XCTAssertFalse(square.frame.intersects(scene.actionLog.frame), "at \(size) dragged to \(target): \(square.frame)")
                XCTAssertTrue(safeArea(of: scene).contains(square.frame), "at \(size): \(square.frame)")
            }
            XCTAssertTrue(scene.gestures.actionLog.contains("drag ended"))
        }
    }

    func testSwipeVsPanSquareCannotBeDraggedOntoItsLog() async throws {
        for size in sizes {
            let scene = show(SwipeVsPanScene.self, size: size)
            let square = try XCTUnwrap(scene.square)
            // Down first, so the swipes fail and the pan drags; then right, at the log.
            let start = square.center
            let finger = injector.touchDown(at: start)
            for step in 1...6 {
                injector.wait(0.05)
                injector.move(finger, to: CGPoint(x: start.x, y: start.y + CGFloat(step) * 10))
            }
            for step in 1...20 {
                injector.wait(0.05)
                injector.move(finger, to: CGPoint(x: start.x + CGFloat(step) * 50, y: start.y + 60))
            }
            injector.touchUp(finger, at: CGPoint(x: start.x + 1000, y: start.y + 60))
            injector.wait(1)
            XCTAssertTrue(scene.gestures.actionLog.contains { $0.hasPrefix("pan") || $0.hasPrefix("drag") }, "\(scene.gestures.actionLog)")
            XCTAssertNotEqual(square.center.x, safeArea(of: scene).midX, "it moved")
            XCTAssertFalse(square.frame.intersects(scene.actionLog.frame), "at \(size): \(square.frame) vs \(scene.actionLog.frame)")
        }
    }

    func testLongPressPanSquaresCannotBeDraggedOntoTheirLegends() async throws {
        for size in sizes {
            let scene = show(LongPressPanScene.self, size: size)
            for (square, legend) in zip([scene.twoRecognizerSquare!, scene.oneRecognizerSquare!], scene.legends) {
                let start = square.center
                let finger = injector.touchDown(at: start)
                injector.wait(0.6)
                injector.move(finger, to: CGPoint(x: start.x, y: start.y + 300))
                injector.touchUp(finger, at: CGPoint(x: start.x, y: start.y + 300))
                XCTAssertGreaterThan(square.center.y, start.y, "at \(size): it was dragged")
                XCTAssertFalse(square.frame.intersects(legend.frame), "at \(size): \(square.frame) covers \(legend.frame)")
            }
        }
    }

    func testAStraightRisingLineIsNoCheckmarkAndShowsNoDot() async throws {
        for size in sizes {
            let scene = show(CheckmarkScene.self, size: size)
            let canvas = try XCTUnwrap(scene.canvas)
            let start = canvas.convert(CGPoint(x: 60, y: canvas.bounds.height - 40), to: window)
            injector.drag(from: start, to: CGPoint(x: start.x + 150, y: start.y - 120), duration: 0.3, steps: 10)
            injector.wait(1.5)
            XCTAssertEqual(scene.verdict, .notACheckmark, "at \(size)")
            XCTAssertTrue(scene.marker.isHidden, "at \(size): no dot at the canvas corner")
        }
    }

    func testTheMidpointIsTheCurrentStrokesAfterAnUndecidedStroke() async throws {
        for size in sizes {
            let scene = show(CheckmarkScene.self, size: size)
            let canvas = try XCTUnwrap(scene.canvas)
            func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint { canvas.convert(CGPoint(x: x, y: y), to: window) }
            // Down and right only: no upstroke, so the listing leaves the recognizer
            // undecided, holding this stroke's end as its midPoint.
            injector.drag(from: point(60, 60), to: point(160, 160), duration: 0.2, steps: 5)
            XCTAssertTrue(scene.marker.isHidden)
            // At once, a stroke that rises from its first move: no checkmark, no dot
            // where the last stroke ended.
            injector.drag(from: point(300, 200), to: point(400, 100), duration: 0.2, steps: 5)
            injector.wait(1.5)
            XCTAssertTrue(scene.marker.isHidden, "at \(size): no stale dot at the previous stroke's end")
            XCTAssertNotEqual(scene.verdict, .recognized(midPoint: CGPoint(x: 160, y: 160)))
            // A real checkmark: the dot at its own turning point.
            let down = injector.touchDown(at: point(100, 100))
            for step in 1...5 { injector.move(down, to: point(100 + CGFloat(step) * 10, 100 + CGFloat(step) * 10)) }
            for step in 1...5 { injector.move(down, to: point(150 + CGFloat(step) * 20, 150 - CGFloat(step) * 20)) }
            injector.touchUp(down, at: point(250, 50))
            XCTAssertEqual(scene.verdict, .recognized(midPoint: CGPoint(x: 150, y: 150)), "at \(size)")
            XCTAssertFalse(scene.marker.isHidden)
            XCTAssertEqual(scene.marker.center, CGPoint(x: 150, y: 150))
        }
    }

    func testTheResponderChainsLongestLineFitsBesideTheBoxes() async throws {
        for size in sizes {
            let scene = show(ResponderChainScene.self, size: size)
            let longest = "6. SandboxAppDelegate: passes it on (default)"
            for label in scene.listLabels {
                let text = label.text
                label.text = longest
                XCTAssertNil(SceneSafeAreaLayoutTests.fitProblem(label), "at \(size)")
                label.text = text
                XCTAssertFalse(label.frame.intersects(scene.outer.frame), "at \(size)")
                XCTAssertTrue(safeArea(of: scene).contains(label.frame), "at \(size)")
            }
            XCTAssertTrue(safeArea(of: scene).contains(scene.outer.frame), "at \(size): not cut off at the left")
        }
    }
}
