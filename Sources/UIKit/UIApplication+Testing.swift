// A clean slate for an application, from when tests shared one process-wide application.
// A test now makes an application of its own and makes it current
// (`UIApplication.makeCurrent()`, `performAsCurrent(_:)`); this stays for one minor
// version.

extension UIApplication {
    /// Returns the application to its launch state without delivering anything:
    /// forgets live touches (their views are not told), the tap history, pending
    /// delayed calls, interaction ignoring, windows, key window, window observers and
    /// the delegate. Views and windows themselves are left as they are. For tests and
    /// for hosts that restart a scene; the clock and the animation engine are not touched.
    @available(*, deprecated, message: "make a UIApplication for each test and make it current (makeCurrent() or performAsCurrent(_:))")
    public func resetForTesting() {
        discardAllState()
    }

    /// What `resetForTesting()` does, for the package's own tools that restart a scene in
    /// the same application (the benchmarks, between repetitions).
    package func discardAllState() {
        touchRouter.discardAllState()
        gestureArena.discardAllState()
        timerQueue.removeAll()
        hostTimerQueue.removeAll()
        resetIgnoring()
        visibleWindows.removeAll()
        registeredWindows.removeAll()
        keyWindow = nil
        windowObservers.removeAll()
        delegate = nil
    }
}
