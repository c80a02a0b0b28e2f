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
public enum DrawingDebug {
    /// The lines, the switch and the echo (see `DebugLog`).
    static let store = DebugLog()

    public static var isLoggingEnabled: Bool {
        get { store.isEnabled }
        set { store.isEnabled = newValue }
    }
    public static var echoesToStandardError: Bool {
        get { store.echoesToStandardError }
        set { store.echoesToStandardError = newValue }
    }
    public static var retainedLineLimit: Int {
        get { store.retainedLineLimit }
        set { store.retainedLineLimit = newValue }
    }
    /// The most recent lines, oldest first.
    public static var loggedLines: [String] { store.lines }

    public static func clearLoggedLines() {
        store.clear()
    }

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        store.append("[drawing] \(message())")
    }
}
