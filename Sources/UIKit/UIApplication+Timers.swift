// The timer pump: delayed calls run on the injected clock, when the host's run loop
// (or a test, after moving a `ManualClock`) asks.
//
//     // host run loop
//     UIApplication.shared.runPendingTimers()
//     if let deadline = UIApplication.shared.nextTimerDeadline { wake at deadline }
//
//     // test
//     clock.advance(by: 0.3)
//     UIApplication.shared.runPendingTimers()

extension UIApplication {
    /// Schedules `action` to run once `delay` seconds have passed on the media clock.
    /// A negative or non-finite delay counts as 0 (logged).
    @discardableResult
    public func schedule(afterDelay delay: TimeInterval, _ action: @escaping @MainActor () -> Void) -> DelayedCall {
        timerQueue.schedule(after: delay, target: nil, selector: nil, action: action)
    }

    /// Runs the delayed calls that are due, earliest first; returns how many ran. Calls
    /// scheduled by those calls wait for the next pump, even if already due.
    @discardableResult
    public func runPendingTimers() -> Int {
        timerQueue.runDue()
    }

    /// When the earliest pending delayed call becomes due (seconds on the media clock),
    /// or nil if none is pending: the host sleeps until then at the latest.
    public var nextTimerDeadline: TimeInterval? {
        timerQueue.nextDeadline
    }
}
