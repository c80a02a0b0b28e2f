@testable import SandboxDebugging
import UIKit
import XCTest

/// The meter and the recognizer HUD, panels of the debug layer, never cover each other
/// or an app's bars, at every window size, and move out of the way of the fingers; the
/// hit-view labels keep clear of both.
final class PanelPlacementTests: OverlayTestCase {
    private var layer: DebugLayer!

    override func setUp() async throws {
        try await super.setUp()
        GestureTrace.isEnabled = true
    }

    override func tearDown() async throws {
        if let layer {
            for tool in DebugTool.overlays { layer.set(tool, on: false) }
            layer.detach()
        }
        layer = nil
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
        try await super.tearDown()
    }

    /// A screen and an app window of this size, a recognizer-laden view filling it, and
    /// a debug layer over it with every overlay on, its toolbar open (60 points) and an
    /// app's bars of 44 points at the top and 36 at the bottom: 96 points below in all.
    private func resize(_ width: CGFloat, _ height: CGFloat) {
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: width, height: height)
        window.frame = UIScreen.main.bounds
        for view in window.subviews { view.removeFromSuperview() }
        let background = UIView(frame: window.bounds)
        window.addSubview(background)
        background.addGestureRecognizer(UITapGestureRecognizer())
        background.addGestureRecognizer(UIPanGestureRecognizer())
        layer?.detach()
        layer = DebugLayer(configuration: DebugLayerConfiguration(tools: Set(DebugTool.overlays), showsToolbar: true))
        layer.topInset = 44
        layer.bottomInset = 36
        layer.attach(to: window)
        layer.view.layoutIfNeeded()
    }

    @discardableResult
    /// One batch as the host handles it, and the run loop's next turn, where the HUD
    /// follows the batch (`DebugLayer` refreshes it then).
    private func send(_ batch: [TouchSample]) -> [CGRect] {
        window.inject(batch)
        let dirty = layer.apply(batch)
        UIApplication.shared.runPendingTimers()
        layer.view.layoutIfNeeded()
        return dirty
    }

    private var hud: CGRect? { layer.view.hud.isHidden ? nil : layer.view.hud.frame }
    private var meter: CGRect { layer.view.meter.frame }

    func testThePanelsNeverOverlapEachOtherOrTheBarsAtEverySize() async {
        for (width, height) in [(640, 480), (1024, 768), (1920, 1080)] as [(CGFloat, CGFloat)] {
            resize(width, height)
            // A finger in the middle, where neither panel is: the HUD shows its rows.
            send([sample(1, .began, width / 2, height / 2)])
            let hud = try! XCTUnwrap(self.hud, "\(width)")
            XCTAssertFalse(layer.view.meter.isHidden)
            let stage = CGRect(x: 0, y: 44, width: width, height: height - 44 - 96)
            XCTAssertTrue(stage.contains(hud), "\(width)×\(height): HUD \(hud)")
            XCTAssertTrue(stage.contains(meter), "\(width)×\(height): meter \(meter)")
            XCTAssertTrue(hud.intersection(meter).isNull || hud.intersection(meter).isEmpty,
                          "\(width)×\(height): \(hud) and \(meter)")
            XCTAssertEqual(meter.minX, 12, "bottom left")
            XCTAssertEqual(meter.maxY, height - 96 - 12)
            XCTAssertEqual(hud.maxX, width - 12, "top right")
            XCTAssertEqual(hud.minY, 44 + 12)
            send([sample(1, .ended, width / 2, height / 2)])
        }
    }

    func testAFingerOnAPanelMovesItToTheOtherSideAndItStaysThere() async {
        resize(1024, 768)
        send([sample(1, .began, 512, 400)])
        let hud = try! XCTUnwrap(self.hud)
        // A second finger lands on the HUD: it moves to the left.
        send([sample(2, .began, hud.midX, hud.midY)])
        let moved = try! XCTUnwrap(self.hud)
        XCTAssertEqual(layer.view.sides[.hud], .left)
        XCTAssertEqual(moved.minX, 12)
        XCTAssertFalse(moved.insetBy(dx: -24, dy: -24).contains(CGPoint(x: hud.midX, y: hud.midY)))
        send([sample(2, .ended, hud.midX, hud.midY)])
        XCTAssertEqual(layer.view.sides[.hud], .left, "it stays where it went")
        XCTAssertEqual(self.hud?.minX, 12)

        // A finger next to the meter (within 24 points of it): it moves to the right.
        let meter = self.meter
        send([sample(3, .began, meter.maxX + 20, meter.midY)])
        XCTAssertEqual(self.meter.maxX, 1024 - 12)
        XCTAssertEqual(layer.view.sides[.meter], .right)
        XCTAssertFalse(DebugLayerView.isNear([CGPoint(x: meter.maxX + 20, y: meter.midY)], self.meter))
        XCTAssertEqual(layer.overlays.performance.panelFrame, self.meter, "the meter knows where it is")
        send([sample(3, .ended, meter.maxX + 20, meter.midY), sample(1, .ended, 512, 400)])
    }

    /// Moving a panel is information, not the touch's feedback: the frame that shows the
    /// finger landing beside the meter still has it where it was; the run loop's next
    /// turn moves it.
    func testAPanelMovesOnTheTurnAfterTheBatchNotInItsFrame() async {
        resize(1024, 768)
        let meter = self.meter
        let finger = sample(1, .began, meter.maxX + 20, meter.midY)
        window.inject([finger])
        _ = layer.apply([finger])
        layer.view.layoutIfNeeded()
        XCTAssertEqual(self.meter, meter, "the batch's frame")
        XCTAssertEqual(layer.view.sides[.meter], .left)
        UIApplication.shared.runPendingTimers()
        layer.view.layoutIfNeeded()
        XCTAssertEqual(layer.view.sides[.meter], .right, "the next turn")
        XCTAssertEqual(self.meter.maxX, 1024 - 12)
        send([sample(1, .ended, meter.maxX + 20, meter.midY)])
    }

    /// With a finger beside the meter and another where the other side would put it, the
    /// meter does not swap sides: it moves to the nearest place clear of both, up its
    /// column, and stays there once they lift; a finger far from every panel moves none.
    func testAPanelWithFingersNearItOnBothSidesMovesToTheNearestPlaceClearOfThem() async {
        resize(1024, 768)
        let meter = self.meter
        let beside = CGPoint(x: meter.midX, y: meter.minY - 10), mirrored = CGPoint(x: 1024 - meter.midX, y: meter.midY)
        send([sample(1, .began, beside.x, beside.y), sample(2, .began, mirrored.x, mirrored.y)])
        XCTAssertEqual(layer.view.sides[.meter], .left)
        XCTAssertEqual(self.meter, CGRect(x: 12, y: beside.y - 24 - meter.height, width: meter.width, height: meter.height),
                       "just clear of the finger above it")
        send([sample(1, .ended, beside.x, beside.y), sample(2, .ended, mirrored.x, mirrored.y)])
        let moved = self.meter
        XCTAssertEqual(moved.minY, beside.y - 24 - meter.height, "it stays where it went")
        send([sample(3, .began, 512, 300)])
        XCTAssertEqual(self.meter, moved)
        send([sample(3, .ended, 512, 300)])
    }

    func testHitViewLabelsKeepClearOfThePanels() async {
        resize(640, 480)
        // A view just under the meter (bottom left), whose label would sit on it.
        let view = UIView(frame: CGRect(x: 20, y: 380, width: 200, height: 40))
        window.addSubview(view)
        send([sample(1, .began, 400, 330)])  // away from the meter: it stays put
        send([sample(2, .began, 100, 405)])  // more than 24 points below the meter
        XCTAssertEqual(layer.overlays.hitTest.avoidedRects.first, meter)
        XCTAssertEqual(meter, CGRect(x: 12, y: 272, width: 300, height: 100), "the meter did not move")
        let hitTest = layer.overlays.hitTest
        let outline = try! XCTUnwrap(hitTest.outlines(in: window).first { $0.label.contains("(20, 380") })
        // Above the view's top-left it would cover the meter: below the view instead.
        let above = CGRect(x: 20, y: 380 - HitTestOverlay.labelHeight - 2, width: 100, height: HitTestOverlay.labelHeight)
        XCTAssertFalse(above.intersection(meter).isNull, "the usual place is under the meter")
        let label = hitTest.labelRect(for: outline, width: 100, in: window.bounds.size)
        XCTAssertTrue(label.intersection(meter).isNull || label.intersection(meter).isEmpty, "\(label) clear of \(meter)")
        XCTAssertEqual(label.minY, 422, "below the outline, 2 points down")
        send([sample(1, .ended, 400, 330), sample(2, .ended, 100, 405)])
    }

    /// The app's content is mapped once per landing touch, not on every layout: the HUD
    /// lays out with each change of its rows while a finger moves.
    func testTheAppsContentIsMappedOncePerTouchNotPerLayout() async {
        resize(1024, 768)
        var mapped = 0
        layer.view.appContent = {
            mapped += 1
            return []
        }
        send([sample(1, .began, 512, 400)])
        XCTAssertEqual(mapped, 1)
        for step in 1...10 {
            send([sample(1, .moved, 512 + CGFloat(step) * 10, 400)])
            layer.view.setNeedsLayout()
            layer.view.layoutIfNeeded()
        }
        XCTAssertEqual(mapped, 1, "ten moves and layouts, one map")
        send([sample(1, .ended, 612, 400)])
        send([sample(2, .began, 300, 300)])
        layer.view.setNeedsLayout()
        layer.view.layoutIfNeeded()
        XCTAssertEqual(mapped, 2, "a new touch maps again")
        send([sample(2, .ended, 300, 300)])
    }
}
