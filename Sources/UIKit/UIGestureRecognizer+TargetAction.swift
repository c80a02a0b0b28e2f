// Target–action for recognizers. Swift on Linux has no selectors, so an action is an
// unbound method of the target's class or a closure:
//
//     pan.addTarget(self, action: ViewController.handlePan)   // func handlePan(_ p: UIPanGestureRecognizer)
//     tap.addTarget(self, action: ViewController.singleTap)   // func singleTap()
//     tap.addAction { recognizer in print(recognizer.state) }
//
// The methods must be main-actor isolated, as UIKit's are: those of view controllers,
// views and `@MainActor` classes. Targets are held weakly, as UIKit holds them: a pair
// whose target has gone is skipped and dropped. Actions are sent in the order the pairs
// were added, for began, changed, ended and cancelled, never for failed (DESIGN.md:
// real UIKit sends one on cancelled, as listing 1-5 of Apple's "Gesture Recognizers"
// expects).

extension UIGestureRecognizer {
    /// Identifies a closure added with `addAction(_:)`, for `removeAction(_:)`.
    public struct ActionIdentifier: Hashable, Sendable {
        let value: UInt64
    }

    /// Adds a pair whose action takes the recognizer: `addTarget(self, action:
    /// ViewController.handlePan)` where `handlePan(_ p: UIPanGestureRecognizer)`. When
    /// the recognizer is not a `Recognizer` the action is skipped and logged.
    public func addTarget<Target: AnyObject, Recognizer: UIGestureRecognizer>(
        _ target: Target, action: @escaping @MainActor (Target) -> @MainActor (Recognizer) -> Void
    ) {
        appendAction(target: target) { [weak target] recognizer in
            guard let target else { return false }
            guard let typed = recognizer as? Recognizer else {
                UIKitDebug.log(.gestures, "\(recognizer.traceName): action wants a \(Recognizer.self), skipped")
                return true
            }
            action(target)(typed)
            return true
        }
    }

    /// Adds a pair whose action takes no argument: `addTarget(self, action:
    /// ViewController.singleTap)` where `singleTap()`.
    public func addTarget<Target: AnyObject>(_ target: Target, action: @escaping @MainActor (Target) -> @MainActor () -> Void) {
        appendAction(target: target) { [weak target] _ in
            guard let target else { return false }
            action(target)()
            return true
        }
    }

    /// Removes every pair of `target`; `nil` removes every pair and closure. (Swift
    /// cannot compare methods, so UIKit's `removeTarget(_:action:)` with one action is
    /// not offered.)
    public func removeTarget(_ target: AnyObject?) {
        guard let target else {
            actions.removeAll()
            return
        }
        actions.removeAll { $0.target === target || ($0.hasTarget && $0.target == nil) }
    }

    /// Adds a closure called like an action, with the recognizer.
    @discardableResult
    public func addAction(_ handler: @escaping @MainActor (UIGestureRecognizer) -> Void) -> ActionIdentifier {
        appendAction(target: nil) { recognizer in
            handler(recognizer)
            return true
        }
    }

    /// Removes a closure added with `addAction(_:)`.
    public func removeAction(_ identifier: ActionIdentifier) {
        actions.removeAll { $0.identifier == identifier }
    }

    @discardableResult
    private func appendAction(target: AnyObject?, _ invoke: @escaping @MainActor (UIGestureRecognizer) -> Bool) -> ActionIdentifier {
        UIGestureRecognizer.nextActionIdentifier &+= 1
        let identifier = ActionIdentifier(value: UIGestureRecognizer.nextActionIdentifier)
        actions.append(TargetAction(identifier: identifier, target: target, hasTarget: target != nil, invoke: invoke))
        return identifier
    }

    /// Sends every action, in the order added; drops pairs whose target has gone.
    func sendActions() {
        var vanished = false
        for action in actions where !action.invoke(self) {
            vanished = true
        }
        if vanished { actions.removeAll { $0.hasTarget && $0.target == nil } }
    }
}

/// One target–action pair or closure.
@MainActor
struct TargetAction {
    let identifier: UIGestureRecognizer.ActionIdentifier
    weak var target: AnyObject?
    let hasTarget: Bool
    /// Sends the action; false when the target has gone.
    let invoke: @MainActor (UIGestureRecognizer) -> Bool
}
