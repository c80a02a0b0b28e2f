import Foundation

/// Diagnostics for everything that draws (contexts, images, text, the renderer): one
/// switch, one line format, readable in-process.
///
/// Off by default. When on, every line goes to `loggedLines` (the most recent
/// `retainedLineLimit`) and, unless `echoesToStandardError` is false, to stderr:
///
///     [drawing] no drawing engine installed: the bitmap context draws nothing
///
/// Drawing that cannot happen (no engine, a file that is not a PNG) is reported here and
/// never crashes. Meant for the main thread, where drawing happens.
public enum DrawingDebug: DebugLogging {
    /// The lines, the switch and the echo (see `DebugLog` and `DebugLogging`).
    public static let store = DebugLog<String>()

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        store.append("[drawing] \(message())")
    }
}
