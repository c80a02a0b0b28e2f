import UIKit
import XCTest

/// The recognizer arrangements Neuburg's "Touches" and Apple's "Gesture Recognizers"
/// describe, each driven by synthetic fingers and asserted as the exact sequence of
/// actions and view messages the texts document. Apple's two-finger discrete gesture is
/// in `GestureArenaTests`.
final class DocumentedRecognizerArrangementTests: UIKitTestCase {
    private var view: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        view = addTraceView("view", CGRect(x: 40, y: 40, width: 240, height: 240))
    }

    private func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: x, y: y)
    }

    /// Two quick taps at one spot.
    private func doubleTap(at spot: CGPoint) {
        injector.tap(at: spot, duration: 0.05)
        injector.wait(0.1)
        injector.tap(at: spot, duration: 0.05)
    }

    // MARK: - Apple, "Gesture Recognizers": "Affecting the Delivery of Touches to Views"

    func testDoubleTapSeenByTheViewWithDelaysTouchesEnded() async {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        attach(double, as: "double", to: view)
        doubleTap(at: point(100, 100))
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.began(2)", "view.cancelled(1)", "view.cancelled(2)", "double.ended"])
    }

    func testDoubleTapSeenByTheViewWithoutDelaysTouchesEnded() async {
        let double = UITapGestureRecognizer()
        double.numberOfTapsRequired = 2
        double.delaysTouchesEnded = false
        attach(double, as: "double", to: view)
        doubleTap(at: point(100, 100))
        // "in touchesBegan:withEvent:, the view can recognize a double tap"
        XCTAssertEqual(view.seenTouches[2]?.tapCount, 2)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.ended(1)", "view.began(2)", "view.cancelled(2)", "double.ended"])
    }

    // MARK: - Neuburg, "Touches": "Multiple Gesture Recognizers"

    /// The listing at "So our view is now configured as follows".
    private func configureTapDoubleTapPan() {
        let t2 = UITapGestureRecognizer()
        t2.numberOfTapsRequired = 2
        attach(t2, as: "double", to: view)
        let t1 = UITapGestureRecognizer()
        t1.require(toFail: t2)
        attach(t1, as: "single", to: view)
        let p = UIPanGestureRecognizer()
        attach(p, as: "drag", to: view)
    }

    func testSingleTapWaitsForTheDoubleTapToFail() async {
        configureTapDoubleTapPan()
        injector.tap(at: point(100, 100), duration: 0.05)
        XCTAssertEqual(trace.flush(), ["view.began(1)"], "nothing yet: the double tap may still come")
        injector.wait(GestureThresholds.maximumIntervalBetweenTaps)
        XCTAssertEqual(trace.flush(), ["view.cancelled(1)", "single.ended"])
    }

    func testADoubleTapFiresDoubleAndNeverSingle() async {
        configureTapDoubleTapPan()
        doubleTap(at: point(100, 100))
        injector.wait(1)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.began(2)", "view.cancelled(1)", "view.cancelled(2)", "double.ended"])
    }

    func testADragIsADragAndNoTap() async {
        configureTapDoubleTapPan()
        injector.drag(from: point(100, 100), to: point(160, 100), duration: 0.2, steps: 3)
        injector.wait(1)
        XCTAssertEqual(trace.flush(), [
            "view.began(1)", "view.cancelled(1)", "drag.began", "drag.changed", "drag.changed", "drag.ended",
        ])
    }

    func testATapThenAQuickDragIsASingleTapAndADrag() async {
        // The single tap, complete and waiting for the double tap to fail, does not take
        // the new finger: the drag prevents the double tap, which lets the single go.
        configureTapDoubleTapPan()
        injector.tap(at: point(100, 100), duration: 0.05)
        injector.wait(0.1)
        injector.drag(from: point(100, 100), to: point(160, 100), duration: 0.2, steps: 3)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("view.") }, [
            "drag.began", "single.ended", "drag.changed", "drag.changed", "drag.ended",
        ])
    }

    func testWithoutRequireToFailADoubleTapAlsoFiresSingle() async {
        // "on a double tap, both the single tap action handler and the double tap action
        // handler are called" (the double tap is added last, so it goes first).
        let t1 = UITapGestureRecognizer()
        attach(t1, as: "single", to: view)
        let t2 = UITapGestureRecognizer()
        t2.numberOfTapsRequired = 2
        attach(t2, as: "double", to: view)
        doubleTap(at: point(100, 100))
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("view.") }, ["single.ended", "double.ended"])
    }

    // MARK: - Neuburg, "Touches": "Gesture Recognizer Delegate": long press, then pan

    @MainActor
    private final class PulsingController: UIGestureRecognizerDelegate {
        let longPresser = UILongPressGestureRecognizer()
        let panner = UIPanGestureRecognizer()

        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            !(longPresser.state == .possible || longPresser.state == .failed)
        }

        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            true
        }
    }

    func testThePanIsAllowedOnlyOnceTheLongPressHasBegun() async {
        let controller = PulsingController()
        attach(controller.longPresser, as: "press", to: view)
        attach(controller.panner, as: "pan", to: view)
        controller.panner.delegate = controller
        // A drag straight away: the pan may not begin, and the press fails on movement.
        injector.drag(from: point(100, 100), to: point(160, 100), duration: 0.2, steps: 3)
        XCTAssertEqual(trace.flush(), ["view.began(1)", "view.moved(1)", "view.moved(1)", "view.moved(1)", "view.ended(1)"])
        // Press and hold, then drag: the press begins, then the pan too.
        let id = injector.touchDown(at: point(100, 100))
        injector.wait(GestureThresholds.minimumPressDuration)
        for x in stride(from: 110, through: 130, by: 10) { injector.move(id, to: point(CGFloat(x), 100)) }
        injector.touchUp(id, at: point(130, 100))
        XCTAssertEqual(trace.flush(), [
            "view.began(2)", "view.cancelled(2)", "press.began",
            // The pan was added last, so it hears each move first.
            "pan.began", "press.changed", "pan.changed", "press.changed", "pan.changed", "press.changed",
            "pan.ended", "press.ended",
        ])
    }

    // MARK: - Apple, "Gesture Recognizers", listing 1-6: the pan waits for the swipe to fail

    func testSwipeBeforePan() async {
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        attach(swipe, as: "swipe", to: view)
        let pan = UIPanGestureRecognizer()
        pan.require(toFail: swipe)
        attach(pan, as: "pan", to: view)
        // Quick and straight: a swipe, and the pan fails.
        injector.drag(from: point(60, 100), to: point(200, 100), duration: 0.1, steps: 4)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("view.") }, ["swipe.ended"])
        // Slow: the swipe fails, and the pan, held back until then, begins.
        injector.drag(from: point(60, 100), to: point(200, 100), duration: 1.2, steps: 12)
        let actions = trace.flush().filter { !$0.hasPrefix("view.") }
        XCTAssertEqual(actions.first, "pan.began")
        XCTAssertEqual(actions.last, "pan.ended")
        XCTAssertFalse(actions.contains("swipe.ended"))
    }

    // MARK: - Apple, "Gesture Recognizers", listing 1-7: shouldReceive keeps a custom subview's touches

    @MainActor
    private final class CustomSubviewGuard: UIGestureRecognizerDelegate {
        let customSubview: UIView
        init(_ customSubview: UIView) { self.customSubview = customSubview }

        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer, shouldReceive touch: UITouch) -> Bool {
            // Determine if the touch is inside the custom subview.
            if touch.view === customSubview { return false }
            return true
        }
    }

    func testShouldReceiveKeepsTheCustomSubviewsTouches() async {
        let custom = addTraceView("custom", CGRect(x: 10, y: 10, width: 50, height: 50), to: view)
        let tap = UITapGestureRecognizer()
        let guardian = CustomSubviewGuard(custom)
        tap.delegate = guardian
        attach(tap, as: "tap", to: view)
        injector.tap(at: point(70, 70))  // in the custom subview
        injector.wait(1)
        injector.tap(at: point(200, 200))
        XCTAssertEqual(trace.flush(), ["custom.began(1)", "custom.ended(1)", "view.began(2)", "view.cancelled(2)", "tap.ended"])
    }

    // MARK: - Apple, "Gesture Recognizers": "Permitting Simultaneous Gesture Recognition"

    @MainActor
    private final class Simultaneous: UIGestureRecognizerDelegate {
        func gestureRecognizer(_ gestureRecognizer: UIGestureRecognizer,
                               shouldRecognizeSimultaneouslyWith otherGestureRecognizer: UIGestureRecognizer) -> Bool {
            true
        }
    }

    func testPinchAndRotationTogetherThroughTheDelegate() async {
        view.isMultipleTouchEnabled = true
        let pinch = UIPinchGestureRecognizer()
        let rotation = UIRotationGestureRecognizer()
        attach(pinch, as: "pinch", to: view)
        attach(rotation, as: "rotation", to: view)
        // A pinch that also turns: by default the first to begin prevents the other.
        injector.pinch(center: point(160, 160), from: 80, to: 160, angle: 0, duration: 0.3, steps: 6)
        let alone = trace.flush().filter { !$0.hasPrefix("view.") }
        XCTAssertEqual(Set(alone.map { $0.components(separatedBy: ".")[0] }), ["pinch"])
        let delegate = Simultaneous()
        pinch.delegate = delegate
        var lastScale: CGFloat = 0
        var lastRotation: CGFloat = 0
        pinch.addAction { lastScale = ($0 as! UIPinchGestureRecognizer).scale }
        rotation.addAction { lastRotation = ($0 as! UIRotationGestureRecognizer).rotation }
        // Two fingers that spread apart and turn at once: both recognize.
        let a = injector.makeID(), b = injector.makeID()
        func fingers(_ distance: CGFloat, _ angle: CGFloat, _ phase: TouchSample.Phase) -> [TouchSample] {
            let dx = cos(angle) * distance / 2, dy = sin(angle) * distance / 2
            return [
                TouchSample(id: a, phase: phase, location: point(160 - dx, 160 - dy), timestamp: clock.now),
                TouchSample(id: b, phase: phase, location: point(160 + dx, 160 + dy), timestamp: clock.now),
            ]
        }
        window.inject(fingers(80, 0, .began))
        for step in 1...6 {
            clock.advance(by: 0.05)
            window.inject(fingers(80 + CGFloat(step) * 15, CGFloat(step) * 0.1, .moved))
        }
        window.inject(fingers(170, 0.6, .ended))
        let together = trace.flush().filter { !$0.hasPrefix("view.") }
        XCTAssertEqual(together.filter { $0.hasSuffix(".began") || $0.hasSuffix(".ended") }.sorted(),
                       ["pinch.began", "pinch.ended", "rotation.began", "rotation.ended"])
        XCTAssertEqual(lastScale, 170.0 / 80.0, accuracy: 1e-9)
        XCTAssertEqual(lastRotation, 0.6, accuracy: 1e-9)
    }

    // MARK: - Neuburg, "Touches": controls against an ancestor's tap

    func testAButtonWinsOverAnAncestorsSingleTap() async {
        let button = UIButton(type: .system)
        button.frame = CGRect(x: 20, y: 20, width: 100, height: 44)
        view.addSubview(button)
        var pressed = 0
        button.addAction({ _ in pressed += 1 }, for: .touchUpInside)
        let tap = UITapGestureRecognizer()
        attach(tap, as: "tap", to: view)
        injector.tap(at: point(80, 80))  // on the button
        injector.wait(1)
        XCTAssertEqual(pressed, 1)
        injector.tap(at: point(200, 200))  // beside it
        XCTAssertEqual(pressed, 1)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("view.") }, ["tap.ended"])
    }

    func testASliderRefusesASwipeWhileItsThumbIsDragged() async {
        let slider = UISlider(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
        view.addSubview(slider)
        let swipe = UISwipeGestureRecognizer()
        swipe.direction = [.left, .right]
        attach(swipe, as: "swipe", to: view)
        let thumbRect = slider.thumbRect(forBounds: slider.bounds, trackRect: slider.trackRect(forBounds: slider.bounds), value: slider.value)
        let thumb = window.convert(CGPoint(x: thumbRect.midX, y: thumbRect.midY), from: slider)
        injector.drag(from: thumb, to: CGPoint(x: thumb.x + 150, y: thumb.y), duration: 0.1, steps: 4)
        XCTAssertEqual(trace.flush().filter { !$0.hasPrefix("view.") }, [], "the thumb moved; no swipe")
        XCTAssertGreaterThan(slider.value, 0.5)
    }
}
