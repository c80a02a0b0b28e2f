@testable import UIKit
import XCTest

/// Alerts and action sheets, by injected touches on the manual clock in the 320 × 480
/// window: where the buttons are, which action runs and when (after the dismissal), and
/// what a tap outside does.
final class UIAlertControllerTests: UIKitTestCase {
    private let log = LoggingController.Log()

    /// A root that has appeared, its log flushed.
    private func appearedRoot() -> LoggingController {
        let root = LoggingController("A", log: log)
        window.rootViewController = root
        window.layoutIfNeeded()
        _ = log.flush()
        return root
    }

    private func action(_ title: String, _ style: UIAlertAction.Style) -> UIAlertAction {
        UIAlertAction(title: title, style: style) { [log] action in
            log.lines.append("handler \(action.title ?? "")")
        }
    }

    /// The alert's buttons by title, with their frames in the window.
    private func buttons(of alert: UIAlertController) -> [String: CGRect] {
        var found: [String: CGRect] = [:]
        alert.view.forEachInSubtree { view in
            guard let button = view as? AlertActionButton, !button.isHidden else { return }
            found[button.action.title ?? ""] = button.convert(button.bounds, to: window)
        }
        return found
    }

    private func center(_ rect: CGRect?) -> CGPoint {
        CGPoint(x: rect?.midX ?? -1, y: rect?.midY ?? -1)
    }

    // MARK: - Alerts

    /// Two actions sit side by side in a 270 pt card in the middle, the cancel action on
    /// the left; the presenter hears nothing; a tapped action's handler runs once the
    /// alert has gone.
    func testAnAlertWithTwoActionsRunsTheTappedOneAfterItIsDismissed() async {
        let a = appearedRoot()
        let alert = UIAlertController(title: "Delete the drawing?", message: "This cannot be undone.", preferredStyle: .alert)
        alert.addAction(action("Delete", .destructive))
        alert.addAction(action("Cancel", .cancel))
        a.present(alert, animated: true) { self.log.lines.append("presented") }
        frames(0.3)
        XCTAssertEqual(log.flush(), ["presented"], "the presenter hears nothing")
        let frames = buttons(of: alert)
        let delete = frames["Delete"], cancel = frames["Cancel"]
        XCTAssertEqual(cancel?.size, CGSize(width: 135, height: 44))
        XCTAssertEqual(delete?.size, CGSize(width: 135, height: 44))
        XCTAssertEqual(cancel?.minX, 25, "the card is 270 pt wide, centred")
        XCTAssertEqual(delete?.minX, 160, "cancel on the left")
        XCTAssertEqual(cancel?.minY, delete?.minY)

        _ = injector.tap(at: center(delete))
        XCTAssertEqual(log.flush(), [], "not yet: the alert is going")
        self.frames(0.3)
        XCTAssertEqual(log.flush(), ["handler Delete"])
        XCTAssertNil(alert.view.window)
        XCTAssertNil(a.presentedViewController)
    }

    /// Three or more are stacked, 44 pt each, the cancel action last; the cancel action is
    /// bold unless another is preferred.
    func testThreeActionsAreStackedWithCancelLast() async {
        let a = appearedRoot()
        let alert = UIAlertController(title: "Colour", message: nil, preferredStyle: .alert)
        alert.addAction(action("Cancel", .cancel))
        alert.addAction(action("Red", .default))
        alert.addAction(action("Blue", .default))
        alert.preferredAction = alert.actions[2]
        a.present(alert, animated: false)
        window.layoutIfNeeded()
        let frames = buttons(of: alert)
        let red = frames["Red"]!, blue = frames["Blue"]!, cancel = frames["Cancel"]!
        XCTAssertEqual([red.minY + 44, blue.minY + 44], [blue.minY, cancel.minY])
        XCTAssertEqual(red.size, CGSize(width: 270, height: 44))
        var bold: [String: Bool] = [:]
        alert.view.forEachInSubtree { view in
            guard let button = view as? AlertActionButton else { return }
            bold[button.action.title ?? ""] = button.titleLabel.font.fontName.contains("Bold")
        }
        XCTAssertEqual(bold, ["Red": false, "Blue": true, "Cancel": false])
    }

