// Which engine animates a layer: the one its tree is hosted by. A window's layer names
// its application's engine, so a layer in a window is timed, registered and ticked by
// that application's engine whichever application's turn touches it (a debug layer
// reading the presentation of an app it inspects reads the app's time). A layer in no
// hosted tree (made but not yet added, or in a test of the layer engine alone) belongs
// to the current engine.

extension CALayer {
    /// The engine of this layer's tree: its root's `hostingEngine`, or
    /// `CAAnimationEngine.current` when the root names none.
    package var animationEngine: CAAnimationEngine {
        var root = self
        while let up = root.superlayer { root = up }
        return root.hostingEngine ?? .current
    }
}
