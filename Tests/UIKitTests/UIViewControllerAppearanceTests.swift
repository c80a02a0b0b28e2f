@testable import UIKit
import XCTest

/// The appearance lifecycle and containment, call by call, on the manual clock: a change
/// made without animation updates the hierarchy at once and the calls come at the
/// window's next layout pass (`layoutIfNeeded()` here; the run loop's before each frame),
/// as UIKit defers them. Order between two controllers: will-calls first, then did-calls,
/// as iOS has been observed to order a navigation push (Wang Ling, "The Inconsistent Order
/// of View Transition Events", 2014).
final class UIViewControllerAppearanceTests: UIKitTestCase {
    /// Logs whether it is moving to or from its parent during its appearance calls.
    final class FlagsController: LoggingController {
        private var moving: String {
            isMovingToParent ? " moving to parent" : isMovingFromParent && parent != nil ? " moving from parent" : ""
        }
        override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name).willAppear\(moving)") }
        override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name).didAppear\(moving)") }
        override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name).willDisappear\(moving)") }
        override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name).didDisappear\(moving)") }
    }

    private let log = LoggingController.Log()
    private func controller(_ name: String) -> LoggingController { LoggingController(name, log: log) }

    func testARootChangeIsHeardAtTheNextLayoutPassWillCallsFirst() async {
        let a = controller("A"), b = controller("B")
        window.rootViewController = a
        XCTAssertEqual(log.flush(), [], "deferred to the layout pass")
        XCTAssertTrue(a.view.superview === window, "the hierarchy changes at once")
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willAppear", "A.didAppear"])

        window.rootViewController = b
        XCTAssertNil(a.view.superview)
        XCTAssertEqual(log.flush(), [])
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear", "A.didDisappear", "B.didAppear"])
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [], "once")
    }

    /// Set and replaced before any layout pass: the first root never appeared and hears
    /// nothing.
    func testARootReplacedBeforeTheLayoutPassHearsNothing() async {
        let a = controller("A"), b = controller("B")
        window.rootViewController = a
        window.rootViewController = b
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willAppear", "B.didAppear"])
    }

    /// `viewIsAppearing` comes once the new root's view is laid out, before any
    /// did-call of the pass; a child added to an appeared parent hears it just before its
    /// `viewDidAppear`, its view in the window.
    func testViewIsAppearingComesWithTheViewLaidOutBeforeTheDidCalls() async {
        let a = IsAppearingController("A", log: log), b = IsAppearingController("B", log: log)
        window.rootViewController = a
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willAppear", "A.isAppearing width 320", "A.didAppear"])
        window.rootViewController = b
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear", "B.isAppearing width 320", "A.didDisappear", "B.didAppear"])

        let child = IsAppearingController("C", log: log)
        child.view.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        b.addChild(child)
        b.view.addSubview(child.view)
        child.didMove(toParent: b)
        XCTAssertEqual(log.flush(), ["C.willMove(B)", "C.willAppear", "C.isAppearing width 100", "C.didAppear", "C.didMove(B)"])
    }

    /// A hidden window's root appears when the window shows and disappears when it
    /// hides (at once: a hidden window is not laid out).
    func testShowingAndHidingTheWindowMakesItsRootAppearAndDisappear() async {
        let other = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let a = controller("A")
        other.rootViewController = a
        other.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [], "a hidden window's root does not appear")
        other.isHidden = false
        other.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willAppear", "A.didAppear"])
        other.isHidden = true
        XCTAssertEqual(log.flush(), ["A.willDisappear", "A.didDisappear"])
        other.isHidden = false
        other.isHidden = true
        other.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [], "shown and hidden again before a layout pass: cancelled, nothing heard")
    }

    /// Containment in UIKit's order. The child appears when its view joins the appeared
    /// parent's window, from inside `addSubview` (will before, did after), with
    /// `isMovingToParent` true and its parent set; it disappears from inside
    /// `removeFromSuperview`, with `isMovingFromParent` true.
    func testAChildAddedAndRemovedInUIKitsOrder() async {
        let parent = controller("P"), child = FlagsController("C", log: log)
        window.rootViewController = parent
        window.layoutIfNeeded()
        _ = log.flush()

        parent.addChild(child)
        XCTAssertEqual(log.flush(), ["C.willMove(P)"])
        XCTAssertTrue(child.parent === parent)
        XCTAssertEqual(parent.children.map { ($0 as? LoggingController)?.name }, ["C"])
        parent.view.addSubview(child.view)
        XCTAssertEqual(log.flush(), ["C.willAppear moving to parent", "C.didAppear moving to parent"],
                       "inside addSubview, before didMove")
        child.didMove(toParent: parent)
        XCTAssertEqual(log.flush(), ["C.didMove(P)"])
        XCTAssertFalse(child.isMovingToParent)

        child.willMove(toParent: nil)
        child.view.removeFromSuperview()
        XCTAssertEqual(log.flush(), ["C.willMove(nil)", "C.willDisappear moving from parent", "C.didDisappear moving from parent"])
        child.removeFromParent()
        XCTAssertEqual(log.flush(), ["C.didMove(nil)"])
        XCTAssertFalse(child.isMovingFromParent)
        XCTAssertNil(child.parent)
        XCTAssertTrue(parent.children.isEmpty)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [])
    }

    /// `viewWillAppear` comes before the new root's view lays out, `viewDidAppear` after
    /// (it sees laid-out frames); a root changed by a callback is heard in the same pass.
    func testDidAppearSeesTheLaidOutViewAndChangesMadeByCallbacksJoinThePass() async {
        final class Laying: LoggingController {
            var onDidAppear: () -> Void = {}
            override func viewDidLayoutSubviews() { log.lines.append("\(name).didLayout") }
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                onDidAppear()
            }
        }
        let a = Laying("A", log: log), b = controller("B")
        a.onDidAppear = { [unowned self] in window.rootViewController = b }
        window.rootViewController = a
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willAppear", "A.didLayout", "A.didAppear", "A.willDisappear", "B.willAppear",
                                     "A.didDisappear", "B.didAppear"])
    }

    /// A controller cannot contain its own container.
    func testAContainerCannotBecomeItsChildsChild() async {
        let parent = controller("P"), child = controller("C")
        parent.addChild(child)
        child.addChild(parent)
        XCTAssertNil(parent.parent)
        XCTAssertTrue(child.children.isEmpty)
        XCTAssertEqual(logLines(containing: "cannot contain its container").count, 1)
    }

    /// A parent's transitions are forwarded to the children shown in its view, right
    /// after the parent's own call.
    func testAParentForwardsItsTransitionsToItsShownChildren() async {
        let parent = controller("P"), shown = controller("S"), kept = controller("K"), next = controller("N")
        parent.addChild(shown)
        parent.view.addSubview(shown.view)
        shown.didMove(toParent: parent)
        parent.addChild(kept)  // its view is not in the parent's: it is not shown
        kept.didMove(toParent: parent)
        _ = log.flush()
        window.rootViewController = parent
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["P.willAppear", "S.willAppear", "P.didAppear", "S.didAppear"])
        window.rootViewController = next
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["P.willDisappear", "S.willDisappear", "N.willAppear", "P.didDisappear", "S.didDisappear",
                                     "N.didAppear"])
    }

    /// A container that forwards by hand: begin and end transitions, each call once.
    func testAppearanceTransitionsByHand() async {
        final class Manual: UIViewController {
            override var shouldAutomaticallyForwardAppearanceMethods: Bool { false }
        }
        let container = Manual(), child = controller("C")
        container.addChild(child)
        container.view.addSubview(child.view)
        child.didMove(toParent: container)
        _ = log.flush()
        window.rootViewController = container
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [], "not forwarded: the container does it")
        child.beginAppearanceTransition(true, animated: true)
        child.beginAppearanceTransition(true, animated: true)
        child.endAppearanceTransition()
        child.endAppearanceTransition()
        XCTAssertEqual(log.flush(), ["C.willAppear", "C.didAppear"], "each call once")
        child.beginAppearanceTransition(false, animated: false)
        child.beginAppearanceTransition(true, animated: false)
        child.endAppearanceTransition()
        XCTAssertEqual(log.flush(), ["C.willDisappear", "C.willAppear", "C.didAppear"], "a disappearance reversed")
    }
}
