@testable import UIKit
import XCTest

/// Sliders: the value under the finger, valueChanged counts, touches off the thumb, and
/// the rule that keeps a swipe from stealing the thumb.
///
/// The slider is 228 points wide at x = 46: its 28-point thumb travels 200 points, its
/// centre from window x 60 (value 0) to 260 (value 1), at window y 215.5.
final class UISliderTests: UIKitTestCase {
    private var slider: UISlider!
    private var events: ControlEventLog!
    private let y: CGFloat = 215

    override func setUp() async throws {
        try await super.setUp()
        slider = UISlider(frame: CGRect(x: 46, y: 200, width: 228, height: 31))
        window.addSubview(slider)
        events = ControlEventLog(slider)
    }

    private func point(_ x: CGFloat) -> CGPoint {
        CGPoint(x: x, y: y)
    }

    // MARK: - Defaults and geometry

    func testDefaultsAreUIKits() async {
        let plain = UISlider()
        XCTAssertEqual(plain.value, 0)
        XCTAssertEqual(plain.minimumValue, 0)
        XCTAssertEqual(plain.maximumValue, 1)
        XCTAssertTrue(plain.isContinuous)
    }

    func testTheThumbSitsAlongItsTravelByValue() async {
        slider.value = 0.3
        let track = slider.trackRect(forBounds: slider.bounds)
        XCTAssertEqual(track, CGRect(x: 0, y: 13.5, width: 228, height: 4))
        let thumb = slider.thumbRect(forBounds: slider.bounds, trackRect: track, value: 0.3)
        XCTAssertEqual(thumb.origin.x, 60, accuracy: 1e-4)
        XCTAssertEqual(thumb.origin.y, 1.5)
        XCTAssertEqual(thumb.size, CGSize(width: 28, height: 28))
        let parts = slider.layer.sublayers ?? []
        XCTAssertEqual(parts.count, 3, "track, tinted track, thumb")
        XCTAssertEqual(parts[1].frame.width, 74, accuracy: 1e-4, "tinted up to the thumb's centre")
        XCTAssertEqual(parts[2].frame.minX, 60, accuracy: 1e-4)
    }

    func testValuesAreClampedAndTheRangeKeepsItsOrder() async {
        slider.value = 3
        XCTAssertEqual(slider.value, 1)
        slider.value = -1
        XCTAssertEqual(slider.value, 0)
        slider.value = 0.5
        slider.minimumValue = 0.7
        XCTAssertEqual(slider.value, 0.7, "raised to the new minimum")
        slider.minimumValue = 2
        XCTAssertEqual(slider.maximumValue, 2, "the maximum follows a minimum set above it")
        XCTAssertEqual(slider.value, 2)
        slider.maximumValue = -1
        XCTAssertEqual(slider.minimumValue, -1)
        XCTAssertEqual(slider.value, -1)
        XCTAssertEqual(events.flush(), [], "values set in code send nothing")
    }

    // MARK: - Dragging

    func testDraggingTheThumbFollowsTheFingerContinuously() async {
        let id = injector.touchDown(at: point(60))
        XCTAssertTrue(slider.isTracking)
        XCTAssertTrue(slider.isHighlighted)
        injector.move(id, to: point(110))
        XCTAssertEqual(slider.value, 0.25, accuracy: 1e-6)
        injector.move(id, to: point(160))
        XCTAssertEqual(slider.value, 0.5, accuracy: 1e-6)
        injector.move(id, to: point(160.5))
        XCTAssertEqual(slider.value, 0.5025, accuracy: 1e-6)
        injector.touchUp(id, at: point(160.5))
        XCTAssertEqual(events.flush(), ["touchDown", "valueChanged", "touchDragInside", "valueChanged", "touchDragInside",
                                        "valueChanged", "touchDragInside", "touchUpInside"])
        XCTAssertFalse(slider.isHighlighted)
    }

    func testTheThumbKeepsTheOffsetAtWhichItWasGrabbed() async {
        slider.value = 0.5
        let id = injector.touchDown(at: point(168))
        XCTAssertEqual(slider.value, 0.5, "grabbing off-centre does not jump")
        injector.move(id, to: point(188))
        XCTAssertEqual(slider.value, 0.6, accuracy: 1e-6)
        injector.touchUp(id, at: point(188))
    }

    func testTheValueStopsAtTheEndsAndMovesOnlyWhenTheFingerComesBack() async {
        let id = injector.touchDown(at: point(60))
        injector.move(id, to: point(300))
        XCTAssertEqual(slider.value, 1)
        injector.move(id, to: point(310))
        injector.move(id, to: point(260))
        XCTAssertEqual(slider.value, 1, "not before the finger is back over the end")
        injector.move(id, to: point(240))
        XCTAssertEqual(slider.value, 0.9, accuracy: 1e-6)
        injector.move(id, to: point(-20))
        XCTAssertEqual(slider.value, 0)
        injector.touchUp(id, at: point(-20))
        XCTAssertEqual(events.flush().filter { $0 == "valueChanged" }.count, 3, "only moves that change the value")
    }

