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
public enum QuartzCoreDebug {
    public enum Category: String, Sendable {
        /// Animations that cannot run as given.
        case animation
        /// Transactions and actions.
        case transaction
    }

    /// The lines, the switch and the echo (see `DebugLog`).
    static let store = DebugLog()

    /// The switch. Off by default, so a release build pays one branch per call site.
    public static var isLoggingEnabled: Bool {
        get { store.isEnabled }
        set { store.isEnabled = newValue }
    }
    /// Whether lines also go to stderr (tests usually turn this off).
    public static var echoesToStandardError: Bool {
        get { store.echoesToStandardError }
        set { store.echoesToStandardError = newValue }
    }
    /// How many of the most recent lines `loggedLines` keeps.
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
    public static func log(_ category: Category, _ message: @autoclosure () -> String) {
        guard store.isEnabled else { return }
        let time = String(format: "%.6f", CACurrentMediaTime())
        store.append("[QuartzCore \(time)] \(category.rawValue): \(message())")
    }
}
