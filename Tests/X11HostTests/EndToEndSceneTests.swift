import Foundation
import HeadlessXorg
@testable import TouchSandbox
import UIKit
import X11Host
import X11TestSupport
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

extension EndToEndSceneTests {
    /// Keys change the screen with no touch after them (before, the window kept the old
    /// scene's caption until the next touch): a key is input, read in a run-loop turn
    /// whose frame shows what it changed. Each change is on screen in the first frame
    /// presented after the key.
    func testKeysRepaintTheWindowWithoutATouch() throws {
        try onMainActor {
            let harness = try SandboxHarness(scene: TapDoubleTapPanScene.self)
            defer { harness.close() }
            try harness.server.pointer.move(to: CGPoint(x: 500, y: 300))
            let caption = harness.app.galleryView.captionLabel
            let captionFrame = caption.convert(caption.bounds, to: nil)
            @MainActor func captionRow() -> [UInt32?] { row(harness, in: captionFrame) }
            XCTAssertFalse(captionRow().isEmpty)
            XCTAssertTrue(harness.runLoop { captionRow().contains { $0 != nil && !colorsMatch($0!, SandboxHarness.background, tolerance: 8) } },
                          "the caption shows")
            let before = captionRow()

            XCTAssertEqual(try framesUntilShown(in: harness.host, { captionRow() != before }) {
                try press(0xFF53, harness)  // Right
            }, 1, "→ shows the next scene's caption in the first frame after the key")

            // Tab opens the scene list; ↓ lights the scene below; Esc closes the list.
            let list = harness.app.galleryView.sceneList
            try press(0xFF09, harness)  // Tab
            XCTAssertTrue(harness.runLoop { !list.isHidden })
            harness.app.gallery.layoutIfNeeded()
            let below = list.buttons[list.highlightedIndex + list.columns]
            let belowFrame = below.convert(below.bounds, to: nil)
            let unlit = try XCTUnwrap(harness.runLoopValue { harness.pixel(at: CGPoint(x: belowFrame.minX + 3, y: belowFrame.midY)) })
            XCTAssertEqual(try framesUntilShown(in: harness.host, {
                harness.pixel(at: CGPoint(x: belowFrame.minX + 3, y: belowFrame.midY)).map { !colorsMatch($0, unlit, tolerance: 4) } ?? false
            }) {
                try press(0xFF54, harness)  // Down
            }, 1, "↓ lights the scene below, on screen, in the first frame")
            let listRow = row(harness, in: belowFrame)
            XCTAssertEqual(try framesUntilShown(in: harness.host, { row(harness, in: belowFrame) != listRow }) {
                try press(0xFF1B, harness)  // Escape
            }, 1, "Esc closes the list, on screen, in the first frame")
            XCTAssertTrue(list.isHidden)

            // H shows the help over the middle of the window; Esc takes it away again.
            let middle = CGRect(x: 0, y: harness.host.size.height / 2, width: harness.host.size.width, height: 1)
            _ = harness.runLoop(timeout: 0.3) { false }
            let withoutHelp = row(harness, in: middle)
            XCTAssertEqual(try framesUntilShown(in: harness.host, { row(harness, in: middle) != withoutHelp }) {
                try press(0x68, harness)  // h
            }, 1, "H shows the help in the first frame")
            XCTAssertTrue(harness.app.isOn(.tool(.help)))
            XCTAssertEqual(try framesUntilShown(in: harness.host, { row(harness, in: middle) == withoutHelp }) {
                try press(0xFF1B, harness)  // Escape
            }, 1, "Esc closes the help, on screen, in the first frame")
        }
    }

    /// A view changed from a main-queue block, a delayed perform or a timer, with no
    /// input at all, is on screen within a few frames.
    func testAChangeFromAMainQueueBlockOrATimerIsDrawnWithoutInput() throws {
        try onMainActor {
            let harness = try SandboxHarness(scene: TapDoubleTapPanScene.self)
            defer { harness.close() }
            let caption = harness.app.galleryView.captionLabel
            let frame = caption.convert(caption.bounds, to: nil)
            let probe = CGPoint(x: frame.minX + 2, y: frame.midY)
            let original = try XCTUnwrap(harness.runLoopValue { harness.pixel(at: probe) })
            DispatchQueue.main.async {
                MainActor.assumeIsolated { caption.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
            }
            XCTAssertTrue(harness.runLoop(timeout: 3) { harness.pixel(at: probe) == 0xFF0000 }, "a main-queue block's change shows")
            UIApplication.shared.schedule(afterDelay: 0.05) { caption.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
            XCTAssertTrue(harness.runLoop(timeout: 3) { harness.pixel(at: probe) == 0x0000FF }, "a delayed call's change shows")
            Task { @MainActor in caption.backgroundColor = nil }
            XCTAssertTrue(harness.runLoop(timeout: 3) { harness.pixel(at: probe) == original }, "a task's change shows")
        }
    }
}

/// Presses and releases the key of `keysym` on the headless server's keyboard.
@MainActor
private func press(_ keysym: UInt, _ harness: SandboxHarness) throws {
    let keycode = try XCTUnwrap(harness.host.connection.keycode(forKeysym: keysym), "the keymap has keysym \(keysym)")
    try harness.server.keyboard.key(keycode, isPress: true)
    try harness.server.keyboard.key(keycode, isPress: false)
}

/// The window's pixels along the middle row of `frame` (window points), in one read.
@MainActor
private func row(_ harness: SandboxHarness, in frame: CGRect) -> [UInt32?] {
    harness.pixels.row(of: harness.host.window.id, x: Int(frame.minX), y: Int(frame.midY), width: Int(frame.width)) ?? []
}

/// Whether a row of the window's pixels is all the scene's background.
@MainActor
private func rowIsBlank(_ harness: SandboxHarness, y: CGFloat, from minX: CGFloat, to maxX: CGFloat) -> Bool {
    stride(from: minX, to: maxX, by: 1).allSatisfy { x in
        harness.pixel(at: CGPoint(x: x, y: y)).map { colorsMatch($0, SandboxHarness.background, tolerance: 8) } ?? false
    }
}
