// The presentation layer: the model with its animations applied at the current time.
//
// What `presentation()` returns (Core Animation: "returns a copy of the presentation
// layer object that represents the state of the layer as it currently appears
// onscreen"; CALayer.presentation() — Apple Developer Documentation):
//
// - Always a NEW detached copy of the same class, made with `init(layer:)` (so
//   subclasses copy their own properties), with every attached animation applied at the
//   layer's own time (`currentLocalTime`), in the order added; with nothing attached it
//   looks exactly like the model. Writing to it never changes the model or the screen.
//   It has no superlayer, sublayers or delegate; its `model()` is the layer it was made
//   from (also when it is a copy of a copy).
// - Never `nil`. Core Animation answers `nil` until the layer has been part of a
//   committed transaction, since its presentation lives in the render server; here the
//   presentation is computed from the model on demand, so there is always one to give,
//   and code written as `presentation() ?? layer` or (after the first frame, as on iOS)
//   `presentation()!` works the same.
// - Once an animation has ended, `fillMode` decides whether it still shows (while
//   attached: `isRemovedOnCompletion` false, or until the tick that removes it).
// - A layer that its own timing takes out of the presentation (outside its active
//   period, unfilled: `LayerTiming`) is presented hidden, so nothing of it or below it
//   is drawn.
//
// The renderer, damage tracking, snapshots and hit-testing walk the model tree and read
// each layer through `presentationOrSelf()` instead: the layer itself when nothing is
// attached (no copy, for trees of thousands of layers every frame), a presentation copy
// otherwise. It is for reading only, and is not public: a caller writing to what it
// returned would write to the model.
//
// Building a copy neither runs actions nor damages anything: the copy is in no layer
// tree, so its property changes report no damage (see `DamageTracker`).

extension CALayer {
    /// The layer as it appears now for reading inside the package: itself when no
    /// animation is attached, else `presentation()`'s copy (see the top of this file).
    package final func presentationOrSelf() -> CALayer {
        guard let animationState, animationState.hasEntries else {
            return isPresentedByItsTiming ? self : makePresentation(of: nil)
        }
        return makePresentation(of: animationState)
    }

    /// A presentation copy with `state`'s animations (when given) applied now, hidden
    /// when the layer's own timing takes it out of the presentation (`LayerTiming`).
    func makePresentation(of state: LayerAnimationState?) -> CALayer {
        let copy = type(of: self).init(layer: self)
        copy.presentedModel = presentedModel ?? self
        if let state { applyAnimations(of: state, to: copy) }
        if presentedModel == nil, !isPresentedByItsTiming { copy.isHidden = true }
        return copy
    }

    /// Applies `state`'s animations, in the order added, to `copy` at this layer's time
    /// now.
    private func applyAnimations(of state: LayerAnimationState, to copy: CALayer) {
        let now = currentLocalTime
        for entry in state.entries where !entry.isInert {
            entry.animation.apply(to: copy, atParentTime: now, defaultDuration: CAAnimation.defaultDuration)
        }
    }

    /// What the property `key` showed with `modelValue` as its model value: the model
    /// value itself when no attached animation can write it (none names its key path's
    /// property) or `key` is not an animatable property, else the animations applied to
    /// it now.
    func presentationValue(forKey key: String, modelValue: Any) -> Any {
        guard let state = animationState, state.hasEntries else { return modelValue }
        let root = CAAnimatableProperty.root(of: key)
        guard state.entries.contains(where: { !$0.isInert && $0.animation.mayAnimate(propertyRoot: root) }),
            let property = CAAnimatableProperty.named(key),
            let value = CAAnimatedValue(modelValue, as: property.kind)
        else { return modelValue }
        let copy = type(of: self).init(layer: self)
        copy.presentedModel = self
        property.write(copy, value)
        applyAnimations(of: state, to: copy)
        return property.read(copy)?.anyValue ?? modelValue
    }
}
