@testable import UIKit
import XCTest

/// A navigation controller's stack, call by call, on the manual clock in the 320 × 480
/// window: push, pop and the back swipe in the order iOS has been observed to make the
/// calls (Wang Ling, "The Inconsistent Order of View Transition Events", 2014); not
/// animated, the calls come at the window's next layout pass (`layoutIfNeeded()`);
/// animated, the will-calls then, the did-calls when the slide ends (`frames(_:)`).
final class UINavigationControllerTests: UIKitTestCase {
    private let log = LoggingController.Log()
    private func controller(_ name: String) -> LoggingController { LoggingController(name, log: log) }

    /// A navigation controller with `root`, the window's root, appeared; log flushed.
    private func appearedNavigation(_ root: UIViewController) -> UINavigationController {
        let navigation = UINavigationController(rootViewController: root)
        window.rootViewController = navigation
        window.layoutIfNeeded()
        _ = log.flush()
        return navigation
    }

    private final class DelegateLog: UINavigationControllerDelegate {
        let log: LoggingController.Log
        init(log: LoggingController.Log) { self.log = log }
        func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {
            log.lines.append("willShow \((viewController as? LoggingController)?.name ?? "?")")
        }
        func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {
            log.lines.append("didShow \((viewController as? LoggingController)?.name ?? "?")")
        }
    }

    // MARK: - Push and pop

    func testTheRootAppearsWithItsNavigationController() async {
        let a = controller("A")
        let navigation = UINavigationController(rootViewController: a)
        XCTAssertEqual(log.flush(), ["A.willMove(UINavigationController)", "A.didMove(UINavigationController)"],
                       "off screen, the root joins at once")
        window.rootViewController = navigation
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willAppear", "A.didAppear"])
        XCTAssertTrue(a.navigationController === navigation)
        XCTAssertEqual(a.view.frame, window.bounds, "the child fills the container")
        XCTAssertEqual(a.view.safeAreaInsets.top, 44, "its safe area takes in the bar")
        XCTAssertEqual(a.additionalSafeAreaInsets, .zero, "which is not written into the app's insets")
    }

