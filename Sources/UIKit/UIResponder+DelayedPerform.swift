// Delayed performance, the counterpart of NSObject's `perform(_:with:afterDelay:)` and
// `cancelPreviousPerformRequests(withTarget:selector:object:)`, which Neuburg's "Touches"
// uses to tell a long press from a tap and a single tap from a double tap.
//
// Swift on Linux has no selectors, so the method to run is a closure and the selector
// is its name as a string, used only to cancel:
//
//     perform("singleTap", afterDelay: 0.3) { self.singleTap() }
//     UIResponder.cancelPreviousPerformRequests(withTarget: self, selector: "singleTap")
//
// Like NSObject's, a request keeps what its closure captures alive until it runs or is
// cancelled.

extension UIResponder {
    /// Runs `action` after `delay` seconds on the media clock, filed under this
    /// responder and `selector` for cancellation.
    @discardableResult
    public func perform(_ selector: String, afterDelay delay: TimeInterval,
                        _ action: @escaping @MainActor () -> Void) -> DelayedCall {
        UIApplication.shared.timerQueue.schedule(
            after: delay, target: ObjectIdentifier(self), selector: selector, action: action)
    }

    /// Cancels the pending requests `target` filed under `selector`.
    public static func cancelPreviousPerformRequests(withTarget target: UIResponder, selector: String) {
        UIApplication.shared.timerQueue.cancel(target: ObjectIdentifier(target), selector: selector)
    }

    /// Cancels every pending request `target` filed.
    public static func cancelPreviousPerformRequests(withTarget target: UIResponder) {
        UIApplication.shared.timerQueue.cancel(target: ObjectIdentifier(target), selector: nil)
    }
}
