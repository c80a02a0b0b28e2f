import UIKit
import XCTest
import TouchTestSupport

final class UIPanGestureRecognizerTests: UIKitTestCase {
    /// A pan that notes its resets and the state it left (a failure sends no action).
    private final class LoggedPan: UIPanGestureRecognizer {
        var onReset: ((State) -> Void)?

        override func reset() {
            onReset?(state)
            super.reset()
        }
    }

    private var view: UIView!
    private var pan: LoggedPan!
    private var log: [String] = []

    override func setUp() async throws {
        try await super.setUp()
        log = []
        view = UIView(frame: CGRect(x: 20, y: 40, width: 280, height: 400))
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
        pan = attachLoggedPan(named: nil, to: view)
    }

    override func tearDown() async throws {
        XCTAssertEqual(UIGestureRecognizer.illegalTransitionCount, 0, "every state change is guarded by the current state")
        try await super.tearDown()
    }

    /// Attaches a pan whose actions log `"<name> <state> <translation> v=<velocity>"`, in
    /// window coordinates, and whose resets log `"<name> reset after <state>"`.
    private func attachLoggedPan(named name: String?, to view: UIView) -> LoggedPan {
        let pan = LoggedPan()
        attachLog(to: pan, named: name)
        view.addGestureRecognizer(pan)
        return pan
    }

    private func attachLog(to pan: UIPanGestureRecognizer, named name: String?) {
        let prefix = name.map { "\($0) " } ?? ""
        pan.addAction { [unowned self] recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer else { return XCTFail("not a pan") }
            log.append("\(prefix)\(pan.state) \(ContinuousGestureLog.point(pan.translation(in: nil)))"
                + " v=\(ContinuousGestureLog.point(pan.velocity(in: nil)))")
        }
        (pan as? LoggedPan)?.onReset = { [unowned self] state in log.append("\(prefix)reset after \(state)") }
    }

    private func withoutVelocity(_ line: String) -> String {
        line.components(separatedBy: " v=")[0]
    }

    private func point(_ x: CGFloat, _ y: CGFloat) -> CGPoint {
        CGPoint(x: x, y: y)
    }

    // MARK: - One finger

    func testADragBeginsWithTheFullTranslationThenChangesOnEveryMoveAndEndsOnLift() async {
        injector.drag(from: point(60, 100), to: point(160, 100), duration: 0.1, steps: 5)
        XCTAssertEqual(log, [
            "began (20.0, 0.0) v=(1000.0, 0.0)",
            "changed (40.0, 0.0) v=(1000.0, 0.0)",
            "changed (60.0, 0.0) v=(1000.0, 0.0)",
            "changed (80.0, 0.0) v=(1000.0, 0.0)",
            "changed (100.0, 0.0) v=(1000.0, 0.0)",
            "ended (100.0, 0.0) v=(1000.0, 0.0)",
            "reset after ended",
        ])
        XCTAssertEqual(pan.state, .possible)
        XCTAssertEqual(pan.translation(in: nil), .zero, "reset starts the next pan from zero")
        XCTAssertEqual(pan.velocity(in: nil), .zero)
    }

    func testItBeginsOnceTheCentroidHasMovedTheHysteresisAndAFingerAtRestFlicksNothing() async {
        XCTAssertEqual(GestureThresholds.panHysteresis, 10)
        let finger = injector.touchDown(at: point(100, 100))
        injector.wait(0.01)
        injector.move(finger, to: point(106, 107.9))
        XCTAssertEqual(log, [], "9.92 pt is within the hysteresis")
        injector.wait(0.01)
        injector.move(finger, to: point(106, 108))
        // Velocity: the least-squares slope of (0, 0), (6, 7.9), (6, 8) over 10 ms steps.
        XCTAssertEqual(log, ["began (6.0, 8.0) v=(300.0, 400.0)"])
        injector.wait(0.2)
        injector.touchUp(finger, at: point(106, 108))
        XCTAssertEqual(Array(log.dropFirst()), ["ended (6.0, 8.0) v=(0.0, 0.0)", "reset after ended"])
    }

    func testLiftingBeforeItBeganFails() async {
        injector.drag(from: point(100, 100), to: point(106, 106), duration: 0.1, steps: 3)
        XCTAssertEqual(log, ["reset after failed"])
    }

