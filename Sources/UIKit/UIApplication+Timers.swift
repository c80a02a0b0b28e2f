// The timer pump: delayed calls run on the application's clocks, when the host's run
// loop (or a test, after moving a `ManualClock`) asks. The app's own calls are due on
// its time line (`AppClock`: frozen, stepped or slowed), the tools' host-time calls on
// the host clock; `nextTimerDeadline` is on the host clock for both.
//
//     // host run loop
//     UIApplication.shared.runPendingTimers()
//     if let deadline = UIApplication.shared.nextTimerDeadline { wake at deadline }
//
//     // test
//     clock.advance(by: 0.3)
//     UIApplication.shared.runPendingTimers()

extension UIApplication {
    /// Schedules `action` to run once `delay` seconds have passed on the app's clock
    /// (`appClock`: they wait while it is frozen). A negative or non-finite delay counts
    /// as 0 (logged).
    @discardableResult
    public func schedule(afterDelay delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> DelayedCall {
        timerQueue.schedule(after: delay, target: nil, selector: nil, action: action)
    }

    /// Schedules `action` to run once `delay` seconds have passed on the host clock
    /// (`clock`), whatever the app's time does: for tools over the app that keep real
    /// time while it is frozen or slowed (the debug layer's status line, its touch
    /// spots' trails). A negative or non-finite delay counts as 0 (logged).
    @discardableResult
    public func scheduleInHostTime(afterDelay delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> DelayedCall {
        hostTimerQueue.schedule(after: delay, target: nil, selector: nil, action: action)
    }

    /// Runs the delayed calls that are due, earliest first (the app's, then the host
    /// time ones); returns how many ran. Calls scheduled by those calls wait for the
    /// next pump, even if already due.
    @discardableResult
    public func runPendingTimers() -> Int {
        timerQueue.runDue() + hostTimerQueue.runDue()
    }

    /// When the earliest pending delayed call becomes due, in seconds on the host clock
    /// (`clock`): an app call's deadline where the app's time line reaches it (never,
    /// while frozen), or a host-time call's. Nil when none is pending (or due to come):
    /// the host sleeps until then at the latest. (With the app's time neither frozen,
    /// stepped nor slowed, the two clocks read the same.)
    public var nextTimerDeadline: TimeInterval? {
        let app = timerQueue.nextDeadline.flatMap { appClock.hostTime(atTime: $0) }
        guard let host = hostTimerQueue.nextDeadline else { return app }
        return min(app ?? host, host)
    }

    /// Moves `clock` on to `time`, running every delayed call that falls due on the way
    /// with the clock at its own deadline, as the host's run loop wakes for it: a
    /// content-touch hold or a long press that fires inside a long wait sees the time it
    /// was due, and what it schedules can fire in the same wait. A call due again at the
    /// very instant it ran waits for the next pump, as in the run loop, so a call that
    /// reschedules itself cannot spin. For what drives time in tests and replays
    /// (`TouchInjector`, `TouchReplay`).
    ///
    /// `clock` is the application's host clock (`clock`) and `time` a moment on it; the
    /// deadlines are on the app's time line (`AppClock`), so a frozen app's calls stay
    /// pending however far the host clock moves.
    package func advance(_ clock: ManualClock, to time: TimeInterval) {
        moveTime(to: time, now: { clock.now }, nextDeadline: { nextTimerDeadline }, moveTo: { clock.now = $0 },
                 runDue: { runPendingTimers() })
    }

    /// The one walk of time past deadlines, for a clock read by `now` and moved by
    /// `moveTo` (`advance(_:to:)` a host's manual clock, `moveFrozenTime(to:)` the app's
    /// frozen one): each deadline up to `time` in turn, the clock standing at it while
    /// `runDue` runs what fell due, then `time` itself. A call due again at the instant
    /// it ran stops the walk (it waits for the next pump), so none can spin.
    func moveTime(to time: TimeInterval, now: () -> TimeInterval, nextDeadline: () -> TimeInterval?,
                  moveTo: (TimeInterval) -> Void, runDue: () -> Void) {
        guard time > now() else { return }
        while let deadline = nextDeadline(), deadline <= time {
            let step = max(deadline, now())
            moveTo(step)
            runDue()
            if let next = nextDeadline(), next <= step { break }
        }
        moveTo(time)
        runDue()
    }
}
