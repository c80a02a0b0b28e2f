// Whether anything visible changed: the host redraws the layer tree only when it did.

extension CALayer {
    /// Counts changes to anything a renderer draws (geometry, appearance, the tree) in
    /// every layer tree of the process. A host compares it before and after handling
    /// input or timers: equal means the last frame still shows the model, so only
    /// overlays need drawing. Attaching and detaching animations counts, and so does
    /// every frame tick while an animation runs (`CAAnimationEngine.tick()`).
    public private(set) static var renderGeneration: UInt64 = 0

    static func noteVisualChange() {
        renderGeneration &+= 1
    }

    /// Runs `body` (which builds presentation copies, whose property changes nobody
    /// sees) without counting its changes.
    static func withoutNotingVisualChanges<T>(_ body: () -> T) -> T {
        let generation = renderGeneration
        defer { renderGeneration = generation }
        return body()
    }
}
