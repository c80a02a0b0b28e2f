@testable import TouchSandbox
import UIKit
import XCTest

/// Beginning iPhone Development with Swift, ch. 18, "Forwarding an Event": a responder
/// handles a touch or calls the same method on the next responder, so a touch climbs
/// until a responder keeps it.
final class ForwardingResponderViewTests: ListingTestCase {
    /// A root view controller that records the touches that climb past its root view.
    private final class RecordingController: UIViewController {
        var log: [String] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.append("controller began")
            super.touchesBegan(touches, with: event)
        }

        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
            log.append("controller ended")
            super.touchesEnded(touches, with: event)
        }
    }

    private var controller: RecordingController!
    private var outer: ForwardingResponderView!
    private var middle: ForwardingResponderView!
    private var inner: ForwardingResponderView!
    private var log: [String] = []

    override func setUp() async throws {
        try await super.setUp()
        controller = RecordingController()
        controller.view = UIView(frame: window.bounds)
        window.rootViewController = controller
        outer = box("outer", CGRect(x: 50, y: 50, width: 300, height: 300), in: controller.view)
        middle = box("middle", CGRect(x: 50, y: 50, width: 200, height: 200), in: outer)
        inner = box("inner", CGRect(x: 50, y: 50, width: 100, height: 100), in: middle)
    }

    private func box(_ name: String, _ frame: CGRect, in parent: UIView) -> ForwardingResponderView {
        let view = ForwardingResponderView(frame: frame)
        view.touchesReceived = { [unowned self, unowned view] touches, phase, kept in
            XCTAssertTrue(touches.first?.view === inner, "the touches are the hit-test view's")
            XCTAssertEqual(view.handlesTouches, kept)
            log.append("\(name) \(phase) \(kept ? "kept" : "passed")")
        }
        parent.addSubview(view)
        return view
    }

    func testATouchClimbsUntilAViewKeepsIt() async {
        outer.handlesTouches = true
        injector.drag(from: CGPoint(x: 200, y: 200), to: CGPoint(x: 210, y: 200), steps: 1)
        XCTAssertEqual(log, [
            "inner began passed", "middle began passed", "outer began kept",
            "inner moved passed", "middle moved passed", "outer moved kept",
            "inner ended passed", "middle ended passed", "outer ended kept",
        ])
        XCTAssertEqual(controller.log, [], "nothing climbs past the view that keeps it")
    }

    func testTheHitTestViewCanKeepItsOwnTouches() async {
        inner.handlesTouches = true
        outer.handlesTouches = true
        injector.tap(at: CGPoint(x: 200, y: 200))
        XCTAssertEqual(log, ["inner began kept", "inner ended kept"])
    }

    func testATouchNobodyKeepsReachesTheViewController() async {
        injector.tap(at: CGPoint(x: 200, y: 200))
        XCTAssertEqual(log, [
            "inner began passed", "middle began passed", "outer began passed",
            "inner ended passed", "middle ended passed", "outer ended passed",
        ])
        XCTAssertEqual(controller.log, ["controller began", "controller ended"])
    }

    func testCancelledTouchesClimbTheSameWay() async {
        middle.handlesTouches = true
        let finger = injector.touchDown(at: CGPoint(x: 200, y: 200))
        UIApplication.shared.beginIgnoringInteractionEvents()
        XCTAssertEqual(log, ["inner began passed", "middle began kept", "inner cancelled passed", "middle cancelled kept"])
        UIApplication.shared.endIgnoringInteractionEvents()
        injector.touchUp(finger, at: CGPoint(x: 200, y: 200))
        XCTAssertEqual(log.count, 4, "a cancelled touch is over")
    }
}
