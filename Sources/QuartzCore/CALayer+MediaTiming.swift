// Layers are `CAMediaTiming`: each has a time space derived from its superlayer's (the
// map is `LayerTiming`'s), the root's from the layer tree's time line
// (its engine's `currentTime`: the media clock, stretched by slow animations), and
// an animation attached to a layer runs in that layer's time.
//
// So pausing a subtree is Core Animation's technique, exactly (Technical Q&A QA1673;
// Core Animation Programming Guide, "Pausing and Resuming Animations"):
//
//     let paused = layer.convertTime(CACurrentMediaTime(), from: nil)
//     layer.speed = 0
//     layer.timeOffset = paused          // frozen where they are, sublayers too
//
//     let pausedTime = layer.timeOffset
//     layer.speed = 1
//     layer.timeOffset = 0
//     layer.beginTime = 0
//     layer.beginTime = layer.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
//
// and starts, stops and removal on completion follow each layer's time: a paused
// layer's animations never finish, a layer at speed 2 finishes them in half the time.
// Changing a timing property redraws the layer's subtree, whose presentation may have
// moved with it.

extension CALayer: CAMediaTiming {
    /// When the layer's time starts, in its superlayer's time (0).
    public var beginTime: CFTimeInterval {
        get { mediaTiming.beginTime }
        set { changeTiming { $0.beginTime = newValue } }
    }

    /// The layer's basic duration: 0 (the default) lasts for ever; a positive one folds
    /// the layer's time by `repeatCount`, `repeatDuration` and `autoreverses`
    /// (`LayerTiming`).
    public var duration: CFTimeInterval {
        get { mediaTiming.duration }
        set { changeTiming { $0.duration = newValue } }
    }

    /// How fast the layer's time runs against its superlayer's (1); 0 pauses the layer
    /// and everything below it.
    public var speed: Float {
        get { mediaTiming.speed }
        set { changeTiming { $0.speed = newValue } }
    }

    /// Added to the layer's time (0): where a paused layer (`speed` 0) stands.
    public var timeOffset: CFTimeInterval {
        get { mediaTiming.timeOffset }
        set { changeTiming { $0.timeOffset = newValue } }
    }

    public var repeatCount: Float {
        get { mediaTiming.repeatCount }
        set { changeTiming { $0.repeatCount = newValue } }
    }

    public var repeatDuration: CFTimeInterval {
        get { mediaTiming.repeatDuration }
        set { changeTiming { $0.repeatDuration = newValue } }
    }

    public var autoreverses: Bool {
        get { mediaTiming.autoreverses }
        set { changeTiming { $0.autoreverses = newValue } }
    }

    /// Whether the layer is in the presentation outside its active period (`removed`,
    /// the default: not before it begins nor after it ends; see `LayerTiming`). Out of
    /// the presentation, neither it nor its sublayers are drawn; its model is as it was.
    public var fillMode: CAMediaTimingFillMode {
        get { mediaTiming.fillMode }
        set { changeTiming { $0.fillMode = newValue } }
    }

    /// Applies a change of the timing; a real change moves the presentation of every
    /// animation below, so the subtree is redrawn, and a host that stopped ticking
    /// (nothing moved) is woken, since a resumed layer moves again.
    private func changeTiming(_ change: (inout LayerTiming) -> Void) {
        var timing = mediaTiming
        change(&timing)
        guard timing != mediaTiming else { return }
        mediaTiming = timing
        guard presentedModel == nil else { return }
        noteVisualChange()
        let engine = animationEngine
        engine.noteTimingChange(of: self)
        engine.onWork?()
    }

    // MARK: - Converting times

