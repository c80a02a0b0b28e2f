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
public enum UIKitDebug: DebugLogging {
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
        /// Recognizer misuse: illegal transitions, bad touch indices, mistyped actions.
        case gestures
    }

    /// The lines, the switch and the echo (see `DebugLog` and `DebugLogging`).
    public nonisolated static let store = DebugLog<String>()

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ category: Category, _ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        let time = String(format: "%.6f", CACurrentMediaTime())
        store.append("[UIKit \(time)] \(category.rawValue): \(message())")
    }
}
