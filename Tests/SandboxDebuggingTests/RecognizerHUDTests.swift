import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// The recognizer HUD: which recognizers it lists, their states over time, why they
/// failed, when it refreshes and when it goes away; its panel (`RecognizerHUDView`) laid
/// out and drawn where the debug layer would put it in the 400 × 300 window.
final class RecognizerHUDTests: OverlayTestCase {
    /// A view whose class name the HUD shows.
    private final class TapView: UIView {}

    /// Says no to every recognition it is asked about.
    private final class Refusing: UIGestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    private var hud: RecognizerHUD!
    private var panel: RecognizerHUDView!
    private var view: TapView!
    /// The panel's place: 12 points from the right, 40 from the top, 36 left below.
    private let topInset: CGFloat = 40, bottomInset: CGFloat = 36, rightInset: CGFloat = 12
    private let refusing = Refusing()

    override func setUp() async throws {
        try await super.setUp()
        hud = RecognizerHUD()
        hud.isVisible = true
        panel = RecognizerHUDView(hud: hud)
        view = TapView(frame: CGRect(x: 20, y: 60, width: 200, height: 200))
        window.addSubview(view)
    }

    override func tearDown() async throws {
        hud.isVisible = false
        try await super.tearDown()
    }

    /// The panel laid out as wide as the window allows (at most 420 points) and as tall as
    /// its rows within the room there is, at its place; nil with nothing to show.
    private var layout: RecognizerHUDLayout? {
        let width = min(RecognizerHUDLayout.maximumWidth, window.bounds.width - rightInset - 12)
        let size = panel.sizeThatFits(CGSize(width: width, height: window.bounds.height - topInset - bottomInset))
        guard size != .zero else { return nil }
        panel.frame = CGRect(x: window.bounds.width - rightInset - size.width, y: topInset, width: size.width, height: size.height)
        return panel.layout
    }

    /// Runs `body` and returns how many times the HUD told its panel it changed.
    private func changes(_ body: () -> Void) -> Int {
        let before = hud.changeCount
        body()
        return hud.changeCount - before
    }

    /// Two recognizers that read the same get their numbers; the app's name wins.
    func testRowsSayWhoIsWhoNumberingOnlyTwinsAndUsingTheAppsNames() async {
        let first = UITapGestureRecognizer(), second = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        let named = UISwipeGestureRecognizer()
        named.name = "dismiss swipe"
        for recognizer in [first, second, double, named] { view.addGestureRecognizer(recognizer) }
        send([sample(1, .began, 100, 100)], to: [hud])
        let timeline = try! XCTUnwrap(hud.timeline)
        let names = timeline.displayNames()
        let taps = timeline.rows.filter { $0.title == "Tap" }.map(\.serial)
        XCTAssertEqual(taps.count, 2)
        XCTAssertEqual(Set(names), Set(taps.map { "Tap #\($0)" } + ["Tap \u{D7}2", "dismiss swipe"]))
        XCTAssertEqual(names.count, 4)
        send([sample(1, .ended, 100, 100)], to: [hud])
    }

