import CairoRenderer
import Foundation
@testable import SandboxDebugging
import TouchTestSupport
import UIKit
import XCTest

/// The Inspect tool in the debug layer, driven as a host drives it: a touch picks the
/// view drawn under it by geometry (a hidden or faint view too), the panel shows its
/// details and the hierarchy with the selection lit, the details give an animating
/// layer's model and presentation values with its progress, and the app gets no touch
/// while the tool is on.
@MainActor
final class InspectToolTests: XCTestCase {
    private var app: UIWindow!
    private var layer: DebugLayer!
    private var card: UIView!
    private var faint: UIView!
    private var mover: UIView!
    private var clock: ManualClock!
    private var appTouches = 0

    /// A card under a faint veil, and a view sliding from x 100 to 340 over a second.
    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        app = UIWindow(frame: UIScreen.main.bounds)
        card = CountingView(frame: CGRect(x: 60, y: 60, width: 240, height: 160)) { [unowned self] in appTouches += 1 }
        card.layer.name = "card"
        faint = UIView(frame: CGRect(x: 120, y: 100, width: 160, height: 140))
        faint.alpha = 0.005
        faint.layer.name = "faint"
        mover = UIView(frame: CGRect(x: 290, y: 300, width: 100, height: 60))
        mover.layer.name = "mover"
        for view in [card!, faint!, mover!] { app.addSubview(view) }
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 100, y: 330)
        slide.toValue = CGPoint(x: 340, y: 330)
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        mover.layer.add(slide, forKey: "slide")
        app.makeKeyAndVisible()
        layer = DebugLayer(configuration: try XCTUnwrap(DebugLayerConfiguration(parsing: "inspect,no-handle")))
        layer.attach(to: app)
    }

    override func tearDown() async throws {
        layer.detach()
        TestApplication.end()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }

    private func tap(_ number: UInt32, at point: CGPoint) {
        let routing = ScreenTouchRouting()
        for phase in [TouchSample.Phase.began, .ended] {
            let batch = [TouchSample.finger(number, phase, point.x, point.y, at: clock.now, device: 2)]
            for run in routing.route(batch, windows: UIApplication.shared.visibleWindows) { run.deliver() }
            _ = layer.apply(batch)
        }
    }

    func testATouchPicksTheFaintViewOverTheCardAndNeverReachesTheApp() async throws {
        XCTAssertTrue(layer.isOn(.inspect))
        tap(1, at: CGPoint(x: 150, y: 130))
        let inspection = try XCTUnwrap(layer.inspection)
        XCTAssertTrue(inspection.view === faint, "by geometry: the faint view hit-testing skips")
        XCTAssertEqual(inspection.title, "UIView \"faint\"")
        XCTAssertEqual(inspection.subtitle, ViewInspection.pickNote)
        XCTAssertEqual(inspection.details, [
            "frame (120, 100, 160 \u{D7} 140) \u{B7} bounds (0, 0, 160 \u{D7} 140)",
            "center (200, 170) \u{B7} transform identity",
            "alpha 0.005 \u{B7} shown \u{B7} interaction on \u{B7} clipsToBounds no",
            "no animation in flight",
        ])
        XCTAssertEqual(appTouches, 0, "the app gets no touch while inspecting")
        layer.window.layoutIfNeeded()
        let panel = layer.view.inspector
        XCTAssertFalse(panel.isHidden)
        let hierarchy = panel.rows.drop { $0.text != "Hierarchy" }.dropFirst().map(\.text)
        XCTAssertEqual(hierarchy, ["UIWindow (0, 0, 640 \u{D7} 480)", "CountingView \"card\" (60, 60, 240 \u{D7} 160)",
                                   "UIView \"faint\" (120, 100, 160 \u{D7} 140) alpha 0.005", "UIView \"mover\" (290, 300, 100 \u{D7} 60)"])
        XCTAssertEqual(panel.selected, ObjectIdentifier(faint), "the selection lit in the tree")

        // A row of the tree selects its view, scrolled to as a finger would.
        let cardIndex = try XCTUnwrap(panel.rows.firstIndex { $0.viewID == ObjectIdentifier(card) })
        let cardRow = try XCTUnwrap(panel.rowViews[cardIndex] as? UIControl)
        panel.scrollView.contentOffset = CGPoint(x: 0, y: min(cardRow.frame.minY, panel.scrollView.contentSize.height - panel.scrollView.bounds.height))
        let center = cardRow.convert(CGPoint(x: cardRow.bounds.midX, y: cardRow.bounds.midY), to: nil)
        tap(2, at: center)
        XCTAssertTrue(layer.inspection?.view === card)
        XCTAssertEqual(appTouches, 0)
        tap(3, at: center)
        XCTAssertTrue(layer.inspection?.view === card, "touched again, the selection stays")
        XCTAssertEqual(panel.selected, ObjectIdentifier(card), "and lit")

        layer.perform(.inspect)
        XCTAssertNil(layer.inspection)
        tap(4, at: CGPoint(x: 80, y: 80))
        XCTAssertEqual(appTouches, 1, "off, touches reach the app again")
    }

    /// Halfway through its slide the mover is drawn at x 170–270 and modelled at
    /// 290–390: a touch where it is drawn picks it, and the details give both values.
    func testAnAnimatingViewShowsItsModelAndPresentationValuesAndProgress() async throws {
        clock.now = 100.5
        tap(1, at: CGPoint(x: 200, y: 330))
        let inspection = try XCTUnwrap(layer.inspection)
        XCTAssertTrue(inspection.view === mover)
        XCTAssertEqual(inspection.details.last, "position: model (340, 330) \u{B7} presentation (220, 330) \u{B7} 50 % of 1 s")
        let image = layer.snapshot(scale: 1).makeImage()
        XCTAssertEqual(rgb(image, 170, 315), DebugPalette.purple.rgb, "outlined where it is drawn")
        XCTAssertEqual(rgb(image, 293, 300), AnimationFramesOverlay.modelColor.rgb, "its model frame dashed in yellow")
        if let path = ProcessInfo.processInfo.environment["INSPECT_TEST_PNG"] {
            try layer.snapshot(scale: 1).writePNG(to: URL(fileURLWithPath: path))
        }
    }

    /// The progress read as the engine samples the animation: its time offset counts,
    /// a repeating one says its cycle, an autoreversing one runs back through it, and one
    /// over that fills forwards holds its end.
    func testProgressFollowsTheAnimationsOwnTiming() async {
        let layer = CALayer()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.beginTime = 10
        animation.duration = 2
        animation.timeOffset = 0.5
        animation.repeatCount = 3
        // Local time 11: 1 s in, plus the 0.5 s offset: 75 % of the first cycle.
        XCTAssertEqual(ViewInspection.progress(of: animation, in: layer, now: 11), "75 % of 2 s, cycle 1")
        // Local time 12.75: 3.25 s in: 62 % of the second.
        XCTAssertEqual(ViewInspection.progress(of: animation, in: layer, now: 12.75), "62 % of 2 s, cycle 2")
        animation.timeOffset = 0
        animation.repeatCount = 0
        animation.autoreverses = true
        // 3 s into a 2 s forward and 2 s back: on its way back, at 50 %.
        XCTAssertEqual(ViewInspection.progress(of: animation, in: layer, now: 13), "50 % of 2 s, cycle 1")
        animation.autoreverses = false
        animation.fillMode = .forwards
        XCTAssertEqual(ViewInspection.progress(of: animation, in: layer, now: 20), "100 % of 2 s", "over, held at its end")
    }

    /// The panel at the three sizes the project is laid out for: inside the content
    /// area, off the finger, its rows naming views finger-sized, its type 13 points or
    /// more.
    func testThePanelFitsAndStaysFingerSizedAtEverySize() async {
        assertListPanelFitsAtEverySize({ layer.view.inspector }, of: layer, over: app, finger: CGPoint(x: 150, y: 130),
                                       touch: { tap(1, at: $0) })
    }
}

/// A view that counts the touches beginning on it.
private final class CountingView: UIView {
    let onBegan: () -> Void

    init(frame: CGRect, onBegan: @escaping () -> Void) {
        self.onBegan = onBegan
        super.init(frame: frame)
    }

    required init?(coder: NSCoder) { fatalError() }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { onBegan() }
}
