import Foundation
import Logging

/// The arbitration trace: who joined which touch's swarm, every committed state change,
/// who waited for, prevented or required whom, and why each failure happened. Off by
/// default; kept in memory for the overlays (`entries`) and printed on request
/// (`echoesToStandardError`, `--trace-gestures`) through swift-log as subsystem `UIKit`,
/// category `gestures`, level `debug` (`warning` for an illegal transition), in the
/// package's one line format (`TouchLogging`):
///
///     [UIKit 100.350000] gestures: UITapGestureRecognizer#3 (TapView): possible → failed: prevented by UIPanGestureRecognizer#4
///
/// In-process, an entry's `line` reads exactly as printed; its parts (`recognizer`,
/// `detail`, `reason`) are there as data. `TOUCH_LOG_LEVEL=debug` (or `gestures=debug`) turns the trace
/// on and printing from the start.
@MainActor
public enum GestureTrace {
    /// What an entry records.
    public enum Kind: String, Sendable {
        /// The recognizer joined a new touch's swarm (or was kept out by its delegate).
        case joined, refusedTouch
        /// A committed state change (`state` holds the new state).
        case transition
        /// A recognition held back by `require(toFail:)`.
        case waiting
        /// A touch the recognizer will no longer see (`ignore(_:for:)`).
        case ignored
        /// Touches cancelled in views because the recognizer recognized.
        case cancelledTouches
        /// Back to possible.
        case reset
        /// A transition a subclass asked for that the state machine does not allow.
        case illegal

        /// The level its line prints at: `warning` for an illegal transition, `debug`
        /// for the rest.
        public var level: Logger.Level {
            self == .illegal ? .warning : .debug
        }
    }

    /// One line of the trace, with its parts for drawing.
    public struct Entry: Sendable {
        public let time: TimeInterval
        public let recognizer: String
        public let recognizerSerial: UInt64
        /// What the HUD calls the recognizer: its `name`, or its gesture and
        /// distinguishing configuration (`UIGestureRecognizer.displayTitle`).
        public let title: String
        public let view: String
        public let kind: Kind
        public let state: UIGestureRecognizer.State?
        /// The entry's words, as the line ends.
        public let detail: String
        /// Why, as data, for failures, cancellations and waits (nil for a recognizer's own
        /// failure when it gave no reason).
        public let reason: Reason?

        /// The entry as kept in-process, exactly as printed: `[UIKit 100.350000] gestures:
        /// UITapGestureRecognizer#3 (TapView): …`.
        public var line: String { record.line }

        /// The entry as printed (`TouchLogging`): subsystem `UIKit`, category `gestures`.
        public var record: DebugLogRecord {
            DebugLogRecord(label: UIKitDebug.label, category: GestureTrace.category, level: kind.level, time: time,
                           message: "\(recognizer) (\(view)): \(detail)")
        }
    }

    /// The category the trace prints under (`UIKitDebug`'s recognizer lines share it).
    public nonisolated static let category = "gestures"

    /// The entries, the switch and the echo (see `DebugLog`). Printing is off unless
    /// `TOUCH_LOG_LEVEL` lets the trace's lines through, which also turns it on.
    nonisolated static let store: DebugLog<Entry> = {
        let store = DebugLog<Entry>(label: UIKitDebug.label, retainedLimit: 2_000, echoesToStandardError: false) { $0.line }
        let fromEnvironment = TouchLogging.environmentEnables(
            label: UIKitDebug.label, categories: [(category, Logger.Level.debug), (category, Logger.Level.warning)])
        store.isEnabled = fromEnvironment
        store.echoesToStandardError = fromEnvironment
        return store
    }()

    /// The switch. Off by default, so a release build pays one branch per call site.
    public static var isEnabled: Bool {
        get { store.isEnabled }
        set { store.isEnabled = newValue }
    }
    /// Whether lines also go to stderr.
    public static var echoesToStandardError: Bool {
        get { store.echoesToStandardError }
        set { store.echoesToStandardError = newValue }
    }
    /// How many of the most recent entries are kept.
    public static var retainedEntryLimit: Int {
        get { store.retainedLimit }
        set { store.retainedLimit = newValue }
    }
    /// The most recent entries, oldest first.
    public static var entries: [Entry] { store.entries }
    /// The entries as lines.
    public static var lines: [String] { store.lines }

    public static func clear() {
        store.clear()
    }

    static func record(_ recognizer: UIGestureRecognizer, _ kind: Kind, state: UIGestureRecognizer.State? = nil,
                       _ detail: @autoclosure () -> String, reason: @autoclosure () -> Reason? = nil) {
        guard store.isEnabled else { return }
        let entry = Entry(
            time: CACurrentMediaTime(), recognizer: recognizer.traceName, recognizerSerial: recognizer.serialNumber,
            title: recognizer.displayTitle,
            view: recognizer.view.map { "\(type(of: $0))" } ?? "no view", kind: kind, state: state, detail: detail(),
            reason: reason())
        store.append(entry, as: entry.record)
    }

    /// Records a transition to `failed` or `cancelled` (or a wait) whose cause is
    /// `reason`: the line ends "`prefix`: reason".
    static func record(_ recognizer: UIGestureRecognizer, _ kind: Kind, state: UIGestureRecognizer.State? = nil,
                       _ prefix: String, because reason: @autoclosure () -> Reason) {
        guard store.isEnabled else { return }
        let why = reason()
        record(recognizer, kind, state: state, prefix.isEmpty ? why.description : "\(prefix): \(why)", reason: why)
    }
}
