import CairoRenderer
import UIKit
import X11Host

// The sandbox's place in an X11 host's pipeline: two input filters and one frame stage,
// each at the place `InputFilterStage` and `FrameStageOrder` give it, instead of closures
// wrapped around the runner's.

extension SandboxApp {
    /// The debugging overlays watch every sample (the chrome's touches included: the
    /// spots show all input), after UIKit handled it, so the hit-test overlay reads the
    /// views the new touches hit.
    final class OverlayInput: InputFilter {
        unowned let app: SandboxApp
        let stage = InputFilterStage.debugging

        init(app: SandboxApp) {
            self.app = app
        }

        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
            batch
        }

        func host(_ host: X11Host, didHandle batch: [TouchSample]) {
            guard let window = app.window else { return }
            for rect in app.overlays.apply(batch, in: window) {
                host.setNeedsDisplay(rect)
            }
        }
    }

    /// The chrome takes the touches that begin on its bars (or anywhere while a panel is
    /// open) and every key; the rest of the input goes on to the scene.
    final class ChromeInput: InputFilter {
        unowned let app: SandboxApp
        let stage = InputFilterStage.chrome

        init(app: SandboxApp) {
            self.app = app
        }

        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
            app.route(batch)
        }

        func filter(_ key: KeyInput, in host: X11Host) -> Bool {
            app.handle(KeyPress(keysym: key.keysym, text: key.text))
            return false
        }
    }

    /// The caption, the overlays, any open panel, the toolbar and the spots, drawn as one
    /// stage above every UIKit window (until they become UIKit windows of their own, the
    /// debug-layer issue's work). Its damage adds, to what the overlays report as they
    /// change, the overlays that follow layers (where those moved).
    final class ChromeFrame: FrameStage {
        unowned let app: SandboxApp
        let order = FrameStageOrder.debugOverlays

        init(app: SandboxApp) {
            self.app = app
        }

        func takeDamage(in host: X11Host) -> [CGRect] {
            guard let window = app.window else { return [] }
            return app.overlays.damageForFrame(in: window)
        }

        func draw(in canvas: Canvas, size: CGSize) {
            app.drawAboveScene(in: canvas, size: size)
        }

        func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {
            app.overlays.framePresented(started: report.started, presented: report.presented, dirtyRects: report.dirtyRects)
        }
    }
}
