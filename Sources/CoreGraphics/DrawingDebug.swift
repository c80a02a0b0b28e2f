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
    nonisolated(unsafe) public static var isLoggingEnabled = false
    nonisolated(unsafe) public static var echoesToStandardError = true
    nonisolated(unsafe) public static var retainedLineLimit = 1_000

    /// The most recent lines, oldest first.
    nonisolated(unsafe) public private(set) static var loggedLines: [String] = []

    public static func clearLoggedLines() {
        loggedLines.removeAll()
    }

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ message: @autoclosure () -> String) {
        guard isLoggingEnabled else { return }
        let line = "[drawing] \(message())"
        loggedLines.append(line)
        if loggedLines.count > retainedLineLimit {
            loggedLines.removeFirst(loggedLines.count - retainedLineLimit)
        }
        if echoesToStandardError {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
