import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// The debug layer laid out for fingers at the smallest and the largest screen, at
/// `--scale` 1 and 2: every panel and bar inside the screen, none over another, every
/// button at least 44 points, no type under 13 points; and the paths overlay's note.
final class DebugLayerLayoutTests: OverlayTestCase {
    private var layer: DebugLayer!

    override func tearDown() async throws {
        if let layer {
            for tool in DebugTool.overlays { layer.set(tool, on: false) }
            layer.detach()
        }
        layer = nil
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        UIScreen.main.scale = 1
        try await super.tearDown()
    }

    /// A debug layer over an app window of `size`, every overlay on, the toolbar open, a
    /// status line showing and a finger down on a view with recognizers (so the HUD shows).
    private func makeLayer(_ size: CGSize, scale: CGFloat = 1, recognizers: Int = 3) {
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        UIScreen.main.scale = scale
        window.frame = UIScreen.main.bounds
        let target = UIView(frame: CGRect(x: size.width / 2 - 50, y: size.height / 2 - 50, width: 100, height: 100))
        window.addSubview(target)
        for _ in 0..<recognizers { target.addGestureRecognizer(UIPanGestureRecognizer()) }
        layer = DebugLayer(configuration: DebugLayerConfiguration(tools: Set(DebugTool.overlays), showsToolbar: true))
        layer.topInset = 44
        layer.attach(to: window)
        layer.showStatus("saved touch-debug-20261125-014400.png")
        let down = [sample(1, .began, size.width / 2, size.height / 2)]
        window.inject(down)
        _ = layer.apply(down)
        layer.view.layoutIfNeeded()
    }

    /// Every panel and bar shown, by name.
    private var shownFrames: [(String, CGRect)] {
        let view = layer.view
        let all: [(String, UIView)] = [("toolbar", view.toolbar), ("overflow", view.toolbar.overflowPanel), ("help", view.help),
                                       ("status", view.status), ("handle", view.handle), ("HUD", view.hud),
                                       ("meter", view.meter), ("paths note", view.pathsNote)]
        return all.filter { !$0.1.isHidden && $0.1.frame.height > 0 }.map { ($0.0, $0.1.frame) }
    }

    private func assertLaidOutForFingers(_ label: String, file: StaticString = #filePath, line: UInt = #line) {
        let screen = layer.view.bounds
        let frames = shownFrames
        for (name, frame) in frames {
            XCTAssertTrue(screen.contains(frame), "\(label): \(name) \(frame) inside \(screen)", file: file, line: line)
            if !["toolbar", "overflow", "handle"].contains(name) {
                XCTAssertGreaterThanOrEqual(frame.minY, 44 + DebugLayerView.panelMargin, "\(label): \(name) below the app's bar",
                                            file: file, line: line)
            }
        }
        for (index, (name, frame)) in frames.enumerated() {
            for (other, otherFrame) in frames[(index + 1)...] {
                let overlap = frame.intersection(otherFrame)
                XCTAssertTrue(overlap.isNull || overlap.isEmpty, "\(label): \(name) \(frame) over \(other) \(otherFrame)",
                              file: file, line: line)
            }
        }
        for button in Self.all(UIButton.self, in: layer.view) where !Self.isHidden(button, in: layer.view) {
            XCTAssertGreaterThanOrEqual(button.frame.width, 44, "\(label): \(button.currentTitle ?? "")", file: file, line: line)
            XCTAssertGreaterThanOrEqual(button.frame.height, 44, "\(label): \(button.currentTitle ?? "")", file: file, line: line)
        }
        for text in Self.all(UILabel.self, in: layer.view) {
            XCTAssertGreaterThanOrEqual(text.font.pointSize, 13, "\(label): \(text.text ?? "")", file: file, line: line)
        }
    }

    private static func all<T: UIView>(_ type: T.Type, in view: UIView) -> [T] {
        view.subviews.flatMap { ($0 as? T).map { [$0] } ?? [] + all(type, in: $0) }
    }

    private static func isHidden(_ view: UIView, in root: UIView) -> Bool {
        var current: UIView? = view
        while let shown = current, shown !== root {
            if shown.isHidden { return true }
            current = shown.superview
        }
        return false
    }

    func testEverythingFitsForFingersAtTheSmallestAndLargestScreenAtEitherScale() async {
        for size in [CGSize(width: 640, height: 480), CGSize(width: 1920, height: 1080)] {
            for scale in [1, 2] as [CGFloat] {
                makeLayer(size, scale: scale)
                let label = "\(Int(size.width))×\(Int(size.height)) @\(Int(scale))x"
                XCTAssertEqual(Set(shownFrames.map(\.0)), ["toolbar", "status", "HUD", "meter", "paths note"], label)
                assertLaidOutForFingers(label)
                // The overflow panel open (640 points hold only some of the buttons).
                if !layer.view.toolbar.moreButton.isHidden {
                    layer.view.toolbar.moreButton.sendActions(for: .touchUpInside)
                    layer.view.setNeedsLayout()
                    layer.view.layoutIfNeeded()
                    XCTAssertTrue(shownFrames.contains { $0.0 == "overflow" }, label)
                    assertLaidOutForFingers(label + ", overflow open")
                }
                // The help open: panels with no room left hide rather than cover it.
                layer.setHelpVisible(true)
                layer.view.layoutIfNeeded()
                XCTAssertTrue(shownFrames.contains { $0.0 == "help" }, label)
                assertLaidOutForFingers(label + ", help open")
                if size.width >= 1920 {
                    XCTAssertEqual(Set(shownFrames.map(\.0)).intersection(["HUD", "meter", "paths note"]),
                                   ["HUD", "meter", "paths note"], "\(label): room for all beside the help")
                }
                let up = [sample(1, .ended, size.width / 2, size.height / 2)]
                window.inject(up)
                _ = layer.apply(up)
                for tool in DebugTool.overlays { layer.set(tool, on: false) }
                layer.detach()
                for view in window.subviews { view.removeFromSuperview() }
            }
        }
    }

