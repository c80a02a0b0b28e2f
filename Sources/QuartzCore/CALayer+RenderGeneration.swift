// Whether anything visible changed: the host redraws the layer tree only when it did.

extension CALayer {
    /// Counts changes to anything a renderer draws (geometry, appearance, the tree) in
    /// every layer tree of the process. A host compares it before and after handling
    /// input or timers: equal means the last frame still shows the model, so only
    /// overlays need drawing.
    public private(set) static var renderGeneration: UInt64 = 0

    static func noteVisualChange() {
        renderGeneration &+= 1
    }
}
