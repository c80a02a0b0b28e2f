import QuartzCore
import UIKit
import XCTest

final class UIApplicationTests: UIKitTestCase {
    private var view: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        view = addTraceView("view", CGRect(x: 0, y: 0, width: 320, height: 480))
        view.isMultipleTouchEnabled = true
    }

    // MARK: - Ignoring interaction events

    func testIgnoringCancelsLiveTouchesAndDropsInputUntilBalanced() async {
        let app = UIApplication.shared
        window.inject([sample(1, .began, 10, 10)])
        app.beginIgnoringInteractionEvents()
        app.beginIgnoringInteractionEvents()  // nested
        XCTAssertTrue(app.isIgnoringInteractionEvents)
        window.inject([sample(1, .moved, 20, 20)])  // the cancelled finger lingers
        window.inject([sample(2, .began, 30, 30)])  // a finger down while ignoring
        app.endIgnoringInteractionEvents()
        XCTAssertTrue(app.isIgnoringInteractionEvents)
        window.inject([sample(3, .began, 40, 40)])
        app.endIgnoringInteractionEvents()
        XCTAssertFalse(app.isIgnoringInteractionEvents)
        window.inject([sample(1, .ended, 20, 20), sample(2, .moved, 35, 35), sample(3, .ended, 40, 40)])
        window.inject([sample(2, .ended, 35, 35)])
        window.inject([sample(4, .began, 50, 50), sample(4, .ended, 50, 50)])
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.cancelled(1)", "view.began(4)", "view.ended(4)"])
        // Samples of fingers retired by the system are dropped quietly, not as unknown.
        XCTAssertEqual(logLines(containing: "for no live touch"), [])
        app.endIgnoringInteractionEvents()  // unbalanced: logged, harmless
        XCTAssertFalse(app.isIgnoringInteractionEvents)
        XCTAssertEqual(logLines(containing: "without a matching begin").count, 1)
    }

    // MARK: - Cancelling

    func testCancelAllTouchesEndsEveryLiveTouchAtItsReceiver() async {
        let other = addTraceView("other", CGRect(x: 0, y: 300, width: 100, height: 100))
        window.inject([sample(1, .began, 10, 10), sample(2, .began, 20, 320)])
        UIApplication.shared.cancelAllTouches()
        UIApplication.shared.cancelAllTouches()  // nothing left: no second delivery
        window.inject([sample(1, .moved, 11, 11)])
        XCTAssertEqual(trace.flush(), ["view.began(1)", "other.began(2)", "view.cancelled(1)", "other.cancelled(2)"])
        XCTAssertEqual(view.seenTouches[1]?.phase, .cancelled)
        XCTAssertEqual(other.lastEvent?.allTouches?.count, 0)
    }

    func testCancelTouchesFromADeviceLeavesOtherDevicesAlone() async {
        window.inject([sample(1, .began, 10, 10, device: 7), sample(2, .began, 50, 50, device: 8)])
        UIApplication.shared.cancelTouches(fromDevice: 7)
        // Xorg sends the removed device's TouchEnd too: dropped quietly.
        window.inject([sample(1, .ended, 10, 10, device: 7), sample(2, .moved, 60, 60, device: 8)])
        window.inject([sample(2, .ended, 60, 60, device: 8)])
        XCTAssertEqual(trace.flush(), ["view.began(1,2)", "view.cancelled(1)", "view.moved(2)", "view.ended(2)"])
        XCTAssertEqual(view.seenTouches[1]?.sampleID.device, 7)
        XCTAssertEqual(logLines(containing: "for no live touch"), [])
    }

    func testHidingTheWindowCancelsItsTouchesAndTellsObservers() async {
        var changes: [String] = []
        UIApplication.shared.addWindowObserver { window, change in changes.append("\(change)") }
        window.inject([sample(1, .began, 10, 10)])
        window.isHidden = true
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.cancelled(1)"])
        XCTAssertEqual(changes, ["didResignKey", "didBecomeHidden"])
        XCTAssertFalse(window.isKeyWindow)
        XCTAssertTrue(UIApplication.shared.windows.elementsEqual([window], by: ===), "hidden, it is still the app's window")
        XCTAssertTrue(UIApplication.shared.visibleWindows.isEmpty, "but nothing is on screen")
        // A hidden window hits nothing.
        window.inject([sample(2, .began, 10, 10), sample(2, .ended, 10, 10)])
        XCTAssertEqual(trace.flush(), [])
    }

    // MARK: - Windows

    func testWindowsBecomeVisibleAndKeyInOrderAndObserversCanBeRemoved() async {
        let app = UIApplication.shared
        var changes: [String] = []
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let token = app.addWindowObserver { window, change in
            changes.append("\(window === second ? "second" : "first").\(change)")
        }
        XCTAssertTrue(window.isKeyWindow)
        XCTAssertTrue(second.isHidden, "a window starts hidden, as in UIKit")
        second.makeKeyAndVisible()
        XCTAssertTrue(app.keyWindow === second)
        XCTAssertEqual(app.visibleWindows.count, 2)
        XCTAssertTrue(app.visibleWindows.last === second)
        window.makeKey()
        app.removeWindowObserver(token)
        second.isHidden = true
        XCTAssertEqual(changes, [
            "second.didBecomeVisible", "first.didResignKey", "second.didBecomeKey",
            "second.didResignKey", "first.didBecomeKey",
        ])
        XCTAssertTrue(app.visibleWindows.elementsEqual([window], by: ===))
        XCTAssertTrue(app.windows.elementsEqual([window, second], by: ===), "the hidden one is listed still")
    }

    /// `windows` is "the app's visible and hidden windows" (Apple's reference), back to
    /// front by level and, within a level, in the order they were made; a window is
    /// listed from its `init` while something holds it, and system windows are not.
    func testWindowsListsVisibleAndHiddenWindowsByLevelThenCreation() async {
        let app = UIApplication.shared
        let alert = UIWindow(frame: .zero)
        alert.windowLevel = .alert
        let later = UIWindow(frame: .zero)
        let system = UIWindow(frame: .zero)
        system.isSystemWindow = true
        system.makeKeyAndVisible()
        XCTAssertTrue(app.windows.elementsEqual([window, later, alert], by: ===),
                      "normal (made first, then later), then alert; hidden ones too; no system window")
        later.windowLevel = UIWindow.Level(rawValue: 2_000)
        XCTAssertTrue(app.windows.elementsEqual([window, alert, later], by: ===), "reordered by level")
        XCTAssertTrue(app.visibleWindows.elementsEqual([window, system], by: ===), "on screen: the visible ones, system too")
        weak var gone: UIWindow?
        do {
            let transient = UIWindow(frame: .zero)
            gone = transient
            XCTAssertEqual(app.windows.count, 4)
        }
        XCTAssertNil(gone)
        XCTAssertEqual(app.windows.count, 3, "held weakly: a window let go is no longer listed")
        system.isHidden = true
    }

    func testEventsGoOnlyToTheWindowOfEachTouch() async {
        let second = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let secondView = TraceView("second", frame: second.bounds, trace: trace)
        second.addSubview(secondView)
        second.makeKeyAndVisible()
        window.inject([sample(1, .began, 10, 10)])
        second.inject([sample(2, .began, 10, 10)])
        let event = secondView.lastEvent
        XCTAssertEqual(event?.touches(for: second)?.map(\.sampleID.number), [2])
        XCTAssertEqual(event?.touches(for: window)?.map(\.sampleID.number), [1])
        XCTAssertEqual(event?.allTouches?.count, 2)
        // A finger stays with the window it began in, whichever window reports it.
        second.inject([sample(1, .moved, 12, 12), sample(2, .moved, 12, 12)])
        window.inject([sample(1, .ended, 12, 12), sample(2, .ended, 12, 12)])
        XCTAssertEqual(trace.flush(), [
            "view.began(1)", "second.began(2)", "view.moved(1)", "second.moved(2)", "view.ended(1)", "second.ended(2)",
        ])
        XCTAssertTrue(secondView.lastEvent === view.lastEvent, "one touches event for the application")
    }

    // MARK: - Launch

    func testLaunchCreatesTheDelegateOnceAndSendsDidFinishLaunching() async {
        final class AppDelegate: UIResponder, UIApplicationDelegate {
            var window: UIWindow?
            var launches = 0
            func application(_ application: UIApplication,
                             didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
                launches += 1
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
                window.rootViewController = UIViewController()
                window.makeKeyAndVisible()
                self.window = window
                return launches == 1
            }
        }
        var made = 0
        var visible: [UIWindow] = []
        UIApplication.shared.addWindowObserver { window, change in
            if change == .didBecomeVisible { visible.append(window) }
        }
        func makeDelegate() -> AppDelegate {
            made += 1
            return AppDelegate()
        }
        XCTAssertTrue(UIApplication.shared.launch(delegate: makeDelegate()))
        let delegate = UIApplication.shared.delegate as? AppDelegate
        XCTAssertEqual(made, 1)
        XCTAssertEqual(delegate?.launches, 1)
        XCTAssertEqual(visible.count, 1)
        XCTAssertTrue(visible.first === delegate?.window)
        XCTAssertTrue(UIApplication.shared.keyWindow === delegate?.window)
        XCTAssertTrue(UIApplication.shared.next === delegate, "a responder delegate ends the chain")
    }

    func testADelegateThatIsNotAResponderIsNotInTheChain() async {
        final class PlainDelegate: UIApplicationDelegate {}
        UIApplication.shared.launch(delegate: PlainDelegate())
        XCTAssertNil(UIApplication.shared.next)
        XCTAssertNil(UIApplication.shared.delegate?.window, "the protocol's default window")
    }

    func testAnotherApplicationIsNotSharedUntilMadeCurrent() async {
        let shared = UIApplication.shared
        let another = UIApplication()
        XCTAssertTrue(UIApplication.shared === shared)
        XCTAssertFalse(another.isCurrent)
        XCTAssertFalse(another.animationEngine === shared.animationEngine, "each application has an engine of its own")
        another.makeCurrent()
        XCTAssertTrue(UIApplication.shared === another)
        XCTAssertTrue(CAAnimationEngine.current === another.animationEngine)
    }
}
