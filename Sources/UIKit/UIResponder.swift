/// An object that can take part in touch delivery: views, view controllers, windows, the
/// application and (when it is a responder) the application delegate.
///
/// The responder chain is `next`, followed until `nil`. For a touch it runs
/// view → its view controller (if the view is a controller's root view) → superview …
/// → window → application → application delegate (Beginning iPhone Development with
/// Swift, ch. 18). The default touch methods forward to `next` unchanged, so a
/// responder that does not override one passes the touch up the chain (Neuburg,
/// "Touches": "Touches and the Responder Chain"); the touches arriving up the chain are
/// still the hit-test view's, not the receiver's.
///
/// Responders are compared and hashed by identity, as `NSObject` subclasses are.
@MainActor
open class UIResponder: Hashable {
    public init() {}

    /// The next responder in the chain; `nil` ends it. Subclasses override.
    open var next: UIResponder? {
        nil
    }

    // MARK: - Touches

    /// One or more new touches whose view is (or is below) this responder.
    open func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesBegan(touches, with: event)
    }

    /// Touches already reported with `touchesBegan` moved.
    open func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesMoved(touches, with: event)
    }

    /// Touches already reported with `touchesBegan` left the screen.
    open func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesEnded(touches, with: event)
    }

    /// Touches already reported with `touchesBegan` were taken away by the system: their
    /// device vanished, the window closed, their view left the window, or the
    /// application cancelled or began ignoring touches.
    open func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) {
        next?.touchesCancelled(touches, with: event)
    }

    // MARK: - Identity

    nonisolated public static func == (lhs: UIResponder, rhs: UIResponder) -> Bool {
        lhs === rhs
    }

    nonisolated public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}
