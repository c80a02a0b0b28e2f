extension UIView {
    /// Draws the view and everything inside it, as it shows at this moment, scaled into
    /// `rect` of the current context (UIKit's snapshot of a view into an image renderer's
    /// context). Each layer is drawn as its presentation shows it, so a view in the middle
    /// of an animation is drawn where it is on screen, not where its model says it ends.
    ///
    /// With `afterUpdates`, pending layout is done first, as UIKit commits pending changes
    /// before it snapshots; without it the hierarchy is drawn as it stands. Returns `false`
    /// and draws nothing when there is no current context (push one, or draw inside
    /// `UIGraphicsImageRenderer.image(actions:)`) or when the view or `rect` is empty.
    /// Pixels come only with a drawing engine installed (the renderer's
    /// `CairoDrawingEngine.install()`, which `UIApplicationMain` and `UIKitTesting` do).
    @discardableResult
    public func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
        guard let context = UIGraphicsGetCurrentContext() else { return false }
        guard bounds.width > 0, bounds.height > 0, rect.width > 0, rect.height > 0 else { return false }
        if afterUpdates { layoutIfNeeded() }
        context.saveGState()
        context.translateBy(x: rect.minX, y: rect.minY)
        context.scaleBy(x: rect.width / bounds.width, y: rect.height / bounds.height)
        context.translateBy(x: -bounds.minX, y: -bounds.minY)
        layer.render(in: context)
        context.restoreGState()
        return true
    }
}
