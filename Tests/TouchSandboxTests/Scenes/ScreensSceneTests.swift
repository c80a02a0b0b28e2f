@testable import TouchSandbox
@testable import UIKit
import XCTest
import TouchTestSupport

/// The screens scene: a navigation stack driven by taps and the back swipe, two strips
/// that compete with the swipe, a page sheet swiped away and an alert, with every
/// appearance call in the log, at the gallery's insets.
final class ScreensSceneTests: ListingTestCase {
    private var scene: ScreensScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(ScreensScene.self)
    }

    private func center(_ view: UIView) -> CGPoint {
        let frame = view.convert(view.bounds, to: window)
        return CGPoint(x: frame.midX, y: frame.midY)
    }

    private func flushLog() -> [String] {
        defer { loggedSoFar = scene.lifecycle.count }
        return Array(scene.lifecycle[loggedSoFar...])
    }
    private var loggedSoFar = 0

    func testOneAppearsWithTheSceneAndTheStackSitsLeftOfTheLog() async {
        XCTAssertEqual(flushLog(), ["One willAppear", "One didAppear"])
        XCTAssertEqual(scene.navigation.view.frame.minX, 0, "the back swipe starts at the window's edge")
        XCTAssertGreaterThan(scene.log.frame.minX, scene.navigation.view.frame.maxX)
        XCTAssertEqual(scene.navigation.navigationBar.convert(scene.navigation.navigationBar.bounds, to: window).minY, 44,
                       "the bar under the gallery's caption")
        XCTAssertEqual(scene.log.lineLabels.compactMap(\.text).suffix(2), ["One willAppear", "One didAppear"])
    }

    /// Push Two by its button, then the back swipe from the left edge over the waiting
    /// strip: the calls in iOS's order.
    func testPushAndTheBackSwipe() async throws {
        _ = flushLog()
        injector.tap(at: center(scene.one.buttons[0]))
        frames(0.6)
        XCTAssertEqual(flushLog(), ["One willDisappear", "Two willAppear", "One didDisappear", "Two didAppear"])
        let two = try XCTUnwrap(scene.navigation.topViewController as? TwoScreen)

        // On the first strip the strip scrolls and the stack stays.
        let winning = center(two.winningStrip)
        injector.drag(from: CGPoint(x: 6, y: winning.y), to: CGPoint(x: 300, y: winning.y), duration: 0.5, steps: 10)
        frames(0.6)
        XCTAssertTrue(scene.navigation.topViewController === two)
        XCTAssertEqual(flushLog(), [])
        XCTAssertLessThan(two.winningStrip.contentOffset.x, 0, "pulled past its start: it took the drag")

        // On the second the swipe wins and pops.
        let waiting = center(two.waitingStrip)
        injector.drag(from: CGPoint(x: 6, y: waiting.y), to: CGPoint(x: 400, y: waiting.y), duration: 0.5, steps: 10)
        frames(0.6)
        XCTAssertTrue(scene.navigation.topViewController === scene.one)
        XCTAssertEqual(flushLog(), ["Two willDisappear", "One willAppear", "Two didDisappear", "One didAppear"])
    }

    /// The sheet, swiped down past the threshold, goes; the log says so.
    func testTheSheetSwipedAway() async throws {
        _ = flushLog()
        injector.tap(at: center(scene.one.buttons[1]))
        frames(0.6)
        XCTAssertEqual(flushLog(), ["Sheet willAppear", "Sheet didAppear"], "One stays on screen under a sheet")
        let sheet = try XCTUnwrap(scene.presentedViewController?.presentationController?.presentedView)
        let top = sheet.convert(CGPoint(x: sheet.bounds.midX, y: 100), to: window)
        injector.drag(from: top, to: CGPoint(x: top.x, y: top.y + 400), duration: 0.6, steps: 12)
        frames(0.6)
        XCTAssertNil(scene.presentedViewController)
        XCTAssertEqual(flushLog(), ["Sheet willDisappear", "Sheet didDisappear", "sheet swiped away"])
    }

    /// The alert's Start over pops back to One.
    func testTheAlertStartsOver() async throws {
        let two = FlowScreen(title: "Two", color: .gray)
        two.onLifecycle = { [unowned scene] in scene!.note($0) }
        scene.navigation.pushViewController(two, animated: false)
        frames(0.1)
        _ = flushLog()
        scene.present(scene.makeAlert(), animated: true)
        frames(0.4)
        let alert = try XCTUnwrap(scene.presentedViewController as? UIAlertController)
        var startOver: UIView?
        alert.view.forEachInSubtree { view in
            if let button = view as? AlertActionButton, button.action.title == "Start over" { startOver = button }
        }
        injector.tap(at: center(try XCTUnwrap(startOver)))
        frames(1)
        XCTAssertEqual(flushLog(), ["alert: Start over", "Two willDisappear", "One willAppear", "Two didDisappear", "One didAppear"])
    }

    /// At every supported size the buttons and strips fit under the bar, the log beside.
    func testTheLayoutAtEverySupportedSize() async throws {
        for size in Self.supportedSizes {
            scene = show(ScreensScene.self, size: size)
            scene.navigation.pushViewController(TwoScreenProbe.make(), animated: false)
            frames(0.1)
            let two = try XCTUnwrap(scene.navigation.topViewController as? TwoScreen)
            let content = window.bounds.inset(by: Self.galleryInsets)
            for view in [scene.log!, two.winningStrip, two.waitingStrip] + two.buttons {
                let frame = view.convert(view.bounds, to: window)
                XCTAssertTrue(content.contains(frame), "\(size): \(type(of: view)) \(frame) inside \(content)")
            }
            for button in two.buttons { XCTAssertGreaterThanOrEqual(button.bounds.height, 44) }
            XCTAssertGreaterThan(two.waitingStrip.convert(two.waitingStrip.bounds, to: window).minY,
                                 two.winningStrip.convert(two.winningStrip.bounds, to: window).maxY)
        }
    }
}

/// A Two screen with its button, as the scene makes it.
@MainActor
private enum TwoScreenProbe {
    static func make() -> TwoScreen {
        let two = TwoScreen(title: "Two", color: .darkGray)
        two.addButton("Push Three") {}
        return two
    }
}
