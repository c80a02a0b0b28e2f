import Foundation

/// What the debug layer's Record button drives: a recorder of the host's input, which
/// the host supplies (`X11Host` does, through `DebugLayerHosting`). The layer names the
/// file and shows the state; the control writes it.
@MainActor
public protocol DebugRecordingControl: AnyObject {
    /// Whether a recording is being written.
    var isRecording: Bool { get }
    /// Starts recording to `url`; a problem is thrown with a one-line description.
    func startRecording(to url: URL) throws
    /// Stops and closes the file; returns the file and how many samples it holds, or nil
    /// when nothing was being recorded.
    func stopRecording() -> (url: URL, samples: Int)?
}
