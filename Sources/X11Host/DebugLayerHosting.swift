import CairoRenderer
import Foundation
import SandboxDebugging
import UIKit

/// A `DebugLayer` plugged into a host's pipeline: its overlays watch every batch after
/// UIKit took it (the layer's own touches included: the spots show all input), a new
/// finger's spot shows before UIKit takes the batch (an echo), its keys are read before
/// the app's, and its overlays are drawn over every window. The layer's
/// toolbar and panels are a UIKit window, which the application runner shows like any
/// other.
@MainActor
public final class DebugLayerHosting {
    public let layer: DebugLayer
    private let input: Input
    private let frame: Frame
    private let recordingControl: HostRecordingControl

    /// Plugs `layer` into `host`; the overlays follow `appWindow`'s touches.
    public init(_ layer: DebugLayer, in host: X11Host, over appWindow: UIWindow) {
        self.layer = layer
        input = Input(layer: layer)
        frame = Frame(layer: layer)
        host.addInputFilter(input)
        host.addFrameStage(frame)
        recordingControl = HostRecordingControl(host: host)
        recordingControl.layer = layer
        layer.recordingControl = recordingControl
        let redraw: @MainActor (CGRect?) -> Void = { [unowned host] rect in
            if let rect { host.setNeedsDisplay(rect) } else { host.setNeedsDisplay() }
        }
        layer.onNeedsDisplay = redraw
        layer.overlays.onNeedsDisplay = { rect in redraw(rect) }
        layer.attach(to: appWindow)
    }

    /// Shows a recording started elsewhere (`--record`, `TOUCH_RECORD`) on the layer's
    /// badge and Record button, which then stops it; from now on it leaves out the
    /// touches on the layer's own controls, as a recording the button started does.
    public func adopt(_ recording: TouchRecordingFilter) {
        recordingControl.filter = recording
        recordingControl.watch(recording)
        layer.refreshRecordingBadge()
    }

    /// What the Record button writes in a file's header: the program (the process's
    /// name unless set) and, for an app with scenes, the one on screen when recording
    /// starts, so `--replay` opens it again.
    public var recordingApp: String {
        get { recordingControl.app }
        set { recordingControl.app = newValue }
    }
    public var recordingScene: (@MainActor () -> String?)? {
        get { recordingControl.scene }
        set { recordingControl.scene = newValue }
    }

    /// Takes the layer out of `host`'s pipeline and hides its window.
    public func remove(from host: X11Host) {
        host.removeInputFilter(input)
        host.removeFrameStage(frame)
        layer.onNeedsDisplay = nil
        layer.overlays.onNeedsDisplay = nil
        layer.recordingControl = nil
        layer.detach()
    }

    /// The overlays' input: the landing fingers' spots as an echo before UIKit has each
    /// batch, the batch itself after UIKit handled it; and the layer's keys.
    private final class Input: InputFilter {
        let layer: DebugLayer
        let stage = InputFilterStage.debugging

        init(layer: DebugLayer) {
            self.layer = layer
        }

        /// Shows the spots of new fingers at once (`X11Host.presentEcho(in:_:)`), before
        /// the app has the batch: the spot answers the finger in the time the server
        /// takes to copy it, however long the app's handling takes.
        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
            let batch = host.inputOrigin == .replay ? withoutReplayedTouchesOnControls(batch) : batch
            let spots = layer.overlays.spots
            guard layer.overlays.window != nil, spots.isVisible else { return batch }
            let landing = spots.echoSpots(for: batch, pendingOwnership: host.touchesPendingOwnership)
            if !landing.isEmpty {
                host.presentEcho(in: landing.map { spots.reach(of: $0.location) }) { canvas in
                    spots.drawEcho(of: landing, in: canvas)
                }
            }
            return batch
        }

        /// Replayed touches that began on the layer's own controls, dropped to their end.
        private var droppedReplayTouches: Set<TouchSample.ID> = []

