import UIKit
import XCTest

/// Tracking (the exact event sequences and the 70-point slop), state, and target–action.
/// The control sits at (100, 100, 100 × 50) in the window; with the slop its tracking
/// area runs from x 30 to 270 and y 30 to 220.
final class UIControlTests: UIKitTestCase {
    /// A control that notes its tracking calls in the event log, and can refuse.
    private final class TrackingControl: UIControl {
        var log: ControlEventLog?
        var beginsTracking = true
        var continuesTracking = true

        override func beginTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            log?.note("begin(inside: \(isTouchInside))")
            return beginsTracking
        }

        override func continueTracking(_ touch: UITouch, with event: UIEvent?) -> Bool {
            log?.note("continue(inside: \(isTouchInside), highlighted: \(isHighlighted))")
            return continuesTracking
        }

        override func endTracking(_ touch: UITouch?, with event: UIEvent?) {
            log?.note("end(inside: \(isTouchInside), tracking: \(isTracking))")
        }

        override func cancelTracking(with event: UIEvent?) {
            log?.note("cancel(event: \(event != nil))")
        }
    }

    private var parent: TraceView!
    private var control: TrackingControl!
    private var events: ControlEventLog!
    private let centre = CGPoint(x: 150, y: 125)

    override func setUp() async throws {
        try await super.setUp()
        parent = addTraceView("parent", window.bounds)
        control = TrackingControl(frame: CGRect(x: 100, y: 100, width: 100, height: 50))
        parent.addSubview(control)
        events = ControlEventLog(control)
    }

    // MARK: - Event sequences

    func testATapInsideSendsTouchDownThenTouchUpInside() async {
        let id = injector.touchDown(at: centre)
        XCTAssertEqual(events.flush(), ["touchDown"])
        XCTAssertTrue(control.isTracking)
        XCTAssertTrue(control.isTouchInside)
        XCTAssertTrue(control.isHighlighted)
        XCTAssertEqual(control.state, .highlighted)
        injector.touchUp(id, at: centre)
        XCTAssertEqual(events.flush(), ["touchUpInside"])
        XCTAssertFalse(control.isTracking)
        XCTAssertFalse(control.isTouchInside)
        XCTAssertFalse(control.isHighlighted)
        XCTAssertEqual(control.state, .normal)
        XCTAssertEqual(trace.flush(), [], "a tracked touch does not go up the responder chain")
    }

    func testDraggingOutSendsExitBeforeOutsideAndEndsOutside() async {
        let id = injector.touchDown(at: centre)
        injector.move(id, to: CGPoint(x: 160, y: 125))
        injector.move(id, to: CGPoint(x: 150, y: 300))
        XCTAssertFalse(control.isHighlighted, "the highlight follows the finger out")
        injector.move(id, to: CGPoint(x: 150, y: 310))
        injector.touchUp(id, at: CGPoint(x: 150, y: 310))
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "touchDragExit", "touchDragOutside",
                                        "touchDragOutside", "touchUpOutside"])
    }

    func testDraggingBackInSendsEnterBeforeInsideAndEndsInside() async {
        let id = injector.touchDown(at: centre)
        injector.move(id, to: CGPoint(x: 150, y: 300))
        injector.move(id, to: CGPoint(x: 150, y: 140))
        XCTAssertTrue(control.isHighlighted, "the highlight comes back with the finger")
        injector.touchUp(id, at: CGPoint(x: 150, y: 140))
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragExit", "touchDragOutside", "touchDragEnter",
                                        "touchDragInside", "touchUpInside"])
    }

    func testLiftingOutsideTheSlopWithoutAMoveSendsOnlyTouchUpOutside() async {
        let id = injector.touchDown(at: centre)
        injector.touchUp(id, at: CGPoint(x: 290, y: 125))
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpOutside"])
    }

    // MARK: - Slop boundaries

    func testSixtyNinePointsOutIsInsideAndSeventyOneIsOutsideOnTheRight() async {
        let id = injector.touchDown(at: centre)
        injector.move(id, to: CGPoint(x: 200 + 69, y: 125))
        XCTAssertTrue(control.isTouchInside)
        XCTAssertTrue(control.isHighlighted)
        injector.move(id, to: CGPoint(x: 200 + 70, y: 125))
        XCTAssertTrue(control.isTouchInside, "exactly 70 points out is still inside")
        injector.move(id, to: CGPoint(x: 200 + 71, y: 125))
        XCTAssertFalse(control.isTouchInside)
        XCTAssertFalse(control.isHighlighted)
        injector.touchUp(id, at: CGPoint(x: 200 + 71, y: 125))
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "touchDragInside", "touchDragExit",
                                        "touchDragOutside", "touchUpOutside"])
    }

    func testTheSlopAppliesOnEverySide() async {
        let cases: [(inside: CGPoint, outside: CGPoint, side: String)] = [
            (CGPoint(x: 100 - 69, y: 125), CGPoint(x: 100 - 71, y: 125), "left"),
            (CGPoint(x: 150, y: 100 - 69), CGPoint(x: 150, y: 100 - 71), "top"),
            (CGPoint(x: 150, y: 150 + 69), CGPoint(x: 150, y: 150 + 71), "bottom"),
            (CGPoint(x: 200 + 69, y: 150 + 69), CGPoint(x: 200 + 71, y: 150 + 69), "bottom-right corner"),
        ]
        for (inside, outside, side) in cases {
            let id = injector.touchDown(at: centre)
            injector.move(id, to: inside)
            XCTAssertTrue(control.isTouchInside, side)
            injector.move(id, to: outside)
            XCTAssertFalse(control.isTouchInside, side)
            injector.touchUp(id, at: outside)
            injector.wait(1)
        }
    }

    func testLiftingSixtyNinePointsOutIsATouchUpInside() async {
        let id = injector.touchDown(at: centre)
        injector.touchUp(id, at: CGPoint(x: 150, y: 150 + 69))
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside"])
        let other = injector.touchDown(at: centre)
        injector.touchUp(other, at: CGPoint(x: 150, y: 150 + 71))
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpOutside"])
    }

    // MARK: - Repeats, cancellation

    func testASecondQuickTapSendsTouchDownRepeatAfterTouchDown() async {
        injector.tap(at: centre, duration: 0.05)
        injector.wait(0.1)
        injector.tap(at: centre, duration: 0.05)
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside", "touchDown", "touchDownRepeat", "touchUpInside"])
    }

    func testACancelledTouchSendsTouchCancelAfterCancelTracking() async {
        control.log = events
        let id = injector.touchDown(at: centre)
        UIApplication.shared.cancelAllTouches()
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
        injector.move(id, to: CGPoint(x: 160, y: 125))
        XCTAssertEqual(events.flush(), ["begin(inside: true)", "touchDown", "cancel(event: true)", "touchCancel"])
    }

    // MARK: - Tracking overrides

    func testTrackingCallsComeBeforeTheirEvents() async {
        control.log = events
        let id = injector.touchDown(at: centre)
        injector.move(id, to: CGPoint(x: 150, y: 300))
        injector.touchUp(id, at: CGPoint(x: 150, y: 300))
        XCTAssertEqual(events.flush(), [
            "begin(inside: true)", "touchDown",
            "continue(inside: false, highlighted: false)", "touchDragExit", "touchDragOutside",
            "end(inside: false, tracking: true)", "touchUpOutside",
        ])
    }

    func testRefusingToBeginTrackingSendsNothingAndKeepsTheTouch() async {
        control.log = events
        control.beginsTracking = false
        let id = injector.touchDown(at: centre)
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
        injector.move(id, to: CGPoint(x: 160, y: 125))
        injector.touchUp(id, at: CGPoint(x: 160, y: 125))
        XCTAssertEqual(events.flush(), ["begin(inside: true)"])
        XCTAssertEqual(trace.flush(), [], "the touch is the control's, even untracked")
    }

    func testRefusingToContinueStopsTrackingWithoutFurtherEvents() async {
        control.log = events
        control.continuesTracking = false
        let id = injector.touchDown(at: centre)
        injector.move(id, to: CGPoint(x: 160, y: 125))
        XCTAssertFalse(control.isTracking)
        XCTAssertFalse(control.isHighlighted)
        injector.move(id, to: CGPoint(x: 170, y: 125))
        injector.touchUp(id, at: CGPoint(x: 170, y: 125))
        XCTAssertEqual(events.flush(), ["begin(inside: true)", "touchDown", "continue(inside: true, highlighted: true)"])
    }

    // MARK: - Enabled, selected

    func testADisabledControlLooksDisabledAndPassesItsTouchesUpTheChain() async {
        control.isEnabled = false
        XCTAssertEqual(control.state, .disabled)
        let id = injector.touchDown(at: centre)
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
        injector.touchUp(id, at: centre)
        XCTAssertEqual(events.flush(), [])
        XCTAssertEqual(trace.flush(), ["parent.began(1)", "parent.ended(1)"])
    }

    func testDisablingWhileTrackingCancelsAndIgnoresTheRestOfTheTouch() async {
        control.log = events
        let id = injector.touchDown(at: centre)
        control.isEnabled = false
        XCTAssertFalse(control.isHighlighted)
        XCTAssertFalse(control.isTracking)
        XCTAssertEqual(control.state, .disabled)
        injector.move(id, to: CGPoint(x: 160, y: 125))
        injector.touchUp(id, at: CGPoint(x: 160, y: 125))
        XCTAssertEqual(events.flush(), ["begin(inside: true)", "touchDown", "cancel(event: false)", "touchCancel"])
        XCTAssertEqual(trace.flush(), [], "the rest of the touch is not passed up half-way through")
        control.isEnabled = true
        injector.wait(1)
        injector.tap(at: centre)
        XCTAssertEqual(events.flush(), ["begin(inside: true)", "touchDown", "end(inside: true, tracking: true)", "touchUpInside"])
    }

    func testStateCombinesHighlightedDisabledAndSelected() async {
        control.isSelected = true
        XCTAssertEqual(control.state, .selected)
        control.isHighlighted = true
        XCTAssertEqual(control.state, [.selected, .highlighted])
        control.isEnabled = false
        XCTAssertEqual(control.state, [.selected, .highlighted, .disabled])
        XCTAssertEqual(UIControl.State.highlighted.rawValue, 1)
        XCTAssertEqual(UIControl.State.disabled.rawValue, 2)
        XCTAssertEqual(UIControl.State.selected.rawValue, 4)
        XCTAssertEqual(UIControl.State.normal.rawValue, 0)
    }

    func testEventRawValuesAreUIKits() async {
        let raw = ControlEventLog.namedEvents.map(\.event.rawValue)
        XCTAssertEqual(raw, [1, 2, 4, 8, 16, 32, 64, 128, 256, 4096, 8192])
        XCTAssertEqual(UIControl.Event.allTouchEvents.rawValue, 0xFFF)
        XCTAssertEqual(UIControl.Event.allEvents.rawValue, 0xFFFF_FFFF)
    }

    // MARK: - Several touches

    func testAControlTracksOnlyItsFirstTouchAndPassesTheOthersUp() async {
        control.isMultipleTouchEnabled = true
        let first = injector.touchDown(at: centre)
        let second = injector.touchDown(at: CGPoint(x: 120, y: 110))
        injector.touchUp(second, at: CGPoint(x: 120, y: 110))
        XCTAssertTrue(control.isTracking, "the second touch ending does not end tracking")
        injector.touchUp(first, at: centre)
        XCTAssertEqual(events.flush(), ["touchDown", "touchUpInside"])
        XCTAssertEqual(trace.flush(), ["parent.began(2)", "parent.ended(2)"])
    }
}
