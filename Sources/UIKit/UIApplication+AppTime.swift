// Time in the user's hands: freezing, stepping and slowing the whole application.
//
// An application's time is its engine's `AppClock`: the host clock (`clock`) scaled by a
// speed, frozen and stepped on demand. Everything timed reads it: animations (explicit,
// UIView, property animators), display links, delayed calls and timers
// (`schedule(afterDelay:)`, `perform(_:with:afterDelay:)`), the gesture recognizers' own
// deadlines (a long press, a double tap's wait), and the timestamps of touches, which
// the host stamps on its clock and the router places on the app's line. So while frozen:
//
// - nothing moves, and no timer fires: a long press waits, however long the finger stays;
// - touches are still delivered and hit-tested, against the tree as it stands, and carry
//   the frozen instant: a pan moved while frozen has zero elapsed time and zero velocity;
// - a step moves the instant on by one frame (`CAAnimationEngine.frameInterval`), and
//   the next turn of the run loop ticks and draws it.
//
// The app's speed scales all of it; the slow-animation switch
// (`CAAnimationEngine.animationSpeed`) scales only layer time, on top: the two multiply.
// The host's own machinery (the X connection, the input echo, the frame grid, a
// recording's stamps) stays on the host clock.

extension UIApplication {
    /// The application's time line (its engine's `AppClock`).
    public var appClock: AppClock { animationEngine.appClock }

    /// Whether the application's time is frozen (`freezeTime()`).
    public var isTimeFrozen: Bool { appClock.isFrozen }

    /// Holds the application's time where it is: see the file's description; at the
    /// last frame's instant when that was ahead of now (a paced frame is ticked at its
    /// presentation time), so what shows stands and never steps back. Freezing a frozen
    /// application changes nothing.
    public func freezeTime() {
        guard !appClock.isFrozen else { return }
        appClock.freeze()
        if let shown = animationEngine.lastTickTime, shown > appClock.now { appClock.freeze(at: shown) }
        UIKitDebug.log(.timers, "time frozen at \(appClock.now)")
        timeLineChanged()
    }

    /// Lets the application's time run again from the instant it stood at: nothing
    /// jumps, and whatever was due waits its remaining time.
    public func resumeTime() {
        guard appClock.isFrozen else { return }
        appClock.resume()
        UIKitDebug.log(.timers, "time resumed at \(appClock.now)")
        timeLineChanged()
    }

    /// Moves frozen time on by `frames` frames of the display (`frameInterval` of the
    /// engine each), freezing it first if it runs, as a game engine's step pauses. Each
    /// frame but the last is run here, in order: its due timers, its tick (display
    /// links, animation starts and stops), its layout; the last is run and drawn by the
    /// run loop's next turn. A count below 1 steps nothing.
    public func stepTime(frames: Int = 1) {
        guard frames >= 1 else { return }
        freezeTime()
        let interval = animationEngine.frameInterval
        performAsCurrent {
            for _ in 1..<frames {
                appClock.step(frames: 1, of: interval)
                runPendingTimers()
                if animationEngine.needsFrames { animationEngine.tick() }
                for window in visibleWindows { window.layoutIfNeeded() }
            }
            appClock.step(frames: 1, of: interval)
        }
        timeLineChanged()
    }

    /// Seconds of app time per host second: 1 is real time; 0.25 and 0.1 slow the whole
    /// application (timers and recognizers as well as animations). Not finite or not
    /// positive: logged and ignored. Changing it never makes time jump.
    public var timeSpeed: Double {
        get { appClock.speed }
        set {
            guard appClock.setSpeed(newValue) else {
                UIKitDebug.log(.timers, "time speed \(newValue) ignored: it must be a positive number such as 1 or 0.25")
                return
            }
            timeLineChanged()
        }
    }

    /// Moves frozen time on to app time `time` (freezing it first if it runs), running
    /// the delayed calls due on the way, each with the clock at its own deadline, as
    /// `stepTime` and the run loop would: for a re-execution that owns the app's time
    /// (`LiveReexecutionStage`). An earlier `time` moves nothing. Nothing is ticked or
    /// drawn here.
    package func moveFrozenTime(to time: TimeInterval) {
        freezeTime()
        moveTime(to: time, now: { appClock.now }, nextDeadline: { timerQueue.nextDeadline },
                 moveTo: { appClock.freeze(at: $0) }, runDue: { timerQueue.runDue() })
    }

    /// One frame's work at the frozen instant, as the run loop does it: the due delayed
    /// calls, then (when `ticking`) the animation tick with its display links, then the
    /// layout of every visible window. For a re-execution that owns the app's time; a
    /// stop between two frames lays out without ticking.
    package func runFrameOfFrozenTime(ticking: Bool = true) {
        performAsCurrent {
            runPendingTimers()
            if ticking, animationEngine.needsFrames { animationEngine.tick() }
            for window in visibleWindows { window.layoutIfNeeded() }
        }
    }

    /// Drops what the app had under way, for a re-execution that makes it anew in place
    /// (`LiveReexecutionStage`): its delayed calls and timers (the app's; host-time calls
    /// of the tools stay), its animations, display links and queued callbacks (the layers
    /// keep theirs, untold), and the touch router's memory of the newest stamp, so the new
    /// run's touches may be stamped from an earlier instant. Its windows' touches are
    /// cancelled first by the caller, by hiding them.
    ///
    /// What the user set stays: the slow-animation speed and the display's frame
    /// interval. An `ignoring interaction events` the dropped calls would have ended is
    /// ended here.
    package func discardPendingWork() {
        timerQueue.removeAll()
        let animationSpeed = animationEngine.animationSpeed
        let frameInterval = animationEngine.frameInterval
        animationEngine.discardAllState()
        animationEngine.animationSpeed = animationSpeed
        animationEngine.frameInterval = frameInterval
        touchRouter.forgetNewestTimestamp()
        resetIgnoring()
    }

    /// The run loop's wakes were worked out on the old line (a timer's host moment, the
    /// next frame): it turns to work them out again, and to draw a step.
    private func timeLineChanged() {
        animationEngine.onWork?()
    }
}
