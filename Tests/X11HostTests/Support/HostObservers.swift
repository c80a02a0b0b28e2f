import CairoRenderer
import UIKit
import X11Host

/// Records every batch a host's input chain is given, first in the chain (a recorder's
/// place), and passes it on untouched.
@MainActor
final class BatchRecorder: InputFilter {
    let stage = InputFilterStage.recording
    private(set) var batches: [[TouchSample]] = []
    var onBatch: (([TouchSample]) -> Void)?

    func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
        batches.append(batch)
        onBatch?(batch)
        return batch
    }
}

/// A frame stage that draws nothing and counts (and reports) the presented frames.
@MainActor
final class FrameWatcher: FrameStage {
    let order = FrameStageOrder(rawValue: .infinity)
    private(set) var frames = 0
    var onFrame: ((X11Host.FrameReport, X11Host) -> Void)?

    func draw(in canvas: Canvas, size: CGSize) {}

    func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {
        frames += 1
        onFrame?(report, host)
    }
}

/// Stands in front of a host's client: passes everything on, but records resizes and
/// closes, and does not let a close end the test process.
@MainActor
final class ObservingClient: X11HostClient {
    private weak var inner: (any X11HostClient)?
    private(set) var sizes: [CGSize] = []
    private(set) var closed = false

    init(forwardingTo inner: (any X11HostClient)?) {
        self.inner = inner
    }

    func host(_ host: X11Host, didReceive batch: [TouchSample]) {
        inner?.host(host, didReceive: batch)
    }

    func host(_ host: X11Host, didReceive key: KeyInput) {
        inner?.host(host, didReceive: key)
    }

    func host(_ host: X11Host, didReceive scroll: ScrollSample) {
        inner?.host(host, didReceive: scroll)
    }

    func host(_ host: X11Host, didResizeTo size: CGSize) {
        sizes.append(size)
        inner?.host(host, didResizeTo: size)
    }

    func hostDidClose(_ host: X11Host) {
        closed = true
    }
}
