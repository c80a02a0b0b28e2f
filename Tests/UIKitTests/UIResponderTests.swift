import UIKit
import XCTest

/// The responder chain (Beginning iPhone Development with Swift, ch. 18) and forwarding
/// of unhandled touches (Neuburg, "Touches").
final class UIResponderTests: UIKitTestCase {
    private final class TraceAppDelegate: UIResponder, UIApplicationDelegate {
        let trace: Trace
        init(trace: Trace) { self.trace = trace }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trace.record("delegate", "began", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trace.record("delegate", "ended", touches) }
    }

    private final class TraceViewController: UIViewController {
        var trace: Trace!
        var handles = false
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
            trace.record("controller", "began", touches)
            if !handles { super.touchesBegan(touches, with: event) }
        }
    }

    private var controller: TraceViewController!
    private var leaf: UIView!

    override func setUp() async throws {
        try await super.setUp()
        UIApplication.shared.delegate = TraceAppDelegate(trace: trace)
        controller = TraceViewController()
        controller.trace = trace
        window.rootViewController = controller
        let middle = UIView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        leaf = UIView(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        controller.view.addSubview(middle)
        middle.addSubview(leaf)
    }

    func testTheChainRunsViewControllerSuperviewWindowApplicationDelegate() async {
        var chain: [String] = []
        var responder: UIResponder? = leaf
        while let current = responder {
            switch current {
            case leaf: chain.append("leaf")
            case controller.view: chain.append("root view")
            case controller: chain.append("controller")
            case window: chain.append("window")
            case UIApplication.shared: chain.append("application")
            case UIApplication.shared.delegate as? UIResponder: chain.append("delegate")
            default: chain.append("view")
            }
            responder = current.next
        }
        XCTAssertEqual(chain, ["leaf", "view", "root view", "controller", "window", "application", "delegate"])
    }

    func testUnhandledTouchesTravelUpTheChainWithTheHitTestViewsTouches() async {
        injector.tap(at: CGPoint(x: 20, y: 20))
        // The controller forwards began; nobody overrides ended below the delegate.
        XCTAssertEqual(trace.flush(), ["controller.began(1)", "delegate.began(1)", "delegate.ended(1)"])
        controller.handles = true
        injector.tap(at: CGPoint(x: 20, y: 20))
        XCTAssertEqual(trace.flush(), ["controller.began(2)", "delegate.ended(2)"])
    }

    func testCallingSuperForwardsToTheSuperviewWithTheSubviewsTouch() async {
        let outer = addTraceView("outer", CGRect(x: 0, y: 300, width: 100, height: 100))
        let inner = addTraceView("inner", CGRect(x: 10, y: 10, width: 50, height: 50), to: outer)
        inner.forwards = true
        injector.tap(at: CGPoint(x: 20, y: 320))
        XCTAssertEqual(trace.flush(), ["inner.began(1)", "outer.began(1)", "inner.ended(1)", "outer.ended(1)"])
        XCTAssertTrue(outer.seenTouches[1]?.view === inner, "the touch up the chain is still the subview's")
    }
}
