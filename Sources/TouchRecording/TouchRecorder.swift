import FileSafety
import Foundation
import UIKit

/// Writes what a person does to a recording file as it happens (`TouchRecordingFormat`).
///
/// The header is written when recording starts. Batches and keys are kept as they come
/// (a copy of the samples, nothing formatted: a moved touch costs an array append) and
/// written by `flush()`: the host flushes a few times a second, and `finish()` flushes
/// and closes. Whole lines only reach the file, so a recorder killed between flushes
/// leaves a valid, shorter file. `finish()` also runs at process exit for every
/// recorder still open (the sandbox's quit key, a window closed), and the host calls it
/// on SIGINT, SIGTERM and SIGHUP after cancelling the live touches, so a recording
/// ends with every finger lifted or cancelled.
///
/// Times in the file count from `startTime`, on the clock of the samples' timestamps
/// (the media clock): the first sample of a recording started before the first touch
/// is at its real offset, so a replay waits as the person did.
///
/// The file is taken as `AppendedFile` takes a path: a regular file there is emptied, a
/// link, FIFO, device or folder is refused and never replaced. A write that fails (a
/// full disk) stops the recording: the line cut off is removed, so the file ends on its
/// last whole line, the file is closed, `failure` says why, and `onFailure` hears it
/// (without one, the reason goes to standard error as one line).
///
/// A batch whose samples lie more than `batchGap` apart (a program stopped with
/// SIGSTOP reads everything that waited in one go) is kept as batches split at those
/// gaps, so a replay delivers each part at its own time.
@MainActor
public final class TouchRecorder {
    public let url: URL
    public let header: TouchRecording.Header
    /// The timestamp that is time 0 in the file.
    public let startTime: TimeInterval
    /// Samples and key presses recorded so far.
    public private(set) var sampleCount = 0
    public private(set) var keyCount = 0
    /// False once `finish()` ran.
    public private(set) var isRecording = true
    /// Why writing stopped before `finish()`, if it did.
    public private(set) var failure: TouchRecordingError?
    /// Hears a failed write, once; the recording has stopped by then.
    public var onFailure: ((TouchRecordingError) -> Void)?
    /// The longest gap between two samples of one batch: one frame of a 60 Hz display.
    nonisolated public static let batchGap: TimeInterval = 1.0 / 60
    private var pending: [TouchRecording.Event] = []
    private var lineWriter = TouchRecordingFormat.LineWriter()
    private let file: AppendedFile

    /// Creates (or empties) the file at `url` and writes the header.
    public init(url: URL, header: TouchRecording.Header, startTime: TimeInterval) throws(TouchRecordingError) {
        self.url = url
        self.header = header
        self.startTime = startTime
        do throws(FileError) {
            let opened = try AppendedFile(path: url.path)
            do throws(FileError) {
                try opened.append(Data((TouchRecordingFormat.headerLine(header) + "\n").utf8))
            } catch {
                // Not even the header fits: the file goes again if it was made here.
                try? opened.close()
                throw error
            }
            file = opened
        } catch {
            throw TouchRecordingError(file: url.path, line: 0, problem: "cannot be written: \(error.reason)")
        }
        Self.open.append(WeakRecorder(recorder: self))
        Self.finishAtExit()
    }

    /// Keeps one batch, its times made relative to `startTime`.
    ///
    /// Times in the file never go back: a sample stamped before the recording started,
    /// or before what was recorded last (a server's timestamp a few microseconds behind
    /// the clock that started the recording), is kept at the later time.
    public func record(_ batch: [TouchSample]) {
        guard isRecording, !batch.isEmpty else { return }
        var relative = batch
        for index in relative.indices { relative[index].timestamp = monotonic(relative[index].timestamp - startTime) }
        for part in Self.splitAtGaps(relative) { pending.append(.touches(part)) }
        sampleCount += batch.count
    }

    /// Whether `later` comes more than `batchGap` after `earlier`, compared as the file
    /// writes them (whole microseconds), so a batch is split alike when it is recorded
    /// and when it is read back.
    nonisolated public static func isGap(from earlier: TimeInterval, to later: TimeInterval) -> Bool {
        (later * 1_000_000).rounded() - (earlier * 1_000_000).rounded() > (batchGap * 1_000_000).rounded()
    }

