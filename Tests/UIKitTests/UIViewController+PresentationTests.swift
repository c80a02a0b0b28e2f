@testable import UIKit
import XCTest

/// Modal presentation, call by call, on the manual clock. Not animated, the hierarchy
/// changes at once and the calls come at the window's next layout pass
/// (`layoutIfNeeded()` here; the run loop's before each frame); animated, the will-calls
/// come at that pass and the did-calls when the animation ends (`frames(_:)` runs the
/// frames). The order between presenter and presented is the one iOS has been observed to
/// use for a full-screen presentation (velog.io/@rudin_, "iOS LifeCycle in Modal").
final class UIViewControllerPresentationTests: UIKitTestCase {
    private let log = LoggingController.Log()
    private func controller(_ name: String) -> LoggingController { LoggingController(name, log: log) }

    /// A root that has appeared, its log flushed.
    private func appearedRoot(_ name: String = "A") -> LoggingController {
        let root = controller(name)
        window.rootViewController = root
        window.layoutIfNeeded()
        _ = log.flush()
        return root
    }

    // MARK: - Full screen

    func testAFullScreenPresentationWithoutAnimationIsHeardAtTheNextLayoutPass() async {
        let a = appearedRoot(), b = controller("B")
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false) { self.log.lines.append("completion") }
        XCTAssertEqual(log.flush(), [], "deferred to the layout pass")
        XCTAssertTrue(b.view.window === window, "the hierarchy changes at once")
        XCTAssertNil(a.view.superview, "a full-screen presentation takes the presenter's view out")
        XCTAssertTrue(a.presentedViewController === b)
        XCTAssertTrue(b.presentingViewController === a)
        XCTAssertTrue(b.isBeingPresented)
        XCTAssertEqual(b.view.frame, window.bounds)

        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear", "B.didAppear", "A.didDisappear", "completion"])
        XCTAssertFalse(b.isBeingPresented)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [], "once")
    }

    func testAFullScreenDismissalWithoutAnimationIsTheMirrorImage() async {
        let a = appearedRoot(), b = PresentingLogController("B", log: log)
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()

        b.dismiss(animated: false) { self.log.lines.append("completion") }
        XCTAssertTrue(a.view.superview === window, "the presenter's view is back at once")
        XCTAssertNil(b.view.window, "the presented view left at once")
        XCTAssertTrue(b.isBeingDismissed)
        XCTAssertEqual(log.flush(), [])
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willDisappear presented by A", "A.willAppear", "A.didAppear",
                                     "B.didDisappear presented by nobody", "completion"],
                       "the links are cut before the presented controller's viewDidDisappear")
        XCTAssertNil(a.presentedViewController)
        XCTAssertNil(b.presentingViewController)
        XCTAssertFalse(b.isBeingDismissed)
    }

    /// Animated: the will-calls at the next layout pass, the view slides up from the
    /// bottom edge (the presenter stays in the window until the end), then the did-calls.
    func testAnAnimatedFullScreenPresentationSlidesUpThenCallsTheDidMethods() async {
        let a = appearedRoot(), b = controller("B")
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: true) { self.log.lines.append("completion") }
        XCTAssertEqual(log.flush(), [])
        frames(1.0 / 60)
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear"])
        XCTAssertTrue(a.view.superview === window, "the presenter stays until the transition ends")
        frames(0.15)
        let y = b.view.layer.presentation()!.frame.minY
        XCTAssertGreaterThan(y, 0)
        XCTAssertLessThan(y, 480, "on its way up")
        XCTAssertEqual(b.view.frame, window.bounds, "the model is where it ends")
        frames(0.3)
        XCTAssertEqual(log.flush(), ["B.didAppear", "A.didDisappear", "completion"])
        XCTAssertNil(a.view.superview)
        XCTAssertEqual(b.view.layer.presentation()!.frame.minY, 0)

        b.dismiss(animated: true) { self.log.lines.append("dismissed") }
        XCTAssertTrue(a.view.superview === window)
        frames(1.0 / 60)
        XCTAssertEqual(log.flush(), ["B.willDisappear", "A.willAppear"])
        frames(0.15)
        XCTAssertGreaterThan(b.view.layer.presentation()!.frame.minY, 0, "on its way down")
        XCTAssertTrue(b.view.window === window)
        frames(0.3)
        XCTAssertEqual(log.flush(), ["A.didAppear", "B.didDisappear", "dismissed"])
        XCTAssertNil(b.view.window)
    }

    /// `viewIsAppearing` comes at the end of the layout pass that starts the
    /// presentation, with the view laid out: not animated, before the did-calls;
    /// animated, before the animation runs.
    func testViewIsAppearingComesWhenThePresentationStarts() async {
        let a = appearedRoot()
        let b = IsAppearingController("B", log: log)
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear", "B.isAppearing width 320", "B.didAppear", "A.didDisappear"])
        b.dismiss(animated: false)
        window.layoutIfNeeded()
        _ = log.flush()

        a.present(b, animated: true)
        frames(1.0 / 60)
        XCTAssertEqual(log.flush(), ["A.willDisappear", "B.willAppear", "B.isAppearing width 320"])
        frames(0.4)
        XCTAssertEqual(log.flush(), ["B.didAppear", "A.didDisappear"])
    }

    /// A cross-dissolve fades the presented view in and out.
    func testACrossDissolveFadesTheViewInAndOut() async {
        let a = appearedRoot(), b = controller("B")
        b.modalPresentationStyle = .overFullScreen
        b.modalTransitionStyle = .crossDissolve
        a.present(b, animated: true)
        frames(0.15)
        let opacity = b.view.layer.presentation()!.opacity
        XCTAssertGreaterThan(opacity, 0)
        XCTAssertLessThan(opacity, 1)
        XCTAssertEqual(b.view.layer.presentation()!.frame, window.bounds, "it does not move")
        frames(0.3)
        XCTAssertEqual(b.view.layer.presentation()!.opacity, 1)
        b.dismiss(animated: true)
        frames(0.15)
        XCTAssertLessThan(b.view.layer.presentation()!.opacity, 1)
        frames(0.3)
        XCTAssertNil(b.view.window)
        XCTAssertEqual(b.view.alpha, 1, "left opaque for its next showing")
    }

    // MARK: - Over full screen and page sheets

    /// Over full screen and as a page sheet, the presenter stays on screen and hears
    /// nothing, as on iOS.
    func testThePresenterHearsNothingOverFullScreenOrUnderAPageSheet() async {
        for style in [UIModalPresentationStyle.overFullScreen, .pageSheet, .automatic] {
            let a = appearedRoot(), b = controller("B")
            b.modalPresentationStyle = style
            a.present(b, animated: false)
            window.layoutIfNeeded()
            XCTAssertEqual(log.flush(), ["B.willAppear", "B.didAppear"], "\(style)")
            XCTAssertTrue(a.view.superview === window, "\(style): the presenter stays in the window")
            b.dismiss(animated: false)
            window.layoutIfNeeded()
            XCTAssertEqual(log.flush(), ["B.willDisappear", "B.didDisappear"], "\(style)")
        }
    }

    /// `.automatic` is a page sheet; at 320 pt wide (a phone) it spans the width from
    /// 10 pt below the top and hides its bottom corners below the edge; its content
    /// stops at the window's edge.
    func testAPageSheetInACompactWindowIsAPhonesCard() async {
        let a = appearedRoot(), b = controller("B")
        a.present(b, animated: false)
        window.layoutIfNeeded()
        let presentation = b.presentationController!
        XCTAssertEqual(presentation.presentationStyle, .pageSheet)
        XCTAssertEqual(presentation.presentedView?.frame, CGRect(x: 0, y: 10, width: 320, height: 480))
        XCTAssertEqual(b.view.convert(b.view.bounds, to: window), CGRect(x: 0, y: 10, width: 320, height: 470))
        XCTAssertEqual(presentation.dimmingView?.frame, window.bounds)
    }

    /// At 1024 × 768 (iPad-like, regular width) the sheet is a 704 pt card, centred, 30 pt
    /// inside the top and bottom; it follows the window's size.
    func testAPageSheetInARegularWindowIsACentredCard() async {
        window.frame = CGRect(x: 0, y: 0, width: 1024, height: 768)
        let a = appearedRoot(), b = controller("B")
        a.present(b, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(b.view.convert(b.view.bounds, to: window), CGRect(x: 160, y: 30, width: 704, height: 708))
        window.frame = CGRect(x: 0, y: 0, width: 1920, height: 1080)
        window.layoutIfNeeded()
        XCTAssertEqual(b.view.convert(b.view.bounds, to: window), CGRect(x: 608, y: 30, width: 704, height: 1020))
        window.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        window.layoutIfNeeded()
        XCTAssertEqual(b.view.convert(b.view.bounds, to: window), CGRect(x: 0, y: 10, width: 640, height: 470))
    }

    // MARK: - Refusals

    func testPresentingWhileAlreadyPresentingIsRefusedWithAWarning() async {
        let a = appearedRoot(), b = controller("B"), c = controller("C")
        a.present(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()
        var completed = false
        a.present(c, animated: false) { completed = true }
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), [])
        XCTAssertFalse(completed)
        XCTAssertNil(c.presentingViewController)
        XCTAssertEqual(logLines(containing: "Attempt to present LoggingController on LoggingController: LoggingController is already presenting LoggingController").count, 1)
    }

    func testPresentingOrDismissingDuringATransitionIsRefused() async {
        let a = appearedRoot(), b = controller("B"), c = controller("C")
        a.present(b, animated: true)
        frames(0.1)
        b.present(c, animated: false)
        XCTAssertNil(b.presentedViewController)
        XCTAssertEqual(logLines(containing: "a presentation or dismissal is under way").count, 1)
        b.dismiss(animated: false)
        XCTAssertEqual(logLines(containing: "Attempt to dismiss from LoggingController while a presentation or dismissal is under way").count, 1)
        frames(0.4)
        XCTAssertTrue(a.presentedViewController === b, "the first presentation went on")
    }

    func testPresentingFromAViewOutsideAWindowOrWithNothingToDismissIsRefused() async {
        let loose = controller("L"), b = controller("B")
        loose.present(b, animated: false)
        XCTAssertNil(loose.presentedViewController)
        XCTAssertEqual(logLines(containing: "is not in a window; present from viewDidAppear or later").count, 1)
        var completed = false
        loose.dismiss(animated: false) { completed = true }
        XCTAssertFalse(completed)
        XCTAssertEqual(logLines(containing: "nothing to dismiss").count, 1)
    }

    // MARK: - Chains and children

    /// A child presents from its outermost container; dismissing the presenter takes the
    /// whole chain away, only the topmost animating.
    func testAChildPresentsFromItsContainerAndADismissalTakesTheChain() async {
        let a = appearedRoot(), child = controller("child"), b = controller("B"), c = controller("C")
        a.addChild(child)
        a.view.addSubview(child.view)
        child.didMove(toParent: a)
        _ = log.flush()
        b.modalPresentationStyle = .fullScreen
        child.present(b, animated: false)
        window.layoutIfNeeded()
        XCTAssertTrue(b.presentingViewController === a, "presented from the outermost container")
        XCTAssertTrue(child.presentedViewController === b)
        XCTAssertEqual(log.flush(), ["A.willDisappear", "child.willDisappear", "B.willAppear", "B.didAppear",
                                     "A.didDisappear", "child.didDisappear"])
        c.modalPresentationStyle = .overFullScreen
        b.present(c, animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["C.willAppear", "C.didAppear"])

        a.dismiss(animated: true)
        XCTAssertNil(b.view.window, "the containers under the topmost leave at once")
        XCTAssertTrue(c.view.window === window, "the topmost animates out")
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.willDisappear", "C.willDisappear", "A.willAppear", "child.willAppear",
                                     "A.didAppear", "child.didAppear", "B.didDisappear", "C.didDisappear"])
        XCTAssertNil(a.presentedViewController)
        XCTAssertNil(b.presentedViewController)
        XCTAssertNil(c.presentingViewController)
        XCTAssertEqual(window.subviews.map { $0 === a.view }, [true], "only the root's view is left")
    }

    // MARK: - The window

    /// A presentation over a window's root goes with the root when the root changes,
    /// and hiding and showing the window make the presented controller disappear and
    /// appear (the covered root stays as it was).
    func testTheWindowsRootAndVisibilityReachThePresentedControllers() async {
        let a = appearedRoot(), b = controller("B")
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()
        window.isHidden = true
        XCTAssertEqual(log.flush(), ["B.willDisappear", "B.didDisappear"])
        window.isHidden = false
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willAppear", "B.didAppear"])

        let z = controller("Z")
        window.rootViewController = z
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willDisappear", "Z.willAppear", "B.didDisappear", "Z.didAppear"])
        XCTAssertNil(a.presentedViewController)
        XCTAssertNil(b.view.window)
        XCTAssertEqual(window.subviews.count, 1)
    }

    /// The window hidden in the middle of an animated presentation: the transition ends
    /// at once, and the presented controller then disappears with the window.
    func testHidingTheWindowMidTransitionEndsIt() async {
        let a = appearedRoot(), b = controller("B")
        var completed = false
        a.present(b, animated: true) { completed = true }
        frames(0.1)
        _ = log.flush()
        window.isHidden = true
        XCTAssertTrue(completed)
        XCTAssertEqual(log.flush(), ["B.didAppear", "A.willDisappear", "B.willDisappear", "A.didDisappear", "B.didDisappear"],
                       "a page sheet: the presenter was on screen too")
        XCTAssertNil(window.modalTransition)
    }

    // MARK: - Touches

    /// During a transition the window takes no new finger, for its whole life; a finger
    /// already on the leaving presenter is cancelled at its view and its recognizer when
    /// the transition starts. After it, fingers reach the presented view.
    func testTouchesDuringATransition() async {
        let a = appearedRoot(), b = controller("B")
        b.modalPresentationStyle = .fullScreen
        addTraceView("a", CGRect(x: 0, y: 0, width: 320, height: 480), to: a.view)
        let pan = attach(UIPanGestureRecognizer(), as: "pan", to: a.view)
        pan.cancelsTouchesInView = false
        let held = injector.touchDown(at: CGPoint(x: 50, y: 50))
        injector.move(held, to: CGPoint(x: 50, y: 90))
        XCTAssertEqual(trace.flush(), ["a.began(1)", "pan.began", "a.moved(1)"])

        a.present(b, animated: true)
        let ignored = injector.touchDown(at: CGPoint(x: 100, y: 100))
        frames(1.0 / 60)
        XCTAssertEqual(trace.flush(), ["pan.cancelled", "a.cancelled(1)"],
                       "cancelled at the recognizer and the view when the transition starts; the new finger ignored")
        injector.move(ignored, to: CGPoint(x: 110, y: 110))
        frames(0.5)
        injector.touchUp(ignored, at: CGPoint(x: 110, y: 110))
        injector.touchUp(held, at: CGPoint(x: 50, y: 50))
        XCTAssertEqual(trace.flush(), [])

        addTraceView("b", CGRect(x: 0, y: 0, width: 320, height: 480), to: b.view)
        _ = injector.tap(at: CGPoint(x: 100, y: 100))
        XCTAssertEqual(trace.flush(), ["b.began(3)", "b.ended(3)"])
        XCTAssertEqual(logLines(containing: "ignored: a modal transition is under way in its window").count, 1)
    }

    // MARK: - The presentation delegate

    /// The user's dismissal asks the delegate and tells it; one the app makes does not.
    func testTheDelegateHearsOnlyTheUsersDismissals() async {
        let a = appearedRoot(), b = controller("B")
        let delegate = PresentationDelegateLog(log: log)
        b.presentationController?.delegate = delegate
        a.present(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()

        b.isModalInPresentation = true
        XCTAssertFalse(b.presentationController!.dismissByUser(animated: false))
        XCTAssertEqual(log.flush(), ["delegate.didAttemptToDismiss"], "modal in presentation: not even asked")
        b.isModalInPresentation = false
        delegate.allows = false
        XCTAssertFalse(b.presentationController!.dismissByUser(animated: false))
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.didAttemptToDismiss"])
        delegate.allows = true
        XCTAssertTrue(b.presentationController!.dismissByUser(animated: true) { self.log.lines.append("completion") })
        frames(0.5)
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss", "B.willDisappear",
                                     "B.didDisappear", "delegate.didDismiss", "completion"])

        a.present(b, animated: false)
        window.layoutIfNeeded()
        b.dismiss(animated: false)
        window.layoutIfNeeded()
        XCTAssertEqual(log.flush(), ["B.willAppear", "B.didAppear", "B.willDisappear", "B.didDisappear"])
    }
}

/// Also logs, in its disappearance calls, who presents it.
private final class PresentingLogController: LoggingController {
    override func viewWillDisappear(_ animated: Bool) {
        log.lines.append("\(name).willDisappear presented by \((presentingViewController as? LoggingController)?.name ?? "nobody")")
    }
    override func viewDidDisappear(_ animated: Bool) {
        log.lines.append("\(name).didDisappear presented by \((presentingViewController as? LoggingController)?.name ?? "nobody")")
    }
}
