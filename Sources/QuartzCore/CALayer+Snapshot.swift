// A frozen picture of a layer tree, for what on Apple platforms the render server
// snapshots: `UIView.snapshotView(afterScreenUpdates:)` and the outgoing side of a view
// transition.

extension CALayer {
    /// A detached copy of this layer and its sublayers as they appear now: each layer's
    /// presentation (its animations applied at its own time), its drawn
    /// contents brought up to date first and shared, not redrawn. The copies have no
    /// delegate and no animations, so the picture never changes; changing the originals
    /// afterwards does not change it either. Hidden sublayers are left out. The root
    /// copy keeps this layer's geometry; callers place it where they show it.
    ///
    /// This project's own API: Core Animation keeps such pictures in its render server.
    public func snapshotTree() -> CALayer {
        updateContentsForRendering()
        let shown = presentationOrSelf()
        let copy = type(of: self).init(layer: shown)
        for sublayer in sublayers ?? [] where !sublayer.isHidden {
            copy.addSublayer(sublayer.snapshotTree())
        }
        return copy
    }
}