    func testACancelledTouchCancelsARecognizingPanAndFailsAPossibleOne() async {
        let first = injector.touchDown(at: point(100, 100))
        injector.wait(0.02)
        injector.move(first, to: point(120, 100))
        injector.wait(0.02)
        injector.send([TouchSample(id: first, phase: .cancelled, location: point(130, 100), timestamp: clock.now)])
        XCTAssertEqual(log, ["began (20.0, 0.0) v=(1000.0, 0.0)", "cancelled (30.0, 0.0) v=(750.0, 0.0)", "reset after cancelled"])

        log = []
        let second = injector.touchDown(at: point(100, 100))
        injector.send([TouchSample(id: second, phase: .cancelled, location: point(100, 100), timestamp: clock.now)])
        XCTAssertEqual(log, ["reset after failed"])
    }

    func testAPanThatLosesToAnotherRecognizerStartsAfreshNextTime() async {
        let pinch = UIPinchGestureRecognizer()
        view.addGestureRecognizer(pinch)
        // A symmetric pinch keeps the centroid still: the pinch recognizes, the pan fails.
        injector.pinch(center: point(160, 240), from: 100, to: 160, duration: 0.1, steps: 5)
        XCTAssertEqual(log, ["reset after failed"])
        log = []
        injector.drag(from: point(60, 100), to: point(100, 100), duration: 0.04, steps: 2)
        XCTAssertEqual(log, [
            "began (20.0, 0.0) v=(1000.0, 0.0)", "changed (40.0, 0.0) v=(1000.0, 0.0)",
            "ended (40.0, 0.0) v=(1000.0, 0.0)", "reset after ended",
        ])
    }

    // MARK: - Coordinates

    func testTranslationAndVelocityAreVectorsInTheGivenView() async {
        let turned = UIView(frame: CGRect(x: 100, y: 100, width: 50, height: 50))
        turned.transform = CGAffineTransform(rotationAngle: .pi / 2).scaledBy(x: 2, y: 2)
        let moved = UIView(frame: CGRect(x: 70, y: 90, width: 50, height: 50))
        for other in [turned, moved] {
            other.isUserInteractionEnabled = false
            window.addSubview(other)
        }
        var seen: [String] = []
        pan.addAction { [unowned self] recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer, pan.state == .ended else { return }
            seen = [
                ContinuousGestureLog.point(pan.translation(in: turned)), ContinuousGestureLog.point(pan.velocity(in: turned)),
                ContinuousGestureLog.point(pan.translation(in: moved)), ContinuousGestureLog.point(pan.velocity(in: moved)),
                ContinuousGestureLog.point(pan.translation(in: view.superview)),
            ]
        }
        injector.drag(from: point(200, 300), to: point(240, 300), duration: 0.1, steps: 2)
        // The turned view's x axis points down the window and its points are 2 window
        // points: 40 pt rightwards is 20 of its points along its −y.
        XCTAssertEqual(seen, ["(0.0, -20.0)", "(0.0, -200.0)", "(40.0, 0.0)", "(400.0, 0.0)", "(40.0, 0.0)"])
    }

    func testSetTranslationIsInTheGivenView() async {
        let scaled = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        scaled.transform = CGAffineTransform(scaleX: 2, y: 2)
        scaled.isUserInteractionEnabled = false
        window.addSubview(scaled)
        pan.setTranslation(point(5, -1), in: scaled)
        XCTAssertEqual(pan.translation(in: nil), point(10, -2))
        XCTAssertEqual(pan.translation(in: scaled), point(5, -1))
        pan.setTranslation(.zero, in: nil)
        XCTAssertEqual(pan.translation(in: scaled), .zero)
    }

    /// Neuburg's stateless dragging: apply the translation, then set it back to zero.
    func testDraggingBySettingTheTranslationBackToZero() async {
        let startCenter = view.center
        pan.addAction { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer, let view = pan.view else { return }
            guard pan.state == .began || pan.state == .changed else { return }
            let delta = pan.translation(in: view.superview)
            view.center = CGPoint(x: view.center.x + delta.x, y: view.center.y + delta.y)
            pan.setTranslation(.zero, in: view.superview)
        }
        injector.drag(from: point(60, 100), to: point(160, 130), duration: 0.1, steps: 5)
        XCTAssertEqual(log, [
            "began (20.0, 6.0) v=(1000.0, 300.0)",
            "changed (20.0, 6.0) v=(1000.0, 300.0)",
            "changed (20.0, 6.0) v=(1000.0, 300.0)",
            "changed (20.0, 6.0) v=(1000.0, 300.0)",
            "changed (20.0, 6.0) v=(1000.0, 300.0)",
            "ended (0.0, 0.0) v=(1000.0, 300.0)",
            "reset after ended",
        ])
        XCTAssertEqualPoints(view.center, CGPoint(x: startCenter.x + 100, y: startCenter.y + 30), accuracy: 1e-9)
    }

