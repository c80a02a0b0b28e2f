import UIKit
import XCTest

/// The recognizer HUD tells recognizers apart by gesture and configuration, or by the
/// name the app gave (`UIGestureRecognizer.name`).
final class UIGestureRecognizerSummaryTests: UIKitTestCase {
    func testEachBuiltInSaysItsGestureAndWhatDistinguishesIt() async {
        let doubleTap = UITapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        let twoFingerDoubleTap = UITapGestureRecognizer()
        twoFingerDoubleTap.numberOfTapsRequired = 2
        twoFingerDoubleTap.numberOfTouchesRequired = 2
        let left = UISwipeGestureRecognizer()
        left.direction = .left
        let vertical = UISwipeGestureRecognizer()
        vertical.direction = [.up, .down]
        let twoFingerPan = UIPanGestureRecognizer()
        twoFingerPan.maximumNumberOfTouches = 2
        let atLeastTwo = UIPanGestureRecognizer()
        atLeastTwo.minimumNumberOfTouches = 2
        let quickPress = UILongPressGestureRecognizer()
        quickPress.minimumPressDuration = 0.2
        let recognizers: [UIGestureRecognizer] = [
            UITapGestureRecognizer(), doubleTap, twoFingerDoubleTap, UISwipeGestureRecognizer(), left, vertical,
            UIPanGestureRecognizer(), twoFingerPan, atLeastTwo, UILongPressGestureRecognizer(), quickPress,
            UIPinchGestureRecognizer(), UIRotationGestureRecognizer(),
        ]
        XCTAssertEqual(recognizers.map(\.summary), [
            "Tap", "Tap \u{D7}2", "Tap \u{D7}2, 2 fingers", "Swipe \u{2192}", "Swipe \u{2190}", "Swipe \u{2191}\u{2193}",
            "Pan", "Pan 1\u{2013}2 fingers", "Pan 2+ fingers", "Long press 0.5 s", "Long press 0.2 s", "Pinch", "Rotation",
        ])
    }

    /// The edge pan says its edges; the navigation controller's back swipe and a page
    /// sheet's swipe are named for what they do.
    func testTheEdgePanAndTheTransitionsRecognizersAreNamed() async {
        let edgePan = UIScreenEdgePanGestureRecognizer()
        XCTAssertEqual(edgePan.summary, "Edge pan")
        edgePan.edges = [.left, .right]
        XCTAssertEqual(edgePan.summary, "Edge pan from left, right")
        let navigation = UINavigationController(rootViewController: UIViewController())
        XCTAssertEqual(navigation.interactivePopGestureRecognizer?.displayTitle, "Back swipe")
        XCTAssertEqual(navigation.interactivePopGestureRecognizer?.summary, "Edge pan from left")
        window.rootViewController = UIViewController()
        window.layoutIfNeeded()
        let sheet = UIViewController()
        window.rootViewController?.present(sheet, animated: false)
        let swipe = sheet.presentationController?.presentedView?.gestureRecognizers?.first
        XCTAssertEqual(swipe?.displayTitle, "Sheet swipe")
    }

    func testTheAppsNameComesFirstAndReachesTheTrace() async {
        let tap = UITapGestureRecognizer()
        XCTAssertNil(tap.name)
        XCTAssertEqual(tap.displayTitle, "Tap")
        tap.name = "close button tap"
        XCTAssertEqual(tap.displayTitle, "close button tap")

        GestureTrace.isEnabled = true
        defer { GestureTrace.isEnabled = false; GestureTrace.clear() }
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        view.addGestureRecognizer(tap)
        window.inject([sample(1, .began, 10, 10)])
        XCTAssertEqual(GestureTrace.entries.last?.title, "close button tap")
        window.inject([sample(1, .ended, 10, 10)])
    }
}
