import Foundation
import HeadlessXorg
@testable import TouchSandbox
import UIKit
import X11Host
import XCTest

/// A scene driven end to end: real XI2 touches and key presses from the headless
/// server's virtual touchscreen and keyboard, through the sandbox's chrome and UIKit's
/// recognizers, to pixels read back from the X window.
final class EndToEndSceneTests: XCTestCase {
    func testADoubleTapOnTapDoublePanFiresDoubleAndNotSingleAndTheLogShowsIt() throws {
        try onMainActor {
            let harness = try SandboxHarness(scene: TapDoubleTapPanScene.self)
            defer { harness.close() }
            let scene = try XCTUnwrap(harness.app.window?.rootViewController as? TapDoubleTapPanScene)
            let center = try XCTUnwrap(scene.square).center
            let newest = scene.actionLog.lineLabels[scene.actionLog.lineLabels.count - 1]
            let line = newest.convert(newest.bounds, to: nil)
            XCTAssertTrue(rowIsBlank(harness, y: line.midY, from: line.minX, to: line.maxX), "the log starts empty")

            try harness.server.touchscreen.touches([(1, .begin, center)])
            harness.waitForBatches(1)
            try harness.server.touchscreen.touches([(1, .end, center)])
            harness.waitForBatches(2)
            try harness.server.touchscreen.touches([(2, .begin, center)])
            harness.waitForBatches(3)
            try harness.server.touchscreen.touches([(2, .end, center)])
            harness.waitForBatches(4)
            // Past the single tap's wait for the double tap to fail: a single would show now.
            _ = harness.runLoop(timeout: 0.6) { false }
            XCTAssertEqual(scene.gestures.actionLog, ["double"])
            XCTAssertTrue(harness.runLoop { !rowIsBlank(harness, y: line.midY, from: line.minX, to: line.maxX) },
                          "the newest log line is drawn in the window")
        }
    }

    func testTheToolbarAndTheArrowKeysWorkFromRealInputWithoutTouchingTheScene() throws {
        try onMainActor {
            let harness = try SandboxHarness(scene: TapDoubleTapPanScene.self)
            defer { harness.close() }
            let scene = try XCTUnwrap(harness.app.window?.rootViewController as? TapDoubleTapPanScene)
            harness.app.debugLayer.window.layoutIfNeeded()
            let button = try XCTUnwrap(harness.app.debugLayer.view.toolbar.buttons.first { $0.currentTitle == "Spots \u{B7} S" })
            let frame = button.convert(button.bounds, to: nil)
            let point = CGPoint(x: frame.midX, y: frame.midY)
            XCTAssertTrue(harness.app.spots.isVisible)
            try harness.server.touchscreen.touches([(1, .begin, point)])
            harness.waitForBatches(1)
            try harness.server.touchscreen.touches([(1, .end, point)])
            harness.waitForBatches(2)
            XCTAssertFalse(harness.app.spots.isVisible, "the Spots button toggled the overlay")
            XCTAssertEqual(scene.gestures.actionLog, [], "the scene never saw the toolbar's touch")

            let next = SceneCatalog.all[(SceneCatalog.all.firstIndex { $0 == TapDoubleTapPanScene.self }! + 1) % SceneCatalog.all.count]
            // Without a window manager the keyboard follows the pointer (focus PointerRoot).
            try harness.server.pointer.move(to: CGPoint(x: 500, y: 300))
            let rightArrow = try XCTUnwrap(harness.host.connection.keycode(forKeysym: 0xFF53), "the keymap has a Right arrow")
            try harness.server.keyboard.key(rightArrow, isPress: true)
            try harness.server.keyboard.key(rightArrow, isPress: false)
            XCTAssertTrue(harness.runLoop { harness.app.sceneType == next }, "Right opens the next scene")
            XCTAssertTrue(harness.app.window?.rootViewController.map { type(of: $0) == next } ?? false)
        }
    }
}

/// Whether a row of the window's pixels is all the scene's background.
@MainActor
private func rowIsBlank(_ harness: SandboxHarness, y: CGFloat, from minX: CGFloat, to maxX: CGFloat) -> Bool {
    stride(from: minX, to: maxX, by: 1).allSatisfy { x in
        harness.pixel(at: CGPoint(x: x, y: y)).map { colorsMatch($0, SandboxHarness.background, tolerance: 8) } ?? false
    }
}
