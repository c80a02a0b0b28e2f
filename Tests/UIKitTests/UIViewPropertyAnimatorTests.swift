import UIKit
import XCTest

/// `UIViewPropertyAnimator` (Apple's UIViewPropertyAnimator, UIViewAnimating and
/// UIViewImplicitlyAnimating references; WWDC 2016 session 216, "Advances in UIKit
/// Animations and Transitions").
final class UIViewPropertyAnimatorTests: UIKitTestCase {
    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))  // centre x 50
        window.addSubview(view)
    }

    private func tick(at time: TimeInterval) {
        clock.now = time
        UIApplication.shared.runPendingTimers()
        CAAnimationEngine.current.tick()
    }

    private var shownX: CGFloat { view.layer.presentation()!.position.x }

    private func linearMove(to x: CGFloat = 250) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: 1, curve: .linear) { self.view.center.x = x }
        animator.addCompletion { self.trace.note("completed(\($0))") }
        return animator
    }

    /// The closure waits for the start; then the view moves along the curve and the
    /// completion hears `.end`.
    func testAnimationsRunAtTheStartAndTheCompletionHearsTheEnd() async {
        let animator = linearMove()
        XCTAssertEqual(view.center.x, 50, "nothing runs before the start")
        XCTAssertEqual(animator.state, .inactive)
        animator.startAnimation()
        XCTAssertEqual(animator.state, .active)
        XCTAssertTrue(animator.isRunning)
        XCTAssertEqual(view.center.x, 250, "the model takes the new value")
        XCTAssertEqual(shownX, 50, accuracy: 1e-9)
        tick(at: 100.5)
        XCTAssertEqual(shownX, 150, accuracy: 1e-9)
        XCTAssertEqual(animator.fractionComplete, 0.5, accuracy: 1e-9)
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
        XCTAssertEqual(animator.state, .inactive)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(shownX, 250)
        XCTAssertNil(view.layer.animationKeys())
    }

    /// Paused, it holds; scrubbed, it shows the fraction; started again, it goes on
    /// from there over the time left.
    func testPauseScrubAndResume() async {
        let animator = linearMove()
        animator.startAnimation()
        tick(at: 100.25)
        animator.pauseAnimation()
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(animator.state, .active)
        tick(at: 100.8)
        XCTAssertEqual(shownX, 100, accuracy: 1e-9, "held while paused")
        XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
        animator.fractionComplete = 0.6
        XCTAssertEqual(shownX, 170, accuracy: 1e-9)
        animator.startAnimation()
        tick(at: 101)
        XCTAssertEqual(shownX, 210, accuracy: 1e-9)
        XCTAssertEqual(trace.flush(), [])
        tick(at: 101.2)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
    }

    /// A view whose layer's time is shifted (an ancestor's `timeOffset`, as after
    /// resuming a paused tree: CAMediaTiming — Apple Developer Documentation) still
    /// starts moving when the animator starts, and pauses and resumes in place.
    func testAViewInALayerTreeWithShiftedTimeStartsWhenTheAnimatorDoes() async {
        window.layer.timeOffset = 37
        let animator = linearMove()
        animator.startAnimation()
        tick(at: 100.25)
        XCTAssertEqual(shownX, 100, accuracy: 1e-9)
        animator.pauseAnimation()
        tick(at: 100.8)
        XCTAssertEqual(shownX, 100, accuracy: 1e-9, "held while paused")
        animator.startAnimation()
        tick(at: 101.05)
        XCTAssertEqual(shownX, 150, accuracy: 1e-9)
        tick(at: 101.55)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
    }

    /// Scrubbing ignores the curve unless `scrubsLinearly` is false; resumed after a
    /// linear scrub, an eased animator goes on from the point of its curve that shows
    /// the same, so nothing jumps.
    func testScrubbingIsLinearByDefaultAndResumingDoesNotJump() async {
        let animator = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { self.view.center.x = 250 }
        animator.fractionComplete = 0.25
        XCTAssertEqual(animator.state, .active, "scrubbing an inactive animator makes it active, paused")
        XCTAssertEqual(shownX, 100, accuracy: 1e-9, "a quarter of the way, the curve ignored")
        animator.scrubsLinearly = false
        animator.fractionComplete = 0.25
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        XCTAssertEqual(Double(shownX), 50 + 200 * easeIn.solve(forInput: 0.25), accuracy: 1e-9)

        animator.scrubsLinearly = true
        animator.fractionComplete = 0.5
        animator.startAnimation()
        XCTAssertEqual(shownX, 150, accuracy: 1e-6, "no jump when it starts")
        // The time at which ease-in shows half the way, by bisection.
        var (low, high) = (0.0, 1.0)
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if easeIn.solve(forInput: middle) < 0.5 { low = middle } else { high = middle }
        }
        let resumed = low
        tick(at: 100.1)
        XCTAssertEqual(Double(shownX), 50 + 200 * easeIn.solve(forInput: resumed + 0.1), accuracy: 1e-6)
    }

    /// Reversed mid-way, it goes back along the same curve; the completion hears
    /// `.start` and the model is back at the start.
    func testReversingGoesBackAndFinishesAtTheStart() async {
        let animator = linearMove()
        animator.startAnimation()
        tick(at: 100.5)
        animator.isReversed = true
        XCTAssertEqual(shownX, 150, accuracy: 1e-9)
        tick(at: 100.75)
        XCTAssertEqual(shownX, 100, accuracy: 1e-9)
        XCTAssertEqual(animator.fractionComplete, 0.25, accuracy: 1e-9)
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["completed(start)"])
        XCTAssertEqual(view.center.x, 50)
        XCTAssertEqual(shownX, 50)
    }

    /// Stopped without finishing, the view stays where it was and no completion runs;
    /// stopped to finish, it waits for `finishAnimation(at:)`.
    func testStoppingAndFinishing() async {
        let first = linearMove()
        first.startAnimation()
        tick(at: 100.5)
        first.stopAnimation(true)
        XCTAssertEqual(first.state, .inactive)
        XCTAssertEqual(view.center.x, 150, accuracy: 1e-9, "the model is where the view appeared")
        XCTAssertEqual(shownX, 150, accuracy: 1e-9)
        XCTAssertNil(view.layer.animationKeys())
        tick(at: 102)
        XCTAssertEqual(trace.flush(), [])

        let second = linearMove(to: 350)
        second.startAnimation()
        tick(at: 102.5)
        second.stopAnimation(false)
        XCTAssertEqual(second.state, .stopped)
        XCTAssertEqual(view.center.x, 250, accuracy: 1e-9)
        second.startAnimation()
        XCTAssertEqual(second.state, .stopped, "a stopped animator does not start again")
        second.finishAnimation(at: .end)
        XCTAssertEqual(view.center.x, 350)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
        XCTAssertEqual(second.state, .inactive)

        let third = linearMove(to: 50)
        third.startAnimation()
        tick(at: 103)
        third.stopAnimation(false)
        third.finishAnimation(at: .start)
        XCTAssertEqual(view.center.x, 350)
        XCTAssertEqual(trace.flush(), ["completed(start)"])
    }

    /// `continueAnimation` with new timing runs from where the view appears, and the
    /// time left becomes the factor times the ORIGINAL duration, not times the time that
    /// was left (Apple's continueAnimation(withTimingParameters:durationFactor:)
    /// reference: "a multiplying factor to apply to the animation's original duration";
    /// UIViewPropertyAnimator.h: it "is used to specify the remaining time").
    func testContinueWithNewTimingAndADurationFactor() async {
        let animator = linearMove()
        animator.pauseAnimation()
        animator.fractionComplete = 0.5
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
        XCTAssertTrue(animator.isRunning)
        tick(at: 100.5)
        XCTAssertEqual(shownX, 175, accuracy: 1e-9, "a quarter of the 2 s left: 2 × the 1 s duration")
        XCTAssertEqual(animator.fractionComplete, 0.625, accuracy: 1e-9)
        tick(at: 101.9)
        XCTAssertEqual(trace.flush(), [])
        tick(at: 102)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
    }

    /// A factor of 1 - fractionComplete keeps the original pace, the common idiom (Apple's
    /// continueAnimation reference: the factor multiplies the original duration).
    func testAFactorOfTheFractionLeftKeepsTheOriginalPace() async {
        let animator = linearMove()
        animator.pauseAnimation()
        animator.fractionComplete = 0.25
        animator.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear),
                                   durationFactor: 1 - animator.fractionComplete)
        tick(at: 100.5)
        XCTAssertEqual(shownX, 200, accuracy: 1e-9, "150 points in 0.75 s, as the 1 s animation moves")
        tick(at: 100.75)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
    }

    /// Nil timing parameters keep the animator's own timing: with a factor of 1 it runs
    /// its curve from where the view is over a whole duration (UIViewPropertyAnimator.h:
    /// "as if the animation was started from its current position with a new duration");
    /// with 0, the resume idiom of interactive animations (WWDC 2017 session 230,
    /// "Advanced Animations with UIKit"), it goes on over the time that was left.
    func testContinueWithNilTimingKeepsTheAnimatorsTiming() async {
        let easedIn = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { self.view.center.x = 250 }
        easedIn.addCompletion { self.trace.note("completed(\($0))") }
        easedIn.pauseAnimation()
        easedIn.fractionComplete = 0.5
        easedIn.continueAnimation(withTimingParameters: nil, durationFactor: 1)
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        tick(at: 100.4)
        XCTAssertEqual(Double(shownX), 150 + 100 * easeIn.solve(forInput: 0.4), accuracy: 1e-6,
                       "ease-in from the scrubbed half, over 1 s")
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["completed(end)"])

        let resumed = linearMove(to: 50)
        resumed.pauseAnimation()
        resumed.fractionComplete = 0.5
        resumed.continueAnimation(withTimingParameters: nil, durationFactor: 0)
        tick(at: 101.25)
        XCTAssertEqual(shownX, 100, accuracy: 1e-9, "on along the linear curve at its own pace")
        tick(at: 101.5)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
    }

    /// A non-interruptible animator runs to its end: pausing and stopping it while it
    /// runs are refused with a logged error (Apple's isInterruptible reference: "the
    /// animations run to completion (and without interruption)"), and it still
    /// completes. Setting `isInterruptible` or `isUserInteractionEnabled` while it is
    /// active is refused the same way and keeps the value, where UIKit raises
    /// (UIViewPropertyAnimator.h: "Raises if set on an active animator").
    func testANonInterruptibleAnimatorRefusesToPauseAndStillFinishes() async {
        let animator = linearMove()
        animator.isInterruptible = false
        animator.startAnimation()
        tick(at: 100.25)
        animator.pauseAnimation()
        XCTAssertTrue(animator.isRunning, "not paused")
        animator.stopAnimation(true)
        XCTAssertEqual(animator.state, .active, "not stopped")
        animator.isInterruptible = true
        animator.isUserInteractionEnabled = false
        XCTAssertFalse(animator.isInterruptible)
        XCTAssertTrue(animator.isUserInteractionEnabled)
        XCTAssertEqual(logLines(containing: "animator:"), [
            "[UIKit 100.250000] animation: animator: pauseAnimation() refused: the animator is not interruptible and runs to its end",
            "[UIKit 100.250000] animation: animator: stopAnimation(_:) refused: the animator is not interruptible and runs to its end",
            "[UIKit 100.250000] animation: animator: isInterruptible cannot change while the animator is active; it stays false",
            "[UIKit 100.250000] animation: animator: isUserInteractionEnabled cannot change while the animator is active; it stays true",
        ])
        tick(at: 100.5)
        XCTAssertEqual(shownX, 150, accuracy: 1e-9, "still moving at its pace")
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
        XCTAssertEqual(animator.state, .inactive)
        animator.isInterruptible = true
        XCTAssertTrue(animator.isInterruptible, "free to change once inactive again")
    }

    /// `pausesOnCompletion`: at the end it pauses, active, and the completion waits.
    func testPausesOnCompletionHoldsAtTheEnd() async {
        let animator = linearMove()
        animator.pausesOnCompletion = true
        animator.startAnimation()
        tick(at: 101)
        XCTAssertEqual(animator.state, .active)
        XCTAssertFalse(animator.isRunning)
        XCTAssertEqual(animator.fractionComplete, 1)
        XCTAssertEqual(shownX, 250)
        XCTAssertEqual(trace.flush(), [])
        animator.isReversed = true
        animator.startAnimation()
        tick(at: 101.5)
        XCTAssertEqual(shownX, 150, accuracy: 1e-9)
    }

    /// Animations with a delay factor wait for their share of the time.
    func testADelayFactorWaitsForItsShare() async {
        let animator = linearMove()
        animator.addAnimations({ self.view.alpha = 0 }, delayFactor: 0.5)
        animator.startAnimation()
        tick(at: 100.4)
        XCTAssertEqual(view.layer.presentation()!.opacity, 1)
        tick(at: 100.75)
        XCTAssertEqual(view.layer.presentation()!.opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(shownX, 200, accuracy: 1e-9)
    }

    /// Changing a property again while the animator runs goes on from where it is.
    func testAnAnimationAddedWhileRunningStartsWhereTheViewIs() async {
        let animator = linearMove()
        animator.startAnimation()
        tick(at: 100.5)
        animator.addAnimations { self.view.center.x = 50 }
        XCTAssertEqual(shownX, 150, accuracy: 1e-9, "no jump")
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
        XCTAssertEqual(view.center.x, 50)
    }

    /// A spring animator settles at its duration.
    func testASpringAnimatorComesToRestAtItsDuration() async {
        let animator = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 1) { self.view.center.x = 250 }
        animator.addCompletion { self.trace.note("completed(\($0))") }
        animator.startAnimation()
        tick(at: 100.25)
        XCTAssertGreaterThan(shownX, 50)
        XCTAssertLessThan(shownX, 250)
        tick(at: 100.5)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
        XCTAssertEqual(shownX, 250)
    }

    /// The running form: started after its delay, paced by the options' curve.
    func testARunningAnimatorStartsAfterItsDelay() async {
        let animator = UIViewPropertyAnimator.runningPropertyAnimator(
            withDuration: 1, delay: 0.5, options: .curveLinear, animations: { self.view.center.x = 250 },
            completion: { self.trace.note("completed(\($0))") })
        XCTAssertEqual(animator.state, .active)
        tick(at: 100.4)
        XCTAssertEqual(shownX, 50)
        tick(at: 100.5)
        XCTAssertTrue(animator.isRunning)
        tick(at: 101)
        XCTAssertEqual(shownX, 150, accuracy: 1e-9)
        tick(at: 101.5)
        XCTAssertEqual(trace.flush(), ["completed(end)"])
    }

    /// With `isUserInteractionEnabled` false the views ignore touches while the
    /// animator is active; by default they take them.
    func testUserInteractionWhileActive() async {
        let point = CGPoint(x: 50, y: 50)
        let animator = linearMove(to: 60)
        animator.isUserInteractionEnabled = false
        animator.startAnimation()
        XCTAssertTrue(window.hitTest(point, with: nil) === window)
        tick(at: 101)
        XCTAssertTrue(window.hitTest(point, with: nil) === view)
        let touchable = linearMove(to: 50)
        touchable.startAnimation()
        XCTAssertTrue(window.hitTest(point, with: nil) === view)
    }
}
