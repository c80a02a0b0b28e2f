import Foundation
import Logging

/// Diagnostics for the layer engine, in the package's one line format (`TouchLogging`):
/// one switch, lines kept in memory and printed through swift-log as subsystem
/// `QuartzCore` with the category as metadata.
///
///     [QuartzCore 12.345678] animation: toValue (1, 2) (CGPoint) is not a scalar for "opacity"
///
/// Misuse that Core Animation would reject or ignore (a value of the wrong type, an
/// unknown key path, an unbalanced `CATransaction.commit()`) is reported here once, at
/// level `warning`, never by crashing. Off by default; on from the start when
/// `TOUCH_LOG_LEVEL` lets any of its lines through.
@MainActor
public enum QuartzCoreDebug: DebugLogging {
    public enum Category: String, Sendable, CaseIterable {
        /// Animations that cannot run as given.
        case animation
        /// Transactions and actions.
        case transaction

        /// The level a line of this category has by default: misuse is a warning.
        public var level: Logger.Level { .warning }
    }

    /// The logger label (`TouchLogging`).
    public nonisolated static let label = "QuartzCore"

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
}
