@testable import UIKit
import XCTest

/// The recognizer's own API: target–action in every form, states, locations, and the
/// attachment to views.
final class UIGestureRecognizerTests: UIKitTestCase {
    /// A recognizer that recognizes a continuous gesture on the first move and ends on
    /// lifting, to drive actions.
    private final class Dragger: UIGestureRecognizer {
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesMoved(touches, with: event)
            state = state == .possible ? .began : .changed
        }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
            super.touchesEnded(touches, with: event)
            state = state == .possible ? .failed : .ended
        }
    }

    private final class Controller: UIViewController {
        var log: [String] = []
        func handleDrag(_ recognizer: Dragger) { log.append("drag(\(recognizer.state))") }
        func handleAny(_ recognizer: UIGestureRecognizer) { log.append("any(\(recognizer.state))") }
        func ping() { log.append("ping") }
    }

    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        view = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        window.addSubview(view)
    }

    private func drag() {
        window.inject([sample(1, .began, 10, 10)])
        window.inject([sample(1, .moved, 20, 10)])
        window.inject([sample(1, .moved, 30, 10)])
        window.inject([sample(1, .ended, 30, 10)])
    }

    func testUnboundMethodsInBothFormsAndClosuresGetEveryActionInOrder() async {
        let controller = Controller()
        let recognizer = Dragger(target: controller, action: Controller.handleDrag)
        recognizer.addTarget(controller, action: Controller.ping)
        recognizer.addTarget(controller, action: Controller.handleAny)
        recognizer.addAction { [unowned controller] recognizer in controller.log.append("closure(\(recognizer.state))") }
        view.addGestureRecognizer(recognizer)
        drag()
        XCTAssertEqual(controller.log, [
            "drag(began)", "ping", "any(began)", "closure(began)",
            "drag(changed)", "ping", "any(changed)", "closure(changed)",
            "drag(ended)", "ping", "any(ended)", "closure(ended)",
        ])
    }

    func testNoActionForFailure() async {
        let controller = Controller()
        let recognizer = Dragger(target: controller, action: Controller.handleAny)
        view.addGestureRecognizer(recognizer)
        window.inject([sample(1, .began, 10, 10)])
        window.inject([sample(1, .ended, 10, 10)])
        XCTAssertEqual(controller.log, [])
    }

    func testAnActionForAnotherRecognizerTypeIsSkippedAndLogged() async {
        final class Other: UIGestureRecognizer {}
        @MainActor final class Target { var calls = 0; func handle(_ other: Other) { calls += 1 } }
        let target = Target()
        let recognizer = Dragger()
        recognizer.addTarget(target, action: Target.handle)
        view.addGestureRecognizer(recognizer)
        drag()
        XCTAssertEqual(target.calls, 0)
        XCTAssertEqual(logLines(containing: "action wants a Other, skipped").count, 3)
    }

    func testRemovingTargetsAndClosures() async {
        let controller = Controller()
        let recognizer = Dragger(target: controller, action: Controller.ping)
        var closureCalls = 0
        let id = recognizer.addAction { _ in closureCalls += 1 }
        view.addGestureRecognizer(recognizer)
        recognizer.removeTarget(controller)
        recognizer.removeAction(id)
        drag()
        XCTAssertEqual(controller.log, [])
        XCTAssertEqual(closureCalls, 0)
        recognizer.addTarget(controller, action: Controller.ping)
        recognizer.addAction { _ in closureCalls += 1 }
        recognizer.removeTarget(nil)
        drag()
        XCTAssertEqual(controller.log, [])
        XCTAssertEqual(closureCalls, 0)
    }

    func testTargetsAreHeldWeakly() async {
        var controller: Controller? = Controller()
        weak let gone = controller
        let recognizer = Dragger(target: controller!, action: Controller.ping)
        view.addGestureRecognizer(recognizer)
        controller = nil
        XCTAssertNil(gone)
        drag()  // nothing to call, nothing crashes
        XCTAssertEqual(recognizer.state, .possible)
    }

    func testLocationIsTheCentroidAndTouchesByIndexInArrivalOrder() async {
        view.isMultipleTouchEnabled = true
        let recognizer = UIGestureRecognizer()
        view.addGestureRecognizer(recognizer)
        window.inject([sample(1, .began, 10, 20)])
        window.inject([sample(2, .began, 30, 60)])
        XCTAssertEqual(recognizer.numberOfTouches, 2)
        XCTAssertEqual(recognizer.location(in: nil), CGPoint(x: 20, y: 40))
        XCTAssertEqual(recognizer.location(ofTouch: 1, in: view), CGPoint(x: 30, y: 60))
        view.frame.origin = CGPoint(x: 5, y: 5)
        XCTAssertEqual(recognizer.location(in: view), CGPoint(x: 15, y: 35))
        XCTAssertEqual(recognizer.location(ofTouch: 7, in: nil), CGPoint(x: 20, y: 40))
        XCTAssertEqual(logLines(containing: "location(ofTouch: 7) with 2 touch(es)").count, 1)
        window.inject([sample(1, .ended, 10, 20)])
        XCTAssertEqual(recognizer.numberOfTouches, 1)
        XCTAssertEqual(UIApplication.shared.touchRouter.event.touches(for: recognizer)?.count, 1)
    }

    func testAttachingMovingAndListing() async {
        let a = UIGestureRecognizer()
        let b = UIGestureRecognizer()
        XCTAssertNil(view.gestureRecognizers)
        view.addGestureRecognizer(a)
        view.addGestureRecognizer(b)
        XCTAssertTrue(view.gestureRecognizers!.elementsEqual([a, b], by: ===))
        window.addGestureRecognizer(a)
        XCTAssertTrue(a.view === window)
        XCTAssertTrue(view.gestureRecognizers!.elementsEqual([b], by: ===))
        view.removeGestureRecognizer(a)  // not its view: ignored
        XCTAssertTrue(a.view === window)
        view.gestureRecognizers = nil
        XCTAssertNil(b.view)
    }

    func testDefaults() async {
        let recognizer = UIGestureRecognizer()
        XCTAssertEqual(recognizer.state, .possible)
        XCTAssertTrue(recognizer.isEnabled)
        XCTAssertTrue(recognizer.cancelsTouchesInView)
        XCTAssertFalse(recognizer.delaysTouchesBegan)
        XCTAssertTrue(recognizer.delaysTouchesEnded)
        XCTAssertEqual(UIGestureRecognizer.State.recognized, .ended)
        XCTAssertEqual(recognizer.numberOfTouches, 0)
    }
}
