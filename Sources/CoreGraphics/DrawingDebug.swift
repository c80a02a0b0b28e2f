import Foundation
import Logging

/// Diagnostics for everything that draws (contexts, images, text, the renderer): one
/// switch, readable in-process, printed through swift-log as subsystem `CoreGraphics`,
/// category `drawing`, level `warning`, in the package's one line format (`TouchLogging`):
///
///     [CoreGraphics 12.345678] drawing: no drawing engine installed: the bitmap context draws nothing
///
/// Off by default (on from the start when `TOUCH_LOG_LEVEL` lets warnings of
/// `CoreGraphics` or `drawing` through). When on, every line goes to `loggedLines` (the
/// most recent `retainedLineLimit`) and, unless `echoesToStandardError` is false, is
/// printed. `loggedLines` read exactly as printed; their time is `CLOCK_MONOTONIC`'s,
/// since this module cannot see the media clock.
///
/// Drawing that cannot happen (no engine, a file that is not a PNG) is reported here and
/// never crashes. Meant for the main thread, where drawing happens.
public enum DrawingDebug: DebugLogging {
    /// The logger label (`TouchLogging`).
    public static let label = "CoreGraphics"
    /// The category of every line.
    public static let category = "drawing"
    /// The level of every line: drawing that cannot happen is a warning.
    public static let level = Logger.Level.warning

    /// The lines, the switch and the echo (see `DebugLog` and `DebugLogging`).
    public static let store: DebugLog<String> = {
        let store = DebugLog<String>(label: label, render: { $0 })
        store.isEnabled = TouchLogging.environmentEnables(label: label, categories: [(category, level)])
        return store
    }()

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        let record = DebugLogRecord(label: label, category: category, level: level,
                                    time: TouchLogging.monotonicNow(), message: message())
        store.append(record.line, as: record)
    }
}
