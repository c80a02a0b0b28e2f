@testable import UIKit
import XCTest

/// The page sheet's swipe down by injected fingers on the manual clock, in the 320 × 480
/// window (a phone's card: from y = 10, 480 high with its hidden strip).
final class SheetSwipeTests: UIKitTestCase {
    private let log = LoggingController.Log()
    /// Held here: a presentation holds its delegate weakly.
    private var delegate: PresentationDelegateLog?

    /// A sheet `B` presented over an appeared root, its delegate logging; log flushed.
    private func presentSheet() -> (LoggingController, LoggingController, PresentationDelegateLog) {
        let a = IsAppearingController("A", log: log), b = IsAppearingController("B", log: log)
        window.rootViewController = a
        window.layoutIfNeeded()
        let delegate = PresentationDelegateLog(log: log)
        self.delegate = delegate
        b.presentationController?.delegate = delegate
        a.present(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()
        return (a, b, delegate)
    }

    /// Moves a finger from `start` down by `steps` (points), a step every 1/60 s, then
    /// waits `hold` and lifts it.
    private func swipe(from start: CGPoint, by steps: [CGFloat], hold: TimeInterval = 0) {
        let finger = injector.touchDown(at: start)
        var y = start.y
        for step in steps {
            injector.wait(1.0 / 60)
            y += step
            injector.move(finger, to: CGPoint(x: start.x, y: y))
        }
        if hold > 0 {
            injector.wait(hold)
            injector.move(finger, to: CGPoint(x: start.x, y: y))
        }
        injector.touchUp(finger, at: CGPoint(x: start.x, y: y))
    }

    func testASheetSwipedPastTheThresholdIsDismissedByTheUser() async {
        let (a, b, _) = presentSheet()
        let sheet = b.presentationController!.presentedView!
        let finger = injector.touchDown(at: CGPoint(x: 160, y: 100))
        injector.wait(1.0 / 60)
        injector.move(finger, to: CGPoint(x: 160, y: 150))
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss", "B.willDisappear"], "when the sheet first moves")
        XCTAssertEqual(sheet.frame.minY, 60, accuracy: 0.01, "it follows the finger: 10 + 50")
        injector.wait(0.2)
        injector.move(finger, to: CGPoint(x: 160, y: 300))
        injector.wait(0.2)
        injector.move(finger, to: CGPoint(x: 160, y: 300))
        injector.touchUp(finger, at: CGPoint(x: 160, y: 300))
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.didDisappear", "delegate.didDismiss"], "past 40 % of the height, slowly")
        XCTAssertNil(a.presentedViewController)
        XCTAssertNil(b.view.window)
    }

    func testASheetLetGoShortSpringsBackAndAppearsAgain() async {
        let (a, b, _) = presentSheet()
        swipe(from: CGPoint(x: 160, y: 100), by: [20, 20, 20], hold: 0.3)
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss", "B.willDisappear", "B.willAppear"])
        frames(0.5)
        XCTAssertEqual(log.flush(), ["B.isAppearing width 320", "B.didAppear"])
        XCTAssertTrue(a.presentedViewController === b)
        XCTAssertEqual(b.presentationController!.presentedView!.frame.minY, 10)
        XCTAssertEqual(b.presentationController!.presentedView!.layer.presentation()!.frame.minY, 10, accuracy: 0.01)
    }

    func testAFlickDownDismissesShortOfTheThreshold() async {
        let (a, _, _) = presentSheet()
        swipe(from: CGPoint(x: 160, y: 100), by: [15, 30, 30])
        frames(0.5)
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss", "B.willDisappear", "B.didDisappear", "delegate.didDismiss"])
        XCTAssertNil(a.presentedViewController)
    }

    /// Modal in presentation (or refused by the delegate), the sheet gives a little and
    /// springs back, and the delegate hears of the attempt once per swipe.
    func testAModalSheetOnlyGivesALittle() async {
        let (a, b, delegate) = presentSheet()
        b.isModalInPresentation = true
        let finger = injector.touchDown(at: CGPoint(x: 160, y: 100))
        for y in stride(from: 120, through: 400, by: 40) {
            injector.wait(1.0 / 60)
            injector.move(finger, to: CGPoint(x: 160, y: CGFloat(y)))
        }
        XCTAssertEqual(b.presentationController!.presentedView!.frame.minY, 50, accuracy: 0.01, "40 points at most")
        injector.touchUp(finger, at: CGPoint(x: 160, y: 400))
        frames(0.5)
        XCTAssertEqual(log.flush(), ["delegate.didAttemptToDismiss"])
        XCTAssertTrue(a.presentedViewController === b)
        b.isModalInPresentation = false
        delegate.allows = false
        swipe(from: CGPoint(x: 160, y: 100), by: [40, 40, 40])
        frames(0.5)
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.didAttemptToDismiss"], "asked, and refused")
        XCTAssertTrue(a.presentedViewController === b)
    }

    /// Dismissed by code while a finger drags it, the sheet goes with that dismissal: no
    /// spring back, no viewWillAppear between.
    func testACodeDismissalDuringTheSwipeWins() async {
        let (a, b, _) = presentSheet()
        let finger = injector.touchDown(at: CGPoint(x: 160, y: 100))
        injector.wait(1.0 / 60)
        injector.move(finger, to: CGPoint(x: 160, y: 160))
        b.dismiss(animated: true)
        frames(0.6)
        injector.touchUp(finger, at: CGPoint(x: 160, y: 160))
        frames(0.2)
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss", "B.willDisappear", "B.didDisappear"])
        XCTAssertNil(a.presentedViewController)
    }

    /// Presented as a page sheet again after a full-screen presentation, the sheet still
    /// swipes down.
    func testTheSwipeSurvivesAnotherStyleInBetween() async {
        let (a, b, _) = presentSheet()
        b.dismiss(animated: false)
        window.layoutIfNeeded()
        b.modalPresentationStyle = .fullScreen
        a.present(b, animated: false)
        window.layoutIfNeeded()
        b.dismiss(animated: false)
        window.layoutIfNeeded()
        b.modalPresentationStyle = .pageSheet
        a.present(b, animated: false)
        window.layoutIfNeeded()
        _ = log.flush()
        swipe(from: CGPoint(x: 160, y: 100), by: [30, 60, 60, 60], hold: 0.3)
        frames(0.6)
        XCTAssertNil(a.presentedViewController, "swiped away")
    }

    /// A list in the sheet scrolls; dragged down at its top, it hands the drag to the
    /// sheet and stays at its top.
    func testAListInTheSheetHandsTheDragOverAtItsTop() async {
        let (a, b, _) = presentSheet()
        let list = UIScrollView(frame: CGRect(x: 0, y: 0, width: 320, height: 470))
        list.contentSize = CGSize(width: 320, height: 2000)
        b.view.addSubview(list)
        list.contentOffset.y = 100
        swipe(from: CGPoint(x: 160, y: 100), by: [20, 20, 20], hold: 0.3)
        frames(0.5)
        XCTAssertEqual(list.contentOffset.y, 50, accuracy: 0.01,
                       "scrolled back towards its top as a list does anywhere: 60 points less its 10-point hysteresis")
        XCTAssertEqual(log.flush(), [], "the sheet did not move")

        list.contentOffset.y = 0
        let finger = injector.touchDown(at: CGPoint(x: 160, y: 100))
        for y in stride(from: 120, through: 320, by: 20) {
            injector.wait(1.0 / 60)
            injector.move(finger, to: CGPoint(x: 160, y: CGFloat(y)))
        }
        XCTAssertEqual(list.contentOffset.y, 0, "the list stays at its top")
        XCTAssertGreaterThan(b.presentationController!.presentedView!.frame.minY, 150, "the sheet follows the finger")
        injector.wait(0.3)
        injector.move(finger, to: CGPoint(x: 160, y: 320))
        injector.touchUp(finger, at: CGPoint(x: 160, y: 320))
        frames(0.5)
        XCTAssertNil(a.presentedViewController, "dismissed")
    }
}