    func testAFailedRecognizerIsListedWithItsReasonAndItsStatesOverTime() async {
        let tap = UITapGestureRecognizer()
        tap.delegate = refusing
        view.addGestureRecognizer(tap)
        view.addGestureRecognizer(UIPanGestureRecognizer())
        send([sample(1, .began, 100, 100)], to: [hud])
        clock.advance(by: 0.1)
        var dirty: [CGRect] = []
        XCTAssertEqual(changes { dirty = send([sample(1, .ended, 100, 100)], to: [hud]) }, 1, "the panel is told once")
        XCTAssertEqual(dirty, [], "a view: no rectangle of its own for the host")

        // The swarm's order: on one view, the most recently added first.
        let rows = hud.timeline?.rows ?? []
        XCTAssertEqual(rows.map { RecognizerTimeline.shortName(of: $0.recognizer).prefix(while: { $0 != "#" }) },
                       ["Pan", "Tap"])
        XCTAssertEqual(rows.map(\.view), ["TapView", "TapView"])
        let tapRow = rows[1]
        XCTAssertEqual(tapRow.outcome, .failed)
        XCTAssertEqual(tapRow.note, "its delegate's gestureRecognizerShouldBegin said no")
        XCTAssertEqual(tapRow.segments, [
            .init(phase: .state(.possible), start: 100, end: 100.1),
            .init(phase: .state(.failed), start: 100.1, end: 100.1),
        ])
        XCTAssertEqual(rows[0].outcome, .failed, "the pan failed by itself: no movement")
        XCTAssertNil(rows[0].note, "a recognizer's own failure has no reason in the trace")

        // The panel shows it: the row's texts, and the failed state at the end of its bar.
        let layout = try! XCTUnwrap(self.layout)
        XCTAssertEqual(layout.rows.map(\.status), ["failed", "failed"])
        XCTAssertEqual(layout.rows[1].name, "Tap", "its gesture, without a number: no other row reads the same")
        XCTAssertEqual(tapRow.title, "Tap")
        XCTAssertEqual(layout.rows[1].view, " on TapView")
        XCTAssertEqual(layout.rows[1].note, "its delegate's gestureRecognizerShouldBegin said no")
        let image = Self.image(of: panel, over: window, renderer: renderer)
        let frame = panel.frame
        XCTAssertEqual(frame.size, layout.frame.size)
        XCTAssertEqual(frame.maxX, 400 - rightInset)
        XCTAssertEqual(frame.minY, topInset)
        let barY = Int(frame.minY + layout.rows[1].top + RecognizerHUDLayout.trackTop + 3)
        // The axis spans at least 0.25 s, so the lift 0.1 s in is 40 % along it.
        let trackLeft = frame.minX + RecognizerHUDLayout.padding
        let lift = Int(trackLeft + 0.4 * (frame.width - 2 * RecognizerHUDLayout.padding))
        XCTAssertEqual(rgb(image, lift + 1, barY), DebugPalette.pink.rgb, "failed when the finger lifted")
        XCTAssertNotEqual(rgb(image, lift + 6, barY), DebugPalette.pink.rgb, "and nothing after its reset")
        XCTAssertEqual(rgb(image, Int(frame.minX + RecognizerHUDLayout.padding) + 20, barY),
                       DebugPalette.secondaryText.rgb, "possible before it")
        // The note's line has text on it.
        let noteTop = Int(frame.minY + layout.rows[1].top + RecognizerHUDLayout.rowHeight + 3)
        let noteLine = (noteTop..<noteTop + 12).flatMap { y in (Int(frame.minX) + 10..<Int(frame.minX) + 200).map { (rgb(image, $0, y)) } }
        XCTAssertGreaterThan(Set(noteLine).count, 3, "anti-aliased glyphs, not a flat panel")
    }

    func testAPansRowShowsPossibleBeganChangedEndedInOrder() async {
        view.addGestureRecognizer(UIPanGestureRecognizer())
        send([sample(1, .began, 100, 100)], to: [hud])
        for step in 1...4 {
            clock.advance(by: 0.05)
            send([sample(1, .moved, 100 + 10 * CGFloat(step), 100)], to: [hud])
        }
        XCTAssertEqual(hud.timeline?.rows.first?.currentPhase, .state(.changed))
        XCTAssertEqual(hud.axisEnd, clock.now, "while fingers are down the axis ends now")
        clock.advance(by: 0.05)
        send([sample(1, .ended, 140, 100)], to: [hud])
        let segments = hud.timeline?.rows.first?.segments ?? []
        XCTAssertEqual(segments.map(\.phase), [.state(.possible), .state(.began), .state(.changed), .state(.ended)])
        XCTAssertEqual(segments.first?.start, 100)
        XCTAssertEqual(segments.last?.start ?? 0, 100.25, accuracy: 1e-9)
        XCTAssertEqual(segments.last?.end ?? 0, 100.25, accuracy: 1e-9, "reset at once")
        XCTAssertEqual(hud.axisEnd, 100.25, accuracy: 1e-9)
        XCTAssertEqual(layout?.rows.map(\.status), ["ended"])
    }

