// How the host learns what windows do: it registers an observer and maps, shows, hides
// or focuses its X window when told.

extension UIApplication {
    /// What happened to a window.
    public enum WindowChange: Sendable {
        /// It became visible (`makeKeyAndVisible()` or `isHidden = false`).
        case didBecomeVisible
        /// It was hidden; its touches were cancelled first.
        case didBecomeHidden
        case didBecomeKey
        case didResignKey
    }

    /// Registers `handler` for every window change from now on; it runs synchronously,
    /// after the change. Keep the returned token to remove the observer.
    @discardableResult
    public func addWindowObserver(_ handler: @escaping @MainActor (UIWindow, WindowChange) -> Void) -> WindowObservation {
        let token = WindowObservation()
        windowObservers.append((token, handler))
        return token
    }

    public func removeWindowObserver(_ observation: WindowObservation) {
        windowObservers.removeAll { $0.token === observation }
    }

    func notifyWindowObservers(_ window: UIWindow, _ change: WindowChange) {
        UIKitDebug.log(.application, "window \(ObjectIdentifier(window)) \(change)")
        for observer in windowObservers {
            observer.handler(window, change)
        }
    }
}

/// Identifies one observer added with `UIApplication.addWindowObserver(_:)`.
@MainActor
public final class WindowObservation {
    init() {}
}
