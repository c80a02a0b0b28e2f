import CairoRenderer
import UIKit

/// A UIKit window's layer tree as a frame stage: its damage is what the tree's
/// `DamageTracker` reports, drawn at the window's level (`UIWindow.windowLevel`).
@MainActor
final class WindowFrameStage: FrameStage {
    let window: UIWindow
    private let renderer: LayerRenderer

    init(window: UIWindow, renderer: LayerRenderer) {
        self.window = window
        self.renderer = renderer
    }

    var order: FrameStageOrder {
        .window(level: window.windowLevel)
    }

    var hasDamage: Bool {
        window.layer.damageTracker?.hasDamage == true
    }

    func takeDamage(in host: X11Host) -> [CGRect] {
        // Layout before drawing, as a Core Animation commit does: a frame drawn for
        // the host's own damage may find a window laid out earlier in another turn. A
        // no-op when the turn has laid out already (as it has, each frame).
        window.layoutIfNeeded()
        return window.layer.damageTracker?.takeDamage().rects ?? []
    }

    func draw(in canvas: Canvas, size: CGSize) {
        renderer.renderDamage(of: window.layer, in: canvas)
    }
}