    func testThePanelsTakeThePointSizesAtEveryScale() async {
        makeLayer(CGSize(width: 1024, height: 768), scale: 1)
        let atOne = shownFrames.map(\.1)
        tearDownLayer()
        makeLayer(CGSize(width: 1024, height: 768), scale: 2)
        XCTAssertEqual(shownFrames.map(\.1), atOne, "points, not pixels")
    }

    private func tearDownLayer() {
        let up = [sample(1, .ended, 512, 384)]
        window.inject(up)
        _ = layer.apply(up)
        for tool in DebugTool.overlays { layer.set(tool, on: false) }
        layer.detach()
        for view in window.subviews { view.removeFromSuperview() }
        // A new touch sequence, from a clean trace.
        clock.advance(by: 5)
        GestureTrace.clear()
    }

    func testTheDrawnPanelsUseNoTypeUnderThirteenPoints() async {
        XCTAssertGreaterThanOrEqual(PerformanceMeterView.textSize, 13)
        XCTAssertGreaterThanOrEqual(PerformanceMeterView.rateSize, 13)
        XCTAssertGreaterThanOrEqual(RecognizerHUDLayout.textSize, 13)
        XCTAssertGreaterThanOrEqual(RecognizerHUDLayout.noteSize, 13)
        XCTAssertGreaterThanOrEqual(RecognizerHUDLayout.legendSize, 13)
    }

    /// Many recognizers on a small screen: the HUD keeps to the room there is and counts
    /// the rest.
    func testACrowdedHUDStopsAboveWhatIsBelowIt() async {
        makeLayer(CGSize(width: 640, height: 480), recognizers: 12)
        let layout = try! XCTUnwrap(layer.view.hud.layout)
        XCTAssertGreaterThan(layout.hiddenRows, 0)
        assertLaidOutForFingers("640×480, 12 recognizers")
        XCTAssertLessThanOrEqual(layer.view.hud.frame.maxY, layer.view.contentArea.maxY)
    }

    // MARK: - The paths note

    func testThePathsOverlaySaysWhyItShowsNothingUntilALayerHitTestsByPath() async {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        window.frame = UIScreen.main.bounds
        layer = DebugLayer(configuration: DebugLayerConfiguration(showsHandle: false))
        layer.attach(to: window)
        XCTAssertTrue(layer.view.pathsNote.isHidden)
        XCTAssertTrue(layer.window.isHidden, "nothing to show")
        layer.set(.paths, on: true)
        layer.view.layoutIfNeeded()
        XCTAssertFalse(layer.view.pathsNote.isHidden, "on, with nothing to tint: the note says why")
        XCTAssertEqual(layer.view.pathsNote.text, "no layer here hit-tests by path")
        XCTAssertFalse(layer.window.isHidden, "the note is something to show")
        XCTAssertTrue(layer.view.bounds.contains(layer.view.pathsNote.frame))
        XCTAssertGreaterThanOrEqual(layer.view.pathsNote.font.pointSize, 13)

        // A layer that hit-tests by its shape: the overlay has something to show.
        let star = UIView(frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        let shape = CAShapeLayer()
        shape.frame = star.bounds
        shape.path = CGPath(ellipseIn: star.bounds, transform: nil)
        shape.hitTestsByShape = true
        star.layer.addSublayer(shape)
        window.addSubview(star)
        let tap = [sample(1, .began, 10, 400)]
        window.inject(tap)
        _ = layer.apply(tap)
        // The note follows on the run loop's next turn.
        UIApplication.shared.runPendingTimers()
        layer.view.layoutIfNeeded()
        XCTAssertEqual(layer.overlays.pathRegions.regions(in: window).count, 1)
        XCTAssertTrue(layer.view.pathsNote.isHidden, "a region to tint: no note")
        star.removeFromSuperview()
        layer.refreshPanels()
        layer.view.layoutIfNeeded()
        XCTAssertFalse(layer.view.pathsNote.isHidden, "gone again: the note again")
        layer.set(.paths, on: false)
        layer.view.layoutIfNeeded()
        XCTAssertTrue(layer.view.pathsNote.isHidden, "off: no note")
    }

    // MARK: - Pictures to look at

    /// The screens at 640 × 480 and 1920 × 1080, written to the temporary directory.
    func testWritesTheScreensToLookAt() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("debug-layer-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for size in [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)] {
            window.backgroundColor = UIColor(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 1)
            makeLayer(size)
            let url = folder.appendingPathComponent("debug-layer-\(Int(size.width))x\(Int(size.height)).png")
            try layer.snapshot(scale: 1).writePNG(to: url)
            print("debug layer: \(url.path)")
            tearDownLayer()
        }
    }
}
