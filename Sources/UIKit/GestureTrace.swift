import Foundation

/// The arbitration trace: who joined which touch's swarm, every committed state change,
/// who waited for, prevented or required whom, and why each failure happened. Off by
/// default; one line format; kept in memory for the overlays (`entries`) and echoed to
/// stderr on request. A line reads
///
///     [gestures 100.350000] UITapGestureRecognizer#3 (TapView): possible → failed: prevented by UIPanGestureRecognizer#4
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

        /// The entry in the one line format.
        public var line: String {
            "[gestures \(String(format: "%.6f", time))] \(recognizer) (\(view)): \(detail)"
        }
    }

    /// The entries, the switch and the echo (see `DebugLog`).
    static let store = DebugLog<Entry>(retainedLimit: 2_000, echoesToStandardError: false) { $0.line }

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
        store.append(Entry(
            time: CACurrentMediaTime(), recognizer: recognizer.traceName, recognizerSerial: recognizer.serialNumber,
            title: recognizer.displayTitle,
            view: recognizer.view.map { "\(type(of: $0))" } ?? "no view", kind: kind, state: state, detail: detail(),
            reason: reason()))
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
