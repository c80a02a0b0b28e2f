import FileSafety
import Foundation
import TouchRecording

/// Recording and replay with no code change, for any app started by
/// `UIApplicationMain`:
///
///     TOUCH_RECORD=session.touches          record the session's input to that file
///     TOUCH_REPLAY=session.touches          play that file on stage once the window shows
///     TOUCH_REPLAY_SPEED=2                  … twice as fast (0.1 to 100)
///
/// A replay file is read, and checked whole, before the app starts.
public enum RecordingEnvironment {
    public static let recordVariable = "TOUCH_RECORD"
    public static let replayVariable = "TOUCH_REPLAY"
    public static let speedVariable = "TOUCH_REPLAY_SPEED"
    /// The speeds a replay accepts.
    public static let speeds: ClosedRange<Double> = 0.1...100

    /// Fills the options the environment asks for and the caller left unset. Returns a
    /// note for the person (a replay file cut short), or throws a one-line problem.
    public static func apply(_ environment: [String: String], to options: inout X11Host.Options) throws(RecordingEnvironmentError) -> String? {
        if options.recordingURL == nil, let path = environment[recordVariable], !path.isEmpty {
            options.recordingURL = URL(fileURLWithPath: path)
        }
        if let text = environment[speedVariable] {
            options.replaySpeed = try speed(text, source: speedVariable)
        }
        guard options.replay == nil, let path = environment[replayVariable], !path.isEmpty else { return nil }
        do {
            let result = try TouchRecordingReader.read(contentsOf: URL(fileURLWithPath: path))
            options.replay = result.recording
            return result.truncation
        } catch {
            throw RecordingEnvironmentError(description: "\(replayVariable): \(error)")
        }
    }

    /// A playback speed from text, or a one-line problem naming `source`.
    public static func speed(_ text: String, source: String) throws(RecordingEnvironmentError) -> Double {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), speeds.contains(value) else {
            throw RecordingEnvironmentError(description: "\(source): '\(text.shownInOneLine())' is not a speed; use a number from 0.1 to 100 (2 plays twice as fast)")
        }
        return value
    }
}

/// A recording or replay setting that cannot be used, said in one line.
public struct RecordingEnvironmentError: Error, Equatable, CustomStringConvertible {
    public var description: String
}
