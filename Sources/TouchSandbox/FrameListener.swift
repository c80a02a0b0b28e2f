import CairoRenderer
import UIKit
import X11Host

/// A frame stage that draws nothing and hears of every frame the host presents, above
/// every other stage: for what watches the window (the first-frame screenshot, a
/// headless run's recording).
@MainActor
final class FrameListener: FrameStage {
    let order = FrameStageOrder(rawValue: .infinity)
    private let onPresented: @MainActor (X11Host.FrameReport, X11Host) -> Void

    init(onPresented: @escaping @MainActor (X11Host.FrameReport, X11Host) -> Void) {
        self.onPresented = onPresented
    }

    func draw(in canvas: Canvas, size: CGSize) {}

    func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {
        onPresented(report, host)
    }
}
