@testable import UIKit
import XCTest

/// The appearance lifecycle and containment, call by call, on the manual clock: a change
/// made without animation updates the hierarchy at once and the calls come at the
/// window's next layout pass (`layoutIfNeeded()` here; the run loop's before each frame),
/// as UIKit defers them. Order between two controllers: will-calls first, then did-calls,
/// as iOS has been observed to order a navigation push (Wang Ling, "The Inconsistent Order
/// of View Transition Events", 2014).
final class UIViewControllerAppearanceTests: UIKitTestCase {
    /// Logs its appearance and containment calls into a shared log, by name.
    final class LoggingController: UIViewController {
        let name: String
        let log: Log

        final class Log {
            var lines: [String] = []
            func flush() -> [String] {
                defer { lines = [] }
                return lines
            }
        }

        init(_ name: String, log: Log) {
            self.name = name
            self.log = log
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { fatalError() }

        override func viewWillAppear(_ animated: Bool) { log.lines.append("\(name).willAppear") }
        override func viewDidAppear(_ animated: Bool) { log.lines.append("\(name).didAppear") }
        override func viewWillDisappear(_ animated: Bool) { log.lines.append("\(name).willDisappear") }
        override func viewDidDisappear(_ animated: Bool) { log.lines.append("\(name).didDisappear") }
        override func willMove(toParent parent: UIViewController?) {
            super.willMove(toParent: parent)
            log.lines.append("\(name).willMove(\((parent as? LoggingController)?.name ?? "nil"))")
        }
        override func didMove(toParent parent: UIViewController?) {
            super.didMove(toParent: parent)
            log.lines.append("\(name).didMove(\((parent as? LoggingController)?.name ?? "nil"))")
        }
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
        XCTAssertEqual(log.flush(), ["A.willAppear", "A.willDisappear", "A.didDisappear"],
                       "shown and hidden before a layout pass: an appearance cancelled")
    }

    /// Containment in UIKit's order, with the child appearing when its view enters the
    /// appeared parent's window and disappearing when it leaves.
    func testAChildAddedAndRemovedInUIKitsOrder() async {
        let parent = controller("P"), child = controller("C")
        window.rootViewController = parent
        window.layoutIfNeeded()
        _ = log.flush()

        parent.addChild(child)
        XCTAssertEqual(log.flush(), ["C.willMove(P)"])
        XCTAssertTrue(child.isMovingToParent)
        XCTAssertTrue(child.parent === parent)
        XCTAssertEqual(parent.children.map { ($0 as? LoggingController)?.name }, ["C"])
        parent.view.addSubview(child.view)
        child.didMove(toParent: parent)
        XCTAssertEqual(log.flush(), ["C.didMove(P)"], "the appearance waits for the layout pass")
        XCTAssertFalse(child.isMovingToParent)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["C.willAppear", "C.didAppear"])

        child.willMove(toParent: nil)
        XCTAssertTrue(child.isMovingFromParent)
        child.view.removeFromSuperview()
        child.removeFromParent()
        XCTAssertEqual(log.flush(), ["C.willMove(nil)", "C.didMove(nil)"])
        XCTAssertFalse(child.isMovingFromParent)
        XCTAssertNil(child.parent)
        XCTAssertTrue(parent.children.isEmpty)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["C.willDisappear", "C.didDisappear"])
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
