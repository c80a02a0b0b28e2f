import FileSafety
import Foundation
import TouchRecording
import UIKit

/// Records a host's input to a file (`InputFilterStage.recording`): the app's input,
/// after the debugging tools took theirs, so a replay of the file drives the app and
/// never the tools. The keys the debug layer consumed (its letters, F12, the E that
/// stopped the recording) never reach the recorder, and a touch that begins on the
/// layer's own controls (`ignoresTouch`: the Record button, the toolbar, its panels) is
/// left out from its begin to its end. A kiosk's attract tour is not recorded: it is a
/// recording playing (`KioskAttractLoop.device`), not a person.
///
/// The recorder keeps each batch as it comes and writes whole lines at most every
/// `flushInterval` (when input arrives) and when recording stops, so a recording costs
/// a moved touch little. Stopping finishes the file, and so does the process's exit
/// (`TouchRecorder`), which SIGINT, SIGTERM and SIGHUP reach after the host cancelled
/// the live touches, so the file ends with every finger lifted or cancelled.
///
/// A file that cannot take more (a full disk) stops the recording on its last whole
/// line: the filter says so in the host's log, in one line, leaves the chain, and tells
/// `onFailure` (the debug layer's badge goes).
@MainActor
public final class TouchRecordingFilter: InputFilter {
    public let stage = InputFilterStage.recording
    public let recorder: TouchRecorder
    /// How long kept input may wait before it is written.
    public static let flushInterval: TimeInterval = 0.5
    /// Hears that writing failed and the recording stopped.
    public var onFailure: ((TouchRecordingError) -> Void)?
    /// Whether a touch beginning at a point (window points) belongs to a tool rather than
    /// the app; such a touch is not recorded, from its begin to its end.
    public var ignoresTouch: (@MainActor (CGPoint) -> Bool)?
    /// The live touches left out because they began on a tool.
    private var ignored: Set<TouchSample.ID> = []
    private var lastFlush: TimeInterval
    fileprivate weak var host: X11Host?

    public init(recorder: TouchRecorder) {
        self.recorder = recorder
        // The host's clock, as the samples' stamps: the app's time may be frozen.
        lastFlush = UIApplication.shared.clock.now
        recorder.onFailure = { [weak self] failure in self?.failed(failure) }
    }

    private func failed(_ failure: TouchRecordingError) {
        if let host {
            host.log("\(failure)")
            host.removeInputFilter(self)
        } else {
            StandardError.writeLine("\(ProgramName.current): \(failure)")
        }
        onFailure?(failure)
    }

    /// Whether the file is still being written.
    public var isRecording: Bool { recorder.isRecording }

    public func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
        self.host = host
        let byPeople = batch.filter { sample in
            guard sample.id.device != KioskAttractLoop.device else { return false }
            switch sample.phase {
            case .began:
                guard let ignoresTouch, ignoresTouch(sample.location) else { return true }
                ignored.insert(sample.id)
                return false
            case .moved:
                return ignored.isEmpty || !ignored.contains(sample.id)
            case .ended, .cancelled:
                return ignored.isEmpty || ignored.remove(sample.id) == nil
            }
        }
        if !byPeople.isEmpty {
            recorder.record(byPeople)
            flushIfDue()
        }
        return batch
    }

    public func filter(_ key: KeyInput, in host: X11Host) -> Bool {
        self.host = host
        recorder.record(TouchRecording.Key(keysym: key.keysym, text: key.text), at: host.runLoop.application.clock.now)
        flushIfDue()
        return true
    }

    /// Finishes the file and leaves the host's chain. Safe to call twice.
    public func stop() {
        recorder.finish()
        host?.removeInputFilter(self)
    }

    private func flushIfDue() {
        let now = UIApplication.shared.clock.now
        guard now - lastFlush >= Self.flushInterval else { return }
        lastFlush = now
        recorder.flush()
    }
}

extension X11Host {
    /// Starts recording this host's input to `url` (created or emptied): the header
    /// names the window's size and scale, `app`, `scene` and the touch devices; time 0
    /// is now. Returns the filter, whose `stop()` finishes the file.
    @discardableResult
    public func startRecording(to url: URL, app: String = ProcessInfo.processInfo.processName,
                               scene: String? = nil) throws(TouchRecordingError) -> TouchRecordingFilter {
        let header = TouchRecording.Header(size: size, scale: configuration.scale, app: app, scene: scene,
                                           devices: touchDevices.map { TouchRecording.Device(id: $0.id, name: $0.name) })
        let recorder = try TouchRecorder(url: url, header: header, startTime: runLoop.application.clock.now)
        let filter = TouchRecordingFilter(recorder: recorder)
        filter.host = self
        addInputFilter(filter)
        return filter
    }
}
