import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// The recognizer HUD: which recognizers it lists, their states over time, why they
/// failed, when it refreshes and when it goes away.
final class RecognizerHUDTests: OverlayTestCase {
    /// A view whose class name the HUD shows.
    private final class TapView: UIView {}

    /// Says no to every recognition it is asked about.
    private final class Refusing: UIGestureRecognizerDelegate {
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool { false }
    }

    private var hud: RecognizerHUD!
    private var view: TapView!
    private let refusing = Refusing()

    override func setUp() async throws {
        try await super.setUp()
        hud = RecognizerHUD()
        hud.isVisible = true
        view = TapView(frame: CGRect(x: 20, y: 60, width: 200, height: 200))
        window.addSubview(view)
    }

    override func tearDown() async throws {
        hud.isVisible = false
        try await super.tearDown()
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
        let dirty = send([sample(1, .ended, 100, 100)], to: [hud])

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
        let layout = try! XCTUnwrap(hud.layout)
        XCTAssertEqual(dirty.count, 2, "the panel as it was, and as it is with the note")
        XCTAssertEqual(dirty.last, layout.frame)
        XCTAssertEqual(layout.rows.map(\.status), ["failed", "failed"])
        XCTAssertEqual(layout.rows[1].name, "Tap", "its gesture, without a number: no other row reads the same")
        XCTAssertEqual(tapRow.title, "Tap")
        XCTAssertEqual(layout.rows[1].view, " on TapView")
        XCTAssertEqual(layout.rows[1].note, "its delegate's gestureRecognizerShouldBegin said no")
        let image = image([hud])
        let frame = layout.frame
        XCTAssertEqual(frame.maxX, 400 - hud.rightInset)
        XCTAssertEqual(frame.minY, hud.topInset)
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
        XCTAssertEqual(hud.layout?.rows.map(\.status), ["ended"])
    }

    func testATimerDrivenChangeShowsAtTheNextPollAndThePanelLeavesAfterTheLinger() async {
        view.addGestureRecognizer(UILongPressGestureRecognizer())
        send([sample(1, .began, 100, 100)], to: [hud])
        XCTAssertEqual(hud.nextUpdateTime, 100 + RecognizerHUD.pollInterval)
        clock.advance(by: 0.1)
        XCTAssertEqual(hud.update(in: window), [], "nothing new: no frame")
        XCTAssertEqual(hud.nextUpdateTime ?? 0, 100.2, accuracy: 1e-9)
        clock.advance(by: 0.45)
        UIApplication.shared.runPendingTimers()
        let frame = hud.layout?.frame
        XCTAssertEqual(hud.update(in: window), [frame!, hud.layout!.frame], "the long press began on its timer")
        XCTAssertEqual(hud.layout?.rows.map(\.status), ["began"])

        clock.advance(by: 0.2)
        send([sample(1, .ended, 100, 100)], to: [hud])
        let lift = clock.now
        XCTAssertEqual(hud.layout?.rows.map(\.status), ["ended"])
        clock.advance(by: RecognizerHUD.lingerDuration - 0.01)
        _ = hud.update(in: window)
        XCTAssertNotNil(hud.timeline, "still lingering")
        XCTAssertEqual(hud.nextUpdateTime, lift + RecognizerHUD.lingerDuration)
        let shown = hud.layout!.frame
        clock.now = lift + RecognizerHUD.lingerDuration
        XCTAssertEqual(hud.update(in: window), [shown], "where the panel was")
        XCTAssertNil(hud.timeline)
        XCTAssertNil(hud.nextUpdateTime)
        XCTAssertEqual(rgb(image([hud]), Int(shown.midX), Int(shown.midY)), OverlayTestCase.background.rgb)
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
        XCTAssertEqual(hud.layout?.rows.last?.status, "waiting")

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
        let layout = try! XCTUnwrap(hud.layout)
        XCTAssertEqual(layout.rows.count + layout.hiddenRows, 8)
        XCTAssertGreaterThan(layout.hiddenRows, 0)
        XCTAssertLessThanOrEqual(layout.frame.maxY, 300 - hud.bottomInset)

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
}