    /// Setting the translation keeps the velocity, as observed on iOS, though Apple's
    /// reference says changing it resets the velocity: Ray Wenderlich's
    /// "UIGestureRecognizer Tutorial in iOS 5: Pinches, Pans, and More!" ("Gratuitous
    /// Deceleration") sets the translation to zero on every call, `.ended` included,
    /// and then reads `velocityInView:` to slide the view on, which works on iOS.
    func testSettingTheTranslationKeepsTheVelocityForTheFling() async {
        var fling: CGPoint?
        pan.addAction { recognizer in
            guard let pan = recognizer as? UIPanGestureRecognizer, let view = pan.view else { return }
            let delta = pan.translation(in: view.superview)
            view.center = CGPoint(x: view.center.x + delta.x, y: view.center.y + delta.y)
            pan.setTranslation(.zero, in: view.superview)
            if pan.state == .ended { fling = pan.velocity(in: view.superview) }
        }
        injector.drag(from: point(60, 100), to: point(160, 130), duration: 0.1, steps: 5)
        XCTAssertEqualPoints(fling ?? .zero, point(1000, 300), accuracy: 1e-6)
    }

    // MARK: - Several fingers

    func testFingersJoiningOrLiftingMidGestureDoNotMoveTheTranslation() async {
        let first = injector.touchDown(at: point(50, 100))
        injector.wait(0.02)
        injector.move(first, to: point(70, 100))
        injector.wait(0.02)
        let second = injector.touchDown(at: point(150, 200))
        XCTAssertEqual(pan.numberOfTouches, 2)
        XCTAssertEqual(pan.location(in: nil), point(110, 150), "the centroid jumps…")
        XCTAssertEqual(pan.translation(in: nil), point(20, 0), "…the translation does not")
        injector.wait(0.02)
        injector.send([
            TouchSample(id: first, phase: .moved, location: point(80, 105), timestamp: clock.now + 0.0),
            TouchSample(id: second, phase: .moved, location: point(160, 205), timestamp: clock.now + 0.0),
        ])
        injector.wait(0.02)
        injector.touchUp(first, at: point(80, 105))
        XCTAssertEqual(pan.location(in: nil), point(160, 205))
        injector.wait(0.02)
        injector.move(second, to: point(170, 205))
        injector.touchUp(second, at: point(170, 205))
        // Velocities: least-squares slopes of the translation over the last 0.1 s.
        XCTAssertEqual(log, [
            "began (20.0, 0.0) v=(1000.0, 0.0)",
            "changed (30.0, 5.0) v=(450.0, 75.0)",
            "changed (40.0, 5.0) v=(342.9, 64.3)",
            "ended (40.0, 5.0) v=(342.9, 64.3)",
            "reset after ended",
        ])
    }

    func testAFingerJoiningInTheEventOfAMoveCountsOnlyTheMove() async {
        let first = injector.touchDown(at: point(50, 100))
        injector.wait(0.02)
        injector.move(first, to: point(70, 100))
        injector.wait(0.02)
        let second = injector.makeID()
        injector.send([
            TouchSample(id: first, phase: .moved, location: point(80, 100), timestamp: clock.now + 0.02),
            TouchSample(id: second, phase: .began, location: point(200, 300), timestamp: clock.now + 0.02),
        ])
        injector.wait(0.02)
        injector.move(second, to: point(210, 310))
        XCTAssertEqual(log.map(withoutVelocity), [
            "began (20.0, 0.0)", "changed (30.0, 0.0)", "changed (35.0, 5.0)",
        ], "a lone finger of two moving 10 pt moves the centroid 5 pt")
    }

