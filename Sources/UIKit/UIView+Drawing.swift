// Which views get a drawn backing store. UIKit marks a view for display when its class
// overrides `draw(_:)`; Swift cannot ask a class whether it overrides a method, so the
// first view of each class the renderer meets is asked to draw into a context that
// draws nothing: a class overrides `draw(_:)` when that drawing did not reach UIView's
// own empty `draw(_:)`, or when it painted something. The answer is kept per class; a
// view whose class draws is then marked with `setNeedsDisplay()`, at the screen's scale.
// Views that do not draw keep no backing store and cost one check per frame.

extension UIView: CALayerRenderingDelegate {
    package func prepareForRendering(_ layer: CALayer) {
        guard !hasDecidedWhetherItDraws else { return }
        hasDecidedWhetherItDraws = true
        guard UIView.classOverridesDraw(of: self) else { return }
        layer.contentsScale = UIScreen.main.scale
        layer.setNeedsDisplay()
    }

    /// Whether `view`'s class overrides `draw(_:)`, probed once per class.
    static func classOverridesDraw(of view: UIView) -> Bool {
        let key = ObjectIdentifier(type(of: view))
        if let known = drawingClasses[key] { return known }
        let probe = CGContext(backend: nil)
        view.reachedDefaultDraw = false
        UIGraphicsPushContext(probe)
        view.draw(view.bounds)
        UIGraphicsPopContext()
        let overrides = !view.reachedDefaultDraw || probe.paintCount > 0
        drawingClasses[key] = overrides
        return overrides
    }

    private static var drawingClasses: [ObjectIdentifier: Bool] = [:]
}
