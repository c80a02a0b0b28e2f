/// What the application tells its delegate. Every method has a default, as UIKit's are
/// optional.
@MainActor
public protocol UIApplicationDelegate: AnyObject {
    /// Launch is done: build the window here and call `makeKeyAndVisible()` on it.
    /// Returns the delegate's verdict (UIKit ignores it for ordinary launches).
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool

    /// The app's main window, if the delegate keeps one.
    var window: UIWindow? { get set }
}

extension UIApplicationDelegate {
    public func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
    }

    public var window: UIWindow? {
        get { nil }
        set {}
    }
}