    func testAMinimumOfTwoFingersStartsCountingWhenTheSecondArrivesAndEndsBelowIt() async {
        pan.minimumNumberOfTouches = 2
        let first = injector.touchDown(at: point(50, 100))
        injector.wait(0.02)
        injector.move(first, to: point(90, 100))
        XCTAssertEqual(log, [], "one finger is not a two-finger pan")
        injector.wait(0.02)
        let second = injector.touchDown(at: point(150, 100))
        for step in 1...2 {
            injector.wait(0.02)
            injector.send([
                TouchSample(id: first, phase: .moved, location: point(90 + 10 * CGFloat(step), 100), timestamp: clock.now),
                TouchSample(id: second, phase: .moved, location: point(150 + 10 * CGFloat(step), 100), timestamp: clock.now),
            ])
        }
        injector.wait(0.02)
        injector.touchUp(first, at: point(110, 100))
        injector.wait(0.02)
        injector.move(second, to: point(200, 100))
        injector.touchUp(second, at: point(200, 100))
        XCTAssertEqual(log, [
            "began (10.0, 0.0) v=(150.0, 0.0)",
            "changed (20.0, 0.0) v=(250.0, 0.0)",
            "ended (20.0, 0.0) v=(242.9, 0.0)",
            "reset after ended",
        ])
    }

    func testMoreFingersThanTheMaximumBeforeItBeganFail() async {
        pan.maximumNumberOfTouches = 1
        let first = injector.makeID()
        let second = injector.makeID()
        injector.send([sample(first.number, .began, 100, 100), sample(second.number, .began, 150, 100)])
        XCTAssertEqual(log, ["reset after failed"])
        injector.wait(0.02)
        injector.send([sample(first.number, .moved, 130, 100), sample(second.number, .moved, 180, 100)])
        injector.send([sample(first.number, .ended, 130, 100), sample(second.number, .ended, 180, 100)])
        XCTAssertEqual(log, ["reset after failed"])
    }

    func testFingersBeyondTheMaximumAfterItBeganAreIgnored() async {
        pan.maximumNumberOfTouches = 1
        let first = injector.touchDown(at: point(50, 100))
        injector.wait(0.02)
        injector.move(first, to: point(70, 100))
        let extra = injector.touchDown(at: point(200, 300))
        XCTAssertEqual(pan.numberOfTouches, 1)
        XCTAssertEqual(pan.location(in: nil), point(70, 100))
        injector.wait(0.02)
        injector.move(extra, to: point(250, 350))
        injector.move(first, to: point(80, 100))
        injector.touchUp(extra, at: point(250, 350))
        injector.touchUp(first, at: point(80, 100))
        XCTAssertEqual(log, [
            "began (20.0, 0.0) v=(1000.0, 0.0)",
            "changed (30.0, 0.0) v=(750.0, 0.0)",
            "ended (30.0, 0.0) v=(750.0, 0.0)",
            "reset after ended",
        ])
    }

    // MARK: - Subclasses and target–action

    /// DESIGN.md's target–action line, exactly as a view controller writes it.
    private final class ViewController: UIViewController {
        var handled: [String] = []
        var left: UIView!
        var right: UIView!

        override func viewDidLoad() {
            super.viewDidLoad()
            left = UIView(frame: CGRect(x: 0, y: 0, width: 160, height: 480))
            right = UIView(frame: CGRect(x: 160, y: 0, width: 160, height: 480))
            view.addSubview(left)
            view.addSubview(right)
            left.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: ViewController.handlePan))
            let pan = UIPanGestureRecognizer()
            pan.addTarget(self, action: ViewController.handlePan)
            right.addGestureRecognizer(pan)
        }

        func handlePan(_ p: UIPanGestureRecognizer) {
            let side = p.view === left ? "left" : "right"
            handled.append("\(side) \(p.state) \(ContinuousGestureLog.point(p.translation(in: p.view?.superview)))")
        }
    }

    func testTheTargetActionLineOfTheDesignCompilesAndWorks() async {
        let controller = ViewController()
        controller.view.frame = window.bounds
        window.addSubview(controller.view)
        injector.drag(from: point(80, 100), to: point(80, 130), duration: 0.1, steps: 2)
        injector.drag(from: point(240, 100), to: point(200, 100), duration: 0.1, steps: 2)
        XCTAssertEqual(controller.handled, [
            "left began (0.0, 15.0)", "left changed (0.0, 30.0)", "left ended (0.0, 30.0)",
            "right began (-20.0, 0.0)", "right changed (-40.0, 0.0)", "right ended (-40.0, 0.0)",
        ])
    }
}
