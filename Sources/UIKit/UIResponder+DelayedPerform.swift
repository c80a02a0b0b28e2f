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
        applicationForRequests.timerQueue.schedule(
            after: delay, target: ObjectIdentifier(self), selector: selector, action: action)
    }

    /// Cancels the pending requests `target` filed under `selector`.
    public static func cancelPreviousPerformRequests(withTarget target: UIResponder, selector: String) {
        for application in target.applicationsHoldingRequests {
            application.timerQueue.cancel(target: ObjectIdentifier(target), selector: selector)
        }
    }

    /// Cancels every pending request `target` filed.
    public static func cancelPreviousPerformRequests(withTarget target: UIResponder) {
        for application in target.applicationsHoldingRequests {
            application.timerQueue.cancel(target: ObjectIdentifier(target), selector: nil)
        }
    }

    /// Where a request the responder filed may wait: its application now and the
    /// current one (a view that left its window, or changed applications, since).
    private var applicationsHoldingRequests: [UIApplication] {
        let own = applicationForRequests
        return own.isCurrent ? [own] : [own, .shared]
    }

    /// The application whose timers hold this responder's requests: a view's window's,
    /// a window's own, the application itself, or the current one.
    private var applicationForRequests: UIApplication {
        switch self {
        case let application as UIApplication: application
        case let window as UIWindow: window.application
        case let view as UIView: view.window?.application ?? .shared
        case let controller as UIViewController: controller.viewIfLoaded?.window?.application ?? .shared
        default: .shared
        }
    }
}
