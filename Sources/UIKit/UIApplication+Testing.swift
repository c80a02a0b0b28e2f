// A clean slate between tests that share the process-wide application.

extension UIApplication {
    /// Returns the application to its launch state without delivering anything:
    /// forgets live touches (their views are not told), the tap history, pending
    /// delayed calls, interaction ignoring, windows, key window, window observers and
    /// the delegate. Views and windows themselves are left as they are. For tests and
    /// for hosts that restart a scene; the installed media clock is not touched.
    public func resetForTesting() {
        touchRouter.discardAllState()
        gestureArena.discardAllState()
        timerQueue.removeAll()
        resetIgnoring()
        windows.removeAll()
        keyWindow = nil
        windowObservers.removeAll()
        delegate = nil
    }
}
