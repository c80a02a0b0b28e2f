import FileSafety
import Foundation
import TouchRecording
import UIKit

/// Records a host's input to a file: the first input filter (`InputFilterStage.recording`),
/// so the file holds everything the person did, before anything consumed it (the
/// debug layer's toolbar, the app's chrome), and every key press. A kiosk's attract
/// tour is not recorded: it is a recording playing (`KioskAttractLoop.device`), not a
/// person, and its fingers are cancelled after this filter, where the file would not
/// see them end.
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
    private var lastFlush: TimeInterval
    fileprivate weak var host: X11Host?

    public init(recorder: TouchRecorder) {
        self.recorder = recorder
        lastFlush = CACurrentMediaTime()
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
        let byPeople = batch.filter { $0.id.device != KioskAttractLoop.device }
        if !byPeople.isEmpty {
            recorder.record(byPeople)
            flushIfDue()
        }
        return batch
    }

    public func filter(_ key: KeyInput, in host: X11Host) -> Bool {
        self.host = host
        recorder.record(TouchRecording.Key(keysym: key.keysym, text: key.text), at: CACurrentMediaTime())
        flushIfDue()
        return true
    }

    /// Finishes the file and leaves the host's chain. Safe to call twice.
    public func stop() {
        recorder.finish()
        host?.removeInputFilter(self)
    }

    private func flushIfDue() {
        let now = CACurrentMediaTime()
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
        let recorder = try TouchRecorder(url: url, header: header, startTime: CACurrentMediaTime())
        let filter = TouchRecordingFilter(recorder: recorder)
        filter.host = self
        addInputFilter(filter)
        return filter
    }
}
