// Implicit animations: what runs when an animatable property changes.
//
// Every animatable property's setter ends in `animatablePropertyChanged(_:from:)`, which
// marks the layer's damage (`DamageTracker`) and, as Core Animation does, asks `action(forKey:)` for an
// action and runs it with the layer. The
// search is the delegate's `action(for:forKey:)`, the `actions` dictionary, then
// `defaultAction(forKey:)`, which gives a 0.25 s `CABasicAnimation` (the transaction's
// duration and curve) from the old presentation value to the new model value.
//
// Where no action is looked for at all:
// - while `CATransaction.disableActions()` is true;
// - on a layer that is in no layer tree and has no delegate (Core Animation has
//   nothing on screen to animate from before a layer is first committed; here a layer
//   joins the animated world when it gets a superlayer);
// - on presentation copies.
// A view's own layer has the view as its delegate, and UIKit's views answer `NSNull`
// outside animation blocks, so views change at once unless animated.

extension CALayer {
    /// Called by the setters after the property `key` changed from `oldValue`: marks
    /// the layer's damage, then runs the property's action, if any.
    final func animatablePropertyChanged<Value>(_ key: String, from oldValue: Value, changed: Bool = true) {
        // A value set to what it was changes no pixel (layout code sets frames at every
        // pass); its action still runs, as Core Animation's does.
        if changed { noteVisualChange() }
        guard presentedModel == nil, superlayer != nil || delegate != nil, !CATransaction.disableActions(),
            let action = action(forKey: key)
        else { return }
        // A missing colour is drawn as transparent black, and animates from it. (A type
        // comparison, not a cast to a protocol: this runs for every animated change.)
        let previous: Any = Value.self == CGColor?.self ? (oldValue as! CGColor?) ?? CGColor.clear : oldValue
        let change = PropertyChange(layer: self, key: key, previousValue: previous)
        if let own = action as? PropertyChangeAction {
            own.run(change)
        } else {
            action.run(forKey: key, object: self, arguments: change.arguments)
        }
    }

    /// The search behind `action(forKey:)`.
    func searchAction(forKey event: String) -> (any CAAction)? {
        if let found = delegate?.action(for: self, forKey: event) { return found is NSNull ? nil : found }
        if let found = actions?[event] { return found is NSNull ? nil : found }
        let found = type(of: self).defaultAction(forKey: event)
        return found is NSNull ? nil : found
    }

    /// The implicit animation behind `defaultAction(forKey:)`.
    static func implicitAnimation(forKey event: String) -> (any CAAction)? {
        guard CAAnimatableProperty.named(event) != nil else { return nil }
        let animation = CABasicAnimation(keyPath: event)
        animation.duration = CATransaction.animationDuration()
        animation.timingFunction = CATransaction.animationTimingFunction() ?? CAMediaTimingFunction(name: .default)
        return animation
    }
}
