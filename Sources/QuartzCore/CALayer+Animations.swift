// Attaching and detaching explicit animations.

extension CALayer {
    /// Attaches a copy of `anim` for `key` (`nil`: no key, so it can only be removed
    /// with `removeAllAnimations()`); another animation attached for the same key is
    /// removed first, with `animationDidStop(_:finished: false)`. A zero `beginTime`
    /// becomes the layer's time now (`currentLocalTime`) on the copy, and a property animation without a
    /// key path animates the property named by `key` (how an action's animation knows
    /// its property, as in Core Animation). The copy applies on top of the
    /// animations already attached. An animation that cannot drive this layer (an
    /// unknown key path, a value of the wrong type) is logged once and then changes
    /// nothing, though its delegate still hears of its start and stop.
    public func add(_ anim: CAAnimation, forKey key: String?) {
        let attached = anim.copy() as! CAAnimation
        if attached.beginTime == 0 { attached.beginTime = currentLocalTime }
        if let property = attached as? CAPropertyAnimation, property.keyPath == nil { property.keyPath = key }
        let problem = attached.resolve(for: self)
        if let problem {
            QuartzCoreDebug.log(
                .animation, "\(type(of: attached)) for key \(key.map { "\"\($0)\"" } ?? "nil") on \(type(of: self)): \(problem); it changes nothing")
        }
        let state = animationState ?? LayerAnimationState()
        animationState = state
        let replaced = key.flatMap { state.remove(key: $0) }
        let engine = animationEngine
        let entry = AttachedAnimation(
            key: key, animation: attached, sequence: engine.nextSequence(), isInert: problem != nil)
        state.append(entry)
        engine.register(self, state)
        CATransaction.noteAdded(entry)
        noteVisualChange()
        replaced?.stop(finished: false)
    }

    /// Detaches the animation attached for `key`, telling its delegate it did not
    /// finish (unless it already stopped).
    public func removeAnimation(forKey key: String) {
        guard let removed = animationState?.remove(key: key) else { return }
        noteVisualChange()
        removed.stop(finished: false)
    }

    /// Detaches every animation, telling each delegate, in the order they were added,
    /// that it did not finish.
    public func removeAllAnimations() {
        guard let removed = animationState?.removeAll(), !removed.isEmpty else { return }
        noteVisualChange()
        for entry in removed { entry.stop(finished: false) }
    }

    /// The attached animation for `key` (the copy made when it was added).
    public func animation(forKey key: String) -> CAAnimation? {
        animationState?.entries.last { $0.key == key }?.animation
    }

    /// Whether any animation is attached, keyed or not: `animationKeys()` without making
    /// an array (hot walks ask it of every layer).
    package var hasAnimations: Bool {
        animationState?.hasEntries ?? false
    }

    /// The keys of the attached animations, in the order added; `nil` when there are
    /// none, as in Core Animation. Animations added without a key are not listed.
    public func animationKeys() -> [String]? {
        let keys = animationState?.entries.compactMap(\.key) ?? []
        return keys.isEmpty ? nil : keys
    }
}
