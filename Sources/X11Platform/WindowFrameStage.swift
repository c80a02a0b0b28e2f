import CairoRenderer
import UIKit

/// A UIKit window's layer tree as a frame stage: its damage is what the tree's
/// `DamageTracker` reports, drawn at the window's level (`UIWindow.windowLevel`).
@MainActor
package final class WindowFrameStage: FrameStage {
    package let window: UIWindow
    private let renderer: LayerRenderer

    package init(window: UIWindow, renderer: LayerRenderer) {
        self.window = window
        self.renderer = renderer
    }

    package var order: FrameStageOrder {
        .window(level: window.windowLevel)
    }

    package var hasDamage: Bool {
        window.layer.damageTracker?.hasDamage == true
    }

    package func takeDamage(in host: X11Host) -> [CGRect] {
        // Layout before drawing, as a Core Animation commit does: a frame drawn for
        // the host's own damage may find a window laid out earlier in another turn. A
        // no-op when the turn has laid out already (as it has, each frame).
        window.layoutIfNeeded()
        return window.layer.damageTracker?.takeDamage().rects ?? []
    }

    package func draw(in canvas: Canvas, size: CGSize) {
        renderer.renderDamage(of: window.layer, in: canvas)
    }
}
