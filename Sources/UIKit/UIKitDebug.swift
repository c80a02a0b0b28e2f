import Foundation
import Logging

/// Diagnostics for the UIKit core: one switch, readable in-process, printed through
/// swift-log as subsystem `UIKit` with the category as metadata, in the package's one
/// line format (`TouchLogging`).
///
/// Off by default. When on, every line goes to `loggedLines` (the most recent
/// `retainedLineLimit`) and, unless `echoesToStandardError` is false, is printed (to
/// stderr by default) if `TOUCH_LOG_LEVEL` lets its level through. A line reads
///
///     [UIKit 12.345678] input: moved sample for unknown touch -1:7 ignored
///
/// with the time on the current application's clock (`CACurrentMediaTime()`), the
/// category, and the message. Bad input (see `UIWindow.inject(_:)`) is always reported
/// here, never by crashing.
///
/// `TOUCH_LOG_LEVEL` turns it on from the start when it lets any category's level
/// through (`TOUCH_LOG_LEVEL=debug` for everything); `enableVerboseLogging()` is what a
/// `--verbose` flag does.
@MainActor
public enum UIKitDebug: DebugLogging {
    /// What a line is about.
    public enum Category: String, Sendable, CaseIterable {
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
        /// Why recognizers failed, and recognizer misuse: illegal transitions, bad touch
        /// indices, mistyped actions.
        case gestures
        /// Animator calls its state does not allow (starting a stopped animator,
        /// finishing one that is not stopped), which are ignored.
        case animation

        /// The level of a line of this category unless its writer gives one: `notice`
        /// for repaired input and odd delays, `warning` for hierarchy misuse, `info` for
        /// the application's life and recognizers' failures, `debug` for every delivery
        /// decision.
        public var level: Logger.Level {
            switch self {
            case .input, .timers, .animation: .notice
            case .delivery: .debug
            case .hierarchy: .warning
            case .application, .gestures: .info
            }
        }
    }

    /// The logger label (`TouchLogging`); the gesture trace prints under it too, as
    /// category `gestures`.
    public nonisolated static let label = "UIKit"

    /// The lines, the switch and the echo (see `DebugLog` and `DebugLogging`).
    public nonisolated static let store: DebugLog<String> = {
        let store = DebugLog<String>(label: label, render: { $0 })
        store.isEnabled = TouchLogging.environmentEnables(
            label: label, categories: Category.allCases.map { ($0.rawValue, $0.level) })
        return store
    }()

    /// Writes one line at the category's level when logging is on; the message is not
    /// built otherwise.
    public static func log(_ category: Category, _ message: @autoclosure () -> String) {
        log(category, level: category.level, message())
    }

    /// Writes one line at `level` when logging is on; the message is not built otherwise.
    public static func log(_ category: Category, level: Logger.Level, _ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        let record = DebugLogRecord(label: label, category: category.rawValue, level: level,
                                    time: CACurrentMediaTime(), message: message())
        store.append(record.line, as: record)
    }

    /// What a `--verbose` flag means for the logs: the UIKit core's, the layer engine's
    /// and drawing's logs on and printing, at `debug` and above (every line they write)
    /// unless `TOUCH_LOG_LEVEL` chose levels, which win. The gesture trace stays as it
    /// is (`GestureTrace.isEnabled`, `--trace-gestures`): it records every arbitration
    /// step and costs more.
    public static func enableVerboseLogging() {
        for log in [store, QuartzCoreDebug.store, DrawingDebug.store] {
            log.isEnabled = true
            log.echoesToStandardError = true
        }
        if TouchLogging.environmentLevels == nil {
            TouchLogging.levels = TouchLogLevels(.debug)
        }
    }
}
