// Target–action for controls, per event. Swift on Linux has no selectors, so an action
// is an unbound method of the target's class or a closure, as for recognizers
// (`UIGestureRecognizer+TargetAction.swift`):
//
//     button.addTarget(self, action: ViewController.buttonTapped, for: .touchUpInside)  // func buttonTapped(_ sender: UIButton)
//     button.addTarget(self, action: ViewController.buttonTapped, for: .touchUpInside)  // func buttonTapped()
//     slider.addAction({ control in print((control as! UISlider).value) }, for: .valueChanged)
//
// Targets are held weakly, as UIKit holds them: a pair whose target has gone is skipped
// and dropped. When several events are sent at once, each pair registered for any of
// them is sent once; pairs go in the order they were added. UIKit's third action form,
// `(sender, forEvent:)`, is not offered: `sendActions(for:)` has no event to give it.

extension UIControl {
    /// Identifies a closure added with `addAction(_:for:)`, for
    /// `removeAction(identifiedBy:for:)`.
    public struct ActionIdentifier: Hashable, Sendable {
        let value: UInt64
    }

    /// Adds a pair whose action takes the control: `addTarget(self, action:
    /// ViewController.buttonTapped, for: .touchUpInside)` where `buttonTapped(_ sender:
    /// UIButton)`. When the control is not a `Sender` the action is skipped and logged.
    public func addTarget<Target: AnyObject, Sender: UIControl>(
        _ target: Target, action: @escaping @MainActor (Target) -> @MainActor (Sender) -> Void, for controlEvents: Event
    ) {
        appendAction(target: target, for: controlEvents) { [weak target] control in
            guard let target else { return false }
            guard let sender = control as? Sender else {
                UIKitDebug.log(.delivery, "\(type(of: control)): action wants a \(Sender.self), skipped")
                return true
            }
            action(target)(sender)
            return true
        }
    }

    /// Adds a pair whose action takes no argument: `addTarget(self, action:
    /// ViewController.buttonTapped, for: .touchUpInside)` where `buttonTapped()`.
    public func addTarget<Target: AnyObject>(
        _ target: Target, action: @escaping @MainActor (Target) -> @MainActor () -> Void, for controlEvents: Event
    ) {
        appendAction(target: target, for: controlEvents) { [weak target] _ in
            guard let target else { return false }
            action(target)()
            return true
        }
    }

    /// Stops sending `controlEvents` to every pair of `target`; `nil` means every pair
    /// and closure. A pair left with no events is removed. (Swift cannot compare
    /// methods, so UIKit's `action:` argument is not offered.)
    public func removeTarget(_ target: AnyObject?, for controlEvents: Event) {
        removeEvents(controlEvents) { target == nil || $0.target === target }
    }

    /// Adds a closure called like an action, with the control, for `controlEvents`.
    @discardableResult
    public func addAction(_ handler: @escaping @MainActor (UIControl) -> Void, for controlEvents: Event) -> ActionIdentifier {
        appendAction(target: nil, for: controlEvents) { control in
            handler(control)
            return true
        }
    }

    /// Stops sending `controlEvents` to the closure added as `actionIdentifier`.
    public func removeAction(identifiedBy actionIdentifier: ActionIdentifier, for controlEvents: Event) {
        removeEvents(controlEvents) { $0.identifier == actionIdentifier }
    }

    /// Every event some live pair or closure is registered for.
    public var allControlEvents: Event {
        dropVanishedTargets()
        return controlActions.reduce(into: []) { $0.formUnion($1.events) }
    }

    // MARK: - Private

    @discardableResult
    private func appendAction(target: AnyObject?, for controlEvents: Event,
                              _ invoke: @escaping @MainActor (UIControl) -> Bool) -> ActionIdentifier {
        UIControl.nextActionIdentifier &+= 1
        let identifier = ActionIdentifier(value: UIControl.nextActionIdentifier)
        controlActions.append(ControlTargetAction(identifier: identifier, target: target, hasTarget: target != nil,
                                                  events: controlEvents, invoke: invoke))
        return identifier
    }

    private func removeEvents(_ controlEvents: Event, where matches: (ControlTargetAction) -> Bool) {
        for index in controlActions.indices where matches(controlActions[index]) {
            controlActions[index].events.subtract(controlEvents)
        }
        controlActions.removeAll { $0.events.isEmpty }
        dropVanishedTargets()
    }

    private func dropVanishedTargets() {
        controlActions.removeAll { $0.hasTarget && $0.target == nil }
    }

    /// Sends the actions of every pair registered for any of `controlEvents`, once each,
    /// in the order added (behind `sendActions(for:)`). An action that adds or removes
    /// pairs changes the next send, not this one.
    func invokeActions(for controlEvents: Event) {
        var vanished = false
        for action in controlActions where !action.events.isDisjoint(with: controlEvents) && !action.invoke(self) {
            vanished = true
        }
        if vanished { dropVanishedTargets() }
    }
}

/// One target–action pair or closure, with the events it is registered for.
@MainActor
struct ControlTargetAction {
    let identifier: UIControl.ActionIdentifier
    weak var target: AnyObject?
    let hasTarget: Bool
    var events: UIControl.Event
    /// Sends the action; false when the target has gone.
    let invoke: @MainActor (UIControl) -> Bool
}
