import Foundation
import UIKit

/// One layer of a window's tree with its bounds space mapped to window points twice:
/// through the model tree (where UIKit hit-tests and converts) and through the
/// presentation tree (where the renderer draws it at the current media time).
@MainActor
struct LayerPlacement {
    let layer: CALayer
    /// `layer.presentationOrSelf()`: the layer itself unless an animation is attached.
    let shown: CALayer
    let modelToWindow: CGAffineTransform
    let shownToWindow: CGAffineTransform
    /// Whether hit-testing reaches this layer through presentation geometry (a view at
    /// or above it opted in with `hitTestsPresentation`).
    let isHitTestedByPresentation: Bool

    /// Whether animations are attached, so that the presentation differs from the model.
    var isAnimating: Bool { shown !== layer }

    /// The view the layer backs, if any.
    var view: UIView? { layer.delegate as? UIView }
}

/// Walks a window's visible layer tree front to back in drawing order, each layer with
/// its placement. "Window points" are the canvas the window is drawn on: the window
/// layer's superlayer space, as `LayerRenderer` draws it (the window's bounds space when
/// the window sits at the origin, as the host places it).
@MainActor
enum WindowLayers {
    static func forEach(in window: UIWindow, _ body: (LayerPlacement) -> Void) {
        visit(window.layer, modelParent: .identity, shownParent: .identity, presentationHitTesting: false, body)
    }

    private static func visit(_ layer: CALayer, modelParent: CGAffineTransform, shownParent: CGAffineTransform,
                              presentationHitTesting: Bool, _ body: (LayerPlacement) -> Void) {
        guard !layer.isHidden else { return }
        let shown = layer.presentationOrSelf()
        let view = layer.delegate as? UIView
        let placement = LayerPlacement(
            layer: layer, shown: shown,
            modelToWindow: layer.transformToSuperlayer.concatenating(modelParent),
            shownToWindow: shown.transformToSuperlayer.concatenating(shownParent),
            isHitTestedByPresentation: presentationHitTesting || view?.hitTestsPresentation == true)
        body(placement)
        guard let sublayers = layer.sublayers else { return }
        for sublayer in sublayers {
            visit(sublayer, modelParent: placement.modelToWindow, shownParent: placement.shownToWindow,
                  presentationHitTesting: placement.isHitTestedByPresentation, body)
        }
    }
}