        /// A replay drives the app, never the debugger: a replayed finger that lands on
        /// the layer's controls (a file recorded before recordings left them out) is
        /// dropped, from its begin to its end.
        private func withoutReplayedTouchesOnControls(_ batch: [TouchSample]) -> [TouchSample] {
            batch.filter { sample in
                switch sample.phase {
                case .began:
                    guard layer.isOnOwnControls(sample.location) else { return true }
                    droppedReplayTouches.insert(sample.id)
                    return false
                case .moved: return !droppedReplayTouches.contains(sample.id)
                case .ended, .cancelled: return droppedReplayTouches.remove(sample.id) == nil
                }
            }
        }

        func host(_ host: X11Host, didHandle batch: [TouchSample]) {
            for rect in layer.apply(batch) { host.setNeedsDisplay(rect) }
        }

        func host(_ host: X11Host, didChangeTouchesPendingOwnership pending: Set<TouchSample.ID>) {
            for rect in layer.setTouchesPendingOwnership(pending) { host.setNeedsDisplay(rect) }
        }

        /// The layer's keys, which it consumes; a replayed key is the app's, whatever it is
        /// (a file's E must not start a recording).
        func filter(_ key: KeyInput, in host: X11Host) -> Bool {
            host.inputOrigin == .replay || !layer.handleKey(keysym: key.keysym, text: key.text)
        }
    }

    /// The overlays, drawn over every window.
    private final class Frame: FrameStage {
        let layer: DebugLayer
        let order = FrameStageOrder.debugOverlays

        init(layer: DebugLayer) {
            self.layer = layer
        }

        func takeDamage(in host: X11Host) -> [CGRect] {
            guard let window = layer.overlays.window else { return [] }
            return layer.overlays.damageForFrame(in: window)
        }

        func draw(in canvas: Canvas, size: CGSize) {
            guard let window = layer.overlays.window else { return }
            layer.overlays.draw(in: canvas, window: window)
        }

        func framePresented(_ report: X11Host.FrameReport, by host: X11Host) {
            layer.overlays.framePresented(started: report.started, presented: report.presented, dirtyRects: report.dirtyRects)
        }
    }
}

/// The debug layer's Record button, backed by the host's recording filter: a
/// recording started by the button, by `--record` or by `TOUCH_RECORD` is the same
/// thing, shown by the same badge and stopped by the same button.
@MainActor
final class HostRecordingControl: DebugRecordingControl {
    private unowned let host: X11Host
    /// The recording in progress, however it was started.
    var filter: TouchRecordingFilter?
    /// The layer whose badge and status line show the recording.
    weak var layer: DebugLayer?

    /// The header's `app` and `scene` (`DebugLayerHosting.recordingApp`, `recordingScene`).
    var app = ProcessInfo.processInfo.processName
    var scene: (@MainActor () -> String?)?

    init(host: X11Host) {
        self.host = host
    }

    var isRecording: Bool { filter?.isRecording ?? false }

    func startRecording(to url: URL) throws {
        let filter = try host.startRecording(to: url, app: app, scene: scene?())
        self.filter = filter
        watch(filter)
    }

    /// The recording leaves out the touches on the layer's controls, and one that stops
    /// because its file takes no more takes the badge with it, the status line saying why.
    func watch(_ filter: TouchRecordingFilter) {
        filter.ignoresTouch = { [weak layer] point in layer?.isOnOwnControls(point) ?? false }
        filter.onFailure = { [weak self] _ in
            guard let self else { return }
            self.filter = nil
            layer?.refreshRecordingBadge()
            layer?.showStatus("recording stopped: the file takes no more (see the terminal)")
        }
    }

    func stopRecording() -> (url: URL, samples: Int)? {
        guard let filter, filter.isRecording else { return nil }
        filter.stop()
        self.filter = nil
        return (filter.recorder.url, filter.recorder.sampleCount)
    }
}
