import Foundation

/// Diagnostics for the layer engine, in the UIKit core's format (`UIKitDebug`): one
/// switch, lines kept in memory and echoed to stderr.
///
///     [QuartzCore 12.345678] animation: toValue (1, 2) (CGPoint) is not a scalar for "opacity"
///
/// Misuse that Core Animation would reject or ignore (a value of the wrong type, an
/// unknown key path, an unbalanced `CATransaction.commit()`) is reported here once,
/// never by crashing.
@MainActor
public enum QuartzCoreDebug: DebugLogging {
    public enum Category: String, Sendable {
        /// Animations that cannot run as given.
        case animation
        /// Transactions and actions.
        case transaction
    }

    /// The lines, the switch and the echo (see `DebugLog` and `DebugLogging`).
    public nonisolated static let store = DebugLog<String>()

    /// Writes one line when logging is on; the message is not built otherwise.
    public static func log(_ category: Category, _ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        let time = String(format: "%.6f", CACurrentMediaTime())
        store.append("[QuartzCore \(time)] \(category.rawValue): \(message())")
    }
}
