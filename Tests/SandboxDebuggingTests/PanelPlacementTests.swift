@testable import SandboxDebugging
import UIKit
import XCTest

/// The meter and the recognizer HUD never cover each other or an app's bars, at every
/// window size, and move out of the way of the fingers; the hit-view labels keep clear
/// of both.
final class PanelPlacementTests: OverlayTestCase {
    private var overlays: DebugOverlays!

    override func setUp() async throws {
        try await super.setUp()
        GestureTrace.isEnabled = true
        overlays = DebugOverlays()
        for overlay in overlays.all { overlay.isVisible = true }
    }

    override func tearDown() async throws {
        for overlay in overlays.all { overlay.isVisible = false }
        try await super.tearDown()
    }

    private func resize(_ width: CGFloat, _ height: CGFloat) {
        window.frame = CGRect(x: 0, y: 0, width: width, height: height)
        let background = UIView(frame: window.bounds)
        for view in window.subviews { view.removeFromSuperview() }
        window.addSubview(background)
        background.addGestureRecognizer(UITapGestureRecognizer())
        background.addGestureRecognizer(UIPanGestureRecognizer())
    }

    private func send(_ batch: [TouchSample]) -> [CGRect] {
        window.inject(batch)
        return overlays.apply(batch, in: window)
    }

    func testThePanelsNeverOverlapEachOtherOrTheBarsAtEverySize() async {
        for (width, height) in [(640, 480), (1024, 768), (1920, 1080)] as [(CGFloat, CGFloat)] {
            resize(width, height)
            overlays.panelInsets = (44, 96)
            overlays.window = window
            // A finger in the middle, where neither panel is: the HUD shows its rows.
            _ = send([sample(1, .began, width / 2, height / 2)])
            let hud = try! XCTUnwrap(overlays.recognizers.panelFrame, "\(width)")
            let meter = overlays.performance.panelFrame
            let stage = CGRect(x: 0, y: 44, width: width, height: height - 44 - 96)
            XCTAssertTrue(stage.contains(hud), "\(width)×\(height): HUD \(hud)")
            XCTAssertTrue(stage.contains(meter), "\(width)×\(height): meter \(meter)")
            XCTAssertTrue(hud.intersection(meter).isNull || hud.intersection(meter).isEmpty,
                          "\(width)×\(height): \(hud) and \(meter)")
            XCTAssertEqual(meter.minX, 12, "bottom left")
            XCTAssertEqual(meter.maxY, height - 96 - 12)
            XCTAssertEqual(hud.maxX, width - 12, "top right")
            XCTAssertEqual(hud.minY, 44 + 12)
            _ = send([sample(1, .ended, width / 2, height / 2)])
        }
    }

    func testAFingerOnAPanelMovesItToTheOtherSideAndItStaysThere() async {
        resize(1024, 768)
        overlays.panelInsets = (44, 96)
        overlays.window = window
        _ = send([sample(1, .began, 512, 400)])
        let hud = try! XCTUnwrap(overlays.recognizers.panelFrame)
        // A second finger lands on the HUD: it moves to the left.
        _ = send([sample(2, .began, hud.midX, hud.midY)])
        let moved = try! XCTUnwrap(overlays.recognizers.panelFrame)
        XCTAssertTrue(overlays.recognizers.alignsLeft)
        XCTAssertEqual(moved.minX, 12)
        XCTAssertFalse(moved.insetBy(dx: -24, dy: -24).contains(CGPoint(x: hud.midX, y: hud.midY)))
        _ = send([sample(2, .ended, hud.midX, hud.midY)])
        XCTAssertTrue(overlays.recognizers.alignsLeft, "it stays where it went")

        // A finger on the meter: it moves to the right, and says where it was and is.
        let meter = overlays.performance.panelFrame
        let dirty = send([sample(3, .began, meter.midX, meter.midY)])
        XCTAssertEqual(overlays.performance.panelFrame.maxX, 1024 - 12)
        XCTAssertTrue(dirty.contains(meter) && dirty.contains(overlays.performance.panelFrame))
        _ = send([sample(3, .ended, meter.midX, meter.midY), sample(1, .ended, 512, 400)])
    }

    func testHitViewLabelsKeepClearOfThePanels() async {
        resize(640, 480)
        overlays.panelInsets = (44, 96)
        overlays.window = window
        // A view just under the meter (bottom left), whose label would sit on it.
        let view = UIView(frame: CGRect(x: 20, y: 380, width: 200, height: 40))
        window.addSubview(view)
        _ = send([sample(1, .began, 400, 330)])  // away from the meter: it stays put
        _ = send([sample(2, .began, 100, 405)])  // more than 24 points below the meter
        let meter = overlays.performance.panelFrame
        XCTAssertEqual(overlays.hitTest.avoidedRects.first, meter)
        XCTAssertEqual(meter, CGRect(x: 12, y: 272, width: 300, height: 100), "the meter did not move")
        let outline = try! XCTUnwrap(overlays.hitTest.outlines(in: window).first { $0.label.contains("(20, 380") })
        // Above the view's top-left it would cover the meter: below the view instead.
        let above = CGRect(x: 20, y: 380 - HitTestOverlay.labelHeight - 2, width: 100, height: HitTestOverlay.labelHeight)
        XCTAssertFalse(above.intersection(meter).isNull, "the usual place is under the meter")
        let label = overlays.hitTest.labelRect(for: outline, width: 100, in: window.bounds.size)
        XCTAssertTrue(label.intersection(meter).isNull || label.intersection(meter).isEmpty, "\(label) clear of \(meter)")
        XCTAssertEqual(label.minY, 422, "below the outline, 2 points down")
        _ = send([sample(1, .ended, 400, 330), sample(2, .ended, 100, 405)])
    }
}