    func testATimerDrivenChangeShowsAtTheNextPollAndThePanelLeavesAfterTheLinger() async {
        view.addGestureRecognizer(UILongPressGestureRecognizer())
        send([sample(1, .began, 100, 100)], to: [hud])
        XCTAssertEqual(hud.nextUpdateTime, 100 + RecognizerHUD.pollInterval)
        clock.advance(by: 0.1)
        XCTAssertEqual(changes { XCTAssertEqual(hud.update(in: window), []) }, 0, "nothing new: no redraw")
        XCTAssertEqual(hud.nextUpdateTime ?? 0, 100.2, accuracy: 1e-9)
        clock.advance(by: 0.45)
        UIApplication.shared.runPendingTimers()
        XCTAssertEqual(changes { XCTAssertEqual(hud.update(in: window), []) }, 1, "the long press began on its timer")
        XCTAssertEqual(layout?.rows.map(\.status), ["began"])

        clock.advance(by: 0.2)
        send([sample(1, .ended, 100, 100)], to: [hud])
        let lift = clock.now
        XCTAssertEqual(layout?.rows.map(\.status), ["ended"])
        clock.advance(by: RecognizerHUD.lingerDuration - 0.01)
        _ = hud.update(in: window)
        XCTAssertNotNil(hud.timeline, "still lingering")
        XCTAssertEqual(hud.nextUpdateTime, lift + RecognizerHUD.lingerDuration)
        let layerView = DebugLayerView(frame: window.bounds, recognizers: hud, performance: PerformanceOverlay())
        layerView.layoutIfNeeded()
        XCTAssertFalse(layerView.hud.isHidden, "the debug layer shows it")
        clock.now = lift + RecognizerHUD.lingerDuration
        XCTAssertEqual(changes { XCTAssertEqual(hud.update(in: window), []) }, 1, "the panel is told it has gone")
        XCTAssertNil(hud.timeline)
        XCTAssertNil(hud.nextUpdateTime)
        XCTAssertNil(layout, "nothing to lay out")
        layerView.setNeedsLayout()
        layerView.layoutIfNeeded()
        XCTAssertTrue(layerView.hud.isHidden, "and the debug layer hides it")
    }

    func testARecognitionHeldForAnotherToFailIsWaitingAndAFailureKeptForOthersStaysFailed() async {
        let single = UITapGestureRecognizer()
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        single.require(toFail: double)
        view.addGestureRecognizer(single)
        view.addGestureRecognizer(double)
        send([sample(1, .began, 100, 100)], to: [hud])
        clock.advance(by: 0.05)
        send([sample(1, .ended, 100, 100)], to: [hud])
        let singleRow = try! XCTUnwrap(hud.timeline?.rows.first { $0.recognizer.hasPrefix("UITapGestureRecognizer") && $0.serial
            == hud.timeline?.rows.last?.serial })
        XCTAssertEqual(singleRow.currentPhase, .waiting, "the single tap is complete but waits")
        XCTAssertEqual(singleRow.note, "ended waits for \(RecognizerTimeline.shortName(of: hud.timeline!.rows[0].recognizer)) to fail")
        XCTAssertEqual(layout?.rows.last?.status, "waiting")

        // A pan that requires a tap to fail: the tap fails when the finger moves and stays
        // failed, for its own reason, while the pan goes on.
        let pan = UIPanGestureRecognizer()
        let tap = UITapGestureRecognizer()
        pan.require(toFail: tap)
        let other = UIView(frame: CGRect(x: 240, y: 60, width: 150, height: 200))
        window.addSubview(other)
        other.addGestureRecognizer(tap)
        other.addGestureRecognizer(pan)
        clock.advance(by: 5)
        send([sample(2, .began, 300, 100)], to: [hud])
        for step in 1...3 {
            clock.advance(by: 0.02)
            send([sample(2, .moved, 300 + 20 * CGFloat(step), 100)], to: [hud])
        }
        let tapRow = try! XCTUnwrap(hud.timeline?.rows.first { $0.recognizer.hasPrefix("UITapGestureRecognizer") })
        XCTAssertEqual(tapRow.currentPhase, .state(.failed))
        XCTAssertEqual(tapRow.segments.map(\.phase), [.state(.possible), .state(.failed)])
        XCTAssertEqual(tapRow.note, "a finger moved 60.0 pt (limit 45.0 pt)", "its own reason, not the wait")
        XCTAssertEqual(hud.timeline?.rows.first { $0.recognizer.hasPrefix("UIPan") }?.segments.map(\.phase),
                       [.state(.possible), .waiting, .state(.began)], "the pan waited for the tap, then began")
    }