    func testAPushWithoutAnimationIsHeardAtTheNextLayoutPass() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        let delegate = DelegateLog(log: log)
        navigation.delegate = delegate
        navigation.pushViewController(b, animated: false)
        XCTAssertEqual(log.flush(), ["B.willMove(UINavigationController)"])
        XCTAssertTrue(navigation.topViewController === b, "the stack changes at once")
        XCTAssertTrue(b.view.superview === navigation.view, "and the views")
        XCTAssertNil(a.view.superview)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear", "willShow B", "A.didDisappear", "B.didAppear",
                                     "B.didMove(UINavigationController)", "didShow B"])
        XCTAssertEqual(navigation.viewControllers.map { ($0 as? LoggingController)?.name }, ["A", "B"])
    }

    /// Animated: B slides in from the right over A, which moves a third of the way left.
    func testAnAnimatedPushAndPopSlide() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: true)
        frames(1.0 / 60)
        XCTAssertEqual(log.flush(), ["B.willMove(UINavigationController)", "A.willDisappear", "B.willAppear"])
        frames(0.1)
        let bx = b.view.layer.presentation()!.frame.minX, ax = a.view.layer.presentation()!.frame.minX
        XCTAssertGreaterThan(bx, 0)
        XCTAssertLessThan(bx, 320)
        XCTAssertLessThan(ax, 0)
        XCTAssertGreaterThan(ax, -96.1)
        XCTAssertTrue(a.view.superview === navigation.view, "A stays until the end")
        frames(0.3)
        XCTAssertEqual(log.flush(), ["A.didDisappear", "B.didAppear", "B.didMove(UINavigationController)"])
        XCTAssertNil(a.view.superview)
        XCTAssertEqual(b.view.layer.presentation()!.frame.minX, 0)

        let popped = navigation.popViewController(animated: true)
        XCTAssertTrue(popped === b)
        XCTAssertEqual(log.flush(), ["B.willMove(nil)"])
        XCTAssertTrue(b.isMovingFromParent)
        frames(1.0 / 60)
        XCTAssertEqual(log.flush(), ["B.willDisappear", "A.willAppear"])
        frames(0.4)
        XCTAssertEqual(log.flush(), ["B.didDisappear", "A.didAppear", "B.didMove(nil)"])
        XCTAssertNil(b.parent)
        XCTAssertNil(b.view.superview)
        XCTAssertEqual(a.view.frame, window.bounds)
    }

    func testPopToRootAndSetViewControllers() async {
        let a = controller("A"), b = controller("B"), c = controller("C"), d = controller("D")
        let navigation = appearedNavigation(a)
        navigation.setViewControllers([a, b, c], animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willMove(UINavigationController)", "B.didMove(UINavigationController)",
                                     "C.willMove(UINavigationController)", "A.willDisappear", "C.willAppear",
                                     "A.didDisappear", "C.didAppear", "C.didMove(UINavigationController)"],
                       "B joins the stack without appearing")
        let popped = navigation.popToRootViewController(animated: false)
        XCTAssertEqual(popped?.map { ($0 as? LoggingController)?.name }, ["B", "C"])
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willMove(nil)", "B.didMove(nil)", "C.willMove(nil)", "C.willDisappear", "A.willAppear",
                                     "C.didDisappear", "A.didAppear", "C.didMove(nil)"])
        navigation.setViewControllers([d], animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["D.willMove(UINavigationController)", "A.willMove(nil)", "A.willDisappear", "D.willAppear",
                                     "A.didDisappear", "D.didAppear", "A.didMove(nil)", "D.didMove(UINavigationController)"],
                       "a new top not in the stack is pushed")
        XCTAssertEqual(navigation.children.count, 1)
    }

    /// A push while another slides ends the first at once.
    func testAPushDuringAPushEndsTheFirstAtOnce() async {
        let a = controller("A"), b = controller("B"), c = controller("C")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: true)
        frames(0.1)
        _ = log.flush()
        navigation.pushViewController(c, animated: true)
        XCTAssertEqual(log.flush(), ["A.didDisappear", "B.didAppear", "B.didMove(UINavigationController)",
                                     "C.willMove(UINavigationController)"])
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.willDisappear", "C.willAppear", "B.didDisappear", "C.didAppear",
                                     "C.didMove(UINavigationController)"])
        XCTAssertEqual(navigation.viewControllers.count, 3)
    }

    // MARK: - The bar

    /// The bar sits at the safe area's top, 44 high, its background up to y = 0; the
    /// child's safe area takes it in; hidden, it does not.
    func testTheBarAndTheChildsSafeArea() async {
        let a = controller("A"), b = controller("B")
        a.title = "Welcome"
        b.title = "Choose"
        let navigation = appearedNavigation(a)
        navigation.additionalSafeAreaInsets = UIEdgeInsets(top: 20, left: 0, bottom: 0, right: 0)
        window.layoutIfNeeded()
        XCTAssertEqual(navigation.navigationBar.frame, CGRect(x: 0, y: 20, width: 320, height: 44))
        XCTAssertEqual(a.view.safeAreaInsets.top, 64)
        XCTAssertEqual(navigation.navigationBar.titleLabel.text, "Welcome")
        XCTAssertTrue(navigation.navigationBar.backButton.isHidden)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(navigation.navigationBar.titleLabel.text, "Choose")
        XCTAssertEqual(navigation.navigationBar.backButton.currentTitle, "‹ Welcome")
        let back = navigation.navigationBar.backButton.convert(navigation.navigationBar.backButton.bounds, to: window)
        XCTAssertGreaterThanOrEqual(back.width, 44)
        XCTAssertEqual(back.height, 44)

        navigation.setNavigationBarHidden(true, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(b.view.safeAreaInsets.top, 20)
        XCTAssertTrue(navigation.navigationBar.isHidden)
        XCTAssertEqual(b.additionalSafeAreaInsets, .zero)
        navigation.setNavigationBarHidden(false, animated: false)
        window.layoutIfNeeded()

        _ = log.flush()
        _ = injector.tap(at: CGPoint(x: back.midX, y: back.midY))
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.willMove(nil)", "B.willDisappear", "A.willAppear", "B.didDisappear", "A.didAppear",
                                     "B.didMove(nil)"], "the back button pops")
    }

    /// Bar button items call method references.
    func testBarButtonItemsCallTheirActions() async {
        final class Editor: LoggingController {
            override func viewDidLoad() {
                super.viewDidLoad()
                navigationItem.rightBarButtonItem = UIBarButtonItem(title: "Save", style: .done, target: self, action: Editor.save)
                navigationItem.leftBarButtonItem = UIBarButtonItem(title: "Cancel", style: .plain, target: self, action: Editor.cancel)
            }
            func save(_ item: UIBarButtonItem) { log.lines.append("save \(item.title ?? "")") }
            func cancel() { log.lines.append("cancel") }
        }
        let editor = Editor("E", log: log)
        let navigation = appearedNavigation(editor)
        let bar = navigation.navigationBar
        for button in [bar.rightButton, bar.leftButton] {
            let frame = button.convert(button.bounds, to: window)
            XCTAssertGreaterThanOrEqual(frame.width, 44)
            _ = injector.tap(at: CGPoint(x: frame.midX, y: frame.midY))
        }
        XCTAssertEqual(log.flush(), ["save Save", "cancel"])
        XCTAssertTrue(bar.rightButton.titleLabel!.font.fontName.contains("Bold"), "done is bold")
    }

    // MARK: - The back swipe

    /// Past half the width, the pop completes: B.willDisappear and A.willAppear when
    /// the swipe starts, the did-calls when the slide ends.
    func testTheBackSwipeCompletes() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()
        let finger = injector.touchDown(at: CGPoint(x: 5, y: 240))
        injector.wait(0.05)
        injector.move(finger, to: CGPoint(x: 40, y: 242))
        XCTAssertEqual(log.flush(), ["B.willMove(nil)", "B.willDisappear", "A.willAppear"], "at the start")
        XCTAssertEqual(navigation.edgePan.state, .began)
        injector.wait(0.05)
        injector.move(finger, to: CGPoint(x: 200, y: 245))
        XCTAssertEqual(b.view.frame.minX, 195, accuracy: 0.01, "B follows the finger")
        XCTAssertLessThan(a.view.frame.minX, 0)
        injector.wait(0.2)
        injector.move(finger, to: CGPoint(x: 200, y: 245))
        injector.touchUp(finger, at: CGPoint(x: 200, y: 245))
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.didDisappear", "A.didAppear", "B.didMove(nil)"])
        XCTAssertTrue(navigation.topViewController === a)
    }

    /// Let go short of half the width and slowly, the pop is taken back: A.willDisappear,
    /// A.didDisappear, B.willAppear, B.didAppear; B never hears viewDidDisappear.
    func testTheBackSwipeTakenBack() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()
        let finger = injector.touchDown(at: CGPoint(x: 5, y: 240))
        injector.wait(0.05)
        injector.move(finger, to: CGPoint(x: 100, y: 240))
        injector.wait(0.3)
        injector.move(finger, to: CGPoint(x: 100, y: 240))
        injector.touchUp(finger, at: CGPoint(x: 100, y: 240))
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.willMove(nil)", "B.willDisappear", "A.willAppear",
                                     "A.willDisappear", "A.didDisappear", "B.willAppear", "B.didAppear"])
        XCTAssertTrue(navigation.topViewController === b)
        XCTAssertFalse(b.isMovingFromParent)
        XCTAssertEqual(b.view.frame, window.bounds)
        XCTAssertNil(a.view.superview)
    }

    /// A fast flick completes the pop even short of half the width; a finger that lands
    /// away from the edge does not start it; the root cannot be swiped away.
    func testTheBackSwipeByVelocityAndWhereItStarts() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        _ = injector.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 200, y: 240))
        XCTAssertNotEqual(navigation.edgePan.state, .began, "nothing to pop")
        frames(0.5)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        _ = injector.drag(from: CGPoint(x: 40, y: 240), to: CGPoint(x: 250, y: 240))
        frames(0.5)
        XCTAssertTrue(navigation.topViewController === b, "40 points in is not the edge")
        _ = injector.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 100, y: 240), duration: 0.1, steps: 4)
        frames(0.5)
        XCTAssertTrue(navigation.topViewController === a, "a flick at 950 pt/s completes it")
    }

    /// A horizontal scroll view under the finger wins over the back swipe, unless its
    /// pan requires the swipe to fail.
    func testAHorizontalScrollViewWinsOverTheBackSwipeUnlessMadeToWait() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        let strip = UIScrollView(frame: CGRect(x: 0, y: 200, width: 320, height: 100))
        strip.contentSize = CGSize(width: 1000, height: 100)
        b.view.addSubview(strip)
        _ = injector.drag(from: CGPoint(x: 5, y: 250), to: CGPoint(x: 200, y: 250))
        frames(0.5)
        XCTAssertTrue(navigation.topViewController === b, "the strip took the drag")
        strip.panGestureRecognizer.require(toFail: navigation.interactivePopGestureRecognizer!)
        _ = injector.drag(from: CGPoint(x: 5, y: 250), to: CGPoint(x: 200, y: 250))
        frames(0.5)
        XCTAssertTrue(navigation.topViewController === a, "made to wait, the strip lets the swipe pop")
    }

    /// A push from a viewDidAppear while another push is asked for mid-slide: each ends
    /// in turn, none is left counted, and the window takes fingers again.
    func testAPushFromViewDidAppearDuringANestedPushLeavesNothingRunning() async {
        final class PushesOnAppear: LoggingController {
            var pushOnAppear: UIViewController?
            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                if let pushOnAppear { self.pushOnAppear = nil; navigationController?.pushViewController(pushOnAppear, animated: true) }
            }
        }
        let a = controller("A"), b = PushesOnAppear("B", log: log), c = controller("C"), d = controller("D")
        b.pushOnAppear = c
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: true)
        frames(0.1)
        navigation.pushViewController(d, animated: true)
        frames(0.6)
        XCTAssertEqual(navigation.viewControllers.map { ($0 as? LoggingController)?.name }, ["A", "B", "C", "D"])
        XCTAssertEqual(window.navigationTransitionsInFlight, 0)
        XCTAssertNil(navigation.transition)
        XCTAssertEqual(d.view.frame, window.bounds)
        addTraceView("d", window.bounds, to: d.view)
        _ = injector.tap(at: CGPoint(x: 160, y: 240))
        XCTAssertEqual(trace.flush().count, 2, "fingers reach the top screen")
    }

    /// A popped controller leaves the bar's share of the safe area behind; a screen
    /// whose back button is hidden, or replaced by a left button, cannot be swiped back
    /// from.
    func testAPoppedControllerLosesTheBarsInsetAndScreensWithoutABackButtonKeepTheSwipeOff() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        navigation.popViewController(animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(b.containerSafeAreaInsets, .zero)
        navigation.pushViewController(b, animated: false)
        window.layoutIfNeeded()
        for hide in [true, false] {
            b.navigationItem.hidesBackButton = hide
            b.navigationItem.leftBarButtonItem = hide ? nil : UIBarButtonItem(title: "Close")
            _ = injector.drag(from: CGPoint(x: 5, y: 240), to: CGPoint(x: 250, y: 240))
            frames(0.5)
            XCTAssertTrue(navigation.topViewController === b, hide ? "back button hidden" : "a left button instead")
        }
    }

    /// During a slide the window takes no new finger.
    func testNewFingersAreIgnoredDuringASlide() async {
        let a = controller("A"), b = controller("B")
        let navigation = appearedNavigation(a)
        navigation.pushViewController(b, animated: true)
        frames(1.0 / 60)
        addTraceView("b", CGRect(x: 0, y: 0, width: 320, height: 480), to: b.view)
        _ = injector.tap(at: CGPoint(x: 160, y: 240))
        XCTAssertEqual(trace.flush(), [])
        frames(0.5)
        _ = injector.tap(at: CGPoint(x: 160, y: 240))
        XCTAssertEqual(trace.flush(), ["b.began(2)", "b.ended(2)"], "the first finger was ignored")
    }
}
