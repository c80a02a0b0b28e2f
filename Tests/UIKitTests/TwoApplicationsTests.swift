import QuartzCore
import TouchTestSupport
import UIKit
import XCTest

/// Two applications in one process, each with its own clock, run loop, window, views,
/// recognizers, timers and animations, driven in interleaved batches on the main actor:
/// nothing one does reaches the other (the owned-state rule: an application owns its
/// windows, routing, arena, timers, engine and clock).
@MainActor
final class TwoApplicationsTests: XCTestCase {
    /// One application and everything a test looks at in it.
    @MainActor
    private final class App {
        let application = UIApplication()
        let clock: ManualClock
        let scheduler: ManualRunLoopScheduler
        let runLoop: ApplicationRunLoop
        let trace = Trace()
        var window: UIWindow!
        var view: TraceView!
        var mover: UIView!
        var pressStates: [UIGestureRecognizer.State] = []
        var delayedRuns: [TimeInterval] = []
        var completions: [TimeInterval] = []
        /// What app code saw from inside its touch handler: the current application's
        /// identity and `CACurrentMediaTime()`.
        var handlerSaw: [(isCurrent: Bool, time: TimeInterval)] = []
        /// Frames of a display link the touch handler added with UIKit's call.
        var linkFrames = 0
        var link: CADisplayLink?

        init(name: String, clockAt time: TimeInterval) {
            clock = ManualClock(now: time)
            application.clock = clock
            scheduler = ManualRunLoopScheduler(clock: clock)
            runLoop = ApplicationRunLoop(scheduler: scheduler, application: application)
            application.performAsCurrent {
                window = UIWindow(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
                view = TraceView(name, frame: CGRect(x: 0, y: 0, width: 200, height: 200), trace: trace)
                window.addSubview(view)
                mover = UIView(frame: CGRect(x: 0, y: 250, width: 10, height: 10))
                window.addSubview(mover)
                window.makeKeyAndVisible()
                view.onCall = { [unowned self] phase, _ in
                    handlerSaw.append((UIApplication.shared === application, CACurrentMediaTime()))
                    guard phase == "began" else { return }
                    link = CADisplayLink { [unowned self] _ in linkFrames += 1 }
                    link?.add(to: .main, forMode: .common)
                }
                let press = UILongPressGestureRecognizer { [unowned self] recognizer in
                    pressStates.append(recognizer.state)
                }
                press.cancelsTouchesInView = false
                view.addGestureRecognizer(press)
            }
        }

        /// Moves this application's clock by `seconds` and runs the turns due by then.
        func advance(_ seconds: TimeInterval) {
            clock.advance(by: seconds)
            scheduler.runDue()
        }

        func finger(_ phase: TouchSample.Phase, _ x: CGFloat, _ y: CGFloat) -> [TouchSample] {
            [.finger(1, phase, x, y, at: clock.now)]
        }
    }

    override func tearDown() async throws {
        TestApplication.end()
    }

