import Foundation
import HeadlessXorg
@testable import SandboxDebugging
@testable import TouchSandbox
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// The debug layer's panels find free space over real scenes on the headless server, at
/// the three window sizes the sandbox is laid out for: the recognizer panel off the
/// scroll scene's switches, the meter and the paths note off hit-test-animation's lane
/// labels, the status line off the drag scene's column titles, and nothing over the
/// switches scene's rows at 640 × 480.
final class OverlayPlacementEndToEndTests: XCTestCase {
    private static let sizes = [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)]

    /// The shown panels and lines that cover some of the app's text or controls, named,
    /// with what they cover.
    @MainActor
    private static func overlaps(in harness: SandboxHarness) -> [String] {
        let view = harness.app.debugLayer.view
        view.layoutIfNeeded()
        let content = AppContentMap.rects(in: try! XCTUnwrap(harness.app.window))
        return [("HUD", view.hud as UIView), ("meter", view.meter), ("paths note", view.pathsNote), ("status", view.status)]
            .filter { !$0.1.isHidden }
            .flatMap { name, panel in content.filter { $0.intersects(panel.frame) }.map { "\(name) \(panel.frame) over \($0)" } }
    }

    @MainActor
    private static func frame(of view: UIView) -> CGRect {
        view.convert(view.bounds, to: nil)
    }

    /// A finger down at `point` and held, so the HUD has a sequence to show; the panels
    /// move clear of it on the next turn.
    @MainActor
    private static func hold(_ point: CGPoint, in harness: SandboxHarness) throws {
        try harness.server.touchscreen.touches([(1, .begin, point)])
        harness.waitForBatches(harness.batches.count + 1)
        _ = harness.runLoop(timeout: 0.3) { false }
    }

    @MainActor
    private static func lift(_ point: CGPoint, in harness: SandboxHarness) throws {
        try harness.server.touchscreen.touches([(1, .end, point)])
        harness.waitForBatches(harness.batches.count + 1)
    }

    func testTheRecognizerPanelKeepsOffTheScrollScenesSwitches() throws {
        try onMainActor {
            for size in Self.sizes {
                let harness = try SandboxHarness(scene: ScrollScene.self, size: size)
                defer { harness.close() }
                let layer = harness.app.debugLayer
                for tool in [DebugTool.gestures, .meter] { layer.set(tool, on: true) }
                let scene = try XCTUnwrap(harness.app.window?.rootViewController as? ScrollScene)
                let play = Self.frame(of: try XCTUnwrap(scene.rows.first?.button))
                let finger = CGPoint(x: play.midX, y: play.midY)
                try Self.hold(finger, in: harness)
                XCTAssertTrue(harness.runLoop { !layer.view.hud.isHidden }, "\(size): the HUD shows the touch's recognizers")
                let hud = layer.view.hud.frame
                for control in [scene.delaysSwitch!, scene.cancelsSwitch!] {
                    XCTAssertFalse(hud.intersects(Self.frame(of: control)), "\(size): the HUD \(hud) keeps off \(Self.frame(of: control))")
                }
                if size.width >= 1024 {
                    XCTAssertEqual(Self.overlaps(in: harness), [], "\(size): there is room for every panel off the app's content")
                }
                try Self.lift(finger, in: harness)
            }
        }
    }

    func testTheMeterAndThePathsNoteKeepOffTheLaneLabels() throws {
        try onMainActor {
            for size in Self.sizes.dropFirst() {
                let harness = try SandboxHarness(scene: HitTestAnimationScene.self, size: size)
                defer { harness.close() }
                let layer = harness.app.debugLayer
                for tool in [DebugTool.meter, .paths] { layer.set(tool, on: true) }
                layer.refreshPanels()
                layer.view.layoutIfNeeded()
                XCTAssertFalse(layer.view.meter.isHidden)
                XCTAssertFalse(layer.view.pathsNote.isHidden, "\(size): no layer in the scene hit-tests by path: the note says so")
                let scene = try XCTUnwrap(harness.app.window?.rootViewController as? HitTestAnimationScene)
                let lastLane = try XCTUnwrap(scene.lanes.last)
                let labels = Self.allLabels(in: lastLane.panel).filter { !($0.text ?? "").isEmpty }.map(AppContentMapText.box(of:))
                XCTAssertFalse(labels.isEmpty)
                for panel in [layer.view.meter as UIView, layer.view.pathsNote] {
                    for label in labels {
                        XCTAssertFalse(panel.frame.intersects(label), "\(size): \(panel.frame) keeps off lane 4's \(label)")
                    }
                }
                XCTAssertEqual(Self.overlaps(in: harness), [], "\(size)")
            }
        }
    }

    func testTheStatusLineKeepsOffTheDragScenesColumnTitles() throws {
        try onMainActor {
            for size in Self.sizes {
                let harness = try SandboxHarness(scene: DragScene.self, size: size)
                defer { harness.close() }
                let layer = harness.app.debugLayer
                layer.showStatus("saved touch-sandbox-drag-20261129-081500.png")
                layer.view.layoutIfNeeded()
                let status = layer.view.status.frame
                XCTAssertGreaterThan(status.width, 200)
                let titles = Self.allLabels(in: try XCTUnwrap(harness.app.window)).filter { $0.text?.hasPrefix("Recipe") ?? false }
                XCTAssertEqual(titles.count, 2)
                for title in titles.map(AppContentMapText.box(of:)) {
                    XCTAssertFalse(status.intersects(title), "\(size): the status line \(status) keeps off \(title)")
                }
            }
        }
    }

    /// At 640 × 480 the switches scene's rows fill the middle: the HUD and the meter
    /// still leave the Wi-Fi row's label and switch alone.
    func testThePanelsLeaveTheSwitchesRowsAloneAtTheSmallestSize() throws {
        try onMainActor {
            let harness = try SandboxHarness(scene: SwitchesScene.self, size: CGSize(width: 640, height: 480))
            defer { harness.close() }
            let layer = harness.app.debugLayer
            for tool in [DebugTool.gestures, .meter] { layer.set(tool, on: true) }
            let scene = try XCTUnwrap(harness.app.window?.rootViewController as? SwitchesScene)
            let wifi = try XCTUnwrap(scene.switches[.wifi])
            let bluetooth = Self.frame(of: try XCTUnwrap(scene.switches[.bluetooth]))
            let finger = CGPoint(x: bluetooth.midX, y: bluetooth.midY)
            try Self.hold(finger, in: harness)
            XCTAssertTrue(harness.runLoop { !layer.view.hud.isHidden })
            let row = Self.allLabels(in: try XCTUnwrap(wifi.superview)).first { $0.text == "Wi-Fi" }.map(AppContentMapText.box(of:))
            for panel in [layer.view.hud as UIView, layer.view.meter] {
                XCTAssertFalse(panel.frame.intersects(Self.frame(of: wifi)), "\(panel.frame) keeps off the Wi-Fi switch")
                if let row { XCTAssertFalse(panel.frame.intersects(row), "\(panel.frame) keeps off the Wi-Fi label") }
                XCTAssertFalse(DebugLayerView.isNear([finger], panel.frame), "and off the finger")
            }
            try Self.lift(finger, in: harness)
        }
    }

    @MainActor
    private static func allLabels(in view: UIView) -> [UILabel] {
        view.subviews.flatMap { subview -> [UILabel] in
            ((subview as? UILabel).map { [$0] } ?? []) + allLabels(in: subview)
        }
    }
}

/// A label's text box in window points, as `AppContentMap` sees it.
@MainActor
private enum AppContentMapText {
    static func box(of label: UILabel) -> CGRect {
        let width = min(label.bounds.width, label.sizeThatFits(label.bounds.size).width)
        let x: CGFloat = switch label.textAlignment {
        case .center: (label.bounds.width - width) / 2
        case .right: label.bounds.width - width
        default: 0
        }
        return label.convert(CGRect(x: x, y: 0, width: width, height: label.bounds.height), to: nil)
    }
}