    /// `batch` cut where one sample comes more than `batchGap` after the one before it.
    nonisolated public static func splitAtGaps(_ batch: [TouchSample]) -> [[TouchSample]] {
        var parts: [[TouchSample]] = []
        var start = batch.startIndex
        for index in batch.indices.dropFirst() where isGap(from: batch[index - 1].timestamp, to: batch[index].timestamp) {
            parts.append(Array(batch[start..<index]))
            start = index
        }
        if start < batch.endIndex { parts.append(Array(batch[start...])) }
        return parts
    }

    /// Keeps one key press at `time` (on the samples' clock), never before what was
    /// recorded last.
    public func record(_ key: TouchRecording.Key, at time: TimeInterval) {
        guard isRecording else { return }
        pending.append(.key(key, time: monotonic(time - startTime)))
        keyCount += 1
    }

    /// The latest time recorded, in seconds from the start.
    private var lastTime: TimeInterval = 0
    /// The latest time the file holds.
    private var writtenUpTo: TimeInterval = 0

    private func monotonic(_ time: TimeInterval) -> TimeInterval {
        lastTime = max(lastTime, time)
        return lastTime
    }

    /// Writes what was kept since the last flush, as whole lines; stops the recording
    /// when the file cannot take them (see the type's contract).
    public func flush() {
        guard isRecording, !pending.isEmpty else { return }
        var text = ""
        for event in pending {
            for line in lineWriter.lines(for: event) {
                text += line
                text += "\n"
            }
        }
        pending.removeAll(keepingCapacity: true)
        let data = Data(text.utf8)
        // Past what a reader takes, the file would be refused whole: it stops here.
        if file.length + data.count > TouchRecordingReader.maximumFileSize || lastTime > TouchRecordingReader.maximumTime {
            stop(failing: FileError(.write, url.path, "it reached the most a recording holds (\(TouchRecordingReader.maximumFileSize >> 20) MB, \(Int(TouchRecordingReader.maximumTime)) s)"))
            return
        }
        do throws(FileError) {
            try file.append(data)
            writtenUpTo = lastTime
        } catch {
            stop(failing: error)
        }
    }

    /// Flushes and closes the file; later records are ignored. Safe to call twice.
    public func finish() {
        guard isRecording else { return }
        flush()
        guard isRecording else { return }
        isRecording = false
        Self.open.removeAll { $0.recorder == nil || $0.recorder === self }
        do throws(FileError) {
            try file.close()
        } catch {
            report(error)
        }
    }

    /// Ends a recording whose file could not take more: it already ends on a whole line.
    private func stop(failing error: FileError) {
        isRecording = false
        pending.removeAll()
        Self.open.removeAll { $0.recorder == nil || $0.recorder === self }
        try? file.close()
        report(error)
    }

    private func report(_ error: FileError) {
        let failure = TouchRecordingError(
            file: url.path, line: 0,
            problem: "recording stopped: \(error.reason); the file keeps what was recorded up to \(TouchRecordingFormat.time(writtenUpTo)) s")
        self.failure = failure
        if let onFailure {
            onFailure(failure)
        } else {
            StandardError.writeLine("\(ProcessInfo.processInfo.processName): \(failure)")
        }
    }

    // MARK: - At exit

    private struct WeakRecorder {
        weak var recorder: TouchRecorder?
    }

    private static var open: [WeakRecorder] = []
    private static var finishesAtExit = false

    /// Registers, once, a process exit hook that finishes every open recorder.
    private static func finishAtExit() {
        guard !finishesAtExit else { return }
        finishesAtExit = true
        atexit {
            // `exit` runs on the thread that called it; the programs here exit from the
            // main thread (the quit key, a closed window, a signal's handler).
            guard Thread.isMainThread else { return }
            MainActor.assumeIsolated {
                for entry in TouchRecorder.open { entry.recorder?.finish() }
            }
        }
    }
}
