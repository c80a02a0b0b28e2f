// The layer tree: adding, ordering and removing sublayers. A layer has at most one
// superlayer; adding it elsewhere first removes it from where it was.

extension CALayer {
    /// Appends `layer` as the frontmost sublayer.
    public func addSublayer(_ layer: CALayer) {
        insert(layer, atClampedIndex: sublayers?.count ?? 0)
    }

    /// Inserts `layer` at `idx` in back-to-front order; an index past the end appends.
    public func insertSublayer(_ layer: CALayer, at idx: UInt32) {
        insert(layer, atClampedIndex: Int(idx))
    }

    /// Inserts `layer` just above `sibling`; appends when `sibling` is not a sublayer.
    public func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
        detachForInsertion(layer)
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } }
        insert(layer, atClampedIndex: index.map { $0 + 1 } ?? (sublayers?.count ?? 0))
    }

    /// Inserts `layer` just below `sibling`; inserts at the back when `sibling` is not a
    /// sublayer.
    public func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
        detachForInsertion(layer)
        let index = sibling.flatMap { s in sublayers?.firstIndex { $0 === s } }
        insert(layer, atClampedIndex: index ?? 0)
    }

    /// Puts `newLayer` where `oldLayer` is. Does nothing if `oldLayer` is not a sublayer.
    public func replaceSublayer(_ oldLayer: CALayer, with newLayer: CALayer) {
        guard oldLayer !== newLayer,
            let index = sublayers?.firstIndex(where: { $0 === oldLayer })
        else { return }
        oldLayer.removeFromSuperlayer()
        insert(newLayer, atClampedIndex: index)
    }

    /// Detaches the layer from its superlayer; does nothing if it has none.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        noteRemoved(from: parent)
        if let index = parent.sublayers?.firstIndex(where: { $0 === self }) {
            parent.sublayers?.remove(at: index)
            if parent.sublayers?.isEmpty == true {
                parent.sublayers = nil
                parent.noteGroupingChange()
            }
        }
        parent.damageState.sublayerIndex = nil
        if zPosition != 0 { parent.sublayersWithZPosition -= 1 }
        superlayer = nil
        CALayer.noteTreeChange()
    }

    /// Whether `self` is `layer` or lies below it in the tree.
    public func isDescendant(of layer: CALayer) -> Bool {
        var current: CALayer? = self
        while let node = current {
            if node === layer { return true }
            current = node.superlayer
        }
        return false
    }

    /// The sublayers back to front as drawn: by ascending `zPosition`, ties in array
    /// order. The array itself when no sublayer has a non-zero `zPosition`.
    public var sublayersInDrawingOrder: [CALayer] {
        guard let sublayers else { return [] }
        // Counted as they change, not found by reading every sublayer's: a frame draws
        // a layer's sublayers in this order, and most of them stand still.
        guard sublayersWithZPosition > 0 else { return sublayers }
        return sublayers.enumerated()
            .sorted { ($0.element.zPosition, $0.offset) < ($1.element.zPosition, $1.offset) }
            .map(\.element)
    }

    // MARK: - Private

    /// The layer gained its first sublayer or lost its last: a translucent layer
    /// composites as a group only while it has sublayers (`render(in:)`), which changes
    /// how its own drawing blends.
    private func noteGroupingChange() {
        if opacity < 1 || presentationOrSelf().opacity < 1 { noteVisualChange() }
    }

    /// Removes `layer` from its current place first, so that indices computed afterwards
    /// refer to the tree without it.
    private func detachForInsertion(_ layer: CALayer) {
        if layer.superlayer != nil { layer.removeFromSuperlayer() }
    }

    private func insert(_ layer: CALayer, atClampedIndex index: Int) {
        // A layer inserted into itself or its own subtree would make a cycle. Only a layer
        // with sublayers has a subtree to look through: a chain of D layers built by
        // adding leaves walked D ancestors per layer, O(D²) in all.
        guard layer !== self, layer.sublayers == nil || !isDescendant(of: layer) else { return }
        detachForInsertion(layer)
        // Mutated in place: copying the array out and back would make building a layer
        // with n sublayers cost O(n²).
        if sublayers == nil {
            sublayers = []
            noteGroupingChange()
        }
        sublayers!.insert(layer, at: min(max(index, 0), sublayers!.count))
        layer.superlayer = self
        if layer.hostingEngine !== hostingEngine { layer.adopt(hostingEngine) }
        damageState.sublayerIndex = nil
        if layer.zPosition != 0 { sublayersWithZPosition += 1 }
        CALayer.noteTreeChange()
        layer.propagatePendingLayout()
        layer.noteInserted()
    }
}
