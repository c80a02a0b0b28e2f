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

    /// Off by default, so a release build pays one branch per call site.
    public static var isLoggingEnabled = false
    public static var echoesToStandardError = true
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
        let line = "[QuartzCore \(time)] \(category.rawValue): \(message())"
        loggedLines.append(line)
        if loggedLines.count > retainedLineLimit {
            loggedLines.removeFirst(loggedLines.count - retainedLineLimit)
        }
        if echoesToStandardError {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
