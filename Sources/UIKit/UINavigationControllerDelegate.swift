/// Hears a navigation controller show its controllers. Both methods do nothing by
/// default.
@MainActor
public protocol UINavigationControllerDelegate: AnyObject {
    /// A transition to `viewController` starts: after the will-calls (its
    /// `viewWillAppear`). For an interactive pop, when the finger starts it; a pop the
    /// finger then takes back hears no `didShow`.
    func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool)
    /// The transition ended with `viewController` on top: after the did-calls.
    func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool)
}

extension UINavigationControllerDelegate {
    public func navigationController(_ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool) {}
    public func navigationController(_ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool) {}
}
