import CairoRenderer
import Foundation
import SandboxDebugging
import TouchTestSupport
import UIKit
import XCTest

/// The Freeze tool and the time strip, as a host drives them: the app's real run loop on
/// a manual host clock, input routed from the screen and fed to the layer. Frozen, the
/// app's frames are pixel for pixel the same however long the host runs, touches still
/// land where the frozen model puts their views, the layer's own trails fade in real
/// time, and a step moves the app exactly one frame.
@MainActor
final class FreezeToolTests: XCTestCase {
    private var clock: ManualClock!
    private var runLoop: TestRunLoop!
    private var app: UIWindow!
    private var mover: TouchLoggingView!
    private var layer: DebugLayer!

    /// A 640 × 480 app whose green box slides 400 pt right in 2 s, linearly.
    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        runLoop = TestRunLoop(clock: clock)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app = UIWindow(frame: UIScreen.main.bounds)
        app.backgroundColor = UIColor(white: 0.92, alpha: 1)
        mover = TouchLoggingView(frame: CGRect(x: 20, y: 100, width: 80, height: 80))
        mover.backgroundColor = .systemGreen
        app.addSubview(mover)
        app.makeKeyAndVisible()
        layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots, .frames], showsHandle: false))
        layer.attach(to: app)
        // As the host plugs it in (`DebugLayerHosting`): the overlays' wake-ups are armed.
        layer.overlays.onNeedsDisplay = { _ in }
        UIView.animate(withDuration: 2, delay: 0, options: [.curveLinear, .allowUserInteraction],
                       animations: { self.mover.frame.origin.x = 420 })
    }

    override func tearDown() async throws {
        layer.detach()
        runLoop.invalidate()
        TestApplication.end()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }

    /// Routes a batch from the screen and feeds it to the layer, as the host does.
    private func send(_ batch: [TouchSample]) {
        runLoop.runLoop.turn {
            for run in ScreenTouchRouting().route(batch, windows: UIApplication.shared.visibleWindows) { run.deliver() }
        }
        _ = layer.apply(batch)
    }

    private func tap(_ number: UInt32, at point: CGPoint) {
        send([.finger(number, .began, point.x, point.y, at: clock.now, device: 2)])
        clock.advance(by: 0.05)
        send([.finger(number, .ended, point.x, point.y, at: clock.now, device: 2)])
    }

    private var drawnX: CGFloat {
        mover.layer.presentation()?.frame.minX ?? .nan
    }

    func testFrozenTheFramesArePixelIdenticalHoweverLongTheHostRuns() async throws {
        runLoop.frames(0.5)
        layer.freeze()
        XCTAssertTrue(layer.isFrozen && layer.isOn(.freeze))
        runLoop.advance(1.0 / 60)  // a turn lays the time strip out
        let held = layer.snapshot(scale: 1)
        let heldX = drawnX
        runLoop.frames(3)
        XCTAssertEqual(drawnX, heldX)
        XCTAssertEqual(layer.snapshot(scale: 1).largestChannelDifference(from: held), 0, "3 s later, the same pixels")
        XCTAssertEqual(mover.frame.minX, 420, "the model stands where the animation goes")
        // The frames overlay shows the model (dashed, at 420) against the presentation, standing.
        let image = held.makeImage()
        let green = rgb(image, Int(heldX) + 40, 140)
        XCTAssertEqual(green, rgb(layer.snapshot(scale: 1).makeImage(), Int(heldX) + 40, 140))
        XCTAssertNotEqual(green, rgb(image, 460, 140), "drawn where it is, not where the model is")
    }

    func testATouchWhileFrozenHitsTheViewWhereItsModelIsAndTheSpotsTrailFadesInRealTime() async throws {
        runLoop.frames(0.5)
        layer.freeze()
        let heldX = drawnX
        tap(1, at: CGPoint(x: heldX + 40, y: 140))
        XCTAssertEqual(mover.log, [], "where it is drawn: the model is elsewhere, UIKit hit-tests the model")
        tap(2, at: CGPoint(x: 460, y: 140))
        XCTAssertEqual(mover.log, ["began", "ended"], "where the model is, the view takes it")
        // A finger drawn across, then held still: its trail fades on the host's clock.
        send([.finger(3, .began, 300, 300, at: clock.now, device: 2)])
        for step in 1...5 {
            clock.advance(by: 1.0 / 60)
            send([.finger(3, .moved, 300 + CGFloat(step) * 10, 300, at: clock.now, device: 2)])
        }
        XCTAssertFalse(layer.overlays.spots.spots.first?.trail.isEmpty ?? true, "the moving finger's trail shows")
        runLoop.frames(1)
        XCTAssertEqual(layer.overlays.spots.spots.map(\.trail.count), [1], "and fades to the finger alone while the app stands")
        send([.finger(3, .ended, 350, 300, at: clock.now, device: 2)])
        XCTAssertEqual(drawnX, heldX)
    }

    func testAStepMovesTheAppExactlyOneFrameAndDrawsIt() async throws {
        runLoop.frames(0.5)
        layer.freeze()
        let heldX = drawnX
        let held = layer.snapshot(scale: 1)
        layer.step()
        runLoop.advance(0)
        XCTAssertEqual(drawnX - heldX, 400.0 / 2 / 60, accuracy: 1e-9, "one frame of a 200 pt/s slide")
        XCTAssertGreaterThan(layer.snapshot(scale: 1).largestChannelDifference(from: held), 0)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} 1 frame stepped")
        XCTAssertTrue(layer.handleKey(keysym: 0x4E, text: "N", ownsKeyboard: true), "Shift+N: ten frames")
        runLoop.advance(0)
        XCTAssertEqual(drawnX - heldX, 11 * 400.0 / 2 / 60, accuracy: 1e-9)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} 11 frames stepped")
        XCTAssertTrue(layer.handleKey(keysym: 0x6E, text: "n", ownsKeyboard: true))
        runLoop.advance(0)
        XCTAssertEqual(drawnX - heldX, 12 * 400.0 / 2 / 60, accuracy: 1e-9)
        // Resumed, it goes on from the stepped instant.
        XCTAssertTrue(layer.handleKey(keysym: 0x7A, text: "z", ownsKeyboard: true))
        XCTAssertFalse(layer.isFrozen)
        runLoop.advance(0.25)
        XCTAssertEqual(drawnX - heldX, 12 * 400.0 / 2 / 60 + 50, accuracy: 1e-6)
        XCTAssertTrue(layer.view.timeStrip.isHidden, "running at full speed: no strip")
    }

    func testTheStripsButtonsFreezeStepAndSetTheSpeedAndTheSpeedKeyCycles() async throws {
        layer.setToolbarVisible(true)
        XCTAssertTrue(layer.view.timeStrip.isHidden)
        XCTAssertTrue(layer.view.toolbar.buttons.contains { $0.title(for: .normal) == "Freeze \u{B7} Z" })
        XCTAssertFalse(layer.view.toolbar.buttons.contains { $0.title(for: .normal)?.hasPrefix("Step") == true },
                       "step and speed live on the strip")
        layer.perform(.speed)
        XCTAssertEqual(layer.appSpeed, 0.25)
        XCTAssertFalse(layer.view.timeStrip.isHidden, "slowed: the strip shows")
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "App speed \u{D7}0.25")
        XCTAssertTrue(layer.handleKey(keysym: 0x78, text: "x"))
        XCTAssertEqual(layer.appSpeed, 0.1)
        layer.perform(.speed)
        XCTAssertEqual(layer.appSpeed, 1)
        XCTAssertTrue(layer.view.timeStrip.isHidden)
        layer.freeze()
        layer.view.timeStrip.stepTenButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} 10 frames stepped")
        layer.view.timeStrip.speedButtons[1].sendActions(for: .touchUpInside)
        XCTAssertEqual(UIApplication.shared.timeSpeed, 0.25)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} 10 frames stepped \u{B7} speed \u{D7}0.25")
        layer.view.timeStrip.freezeButton.sendActions(for: .touchUpInside)
        XCTAssertFalse(UIApplication.shared.isTimeFrozen)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "App speed \u{D7}0.25")
    }

    func testTouchDebugFreezeStartsTheAppFrozen() async throws {
        layer.detach()
        let configuration = try XCTUnwrap(try DebugLayerConfiguration(parsing: "freeze"))
        XCTAssertEqual(configuration.tools, [.freeze])
        layer = DebugLayer(configuration: configuration)
        layer.attach(to: app)
        XCTAssertTrue(UIApplication.shared.isTimeFrozen)
        XCTAssertFalse(layer.view.timeStrip.isHidden)
        XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} no frames stepped")
        XCTAssertThrowsError(try DebugLayerConfiguration(parsing: "step"), "a command is no launch word")
    }

    /// The strip at the smallest, a middling and the largest window: every button
    /// finger-sized, inside the screen, off the toolbar and the handle, its type 13 pt
    /// or more; the other panels above it.
    func testTheStripFitsFingerSizedAtEverySize() async throws {
        for size in [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)] {
            for toolbar in [false, true] {
                layer.detach()
                UIScreen.main.bounds = CGRect(origin: .zero, size: size)
                app.frame = UIScreen.main.bounds
                layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.freeze, .meter]))
                layer.attach(to: app)
                layer.setToolbarVisible(toolbar)
                layer.window.layoutIfNeeded()
                let view = layer.view
                let strip = view.timeStrip.frame
                let context = "\(size), toolbar \(toolbar)"
                XCTAssertTrue(view.bounds.contains(strip), context)
                if toolbar { XCTAssertLessThanOrEqual(strip.maxY, view.toolbar.frame.minY, context) }
                if !view.handle.isHidden { XCTAssertFalse(strip.intersects(view.handle.frame), context) }
                for button in view.timeStrip.buttons {
                    let frame = button.convert(button.bounds, to: view)
                    XCTAssertGreaterThanOrEqual(frame.height, 44, context)
                    XCTAssertGreaterThanOrEqual(frame.width, 44, context)
                    XCTAssertTrue(strip.contains(frame), "\(context): \(button.title(for: .normal) ?? "")")
                    XCTAssertGreaterThanOrEqual(button.titleLabel?.font.pointSize ?? 0, 13)
                }
                XCTAssertGreaterThanOrEqual(view.timeStrip.summaryLabel.font.pointSize, 13)
                XCTAssertLessThanOrEqual(view.contentArea.maxY, strip.minY, "\(context): the panels above it")
                if let folder = ProcessInfo.processInfo.environment["FREEZE_PICTURES"] {
                    try layer.snapshot(scale: 1).writePNG(to: URL(fileURLWithPath: folder)
                        .appendingPathComponent("strip-\(Int(size.width))-\(toolbar).png"))
                }
            }
        }
    }
}

/// Notes the touches it is told of.
private final class TouchLoggingView: UIView {
    var log: [String] = []
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}
