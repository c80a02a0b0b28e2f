// Launching: what a `UIApplicationMain`-style entry point (the X11 host's) calls.
//
//     let app = UIApplication.shared
//     app.addWindowObserver { window, change in /* map / unmap the X window */ }
//     app.launch(delegate: AppDelegate())
//     // then run the loop: inject input, runPendingTimers(), draw
//
// Swift cannot build an instance from a delegate class name (UIKit's fourth argument
// to `UIApplicationMain`) without making `init()` required on every responder, which
// would break ordinary UIKit subclasses; so the delegate comes as an expression that
// `launch` evaluates itself, once, at the point UIKit would create it.

extension UIApplication {
    /// Keys of the launch options dictionary.
    public struct LaunchOptionsKey: Hashable, RawRepresentable, Sendable {
        public var rawValue: String
        public init(rawValue: String) {
            self.rawValue = rawValue
        }
    }

    /// Creates the delegate, installs it as `delegate`, and sends it
    /// `application(_:didFinishLaunchingWithOptions:)`; returns its answer. Calling it a
    /// second time replaces the delegate (logged), since there is one launch per process.
    @discardableResult
    public func launch(
        delegate makeDelegate: @autoclosure () -> any UIApplicationDelegate,
        options: [LaunchOptionsKey: Any]? = nil
    ) -> Bool {
        if delegate != nil { UIKitDebug.log(.application, "launch called again: replacing the delegate") }
        let newDelegate = makeDelegate()
        delegate = newDelegate
        UIKitDebug.log(.application, "launching with \(type(of: newDelegate))")
        return newDelegate.application(self, didFinishLaunchingWithOptions: options)
    }
}
