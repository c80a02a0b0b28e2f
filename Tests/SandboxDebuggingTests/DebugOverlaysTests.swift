import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// All the overlays over one small scene at the README's 800 × 500: fed together, drawn
/// in order (the HUD and the meter as the debug layer's panels, over the rest), and the
/// picture written to the temporary directory (`all-overlays.png`) to be looked at.
final class DebugOverlaysTests: OverlayTestCase {
    private final class TileView: UIView {}
    private final class StarView: UIView {}

    private var overlays: DebugOverlays!
    private var dragged: TileView!
    private var pressed: TileView!
    private var sliding: TileView!

    override func setUp() async throws {
        try await super.setUp()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 800, height: 500))
        window.backgroundColor = UIColor(red: 0x1C / 255, green: 0x1C / 255, blue: 0x1E / 255, alpha: 1)
        window.makeKeyAndVisible()
        overlays = DebugOverlays()
        for overlay in overlays.all { overlay.isVisible = true }
        buildScene()
    }

    override func tearDown() async throws {
        overlays.recognizers.isVisible = false
        try await super.tearDown()
    }

    private func tile(_ frame: CGRect, _ hex: UInt32) -> TileView {
        let tile = TileView(frame: frame)
        tile.backgroundColor = UIColor(red: CGFloat(hex >> 16) / 255, green: CGFloat((hex >> 8) & 0xFF) / 255,
                                       blue: CGFloat(hex & 0xFF) / 255, alpha: 1)
        tile.layer.cornerRadius = 14
        window.addSubview(tile)
        return tile
    }

    /// A tile dragged by a pan (with a double tap that will fail), a rotated tile held
    /// for a long press, a star hit-tested by its shape, and a tile sliding to its place.
    private func buildScene() {
        dragged = tile(CGRect(x: 60, y: 190, width: 150, height: 150), 0x3A3A3C)
        let doubleTap = UITapGestureRecognizer()
        doubleTap.numberOfTapsRequired = 2
        dragged.addGestureRecognizer(doubleTap)
        dragged.addGestureRecognizer(UIPanGestureRecognizer())

        pressed = tile(CGRect(x: 270, y: 220, width: 130, height: 130), 0x48484A)
        pressed.transform = CGAffineTransform(rotationAngle: 0.35)
        pressed.addGestureRecognizer(UILongPressGestureRecognizer())

        let star = StarView(frame: CGRect(x: 450, y: 250, width: 150, height: 150))
        let shape = CAShapeLayer()
        shape.frame = star.bounds
        shape.path = Self.starPath(in: star.bounds)
        shape.fillColor = CGColor(red: 0x63 / 255, green: 0x63 / 255, blue: 0x66 / 255, alpha: 1)
        shape.hitTestsByShape = true
        star.layer.addSublayer(shape)
        window.addSubview(star)

        sliding = tile(CGRect(x: 650, y: 300, width: 110, height: 90), 0x3A3A3C)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 705, y: 190)
        slide.toValue = sliding.layer.position
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
        sliding.layer.add(slide, forKey: "position")
    }

    /// A five-pointed star filling `rect`.
    private static func starPath(in rect: CGRect) -> CGPath {
        let path = CGMutablePath()
        let center = CGPoint(x: rect.midX, y: rect.midY + 6)
        for index in 0..<10 {
            let radius = index.isMultiple(of: 2) ? rect.width / 2 : rect.width / 5
            let angle = -CGFloat.pi / 2 + CGFloat(index) * .pi / 5
            let point = CGPoint(x: center.x + radius * cos(angle), y: center.y + radius * sin(angle))
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        path.closeSubpath()
        return path
    }

    /// Two fingers: one dragging from the plain tile (a pan recognizes, the double tap
    /// fails), one held on the rotated tile until its long press begins, with frames
    /// reported to the readout meanwhile.
    private func playScript() {
        for index in 0..<40 {
            overlays.framePresented(started: 99 + Double(index) * 0.016, presented: 99.0008 + Double(index) * 0.016
                + (index % 7 == 0 ? 0.0011 : 0), dirtyRects: [])
        }
        XCTAssertFalse(overlays.apply([sample(1, .began, 110, 250), sample(2, .began, 330, 290)].injected(into: window),
                                      in: window).isEmpty)
        for step in 1...12 {
            clock.advance(by: 0.035)
            let x = 110 + CGFloat(step) * 14, y = 250 + CGFloat(step * step) / 2
            XCTAssertFalse(overlays.apply([sample(1, .moved, x, y)].injected(into: window), in: window).isEmpty)
        }
        // Finger 2 has been still for 0.55 s: the long press begins on its timer.
        clock.advance(by: 0.13)
        UIApplication.shared.runPendingTimers()
        let changes = overlays.recognizers.changeCount
        _ = overlays.update(in: window)
        XCTAssertEqual(overlays.recognizers.changeCount, changes + 1, "the HUD shows the long press")
    }

    func testAllOverlaysDrawTogetherOverTheSceneInTheirOrder() async throws {
        playScript()
        let buffer = frame(overlays.all, scene: true)
        let panels = DebugLayerView(frame: window.bounds, recognizers: overlays.recognizers, performance: overlays.performance)
        panels.layoutIfNeeded()
        buffer.draw { canvas in renderer.render(panels.layer, in: canvas) }
        // A folder of this run's own: two runs at once, or as two users, never collide.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("debug-overlays-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("all-overlays.png")
        try buffer.writePNG(to: url)
        print("all overlays: \(url.path)")
        let image = buffer.makeImage()

        XCTAssertFalse(panels.hud.isHidden)
        XCTAssertFalse(panels.meter.isHidden)
        let rows = try XCTUnwrap(panels.hud.layout?.rows)
        XCTAssertEqual(rows.map(\.name), ["Pan", "Tap \u{D7}2", "Long press 0.5 s"], "each by its gesture and configuration")
        XCTAssertEqual(rows.map(\.status), ["changed", "failed", "began"])
        XCTAssertEqual(rows.map(\.view), [" on TileView", " on TileView", " on TileView"])
        // Tints under outlines (the hit views', then the Why walk's) under spots under panels.
        XCTAssertTrue(zip(overlays.all, [overlays.pathRegions, overlays.animationFrames, overlays.hitTest, overlays.why, overlays.inspect, overlays.spots,
                                         overlays.recognizers, overlays.performance] as [any DebugOverlay])
            .allSatisfy { $0 === $1 })
        XCTAssertEqual(overlays.nextUpdateTime, overlays.all.compactMap(\.nextUpdateTime).min())
        XCTAssertEqual(overlays.nextUpdateTime, overlays.recognizers.nextUpdateTime, "the HUD polls first")
        // The dragged tile's outline, the sliding tile's frames and the star's tint show.
        XCTAssertEqual(rgb(image, 130, 189), TouchSpotsOverlay.color(for: TouchSample.ID(device: 2, number: 1)).rgb)
        XCTAssertEqual(overlays.animationFrames.frames(in: window).map(\.title), ["TileView"])
        XCTAssertEqual(overlays.pathRegions.regions(in: window).count, 1)
    }

    func testAWakeUpRedrawsWhatChangedWithoutInput() async {
        send([sample(1, .began, 100, 100)], to: overlays.all)
        send([sample(1, .ended, 100, 100)], to: overlays.all)
        XCTAssertTrue(overlays.recognizers.hasContent)
        var rects: [CGRect] = []
        var told = 0
        overlays.recognizers.onChange = { told += 1 }
        overlays.onNeedsDisplay = { rect in rects.append(rect) }
        overlays.window = window
        // The wake-up is a delayed call on the media clock, like every timer: the
        // manual clock decides when it runs.
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(told, 0, "not lingered long enough yet")
        clock.advance(by: RecognizerHUD.lingerDuration)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(told, 1, "the HUD's panel is told it has gone")
        XCTAssertEqual(rects, [], "and redraws itself, a view: no rectangle for the host")
        XCTAssertFalse(overlays.recognizers.hasContent)
        XCTAssertNil(overlays.nextUpdateTime, "nothing left to wake for")
    }

    /// The meter's readout is information, not a touch's feedback: a batch that finds a
    /// refresh due leaves it to a wake-up at once, which the run loop runs on the turn
    /// after the batch's frame, so the panel's redraw never joins that frame.
    func testTheMetersRefreshFollowsTheBatchsFrameInsteadOfJoiningIt() async {
        var told = 0
        overlays.performance.onChange = { told += 1 }
        overlays.onNeedsDisplay = { _ in }
        overlays.window = window
        overlays.framePresented(started: clock.now, presented: clock.now + 0.001, dirtyRects: [])
        clock.advance(by: 0.3)
        _ = overlays.apply([sample(1, .began, 100, 100)].injected(into: window), in: window)
        XCTAssertEqual(told, 0, "an earlier frame is news, but nothing is refreshed before the batch's frame is drawn")
        overlays.framePresented(started: clock.now, presented: clock.now + 0.001, dirtyRects: [])
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(told, 1, "the next turn refreshes the readout, with the batch's frame in it")
        XCTAssertNotNil(overlays.performance.readout.latency)
        clock.advance(by: 0.1)
        _ = overlays.apply([sample(1, .moved, 110, 100)].injected(into: window), in: window)
        overlays.framePresented(started: clock.now, presented: clock.now + 0.001, dirtyRects: [])
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(told, 1, "a quarter of a second has not passed: no refresh")
    }
}

extension Array where Element == TouchSample {
    /// The batch, after the window took it (the host's order: the window, then overlays).
    @MainActor
    func injected(into window: UIWindow) -> [TouchSample] {
        window.inject(self)
        return self
    }
}
