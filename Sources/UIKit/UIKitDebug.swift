import Foundation

/// Diagnostics for the UIKit core: one switch, one line format, readable in-process.
///
/// Off by default. When on, every line goes to `loggedLines` (the most recent
/// `retainedLineLimit`) and, unless `echoesToStandardError` is false, to stderr. A line
/// reads
///
///     [UIKit 12.345678] input: moved sample for unknown touch -1:7 ignored
///
/// with the time on the installed media clock, the category, and the message. Bad input
/// (see `UIWindow.inject(_:)`) is always reported here, never by crashing.
@MainActor
public enum UIKitDebug {
    /// What a line is about.
    public enum Category: String, Sendable {
        /// Samples rejected or repaired on their way in.
        case input
        /// Touches withheld from a view, cancelled, or forwarded.
        case delivery
        /// Misuse of the view hierarchy (cycles, bad layer classes).
        case hierarchy
        /// Delayed calls and timers.
        case timers
        /// Launch, windows, interaction ignoring.
        case application
    }

    /// The switch. Off by default, so a release build pays one branch per call site.
    public static var isLoggingEnabled = false
    /// Whether lines also go to stderr (tests usually turn this off).
    public static var echoesToStandardError = true
    /// How many of the most recent lines `loggedLines` keeps.
    public static var retainedLineLimit = 1_000

    /// The most recent lines, oldest first.
    public private(set) static var loggedLines: [String] = []

    public static func clearLoggedLines() {
        loggedLines.removeAll()
    }

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ category: Category, _ message: @autoclosure () -> String) {
        guard isLoggingEnabled else { return }
        let time = String(format: "%.6f", CACurrentMediaTime())
        let line = "[UIKit \(time)] \(category.rawValue): \(message())"
        loggedLines.append(line)
        if loggedLines.count > retainedLineLimit {
            loggedLines.removeFirst(loggedLines.count - retainedLineLimit)
        }
        if echoesToStandardError {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
