@testable import UIKit
import XCTest

/// Switches: UIKit's fixed size, a tap that toggles on the lift, a drag that changes
/// side as the finger carries the thumb (each change reported then), the pressed thumb,
/// the 44-point touch area, and state set in code that reports nothing.
///
/// Sources: Apple's "UISwitch" reference (`init(frame:)` ignores the size; `valueChanged`
/// when the state changes; `setOn(_:animated:)`), and iOS 7 and later as observed on
/// devices: a drag sends `valueChanged` when the thumb reaches the other side, before
/// the finger lifts, and the thumb widens while pressed.
///
/// The switch is at window (100, 200): its track spans x 100…151, y 200…231; off, the
/// thumb's centre is at x 115.5, on at x 135.5.
final class UISwitchTests: UIKitTestCase {
    private var toggle: UISwitch!
    private var events: ControlEventLog!
    private let y: CGFloat = 215.5

    override func setUp() async throws {
        try await super.setUp()
        toggle = UISwitch(frame: CGRect(x: 100, y: 200, width: 300, height: 100))
        window.addSubview(toggle)
        events = ControlEventLog(toggle)
    }

    private var track: CALayer { toggle.layer.sublayers![0] }
    private var thumb: CALayer { toggle.layer.sublayers![1] }

    // MARK: - Size and look

    /// "The size components of this rectangle are ignored" (UISwitch.init(frame:)).
    func testTheSizeIsUIKitsWhateverTheFrameSays() async {
        XCTAssertEqual(toggle.frame, CGRect(x: 100, y: 200, width: 51, height: 31))
        XCTAssertEqual(toggle.sizeThatFits(CGSize(width: 500, height: 500)), CGSize(width: 51, height: 31))
        XCTAssertEqual(UISwitch().frame.size, CGSize(width: 51, height: 31))
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(track.frame, CGRect(x: 0, y: 0, width: 51, height: 31))
        XCTAssertEqual(track.cornerRadius, 15.5)
        XCTAssertEqual(thumb.frame, CGRect(x: 2, y: 2, width: 27, height: 27))
        XCTAssertEqual(track.backgroundColor, UISwitch.offTrackColor.cgColor)
    }

    /// Every later frame or bounds keeps only its origin: the size reads 51 × 31 at once,
    /// and after layout.
    func testAFrameSetLaterKeepsItsOriginAndTheSwitchsSize() async {
        toggle.frame = CGRect(x: 10, y: 20, width: 0, height: 0)
        XCTAssertEqual(toggle.frame, CGRect(x: 10, y: 20, width: 51, height: 31), "right after the set")
        window.layoutIfNeeded()
        XCTAssertEqual(toggle.frame, CGRect(x: 10, y: 20, width: 51, height: 31), "and after layout")
        toggle.frame = CGRect(x: 5, y: 6, width: 300, height: 100)
        XCTAssertEqual(toggle.frame, CGRect(x: 5, y: 6, width: 51, height: 31))
        toggle.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        XCTAssertEqual(toggle.bounds.size, CGSize(width: 51, height: 31))
        XCTAssertEqual(toggle.frame.origin, CGPoint(x: 5, y: 6))
    }

    func testOnIsTintedAndTheThumbAtTheRightEnd() async {
        toggle.isOn = true
        XCTAssertEqual(thumb.frame, CGRect(x: 22, y: 2, width: 27, height: 27))
        XCTAssertEqual(track.backgroundColor, UIColor.systemGreen.cgColor)
        toggle.onTintColor = .systemBlue
        toggle.thumbTintColor = .systemYellow
        XCTAssertEqual(track.backgroundColor, UIColor.systemBlue.cgColor)
        XCTAssertEqual(thumb.backgroundColor, UIColor.systemYellow.cgColor)
        XCTAssertNil(thumb.animationKeys(), "isOn set without animation")
    }

    /// State set in code sends nothing ("UISwitch.setOn(_:animated:)": "Setting the
    /// switch to either position does not result in an action message being sent").
    func testStateSetInCodeSendsNothingAndAnimatesWhenAsked() async {
        toggle.setOn(true, animated: true)
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(events.flush(), [])
        XCTAssertEqual(thumb.frame.minX, 22, "the model is at once where it goes")
        clock.advance(by: 0.125)
        let halfway = thumb.presentation()!.frame.minX
        XCTAssertGreaterThan(halfway, 2)
        XCTAssertLessThan(halfway, 22)
        clock.advance(by: 0.2)
        XCTAssertEqual(thumb.presentation()!.frame.minX, 22)
    }

    // MARK: - Tapping

    func testATapTogglesWhenTheFingerLiftsAndReportsOnce() async {
        let id = injector.touchDown(at: CGPoint(x: 120, y: y))
        XCTAssertFalse(toggle.isOn, "not on touch down")
        XCTAssertEqual(thumb.frame, CGRect(x: 2, y: 2, width: 34, height: 27), "pressed: wider towards the middle")
        injector.touchUp(id, at: CGPoint(x: 122, y: y))
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(thumb.frame, CGRect(x: 22, y: 2, width: 27, height: 27))
        XCTAssertEqual(events.flush(), ["touchDown", "valueChanged", "touchUpInside"])
        injector.wait(1)  // Not a second tap of the same sequence.
        injector.tap(at: CGPoint(x: 140, y: y))
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(events.flush(), ["touchDown", "valueChanged", "touchUpInside"])
    }

