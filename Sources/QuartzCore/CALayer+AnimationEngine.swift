// Which engine animates a layer: the one of the tree it is in. A window's layer is given
// its application's engine (`host(in:)`), and a layer added to a tree takes its new
// superlayer's engine, with its whole subtree, so every layer knows its engine without
// walking to its root: a frame asks it of every animated layer. So a layer in a window
// is timed, registered and ticked by that application's engine whichever application's
// turn touches it (a debug layer reading the presentation of an app it inspects reads
// the app's time). A layer never in a hosted tree (made but not yet added, or in a test
// of the layer engine alone) belongs to the current engine; one taken out of a tree
// keeps the engine it had until it is added to another.

extension CALayer {
    /// The engine of this layer's tree (see above), or `CAAnimationEngine.current`.
    package var animationEngine: CAAnimationEngine {
        hostingEngine ?? .current
    }

    /// Makes `engine` the engine of this layer's tree: for a root layer that hosts a tree
    /// (a window's).
    package func host(in engine: CAAnimationEngine) {
        adopt(engine)
    }

    /// Gives this layer and its subtree `engine`; animations already attached move to
    /// its list (their begin times stay where they were on the old engine's time line).
    func adopt(_ engine: CAAnimationEngine?) {
        hostingEngine = engine
        if let engine, let state = animationState, state.hasEntries, state.registeredEngine !== engine {
            engine.register(self, state)
        }
        guard let sublayers else { return }
        for sublayer in sublayers where sublayer.hostingEngine !== engine { sublayer.adopt(engine) }
    }
}