    func testASecondTapSoonAfterTheFirstContinuesTheSequence() async {
        view.addGestureRecognizer(UITapGestureRecognizer())
        send([sample(1, .began, 100, 100)], to: [hud])
        send([sample(1, .ended, 100, 100)], to: [hud])
        clock.advance(by: RecognizerHUD.sequenceGap)
        send([sample(2, .began, 100, 100)], to: [hud])
        XCTAssertEqual(hud.timeline?.start, 100, "within the gap: one sequence")
        send([sample(2, .ended, 100, 100)], to: [hud])
        XCTAssertEqual(hud.timeline?.rows.first?.segments.map(\.phase),
                       [.state(.possible), .state(.ended), .state(.possible), .state(.ended)], "both taps on one row")
        clock.advance(by: RecognizerHUD.sequenceGap + 0.01)
        send([sample(3, .began, 100, 100)], to: [hud])
        XCTAssertEqual(hud.timeline?.start, clock.now, "after the gap: a new sequence")
        XCTAssertEqual(hud.timeline?.rows.first?.segments.map(\.phase), [.state(.possible)])
    }

    func testTooManyRecognizersForTheWindowAreCountedNotDrawnAndTheTraceSwitchIsGivenBack() async {
        for _ in 0..<8 { view.addGestureRecognizer(UIPanGestureRecognizer()) }
        send([sample(1, .began, 100, 100)], to: [hud])
        let layout = try! XCTUnwrap(self.layout)
        XCTAssertEqual(layout.rows.count + layout.hiddenRows, 8)
        XCTAssertGreaterThan(layout.hiddenRows, 0)
        XCTAssertLessThanOrEqual(panel.frame.maxY, 300 - bottomInset)

        XCTAssertTrue(GestureTrace.isEnabled)
        hud.isVisible = false
        XCTAssertFalse(GestureTrace.isEnabled, "the HUD switched it on, so it switches it off")
        GestureTrace.isEnabled = true
        hud.isVisible = true
        hud.isVisible = false
        XCTAssertTrue(GestureTrace.isEnabled, "someone else's switch stays on")
    }

    func testShortNamesKeepTheGestureAndTheNumber() async {
        XCTAssertEqual(RecognizerTimeline.shortName(of: "UITapGestureRecognizer#3"), "Tap#3")
        XCTAssertEqual(RecognizerTimeline.shortName(of: "CheckmarkGestureRecognizer#12"), "Checkmark#12")
        XCTAssertEqual(RecognizerTimeline.shortName(of: "Wiggle#4"), "Wiggle#4")
        XCTAssertEqual(RecognizerTimeline.shortenNames(in: "prevented by UIPanGestureRecognizer#4, already under way"),
                       "prevented by Pan#4, already under way")
    }

    /// The legend names every colour a row shows, `possible` first, and where it wraps
    /// its lines share the entries out evenly: no entry alone on a line.
    func testTheLegendNamesPossibleAndWrapsEvenly() async {
        XCTAssertEqual(RecognizerHUDLayout.legend.map(\.0), ["possible", "waiting", "began", "changed", "ended", "failed", "cancelled"])
        let measurer = TextMeasurer()
        let widths = RecognizerHUDLayout.legend.map { measurer.width(of: $0.0, size: RecognizerHUDLayout.legendSize) }
        let oneLine = widths.reduce(0) { $0 + 14 + $1 + 12 } - 12
        XCTAssertEqual(RecognizerHUDLayout.legendLines(widths: widths, inner: oneLine), [Array(0..<7)], "all on one line where it fits")
        // The HUD's widest (420 less its padding): two lines, four and three.
        let lines = RecognizerHUDLayout.legendLines(widths: widths, inner: 420 - 2 * RecognizerHUDLayout.padding)
        XCTAssertEqual(lines, [[0, 1, 2, 3], [4, 5, 6]])
        // Narrow: as few lines as fit, none holding one entry while another holds three.
        for inner in stride(from: CGFloat(120), through: 400, by: 20) {
            let lines = RecognizerHUDLayout.legendLines(widths: widths, inner: inner)
            XCTAssertEqual(lines.flatMap { $0 }, Array(0..<7), "\(inner)")
            XCTAssertLessThanOrEqual((lines.map(\.count).max() ?? 0) - (lines.map(\.count).min() ?? 0), 1, "\(inner): \(lines)")
            for line in lines where line.count > 1 {
                XCTAssertLessThanOrEqual(line.reduce(0) { $0 + 14 + widths[$1] + 12 } - 12, inner, "\(inner): \(line) fits")
            }
        }
    }
}
