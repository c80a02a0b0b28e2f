// What the built-in recognizers share when they decide: failing with a reason in the
// log, and deadlines on the media clock measured from touch timestamps.

extension UIGestureRecognizer {
    /// Fails the recognizer if it is still `possible`, saying why under `UIKitDebug`
    /// category `gestures` ("UITapGestureRecognizer#3 fails: …") and in the gesture
    /// trace's failure entry. A recognizer already past `possible` is left alone, so
    /// callers need not guard.
    func failIfPossible(_ reason: @autoclosure () -> GestureTrace.Reason) {
        guard state == .possible else { return }
        var why: GestureTrace.Reason?
        if GestureTrace.isEnabled || UIKitDebug.isLoggingEnabled {
            why = reason()
            UIKitDebug.log(.gestures, "\(traceName) fails: \(why!)")
        }
        request(.failed, reason: GestureTrace.isEnabled ? why : nil)
    }

    /// Calls `action` with the recognizer once the media clock reaches `deadline`, a
    /// touch timestamp plus a threshold (a deadline already passed fires at the next
    /// timer pump). The recognizer is held weakly: a recognizer that has gone is not
    /// called. Cancel the returned call in `reset()`.
    func scheduleDeadline(at deadline: TimeInterval, _ action: @escaping @MainActor (UIGestureRecognizer) -> Void) -> DelayedCall {
        // Deadlines are set while the recognizer has touches, so it reaches the timers
        // through its arena.
        let arena = arenaMember?.arena ?? application.gestureArena
        let delay = max(0, deadline - arena.timers.engine.now)
        return arena.timers.schedule(after: delay, target: nil, selector: nil) { [weak self] in
            guard let self else { return }
            action(self)
        }
    }
}
