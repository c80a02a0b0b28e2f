// The presentation layer: the model with its animations applied at the current time.
//
// What `presentation()` returns (this project's rule, documented for the lead):
//
// - A layer with no animation attached returns *itself*: it looks exactly like its
//   model, and the answer costs one nil check, which the renderer and presentation
//   hit-testing rely on for trees of thousands of layers. (Core Animation returns a
//   separate copy, or `nil` before the layer was first drawn; code written for it as
//   `layer.presentation()!` or `layer.presentation() ?? layer` works here either way.)
// - A layer with animations returns a NEW detached copy of the same class, made with
//   `init(layer:)` (so subclasses copy their own properties), with every attached
//   animation applied at the layer's own time (`currentLocalTime`), in the order added. It has no
//   superlayer, sublayers or delegate: renderers and hit-testers walk the model tree
//   and read each layer's own properties from `presentation() ?? layer`. Its
//   `model()` is the layer it was made from. Changing it changes nothing on screen.
// - Once an animation has ended, `fillMode` decides whether it still shows (while
//   attached: `isRemovedOnCompletion` false, or until the tick that removes it).
//
// Building the copy neither runs actions nor damages anything: the copy is in no
// layer tree, so its property changes report no damage (see `DamageTracker`).

extension CALayer {
    func makePresentation(of state: LayerAnimationState) -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.presentedModel = self
        let now = currentLocalTime
        for entry in state.entries where !entry.isInert {
            entry.animation.apply(to: copy, atParentTime: now, defaultDuration: CAAnimation.defaultDuration)
        }
        return copy
    }

    /// What the property `key` showed with `modelValue` as its model value: the model
    /// value itself when nothing is attached or `key` is not an animatable property,
    /// else the animations applied to it now.
    func presentationValue(forKey key: String, modelValue: Any) -> Any {
        guard let state = animationState, state.hasEntries, let property = CAAnimatableProperty.named(key),
            let value = CAAnimatedValue(modelValue, as: property.kind)
        else { return modelValue }
        let copy = type(of: self).init(layer: self)
        copy.presentedModel = self
        property.write(copy, value)
        let now = currentLocalTime
        for entry in state.entries where !entry.isInert {
            entry.animation.apply(to: copy, atParentTime: now, defaultDuration: CAAnimation.defaultDuration)
        }
        return property.read(copy)?.anyValue ?? modelValue
    }
}