    func testAPressedOnThumbWidensTowardsTheMiddle() async {
        toggle.isOn = true
        _ = injector.touchDown(at: CGPoint(x: 135, y: y))
        XCTAssertEqual(thumb.frame, CGRect(x: 15, y: 2, width: 34, height: 27))
        UIApplication.shared.cancelAllTouches()
        XCTAssertEqual(thumb.frame, CGRect(x: 22, y: 2, width: 27, height: 27))
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(events.flush(), ["touchDown", "touchCancel"])
    }

    /// A finger that slides off and lifts beyond the tracking slop toggles nothing:
    /// only a lift inside is a tap.
    func testALiftOutsideTogglesNothing() async {
        let id = injector.touchDown(at: CGPoint(x: 115, y: y))
        injector.move(id, to: CGPoint(x: 115, y: y + 120))
        injector.touchUp(id, at: CGPoint(x: 115, y: y + 120))
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(thumb.frame.width, 27, "unpressed")
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragExit", "touchDragOutside", "touchUpOutside"])
    }

    // MARK: - Dragging

    /// The thumb goes to the side it is carried to as the finger crosses the middle,
    /// and each change is reported then; the lift toggles nothing more.
    func testADragChangesSideAsTheFingerCarriesTheThumb() async {
        let id = injector.touchDown(at: CGPoint(x: 115, y: y))
        injector.move(id, to: CGPoint(x: 124, y: y))
        XCTAssertFalse(toggle.isOn, "carried 9 points: the thumb's centre at 24.5, short of the middle, 25.5")
        injector.move(id, to: CGPoint(x: 126, y: y))
        XCTAssertTrue(toggle.isOn, "past the middle")
        XCTAssertEqual(thumb.frame, CGRect(x: 15, y: 2, width: 34, height: 27), "on, still pressed")
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "valueChanged", "touchDragInside"])
        injector.move(id, to: CGPoint(x: 170, y: y))
        injector.move(id, to: CGPoint(x: 100, y: y))
        XCTAssertFalse(toggle.isOn, "carried back")
        injector.touchUp(id, at: CGPoint(x: 100, y: y))
        XCTAssertFalse(toggle.isOn, "the lift after a drag toggles nothing")
        XCTAssertEqual(thumb.frame, CGRect(x: 2, y: 2, width: 27, height: 27))
        XCTAssertEqual(events.flush(), ["touchDragInside", "valueChanged", "touchDragInside", "touchUpInside"])
    }

    /// A wobble shorter than the drag threshold is still a tap.
    func testAWobbleIsStillATap() async {
        let id = injector.touchDown(at: CGPoint(x: 115, y: y))
        injector.move(id, to: CGPoint(x: 120.9, y: y + 3))
        injector.touchUp(id, at: CGPoint(x: 120.9, y: y + 3))
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "valueChanged", "touchUpInside"])
    }

    /// A cancelled drag keeps the side it reached, which was already reported.
    func testACancelledDragKeepsTheSideItReported() async {
        let id = injector.touchDown(at: CGPoint(x: 115, y: y))
        injector.move(id, to: CGPoint(x: 140, y: y))
        UIApplication.shared.cancelAllTouches()
        XCTAssertTrue(toggle.isOn)
        XCTAssertEqual(thumb.frame.width, 27)
        XCTAssertEqual(events.flush(), ["touchDown", "valueChanged", "touchDragInside", "touchCancel"])
    }

    // MARK: - Touch area and disabled

    /// 31 points high is below the 44-point touch target: touches land up to 6.5 points
    /// above and below the track.
    func testTouchesLandWithinFortyFourPointsOfHeight() async {
        XCTAssertTrue(window.hitTest(CGPoint(x: 120, y: 193.5), with: nil) === toggle)
        XCTAssertTrue(window.hitTest(CGPoint(x: 120, y: 237.4), with: nil) === toggle)
        XCTAssertFalse(window.hitTest(CGPoint(x: 120, y: 237.5), with: nil) === toggle, "bounds exclude their far edge")
        XCTAssertFalse(window.hitTest(CGPoint(x: 120, y: 193.4), with: nil) === toggle)
        XCTAssertFalse(window.hitTest(CGPoint(x: 151.1, y: y), with: nil) === toggle)
    }

    func testADisabledSwitchIsDimmedAndIgnoresTouches() async {
        toggle.isEnabled = false
        XCTAssertEqual(track.opacity, 0.5)
        XCTAssertEqual(thumb.opacity, 0.5)
        injector.tap(at: CGPoint(x: 120, y: y))
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(events.flush(), [])
    }

    /// Disabled while pressed: the tracking is cancelled (`touchCancel`, as any control),
    /// the thumb lets go, and the rest of the touch is ignored.
    func testDisablingWhilePressedUnpressesTheThumb() async {
        let id = injector.touchDown(at: CGPoint(x: 115, y: y))
        toggle.isEnabled = false
        XCTAssertEqual(thumb.frame, CGRect(x: 2, y: 2, width: 27, height: 27))
        injector.touchUp(id, at: CGPoint(x: 115, y: y))
        XCTAssertFalse(toggle.isOn)
        XCTAssertEqual(events.flush(), ["touchDown", "touchCancel"])
    }
}
