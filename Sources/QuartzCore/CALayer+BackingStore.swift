// Drawn contents: a layer that draws (its `draw(in:)` or its delegate's
// `draw(_:in:)`) keeps the drawing in a bitmap, its `contents`, which is redrawn only
// when `setNeedsDisplay()` marks it, as Core Animation keeps a backing store.

extension CALayer {
    /// Brings `contents` up to date before the layer is drawn: asks a rendering delegate
    /// whether a layer without contents draws (see `CALayerRenderingDelegate`; also when
    /// display is already due, so a view marked before its first frame still gets the
    /// screen's scale), then, if
    /// display is due, runs `display()`; when that did not supply new contents itself,
    /// draws `draw(in:)` into a new backing store of `bounds.size × contentsScale`
    /// pixels and makes it the contents.
    func updateContentsForRendering() {
        // Drawn in the frame that makes it, so no damage is reported for it.
        withoutNotingVisualChanges { updateContents() }
    }

    private func updateContents() {
        if contents == nil, let delegate = delegate as? any CALayerRenderingDelegate {
            delegate.prepareForRendering(self)
        }
        guard needsDisplay() else { return }
        let previous = contents as? CGImage
        displayIfNeeded()
        guard (contents as? CGImage) === previous else { return }
        contents = drawnBackingStore()
    }

    /// `draw(in:)` rendered into a bitmap in bounds coordinates (y-down, as layers are),
    /// at `contentsScale`; `nil` for an empty layer.
    private func drawnBackingStore() -> CGImage? {
        let scale = max(contentsScale, 0.01)
        let width = Int((bounds.width * scale).rounded(.up)), height = Int((bounds.height * scale).rounded(.up))
        guard width > 0, height > 0 else { return nil }
        let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        guard let context = CGContext(
            data: nil, width: width, height: height, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)
        else { return nil }
        context.translateBy(x: 0, y: CGFloat(height))
        context.scaleBy(x: scale, y: -scale)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        draw(in: context)
        return context.makeImage()
    }
}