    /// A tap outside an alert does nothing; a disabled action does nothing; a second
    /// cancel action is refused.
    func testAnAlertIgnoresTapsOutsideAndDisabledActions() async {
        let a = appearedRoot()
        let alert = UIAlertController(title: "Sign in", message: nil, preferredStyle: .alert)
        let ok = action("OK", .default)
        ok.isEnabled = false
        alert.addAction(ok)
        alert.addAction(action("Cancel", .cancel))
        alert.addAction(action("Also cancel", .cancel))
        XCTAssertEqual(alert.actions.map(\.title), ["OK", "Cancel"])
        XCTAssertEqual(logLines(containing: "can only have one action with the .cancel style").count, 1)
        a.present(alert, animated: false)
        window.layoutIfNeeded()
        _ = injector.tap(at: CGPoint(x: 20, y: 20))
        _ = injector.tap(at: center(buttons(of: alert)["OK"]))
        frames(0.3)
        XCTAssertEqual(log.flush(), [])
        XCTAssertTrue(alert.view.window === window)
        ok.isEnabled = true
        _ = injector.tap(at: center(buttons(of: alert)["OK"]))
        frames(0.3)
        XCTAssertEqual(log.flush(), ["handler OK"])
    }

    /// With more buttons than the window holds, the card stays inside it and the buttons
    /// scroll.
    func testTooManyActionsScroll() async {
        let a = appearedRoot()
        let alert = UIAlertController(title: "Pick one", message: nil, preferredStyle: .alert)
        for index in 1...14 { alert.addAction(action("Choice \(index)", .default)) }
        a.present(alert, animated: false)
        window.layoutIfNeeded()
        let scroll = alert.view.subviews.lazy.flatMap(\.subviews).compactMap { $0 as? UIScrollView }.first!
        let card = scroll.superview!.convert(scroll.superview!.bounds, to: window)
        XCTAssertGreaterThanOrEqual(card.minY, 20)
        XCTAssertLessThanOrEqual(card.maxY, 460)
        XCTAssertEqual(scroll.contentSize.height, 14 * 44)
        XCTAssertLessThan(scroll.bounds.height, scroll.contentSize.height)
    }

    // MARK: - Action sheets

    /// An action sheet sits at the bottom, its cancel action in a card of its own; a tap
    /// outside is the user's dismissal: the delegate hears it and the cancel action's
    /// handler runs once it has gone.
    func testAnActionSheetAtTheBottomTappedOutsideRunsItsCancelAction() async {
        let a = appearedRoot()
        let sheet = UIAlertController(title: nil, message: "Share the drawing", preferredStyle: .actionSheet)
        sheet.addAction(action("Cancel", .cancel))
        sheet.addAction(action("Save", .default))
        sheet.addAction(action("Delete", .destructive))
        let delegate = PresentationDelegateLog(log: log)
        sheet.presentationController?.delegate = delegate
        a.present(sheet, animated: true)
        frames(0.3)
        let frames = buttons(of: sheet)
        XCTAssertEqual(frames["Cancel"], CGRect(x: 8, y: 415, width: 304, height: 57), "8 pt from the edges")
        XCTAssertEqual(frames["Delete"]?.maxY, 407, "8 pt above the cancel card")
        XCTAssertEqual(frames["Save"]?.height, 57)

        _ = injector.tap(at: CGPoint(x: 160, y: 60))
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss"])
        self.frames(0.3)
        XCTAssertEqual(log.flush(), ["delegate.didDismiss", "handler Cancel"])
        XCTAssertNil(sheet.view.window)
    }

    /// Without a cancel action a tap outside just dismisses; modal in presentation, it
    /// only tells the delegate of the attempt.
    func testAnActionSheetTappedOutsideWithoutCancelOrModal() async {
        let a = appearedRoot()
        let sheet = UIAlertController(title: "Export", message: nil, preferredStyle: .actionSheet)
        sheet.addAction(action("PNG", .default))
        let delegate = PresentationDelegateLog(log: log)
        sheet.presentationController?.delegate = delegate
        sheet.isModalInPresentation = true
        a.present(sheet, animated: false)
        window.layoutIfNeeded()
        _ = injector.tap(at: CGPoint(x: 160, y: 60))
        frames(0.3)
        XCTAssertEqual(log.flush(), ["delegate.didAttemptToDismiss"])
        XCTAssertTrue(sheet.view.window === window)

        sheet.isModalInPresentation = false
        _ = injector.tap(at: CGPoint(x: 160, y: 60))
        frames(0.3)
        XCTAssertEqual(log.flush(), ["delegate.shouldDismiss", "delegate.willDismiss", "delegate.didDismiss"])
        XCTAssertNil(sheet.view.window)
    }
}
