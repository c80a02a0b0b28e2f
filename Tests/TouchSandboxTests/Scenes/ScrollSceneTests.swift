@testable import TouchSandbox
import UIKit
import XCTest

/// The scroll scene: a list of rows with real buttons in a scroll view. Which
/// `touches…` calls a button gets and when (ms after the finger went down), whether the
/// list scrolls, with `delaysContentTouches` and the list's `touchesShouldCancel(in:)`
/// switched live. Sources: Apple's UIScrollView reference (`delaysContentTouches`: the
/// touch-down is held until a timer fires, and a scroll that starts first means the
/// subview never gets it; `canCancelContentTouches` / `touchesShouldCancel(in:)`: a
/// scroll cancels a touch a subview has, unless the answer is no, UIKit's own for a
/// `UIControl`), and Apple's "Gesture Recognizers" (a scroll soon after the touch never
/// flashes the subview).
final class ScrollSceneTests: ListingTestCase {
    private var scene: ScrollScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(ScrollScene.self)
    }

    /// The middle of a row's Play button, in the window.
    private func play(_ row: Int) -> CGPoint {
        let button = scene.rows[row].button
        return button.convert(CGPoint(x: button.bounds.midX, y: button.bounds.midY), to: nil)
    }

    private func middle(of toggle: UISwitch) -> CGPoint {
        toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: nil)
    }

    /// Lets `seconds` pass in 10 ms steps, as a run loop turns, so that the content-touch
    /// hold's timer fires when it is due rather than at the end of one long jump.
    private func wait(_ seconds: TimeInterval) {
        for _ in 0..<Int((seconds * 100).rounded()) { injector.wait(0.01) }
    }

    /// A finger that went down at `start` moved `distance` up, in two moves: the first
    /// crosses the pan's 10-point hysteresis and begins the scroll, the second moves the
    /// content (which follows from where the hysteresis was crossed).
    private func dragUp(_ id: TouchSample.ID, from start: CGPoint, by distance: CGFloat) {
        injector.move(id, to: CGPoint(x: start.x, y: start.y - 12))
        injector.move(id, to: CGPoint(x: start.x, y: start.y - distance))
    }

    /// Flips a switch with a tap, then lets the next touch be a new sequence.
    private func flip(_ toggle: UISwitch) {
        injector.tap(at: middle(of: toggle))
        advance(1)
    }

    func testItStartsWithBothRulesOnAndTheListAtTheTop() async {
        XCTAssertEqual(scene.rows.count, 40)
        XCTAssertEqual(scene.list.contentSize.height, 40 * 56)
        XCTAssertTrue(scene.delaysSwitch.isOn)
        XCTAssertTrue(scene.cancelsSwitch.isOn)
        XCTAssertTrue(scene.list.delaysContentTouches)
        XCTAssertTrue(scene.list.touchesShouldCancel(in: scene.rows[0].button))
        XCTAssertEqual(scene.touchLine.text, "the Play buttons' touches show here, in ms after the finger went down")
        XCTAssertEqual(scene.stateLine.text, "playing: nothing \u{B7} list at y 0")
    }

    /// Pulled down past its top, the list refreshes: the state line says so until the
    /// refresh ends, 1.2 s on, and the list goes back to its top.
    func testPullingTheListDownRefreshesIt() async throws {
        let control = try XCTUnwrap(scene.list.refreshControl)
        let start = CGPoint(x: scene.list.convert(CGPoint(x: 40, y: 0), to: nil).x, y: scene.list.frame.minY + 20)
        let id = injector.touchDown(at: start)
        for step in 1...30 {
            injector.wait(0.02)
            injector.move(id, to: CGPoint(x: start.x, y: start.y + CGFloat(step) * 10))
        }
        XCTAssertTrue(control.isRefreshing, "the pull crossed the threshold with the finger down")
        XCTAssertEqual(scene.refreshes, 1)
        XCTAssertTrue(scene.stateLine.text?.hasSuffix("refreshing\u{2026}") ?? false, scene.stateLine.text ?? "")
        injector.touchUp(id, at: CGPoint(x: start.x, y: start.y + 300))
        frames(ScrollScene.refreshDuration + 1)
        XCTAssertFalse(control.isRefreshing)
        XCTAssertEqual(scene.list.contentOffset.y, 0, accuracy: 0.25)
        XCTAssertEqual(scene.stateLine.text, "playing: nothing \u{B7} list at y 0 \u{B7} refreshed 1\u{D7}")
        XCTAssertEqual(scene.buttonTouches, [], "the pull started on a row's title: no button heard of it")
    }

    /// A quick tap: the held began reaches the button when the finger lifts, then the
    /// end, then the button's action.
    func testATapPressesTheButtonWhenTheFingerLifts() async {
        let id = injector.touchDown(at: play(1))
        injector.wait(0.08)
        XCTAssertFalse(scene.rows[1].button.isHighlighted, "held: the button has not heard of it")
        injector.touchUp(id, at: play(1))
        XCTAssertEqual(scene.touchLine.text, "Track 2: touchesBegan 80 ms \u{B7} touchesEnded 80 ms \u{B7} touchUpInside")
        XCTAssertEqual(scene.stateLine.text, "playing: Track 2 \u{B7} list at y 0")
        XCTAssertEqual(scene.playing, 1)
    }

    /// A finger that stays: the button hears began 150 ms after it went down, and is
    /// pressed from then on.
    func testAHeldFingerReachesTheButtonAfterTheHold() async {
        let id = injector.touchDown(at: play(2))
        wait(0.14)
        XCTAssertFalse(scene.rows[2].button.isHighlighted)
        XCTAssertEqual(scene.buttonTouches, [])
        wait(0.01)
        XCTAssertTrue(scene.rows[2].button.isHighlighted)
        XCTAssertEqual(scene.touchLine.text, "Track 3: touchesBegan 150 ms")
        injector.wait(0.15)
        injector.touchUp(id, at: play(2))
        XCTAssertEqual(scene.touchLine.text, "Track 3: touchesBegan 150 ms \u{B7} touchesEnded 300 ms \u{B7} touchUpInside")
    }

    /// A drag that starts on a button within the hold scrolls the list; the button
    /// never hears of it and never lights.
    func testAQuickDragFromAButtonScrollsAndTheButtonHearsNothing() async {
        let start = play(2)
        let id = injector.touchDown(at: start)
        injector.wait(0.05)
        dragUp(id, from: start, by: 30)
        XCTAssertEqual(scene.list.contentOffset, CGPoint(x: 0, y: 20), "30 points less the 10-point hysteresis")
        XCTAssertEqual(scene.touchLine.text, "Track 3: the button heard nothing: the list scrolled first")
        injector.wait(0.3)
        XCTAssertFalse(scene.rows[2].button.isHighlighted)
        injector.move(id, to: CGPoint(x: start.x, y: start.y - 80))
        injector.wait(0.2)
        injector.touchUp(id, at: CGPoint(x: start.x, y: start.y - 80))
        XCTAssertEqual(scene.list.contentOffset, CGPoint(x: 0, y: 70))
        XCTAssertEqual(scene.buttonTouches, ["Track 3: the button heard nothing: the list scrolled first"])
        XCTAssertEqual(scene.stateLine.text, "playing: nothing \u{B7} list at y 70")
    }

    /// Held past the hold, then dragged: the button heard began at 150 ms and gets
    /// touchesCancelled when the scroll starts; no action is sent.
    func testADragAfterTheHoldCancelsTheButtonsTouch() async {
        let start = play(2)
        let id = injector.touchDown(at: start)
        wait(0.25)
        dragUp(id, from: start, by: 30)
        XCTAssertEqual(scene.touchLine.text, "Track 3: touchesBegan 150 ms \u{B7} touchesCancelled 250 ms")
        XCTAssertFalse(scene.rows[2].button.isHighlighted)
        XCTAssertEqual(scene.list.contentOffset, CGPoint(x: 0, y: 20))
        injector.wait(0.2)
        injector.touchUp(id, at: CGPoint(x: start.x, y: start.y - 30))
        XCTAssertEqual(scene.touchLine.text, "Track 3: touchesBegan 150 ms \u{B7} touchesCancelled 250 ms")
        XCTAssertNil(scene.playing)
    }

    /// delaysContentTouches off: the button hears began at once and lights; a drag
    /// cancels it all the same.
    func testWithoutTheHoldTheButtonHearsAtOnceAndADragCancelsIt() async {
        flip(scene.delaysSwitch)
        XCTAssertFalse(scene.list.delaysContentTouches)
        let start = play(3)
        let id = injector.touchDown(at: start)
        XCTAssertTrue(scene.rows[3].button.isHighlighted)
        XCTAssertEqual(scene.touchLine.text, "Track 4: touchesBegan 0 ms")
        injector.wait(0.05)
        dragUp(id, from: start, by: 30)
        XCTAssertEqual(scene.touchLine.text, "Track 4: touchesBegan 0 ms \u{B7} touchesCancelled 50 ms")
        XCTAssertFalse(scene.rows[3].button.isHighlighted)
        XCTAssertEqual(scene.list.contentOffset, CGPoint(x: 0, y: 20))
        injector.touchUp(id, at: CGPoint(x: start.x, y: start.y - 30))
    }

    /// With the list answering no, as UIKit does for a control: a button that heard the
    /// touch keeps it, the list does not move, and the lift far off is touchUpOutside.
    func testWhenTheListMayNotCancelAButtonKeepsItsTouchAndNothingScrolls() async {
        flip(scene.cancelsSwitch)
        XCTAssertFalse(scene.list.touchesShouldCancel(in: scene.rows[0].button))
        let start = play(2)
        let id = injector.touchDown(at: start)
        wait(0.2)
        injector.move(id, to: CGPoint(x: start.x, y: start.y - 100))
        XCTAssertEqual(scene.list.contentOffset, .zero)
        injector.wait(0.1)
        injector.touchUp(id, at: CGPoint(x: start.x, y: start.y - 100))
        XCTAssertEqual(scene.touchLine.text, "Track 3: touchesBegan 150 ms \u{B7} touchesEnded 300 ms \u{B7} touchUpOutside")
        XCTAssertNil(scene.playing)
        // Within the hold it still scrolls: the button has heard nothing to keep.
        let quick = injector.touchDown(at: start)
        injector.wait(0.05)
        dragUp(quick, from: start, by: 30)
        XCTAssertEqual(scene.list.contentOffset, CGPoint(x: 0, y: 20))
        XCTAssertEqual(scene.touchLine.text, "Track 3: the button heard nothing: the list scrolled first")
        injector.touchUp(quick, at: CGPoint(x: start.x, y: start.y - 30))
    }

    /// Each touch on a button gets its own line, in order.
    func testEveryButtonTouchIsKeptInOrder() async {
        injector.tap(at: play(0), duration: 0.05)
        advance(1)
        let id = injector.touchDown(at: play(1))
        wait(0.2)
        injector.touchUp(id, at: play(1))
        XCTAssertEqual(scene.buttonTouches, [
            "Track 1: touchesBegan 50 ms \u{B7} touchesEnded 50 ms \u{B7} touchUpInside",
            "Track 2: touchesBegan 150 ms \u{B7} touchesEnded 200 ms \u{B7} touchUpInside",
        ])
        XCTAssertEqual(scene.playing, 1)
    }

    /// A resize keeps the switches, the list's place and the lines.
    func testAResizeKeepsTheRulesThePlaceAndTheLines() async {
        flip(scene.delaysSwitch)
        injector.tap(at: play(1))
        scene.list.contentOffset = CGPoint(x: 0, y: 300)
        present(scene, size: CGSize(width: 640, height: 480))
        XCTAssertFalse(scene.delaysSwitch.isOn)
        XCTAssertFalse(scene.list.delaysContentTouches)
        XCTAssertTrue(scene.cancelsSwitch.isOn)
        XCTAssertEqual(scene.list.contentOffset, CGPoint(x: 0, y: 300))
        XCTAssertEqual(scene.touchLine.text, "Track 2: touchesBegan 0 ms \u{B7} touchesEnded 0 ms \u{B7} touchUpInside")
        XCTAssertEqual(scene.stateLine.text, "playing: Track 2 \u{B7} list at y 300")
    }

    /// The longest lines the scene writes fit the smallest window, where the switches
    /// still sit side by side.
    func testTheLongestLinesFitTheSmallestWindow() async {
        present(scene, size: CGSize(width: 640, height: 480))
        XCTAssertEqual(scene.delaysSwitch.frame.minY, scene.cancelsSwitch.frame.minY)
        for text in ["Track 40: touchesBegan 1500 ms \u{B7} touchesEnded 12000 ms \u{B7} touchUpOutside",
                     "Track 40: touchesBegan 1500 ms \u{B7} touchesCancelled 12000 ms",
                     "Track 40: the button heard nothing: the list scrolled first"] {
            scene.touchLine.text = text
            XCTAssertNil(SceneSafeAreaLayoutTests.fitProblem(scene.touchLine), text)
        }
        scene.stateLine.text = "playing: Track 40 \u{B7} list at y 1888"
        XCTAssertNil(SceneSafeAreaLayoutTests.fitProblem(scene.stateLine))
    }
}