    func testADifferentRangeMapsTheSameTravel() async {
        slider.minimumValue = 10
        slider.maximumValue = 20
        let id = injector.touchDown(at: point(60))
        injector.move(id, to: point(110))
        XCTAssertEqual(slider.value, 12.5, accuracy: 1e-5)
        injector.touchUp(id, at: point(110))
    }

    func testANonContinuousSliderSendsValueChangedOnceBeforeTouchUp() async {
        slider.isContinuous = false
        injector.drag(from: point(60), to: point(160), steps: 4)
        XCTAssertEqual(slider.value, 0.5, accuracy: 1e-6)
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "touchDragInside", "touchDragInside",
                                        "touchDragInside", "valueChanged", "touchUpInside"])
    }

    func testANonContinuousDragThatEndsWhereItStartedSendsNoValueChanged() async {
        slider.isContinuous = false
        let id = injector.touchDown(at: point(60))
        injector.move(id, to: point(120))
        injector.move(id, to: point(60))
        injector.touchUp(id, at: point(60))
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "touchDragInside", "touchUpInside"])
    }

    func testACancelledNonContinuousDragReportsTheValueItLeft() async {
        slider.isContinuous = false
        let id = injector.touchDown(at: point(60))
        injector.move(id, to: point(120))
        UIApplication.shared.cancelAllTouches()
        XCTAssertEqual(slider.value, 0.3, accuracy: 1e-6)
        injector.move(id, to: point(200))
        XCTAssertEqual(events.flush(), ["touchDown", "touchDragInside", "valueChanged", "touchCancel"])
    }

    // MARK: - Touches off the thumb

    func testATouchOnTheTrackAwayFromTheThumbDoesNothing() async {
        let id = injector.touchDown(at: point(200))
        XCTAssertFalse(slider.isTracking)
        XCTAssertFalse(slider.isHighlighted)
        injector.move(id, to: point(220))
        injector.touchUp(id, at: point(220))
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(events.flush(), [])
    }

    func testTheThumbCanBeGrabbedAFewPointsOutside() async {
        // The thumb spans window x 46...74; it is grabbed up to 8 points beyond.
        let near = injector.touchDown(at: point(81))
        XCTAssertTrue(slider.isTracking)
        injector.touchUp(near, at: point(81))
        injector.wait(1)
        _ = injector.touchDown(at: point(83))
        XCTAssertFalse(slider.isTracking)
    }

    func testADisabledSliderIgnoresTouchesAndIsDrawnFaded() async {
        slider.isEnabled = false
        injector.drag(from: point(60), to: point(160))
        XCTAssertEqual(slider.value, 0)
        XCTAssertEqual(events.flush(), [])
        XCTAssertEqual(slider.layer.sublayers?.map(\.opacity), [0.5, 0.5, 0.5])
        slider.isEnabled = true
        XCTAssertEqual(slider.layer.sublayers?.map(\.opacity), [1, 1, 1])
    }

    // MARK: - Animation

    func testSetValueAnimatedMovesTheThumbWithAnAnimation() async throws {
        let thumb = try XCTUnwrap(slider.layer.sublayers?.last)
        slider.setValue(0.5, animated: false)
        XCTAssertEqual(thumb.animationKeys() ?? [], [])
        slider.setValue(1, animated: true)
        XCTAssertEqual(thumb.frame.minX, 200, accuracy: 1e-4, "the model is at the new value at once")
        XCTAssertFalse((thumb.animationKeys() ?? []).isEmpty)
    }

    // MARK: - gestureRecognizerShouldBegin

    func testAHorizontalSwipeMayNotBeginWhileTheThumbIsDragged() async {
        let swipe = UISwipeGestureRecognizer()
        window.addGestureRecognizer(swipe)
        XCTAssertTrue(slider.gestureRecognizerShouldBegin(swipe), "no drag under way")
        let id = injector.touchDown(at: point(60))
        XCTAssertFalse(slider.gestureRecognizerShouldBegin(swipe))

        let vertical = UISwipeGestureRecognizer()
        vertical.direction = [.up, .down]
        window.addGestureRecognizer(vertical)
        XCTAssertTrue(slider.gestureRecognizerShouldBegin(vertical), "not along the slider")
        let twoFinger = UISwipeGestureRecognizer()
        twoFinger.numberOfTouchesRequired = 2
        window.addGestureRecognizer(twoFinger)
        XCTAssertTrue(slider.gestureRecognizerShouldBegin(twoFinger))
        let other = UIGestureRecognizer()
        window.addGestureRecognizer(other)
        XCTAssertTrue(slider.gestureRecognizerShouldBegin(other), "not a swipe")

        // The swipe (the touch's only recognizer: the others came after it landed) fails
        // as the finger lifts without travelling, so the slider hears the end at once.
        injector.touchUp(id, at: point(60))
        XCTAssertFalse(slider.isTracking)
        XCTAssertTrue(slider.gestureRecognizerShouldBegin(swipe))
    }

    func testATouchOffTheThumbLetsTheSwipeBegin() async {
        let swipe = UISwipeGestureRecognizer()
        window.addGestureRecognizer(swipe)
        _ = injector.touchDown(at: point(200))
        XCTAssertTrue(slider.gestureRecognizerShouldBegin(swipe))
    }
}