    /// Converts `t` from the time space of `layer` to this layer's. `nil` means the
    /// media clock (`CACurrentMediaTime()`), above every root: from it the time goes
    /// through the layer tree's time line (slow animations) and each layer's timing
    /// from the root down to this one. Between two layers it goes up from `layer` to
    /// the nearest layer they share and down from there, so a paused ancestor they
    /// share does not stand in the way.
    public func convertTime(_ t: CFTimeInterval, from layer: CALayer?) -> CFTimeInterval {
        guard let layer else { return localTime(atTreeTime: animationEngine.time(atMediaTime: t)) }
        let ancestors = selfAndAncestors
        var time = t
        var climbing: CALayer? = layer
        var shared: CALayer?
        while let here = climbing {
            if ancestors.contains(where: { $0 === here }) {
                shared = here
                break
            }
            time = here.mediaTiming.parentTime(fromLocalTime: time)
            climbing = here.superlayer
        }
        // `time` is in the shared layer's space, or on the tree's time line when the
        // layers are in different trees.
        let descent = shared.map { shared in ancestors.prefix { $0 !== shared } } ?? ancestors[...]
        for here in descent.reversed() {
            time = here.mediaTiming.localTime(fromParentTime: time)
        }
        return time
    }

    /// Converts `t` from this layer's time space to that of `layer` (`nil`: the media
    /// clock); the inverse of `convertTime(_:from:)`, up to folding (see
    /// `LayerTiming.parentTime(fromLocalTime:)`).
    public func convertTime(_ t: CFTimeInterval, to layer: CALayer?) -> CFTimeInterval {
        if let layer { return layer.convertTime(t, from: self) }
        var time = t
        var climbing: CALayer? = self
        while let here = climbing {
            time = here.mediaTiming.parentTime(fromLocalTime: time)
            climbing = here.superlayer
        }
        return animationEngine.mediaTime(atTime: time)
    }

    // MARK: - The engine's view

    /// This layer's time now: the layer tree's time (its engine's `currentTime`,
    /// held while a frame draws) through every layer's timing from the root down. What
    /// the layer's animations are evaluated at, and what `add(_:forKey:)` stamps on an
    /// animation whose `beginTime` is 0.
    package var currentLocalTime: CFTimeInterval {
        localTime(atTreeTime: animationEngine.currentTime)
    }

    /// This layer's time when the layer tree's time is `treeTime`.
    func localTime(atTreeTime treeTime: CFTimeInterval) -> CFTimeInterval {
        let parentTime = superlayer?.localTime(atTreeTime: treeTime) ?? treeTime
        return mediaTiming.isIdentity ? parentTime : mediaTiming.localTime(fromParentTime: parentTime)
    }

    /// Whether the layer's own timing keeps it in the presentation now: false outside
    /// its active period where its `fillMode` does not fill (see `LayerTiming`).
    var isPresentedByItsTiming: Bool {
        guard !mediaTiming.isIdentity else { return true }
        return mediaTiming.isPresented(in: mediaTiming.phase(atParentTime: parentTimeNow))
    }

    /// The superlayer's time now (the layer tree's time for a root).
    var parentTimeNow: CFTimeInterval {
        let treeTime = animationEngine.currentTime
        return superlayer?.localTime(atTreeTime: treeTime) ?? treeTime
    }

    /// How the superlayer's time runs as the tree's time runs: 1 forwards, −1
    /// backwards, 0 when an ancestor is paused.
    var parentTimeDirection: Float {
        var direction: Float = 1
        var current = superlayer
        while let layer = current {
            direction *= layer.mediaTiming.speed.sign == .minus ? -1 : (layer.mediaTiming.speed == 0 ? 0 : 1)
            current = layer.superlayer
        }
        return direction
    }

    /// Whether this layer's time stands still: it or an ancestor has `speed` 0.
    var isTimeFrozen: Bool {
        var current: CALayer? = self
        while let layer = current {
            if layer.mediaTiming.freezesTime { return true }
            current = layer.superlayer
        }
        return false
    }

    /// This layer, its superlayer, and so on up to the root.
    private var selfAndAncestors: [CALayer] {
        var chain: [CALayer] = []
        var current: CALayer? = self
        while let layer = current {
            chain.append(layer)
            current = layer.superlayer
        }
        return chain
    }
}
