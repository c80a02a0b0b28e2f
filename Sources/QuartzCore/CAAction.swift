import Foundation

/// Something a layer runs when one of its properties changes: Core Animation's action
/// protocol. `CAAnimation` is one (it adds itself to the layer for the property's key);
/// `NSNull` is the action that does nothing, which stops the search for an action (see
/// `CALayer.action(forKey:)`).
@MainActor
public protocol CAAction: AnyObject {
    /// Runs the action for `event` (a property's key) on `anObject` (the layer).
    ///
    /// For a property change this project passes, as `arguments`, the property's value
    /// before the change under `CAActionArgument.previousValue` and the value it was
    /// showing then (with any running animations) under
    /// `CAActionArgument.previousPresentationValue`; Core Animation passes `nil`. An
    /// action that animates uses them as its starting point.
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

/// The keys of the `arguments` a layer passes to `CAAction.run(forKey:object:arguments:)`
/// for a property change (this project's addition; Core Animation passes none).
public enum CAActionArgument {
    /// The property's model value before the change.
    public static let previousValue = "previousValue"
    /// The property's presentation value just before the change: where it appeared
    /// to be, mid-animation or not.
    public static let previousPresentationValue = "previousPresentationValue"
}

/// `NSNull` in a layer's `actions`, or returned by a delegate's `action(for:forKey:)`,
/// means "no action, and look no further", as in Core Animation.
extension NSNull: CAAction {
    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {}
}
