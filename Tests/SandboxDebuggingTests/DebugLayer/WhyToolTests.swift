import CairoRenderer
import Foundation
import SandboxDebugging
import TouchTestSupport
import UIKit
import XCTest

/// The Why tool in the debug layer, as a host drives it: input routed from the screen
/// (`ScreenTouchRouting`, as the run loop routes it), then fed to the layer. While it is
/// on, each new finger's walk is drawn over the app and listed in its panel; a row
/// touched highlights its view; the app's own touches are what they are without it.
@MainActor
final class WhyToolTests: XCTestCase {
    private var app: UIWindow!
    private var layer: DebugLayer!
    private var card: TouchLoggingView!
    private var cover: UIView!
    private var faint: UIView!
    private var clock: ManualClock!

    /// A card under a hidden cover and a faint veil, in a window of 640 × 480.
    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app = UIWindow(frame: UIScreen.main.bounds)
        app.backgroundColor = UIColor(white: 0.92, alpha: 1)
        card = TouchLoggingView(frame: CGRect(x: 60, y: 60, width: 240, height: 160))
        card.backgroundColor = .systemGreen
        cover = UIView(frame: CGRect(x: 100, y: 80, width: 240, height: 100))
        cover.backgroundColor = .systemRed
        cover.isHidden = true
        faint = UIView(frame: CGRect(x: 120, y: 100, width: 160, height: 140))
        faint.backgroundColor = .systemBlue
        faint.alpha = 0.005
        for view in [card!, cover!, faint!] { app.addSubview(view) }
        app.makeKeyAndVisible()
        layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.why], showsHandle: false))
        layer.attach(to: app)
    }

    override func tearDown() async throws {
        layer.detach()
        TestApplication.end()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }

    /// Routes a batch from the screen and feeds it to the layer, as the host does.
    private func send(_ batch: [TouchSample]) {
        let routing = ScreenTouchRouting()
        for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) { run.deliver() }
        _ = layer.apply(batch)
    }

    private func tap(_ number: UInt32, at point: CGPoint) {
        send([.finger(number, .began, point.x, point.y, at: clock.now, device: 2)])
        clock.advance(by: 0.05)
        send([.finger(number, .ended, point.x, point.y, at: clock.now, device: 2)])
    }

    func testAFingerDrawsItsNumberedWalkAndThePanelListsIt() async throws {
        tap(3, at: CGPoint(x: 150, y: 130))
        let walk = try XCTUnwrap(layer.overlays.why.walk)
        XCTAssertEqual(walk.title, "Why TouchLoggingView?")
        XCTAssertEqual(walk.subtitle, "finger 3 at (150, 130)")
        XCTAssertEqual(walk.marks.map(\.label), ["#4 TouchLoggingView", "#2 alpha 0.005", "#3 hidden"],
                       "the hit view first, then the views turned away in visit order")
        XCTAssertEqual(walk.marks.map(\.kind), [.hit, .rejected, .rejected])
        XCTAssertEqual(walk.marks[0].corners, [CGPoint(x: 60, y: 60), CGPoint(x: 300, y: 60), CGPoint(x: 300, y: 220),
                                               CGPoint(x: 60, y: 220)])
        XCTAssertEqual(walk.rows.map(\.text), [
            "#1 UIWindow: went inside", "#2 UIView: alpha 0.005", "#3 UIView: hidden", "#4 TouchLoggingView: hit",
        ])
        XCTAssertEqual(card.log, ["began", "ended"], "the app's touches are as they are without the tool")
        let panel = layer.view.why
        layer.window.layoutIfNeeded()
        XCTAssertFalse(panel.isHidden)
        XCTAssertEqual(panel.titleLabel.text, "Why TouchLoggingView?")
        XCTAssertEqual(panel.rowViews.count, 4)
        XCTAssertGreaterThanOrEqual(panel.rowViews.map(\.frame.height).min() ?? 0, DebugStyle.minimumTarget)
        XCTAssertFalse(panel.frame.insetBy(dx: -24, dy: -24).contains(CGPoint(x: 150, y: 130)), "the panel keeps off the finger")
        for (mark, label) in zip(walk.marks, layer.overlays.why.labelFrames) {
            XCTAssertFalse(panel.frame.intersects(label), "\(mark.label)'s label keeps off the panel")
        }
        let labels = layer.overlays.why.labelFrames
        for (index, label) in labels.enumerated() {
            for other in labels[(index + 1)...] { XCTAssertFalse(label.intersects(other), "labels never cover each other") }
        }
        if let path = ProcessInfo.processInfo.environment["WHY_TEST_PNG"] {
            try layer.snapshot(scale: 1).writePNG(to: URL(fileURLWithPath: path))
        }
    }

    /// A finger on a row of the panel highlights that row's view; it reaches neither the
    /// app nor the walk (the walk explains the app, not the debugger). Touching the row
    /// again clears the highlight.
    func testTouchingARowHighlightsItsViewAndLeavesTheWalk() async throws {
        tap(1, at: CGPoint(x: 150, y: 130))
        layer.window.layoutIfNeeded()
        let panel = layer.view.why
        let row = try XCTUnwrap(panel.rowViews[2] as? UIControl, "#3, the hidden cover")
        let center = row.convert(CGPoint(x: row.bounds.midX, y: row.bounds.midY), to: nil)
        tap(2, at: center)
        XCTAssertEqual(layer.overlays.why.walk?.touchID.number, 1, "the walk is still finger 1's")
        XCTAssertEqual(layer.overlays.why.highlighted?.id, ObjectIdentifier(cover))
        XCTAssertEqual(panel.selected, ObjectIdentifier(cover))
        XCTAssertEqual(row.backgroundColor, DebugStyle.litButton)
        XCTAssertEqual(card.log, ["began", "ended"], "the row's finger never reached the app")
        XCTAssertTrue(layer.isOnOwnControls(center), "so recordings leave it out")
        tap(3, at: center)
        XCTAssertNil(layer.overlays.why.highlighted)
        XCTAssertNil(row.backgroundColor)
    }

    /// Off, the walk and its panel go, and the routing stops explaining: the app's
    /// overrides are asked exactly as without the layer.
    func testSwitchedOffTheWalkGoesAndTheRoutingStopsExplaining() async {
        tap(1, at: CGPoint(x: 150, y: 130))
        XCTAssertNotNil(layer.overlays.why.walk)
        layer.perform(.why)
        XCTAssertFalse(layer.isOn(.why))
        XCTAssertNil(layer.overlays.why.walk)
        layer.window.layoutIfNeeded()
        XCTAssertTrue(layer.view.why.isHidden)
        tap(2, at: CGPoint(x: 150, y: 130))
        XCTAssertNil(layer.overlays.why.walk, "no walk while off")
        layer.perform(.why)
        tap(3, at: CGPoint(x: 80, y: 200))
        XCTAssertEqual(layer.overlays.why.walk?.touchID.number, 3)
        XCTAssertEqual(layer.overlays.why.walk?.marks.map(\.label), ["#4 TouchLoggingView"], "nothing else lies under (80, 200)")
    }

    /// Detached, the layer drops its walk and the routing stops explaining: attached
    /// again, the tool (still on) explains the next finger.
    func testDetachedTheWalkGoesAndNoFingerIsExplained() async {
        tap(1, at: CGPoint(x: 150, y: 130))
        XCTAssertNotNil(layer.overlays.why.walk)
        layer.detach()
        XCTAssertNil(layer.overlays.why.walk)
        XCTAssertTrue(layer.view.why.rows.isEmpty)
        tap(2, at: CGPoint(x: 150, y: 130))
        XCTAssertNil(layer.overlays.why.walk, "no walk while detached")
        layer.attach(to: app)
        tap(3, at: CGPoint(x: 150, y: 130))
        XCTAssertEqual(layer.overlays.why.walk?.touchID.number, 3)
    }

    /// The panel and the labels at the three sizes the project is laid out for: every
    /// row naming a view finger-sized, type at 13 points or more, the panel inside the
    /// content area and off the finger.
    func testThePanelFitsAndStaysFingerSizedAtEverySize() async {
        assertListPanelFitsAtEverySize({ layer.view.why }, of: layer, over: app, finger: CGPoint(x: 150, y: 130),
                                       touch: { tap(1, at: $0) }) { size in
            // To look at: WHY_TEST_PNG_DIR=/tmp swift test --filter WhyToolTests
            if let folder = ProcessInfo.processInfo.environment["WHY_TEST_PNG_DIR"] {
                try? layer.snapshot(scale: 1).writePNG(to: URL(fileURLWithPath: folder)
                    .appendingPathComponent("why-\(Int(size.width))x\(Int(size.height)).png"))
            }
        }
    }
}

/// A view that logs the phases of the touches it gets.
private final class TouchLoggingView: UIView {
    var log: [String] = []

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
    override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("moved") }
    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("ended") }
    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
}