    func testTwoApplicationsTouchedInInterleavedBatchesDoNotTalkToEachOther() async {
        let outer = TestApplication.begin(clockAt: 0)
        let outerApplication = UIApplication.shared
        let a = App(name: "a", clockAt: 100)
        let b = App(name: "b", clockAt: 500)
        XCTAssertTrue(a.application.windows.elementsEqual([a.window], by: ===), "each window belongs to the application current when it was made")
        XCTAssertTrue(b.application.windows.elementsEqual([b.window], by: ===))
        XCTAssertTrue(outerApplication.windows.isEmpty)
        XCTAssertTrue(a.application.keyWindow === a.window && b.application.keyWindow === b.window)

        // A finger lands in each, A's first: each view hears its own finger only.
        a.runLoop.handle(a.finger(.began, 50, 50))
        b.runLoop.handle(b.finger(.began, 60, 60))
        XCTAssertEqual(a.trace.flush(), ["a.began(1)"])
        XCTAssertEqual(b.trace.flush(), ["b.began(1)"])
        XCTAssertEqual(a.window.activeTouches.map(\.sampleID.number), [1])
        XCTAssertEqual(b.window.activeTouches.map(\.sampleID.number), [1])
        XCTAssertFalse(a.window.activeTouches.first === b.window.activeTouches.first)
        XCTAssertTrue(a.handlerSaw.elementsEqual([(true, 100)], by: ==), "app code in A's turn sees A and A's time")
        XCTAssertTrue(b.handlerSaw.elementsEqual([(true, 500)], by: ==), "app code in B's turn sees B and B's time")
        XCTAssertTrue(UIApplication.shared === outerApplication && !a.application.isCurrent && !b.application.isCurrent,
                      "a turn makes its application current only while it runs")

        // Each schedules a delayed call and starts an animation, on its own clock.
        a.application.performAsCurrent {
            a.view.perform("note", afterDelay: 0.2) { a.delayedRuns.append(a.clock.now) }
            UIView.animate(withDuration: 1, animations: { a.mover.center.x = 205 },
                           completion: { _ in a.completions.append(a.clock.now) })
        }
        b.application.performAsCurrent {
            b.view.perform("note", afterDelay: 0.2) { b.delayedRuns.append(b.clock.now) }
            UIView.animate(withDuration: 2, animations: { b.mover.center.x = 205 },
                           completion: { _ in b.completions.append(b.clock.now) })
        }
        a.runLoop.setNeedsTurn()
        b.runLoop.setNeedsTurn()
        a.scheduler.runDue()
        b.scheduler.runDue()

        // Only A's time passes: A's press begins and its call runs; B's wait.
        let linkFramesBefore = (a: a.linkFrames, b: b.linkFrames)
        XCTAssertEqual(linkFramesBefore.a, 2, "the turn that added it, and the turn asked for")
        XCTAssertEqual(linkFramesBefore.b, 2)
        for _ in 0..<36 { a.advance(1.0 / 60) }
        XCTAssertEqual(a.pressStates, [.began])
        XCTAssertEqual(b.pressStates, [])
        XCTAssertEqual(a.delayedRuns.count, 1)
        XCTAssertEqual(a.delayedRuns.first ?? 0, 100.2, accuracy: 1.0 / 60 + 1e-9)
        XCTAssertEqual(b.delayedRuns, [])
        XCTAssertGreaterThan(a.mover.layer.presentation()!.position.x, 5)
        XCTAssertEqual(b.mover.layer.presentation()!.position.x, 5, "B's animation is held at B's time")
        XCTAssertTrue(a.application.animationEngine.needsFrames && b.application.animationEngine.needsFrames)
        XCTAssertEqual(a.linkFrames, 2 + 36, "the display link A's handler added ticks with A's frames")
        XCTAssertEqual(b.linkFrames, 2, "and B's does not")
        a.link?.invalidate()
        b.link?.invalidate()

        // A's finger moves and lifts while B's stays; B's time then passes.
        a.runLoop.handle(a.finger(.moved, 52, 50))
        a.runLoop.handle(a.finger(.ended, 52, 50))
        XCTAssertEqual(a.trace.flush(), ["a.moved(1)", "a.ended(1)"])
        XCTAssertEqual(b.trace.flush(), [])
        XCTAssertEqual(a.pressStates, [.began, .changed, .ended])
        XCTAssertTrue(a.window.activeTouches.isEmpty)
        XCTAssertEqual(b.window.activeTouches.count, 1, "B's finger is still down")

        for _ in 0..<36 { b.advance(1.0 / 60) }
        XCTAssertEqual(b.pressStates, [.began])
        XCTAssertEqual(b.delayedRuns.count, 1)
        XCTAssertEqual(b.delayedRuns.first ?? 0, 500.2, accuracy: 1.0 / 60 + 1e-9)
        XCTAssertEqual(a.pressStates, [.began, .changed, .ended], "B's turns leave A's recognizer alone")

        // A's animation ends on A's clock (1 s); B's, twice as long, has not.
        for _ in 0..<40 { a.advance(1.0 / 60) }
        XCTAssertEqual(a.completions.count, 1)
        XCTAssertEqual(b.completions, [])
        XCTAssertFalse(a.application.animationEngine.needsFrames)
        XCTAssertTrue(b.application.animationEngine.needsFrames)

        // Slowing A's animations leaves B's at full speed: B's 2 s animation still ends
        // at 502 below.
        a.application.animationEngine.animationSpeed = 0.1

        b.runLoop.handle(b.finger(.ended, 60, 60))
        XCTAssertEqual(b.trace.flush(), ["b.ended(1)"])
        XCTAssertEqual(b.pressStates, [.began, .ended])
        for _ in 0..<110 { b.advance(1.0 / 60) }
        XCTAssertEqual(b.completions.count, 1)
        XCTAssertEqual(b.completions.first ?? 0, 502, accuracy: 2.0 / 60)
        XCTAssertEqual(a.trace.flush(), [])

        // The test's own application stayed current between the turns, on its clock.
        XCTAssertEqual(CACurrentMediaTime(), outer.now)
        XCTAssertTrue(UIApplication.shared === outerApplication && outerApplication.windows.isEmpty)
        a.runLoop.invalidate()
        b.runLoop.invalidate()
    }

