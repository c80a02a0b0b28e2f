import UIKit
import XCTest

/// Freezing, stepping and slowing an application's time (`UIApplication+AppTime`), on the
/// real run loop and a manual host clock: each kind of time source stands still while
/// frozen, goes on without a jump after, and moves by exactly one frame at a step.
final class UIApplicationAppTimeTests: UIKitTestCase {
    private var app: UIApplication { UIApplication.shared }
    private let frame = 1.0 / 60

    private func addBox(x: CGFloat = 0) -> UIView {
        let box = UIView(frame: CGRect(x: x, y: 0, width: 40, height: 40))
        window.addSubview(box)
        return box
    }

    // MARK: - Each time source stands still

    func testAUIViewAnimationStandsStillWhileFrozenAndGoesOnWithoutAJump() async throws {
        let box = addBox()
        var completions: [TimeInterval] = []
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { box.center.x = 220 },
                       completion: { _ in completions.append(CACurrentMediaTime()) })
        frames(0.5)
        app.freezeTime()
        let held = try XCTUnwrap(box.layer.presentation()).position.x
        let frozenAt = CACurrentMediaTime()
        frames(2)
        XCTAssertEqual(try XCTUnwrap(box.layer.presentation()).position.x, held, "held mid-flight")
        XCTAssertEqual(CACurrentMediaTime(), frozenAt, "the app's clock stands")
        XCTAssertEqual(completions, [], "the completion waits, though the host passed the end")
        app.resumeTime()
        XCTAssertEqual(CACurrentMediaTime(), frozenAt, "resuming does not jump")
        frames(0.25)
        XCTAssertEqual(try XCTUnwrap(box.layer.presentation()).position.x, held + 50, accuracy: 1e-6,
                       "a quarter second later, a quarter of the 200 pt")
        frames(0.5)
        XCTAssertEqual(completions.count, 1)
        XCTAssertEqual(box.center.x, 220)
    }

    func testAnExplicitAnimationStandsStillAndIsNotToldToStopWhileFrozen() async throws {
        let box = addBox()
        final class Delegate: NSObject, CAAnimationDelegate {
            var stops: [Bool] = []
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(flag) }
        }
        let delegate = Delegate()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 1.0
        fade.toValue = 0.0
        fade.duration = 0.4
        fade.delegate = delegate
        box.layer.add(fade, forKey: "fade")
        frames(0.2)
        app.freezeTime()
        let held = try XCTUnwrap(box.layer.presentation()).opacity
        XCTAssertGreaterThan(held, 0.3)
        XCTAssertLessThan(held, 0.7)
        frames(1)
        XCTAssertEqual(try XCTUnwrap(box.layer.presentation()).opacity, held)
        XCTAssertEqual(delegate.stops, [])
        app.resumeTime()
        frames(0.5)
        XCTAssertEqual(delegate.stops, [true])
    }

    func testAPropertyAnimatorsFractionStandsStillWhileFrozen() async {
        let box = addBox()
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { box.alpha = 0 }
        animator.startAnimation()
        frames(0.5)
        app.freezeTime()
        let fraction = animator.fractionComplete
        XCTAssertEqual(fraction, 0.5, accuracy: frame + 1e-9)
        frames(2)
        XCTAssertEqual(animator.fractionComplete, fraction)
        XCTAssertEqual(animator.state, .active)
        app.resumeTime()
        frames(0.25)
        XCTAssertEqual(animator.fractionComplete, fraction + 0.25, accuracy: 1e-6)
    }

    func testADisplayLinkDoesNotFireWhileFrozenAndFiresOncePerStep() async {
        var stamps: [CFTimeInterval] = []
        let link = CADisplayLink { link in stamps.append(link.timestamp) }
        link.add(to: app.animationEngine)
        frames(0.1)
        XCTAssertEqual(stamps.count, 6)
        app.freezeTime()
        stamps = []
        frames(1)
        XCTAssertEqual(stamps, [], "no frames while frozen")
        let frozenAt = CACurrentMediaTime()
        app.stepTime()
        testRunLoop.scheduler.runDue()
        XCTAssertEqual(stamps, [frozenAt + frame], "one step: one firing, one frame later")
        stamps = []
        app.stepTime(frames: 10)
        testRunLoop.scheduler.runDue()
        XCTAssertEqual(stamps.count, 10, "a step of ten frames fires it ten times")
        XCTAssertEqual(stamps.last ?? 0, frozenAt + 11 * frame, accuracy: 1e-9)
        XCTAssertEqual(zip(stamps, stamps.dropFirst()).map { $1 - $0 }.map { ($0 * 6000).rounded() / 6000 },
                       Array(repeating: (frame * 6000).rounded() / 6000, count: 9), "each a frame apart")
        link.invalidate()
    }

    func testDelayedCallsAndPerformsWaitWhileFrozenAndKeepTheirRemainingTime() async {
        var ran: [String] = []
        app.schedule(afterDelay: 0.5) { ran.append("call at \(String(format: "%.3f", CACurrentMediaTime() - 100))") }
        let target = UIView()
        target.perform("note", afterDelay: 0.3) { ran.append("perform") }
        injector.wait(0.2)
        app.freezeTime()
        frames(5)
        XCTAssertEqual(ran, [])
        XCTAssertNil(testRunLoop.scheduler.wakeDeadline, "a frozen app's loop wakes for nothing timed")
        app.resumeTime()
        injector.wait(0.1)
        XCTAssertEqual(ran, ["perform"], "0.1 s of its 0.3 s was left")
        injector.wait(0.2)
        XCTAssertEqual(ran, ["perform", "call at 0.500"], "on the app's clock, as if the freeze never was")
    }

    func testAHostTimeCallRunsInRealTimeWhileTheAppIsFrozen() async {
        var ran: [String] = []
        app.freezeTime()
        app.schedule(afterDelay: 0.25) { ran.append("app") }
        app.scheduleInHostTime(afterDelay: 0.25) { ran.append(String(format: "host at %.3f", self.clock.now - 100)) }
        XCTAssertEqual(testRunLoop.scheduler.wakeDeadline, 100.25, "the loop wakes for the host-time call only")
        testRunLoop.advance(0.2)
        XCTAssertEqual(ran, [])
        testRunLoop.advance(0.05)
        XCTAssertEqual(ran, ["host at 0.250"])
        XCTAssertNil(testRunLoop.scheduler.wakeDeadline)
        app.resumeTime()
        injector.wait(0.25)
        XCTAssertEqual(ran, ["host at 0.250", "app"])
    }

    func testALongPressDoesNotFireWhileFrozenAndFiresAfterResumingAtItsMoment() async {
        let pad = addTraceView("pad", CGRect(x: 0, y: 0, width: 320, height: 480))
        attach(UILongPressGestureRecognizer(), as: "press", to: pad) { _ in
            String(format: "at %.3f", CACurrentMediaTime() - 100)
        }
        _ = injector.touchDown(at: CGPoint(x: 100, y: 100))
        injector.wait(0.2)
        app.freezeTime()
        frames(3)
        XCTAssertEqual(trace.flush(), ["pad.began(1)"], "held for 3.2 s of the host's time, 0.2 s of the app's")
        app.resumeTime()
        injector.wait(0.29)
        XCTAssertEqual(trace.flush(), [])
        injector.wait(0.02)
        XCTAssertEqual(trace.flush(), ["pad.cancelled(1)", "press.began at 0.500"])
    }

    func testAPressWaitingWhileFrozenFiresAtTheStepThatReachesItsMoment() async {
        let pad = addTraceView("pad", CGRect(x: 0, y: 0, width: 320, height: 480))
        attach(UILongPressGestureRecognizer(), as: "press", to: pad)
        app.freezeTime()
        _ = injector.touchDown(at: CGPoint(x: 100, y: 100))
        frames(1)
        XCTAssertEqual(trace.flush(), ["pad.began(1)"])
        app.stepTime(frames: 29)
        testRunLoop.scheduler.runDue()
        XCTAssertEqual(trace.flush(), [], "29 frames: 0.483 s")
        app.stepTime()
        testRunLoop.scheduler.runDue()
        XCTAssertEqual(trace.flush(), ["pad.cancelled(1)", "press.began"], "the 30th frame reaches 0.5 s")
    }

    // MARK: - Touches while frozen

    func testATouchWhileFrozenHitsTheViewWhereTheModelPutsIt() async throws {
        let mover = addTraceView("mover", CGRect(x: 0, y: 0, width: 60, height: 60))
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear, .allowUserInteraction],
                       animations: { mover.frame.origin.x = 240 })
        frames(0.5)
        app.freezeTime()
        frames(1)
        let drawnX = try XCTUnwrap(mover.layer.presentation()).frame.minX
        XCTAssertEqual(drawnX, 120, accuracy: 4 + 1e-9, "drawn half way")
        injector.tap(at: CGPoint(x: drawnX + 30, y: 30))
        XCTAssertEqual(trace.flush(), [], "where it is drawn, nothing: UIKit hit-tests the model")
        injector.tap(at: CGPoint(x: 270, y: 30))
        XCTAssertEqual(trace.flush(), ["mover.began(2)", "mover.ended(2)"], "where the model is, the view")
        XCTAssertEqual(try XCTUnwrap(mover.layer.presentation()).frame.minX, drawnX, "and still held")
    }

    /// Notes the timestamp of every touch it is told of.
    private final class StampView: UIView {
        var stamps: [TimeInterval] = []
        var phases: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches) }
        private func note(_ phase: String, _ touches: Set<UITouch>) {
            stamps += touches.map(\.timestamp)
            phases += touches.map { _ in phase }
        }
    }

    func testTouchesWhileFrozenCarryTheFrozenInstantAndAPanHasNoVelocity() async {
        let pad = StampView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.addSubview(pad)
        var seen: [String] = []
        let pan = UIPanGestureRecognizer()
        pad.addGestureRecognizer(pan)
        pan.addAction { sender in
            guard let pan = sender as? UIPanGestureRecognizer else { return }
            let velocity = pan.velocity(in: pad)
            seen.append("\(pan.state) v=(\(velocity.x), \(velocity.y))")
        }
        frames(0.1)
        app.freezeTime()
        let frozenAt = CACurrentMediaTime()
        injector.drag(from: CGPoint(x: 50, y: 50), to: CGPoint(x: 250, y: 50), duration: 0.3, steps: 10)
        // Ten moves of 20 pt: the first passes the pan's 10-point hysteresis.
        XCTAssertEqual(seen, ["began v=(0.0, 0.0)"] + Array(repeating: "changed v=(0.0, 0.0)", count: 9) + ["ended v=(0.0, 0.0)"])
        XCTAssertEqual(pad.phases, ["began", "cancelled"], "the pan took the finger at its first move")
        XCTAssertEqual(Set(pad.stamps), [frozenAt], "every sample stamped with the frozen instant")
        XCTAssertEqual(clock.now - 100, 0.4, accuracy: 1e-9, "while the host's clock moved on")
    }

    /// A frozen app that ignores interaction events until a call its clock holds back:
    /// the tools' windows still take fingers, so their Resume stays in reach.
    func testWhileAFrozenAppIgnoresTouchesTheToolsWindowsStillTakeThem() async {
        let pad = addTraceView("pad", CGRect(x: 0, y: 0, width: 320, height: 480))
        let tools = UIWindow(frame: CGRect(x: 0, y: 400, width: 320, height: 80))
        tools.isSystemWindow = true
        tools.windowLevel = UIWindow.Level(1_000)
        let button = TraceView("tools", frame: tools.bounds, trace: trace)
        tools.addSubview(button)
        tools.isHidden = false
        app.beginIgnoringInteractionEvents()
        app.schedule(afterDelay: 0.5) { self.app.endIgnoringInteractionEvents() }
        app.freezeTime()
        frames(1)
        XCTAssertTrue(app.isIgnoringInteractionEvents, "the end waits on the frozen clock")
        injector.tap(at: CGPoint(x: 100, y: 100))
        XCTAssertEqual(trace.flush(), [], "the app's own window ignores it")
        tools.inject([.finger(5, .began, 50, 40, at: clock.now, device: 2)])
        tools.inject([.finger(5, .ended, 50, 40, at: clock.now, device: 2)])
        XCTAssertEqual(trace.flush(), ["tools.began(5)", "tools.ended(5)"])
        XCTAssertTrue(pad.superview === window)
    }

    // MARK: - Speed

    func testTheAppsSpeedScalesTimersRecognizersAndAnimationsAndMultipliesWithSlowAnimations() async throws {
        app.timeSpeed = 0.25
        var ran: [String] = []
        app.schedule(afterDelay: 0.5) { ran.append("call") }
        let box = addBox()
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: { box.center.x = 220 })
        frames(1.9)
        XCTAssertEqual(ran, [], "0.5 s of app time takes 2 s")
        frames(0.2)
        XCTAssertEqual(ran, ["call"])
        // 2.1 s of host time: 0.525 s of the animation, whose start waited for a frame.
        let atQuarterSpeed = try XCTUnwrap(box.layer.presentation()).position.x
        app.animationEngine.animationSpeed = 0.1
        frames(1)
        let moved = try XCTUnwrap(box.layer.presentation()).position.x - atQuarterSpeed
        XCTAssertEqual(moved, 200 * 1 * 0.25 * 0.1, accuracy: 1e-6, "1 s × 0.25 × 0.1 of layer time")
        app.timeSpeed = 1
        app.animationEngine.animationSpeed = 1
        app.timeSpeed = 0
        app.timeSpeed = .nan
        XCTAssertEqual(app.timeSpeed, 1)
        XCTAssertEqual(logLines(containing: "time speed 0.0 ignored").count, 1)
    }

    /// A paced frame is ticked at its presentation time, ahead of now: freezing holds
    /// that instant, so what shows does not step back.
    func testFreezingHoldsTheLastFramesInstantWhenItIsAheadOfNow() async {
        let now = CACurrentMediaTime()
        app.animationEngine.tick(at: now + 0.012)
        app.freezeTime()
        XCTAssertEqual(CACurrentMediaTime(), now + 0.012)
        app.resumeTime()
        app.freezeTime()
        XCTAssertEqual(CACurrentMediaTime(), now + 0.012, "a freeze after a frame behind now stays at now")
    }

    func testStepFreezesARunningAppAndACountBelowOneStepsNothing() async {
        frames(0.1)
        let before = CACurrentMediaTime()
        app.stepTime(frames: 0)
        XCTAssertFalse(app.isTimeFrozen)
        app.stepTime()
        XCTAssertTrue(app.isTimeFrozen)
        XCTAssertEqual(CACurrentMediaTime(), before + frame, accuracy: 1e-12)
        frames(1)
        XCTAssertEqual(CACurrentMediaTime(), before + frame, accuracy: 1e-12)
    }
}