    func testAnApplicationGoesWhenItsWindowsAreHiddenAndNothingElseHoldsIt() async {
        TestApplication.begin(clockAt: 0)
        weak var gone: UIApplication?
        weak var goneEngine: CAAnimationEngine?
        do {
            let application = UIApplication()
            application.performAsCurrent {
                let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
                window.makeKeyAndVisible()
                let view = UIView(frame: window.bounds)
                window.addSubview(view)
                UIView.animate(withDuration: 1) { view.alpha = 0 }
                window.isHidden = true
            }
            gone = application
            goneEngine = application.animationEngine
        }
        XCTAssertNil(gone, "hidden, its windows no longer hold it")
        XCTAssertNil(goneEngine)
    }

    func testALayerMovedIntoAnotherApplicationsWindowIsAnimatedByThatApplication() async {
        TestApplication.begin(clockAt: 0)
        let a = App(name: "a", clockAt: 100)
        let b = App(name: "b", clockAt: 500)
        let moving = a.application.performAsCurrent { () -> UIView in
            let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
            a.window.addSubview(view)
            UIView.animate(withDuration: 1) { view.alpha = 0 }
            return view
        }
        XCTAssertTrue(a.application.animationEngine.needsFrames)
        b.window.addSubview(moving)
        XCTAssertTrue(moving.layer.animationEngine === b.application.animationEngine)
        XCTAssertTrue(b.application.animationEngine.needsFrames, "its running animation moved with it")
        a.application.animationEngine.tick()
        XCTAssertFalse(a.application.animationEngine.needsFrames, "the old engine let it go at its tick")
        var stopped = false
        let probe = CABasicAnimation(keyPath: "opacity")
        probe.duration = 0.5
        let delegate = StopProbe { stopped = true }
        probe.delegate = delegate
        moving.layer.add(probe, forKey: "probe")
        b.clock.advance(by: 0.6)
        b.application.animationEngine.tick()
        XCTAssertTrue(stopped, "an animation added after the move runs on B's clock")
        a.runLoop.invalidate()
        b.runLoop.invalidate()
    }

    func testAWindowKeepsItsApplicationWhenAnotherBecomesCurrent() async {
        TestApplication.begin(clockAt: 0)
        let first = UIApplication.shared
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let other = UIApplication()
        other.makeCurrent()
        window.makeKeyAndVisible()
        XCTAssertTrue(first.windows.elementsEqual([window], by: ===))
        XCTAssertTrue(other.windows.isEmpty)
        XCTAssertTrue(window.next === first, "a window's next responder is its own application")
    }

    func testPerformAsCurrentRestoresTheApplicationBefore() async {
        TestApplication.begin(clockAt: 3)
        let before = UIApplication.shared
        let other = UIApplication()
        other.clock = ManualClock(now: 9)
        XCTAssertFalse(other.isCurrent, "a second application is not current until made so")
        other.screen.bounds = CGRect(x: 0, y: 0, width: 800, height: 600)
        let seen = other.performAsCurrent { (UIApplication.shared === other, CACurrentMediaTime(), UIScreen.main.bounds) }
        XCTAssertTrue(seen.0)
        XCTAssertEqual(seen.1, 9)
        XCTAssertEqual(seen.2, CGRect(x: 0, y: 0, width: 800, height: 600), "UIScreen.main is the current application's screen")
        XCTAssertTrue(UIApplication.shared === before)
        XCTAssertEqual(CACurrentMediaTime(), 3)
        XCTAssertEqual(UIScreen.main.bounds, CGRect(x: 0, y: 0, width: 1024, height: 768))
        let window = other.performAsCurrent { UIWindow(frame: .zero) }
        XCTAssertTrue(window.screen === other.screen)
    }
}

/// Tells when its animation stopped.
@MainActor
private final class StopProbe: CAAnimationDelegate {
    let onStop: () -> Void
    init(_ onStop: @escaping () -> Void) { self.onStop = onStop }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { onStop() }
}
