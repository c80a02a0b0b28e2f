import Foundation
import Logging

/// The store behind each debug log (`DrawingDebug`, `QuartzCoreDebug`, `UIKitDebug`, and
/// the gesture arbitration trace): one switch, the most recent entries kept in memory,
/// each also printed through swift-log unless turned off. Its owners make their entries
/// and the record each prints as (`DebugLogRecord`: subsystem, category, level, time,
/// message); this keeps them and prints them (`TouchLogging.emit`).
///
/// Keeping is O(1) per entry at any limit: the entries live in a ring
/// (`DebugLogRing`) whose newest overwrites its oldest. Printing goes through
/// `TouchLogging`: the one line format on stderr by default, filtered by the levels of
/// `TOUCH_LOG_LEVEL`; what is kept is never filtered, whatever the levels or the
/// process's logging backend.
///
/// Not synchronised: the logs are written from the main thread, where UIKit, the layer
/// engine and drawing run.
public final class DebugLog<Entry>: @unchecked Sendable {
    /// Off by default, so a release build pays one branch per call site.
    public var isEnabled = false
    /// Whether entries are also printed (through swift-log, `TouchLogging.destination`:
    /// stderr unless the app chose otherwise), at the levels `TouchLogging.levels` lets
    /// through. The name is older than the choice of destination.
    public var echoesToStandardError: Bool
    /// How many of the most recent entries are kept (lowering it drops the oldest).
    public var retainedLimit: Int {
        get { ring.capacity }
        set { ring.setCapacity(newValue) }
    }
    /// The most recent entries, oldest first.
    public var entries: [Entry] { ring.elements }
    /// How many entries are kept now.
    public var count: Int { ring.count }
    private var ring: DebugLogRing<Entry>
    private let render: (Entry) -> String
    private let label: String

    /// A log whose entries read as `render` makes them, and print (by `append(_:)`) as
    /// lines of subsystem `label` at level `info`, with no category.
    public init(label: String = "DebugLog", retainedLimit: Int = 1_000, echoesToStandardError: Bool = true,
                render: @escaping (Entry) -> String) {
        self.label = label
        ring = DebugLogRing(capacity: retainedLimit)
        self.echoesToStandardError = echoesToStandardError
        self.render = render
    }

    /// The entries as lines, oldest first.
    public var lines: [String] {
        entries.map(render)
    }

    public func clear() {
        ring.removeAll()
    }

    /// Keeps `entry` (dropping the oldest beyond the limit) and prints it as `record`
    /// when printing is on and the levels let it through; `record` is not made otherwise.
    public func append(_ entry: Entry, as record: @autoclosure () -> DebugLogRecord) {
        ring.append(entry)
        if echoesToStandardError {
            TouchLogging.emit(record())
        }
    }

    /// Keeps `entry` and prints its rendered line as an `info` line of the log's label.
    public func append(_ entry: Entry) {
        append(entry, as: DebugLogRecord(label: label, category: nil, level: .info,
                                         time: TouchLogging.monotonicNow(), message: render(entry)))
    }
}

extension DebugLog where Entry == String {
    /// A log of lines.
    public convenience init() {
        self.init(render: { $0 })
    }
}

/// A module's log of lines as its users reach it: the switch, the echo, the limit and
/// the lines, as static members of the module's debug namespace (`UIKitDebug`,
/// `QuartzCoreDebug`, `DrawingDebug`), each of which adds its own `log` function.
public protocol DebugLogging {
    /// The lines behind the namespace.
    static var store: DebugLog<String> { get }
}

extension DebugLogging {
    /// The switch: whether lines are kept (and printed, see `echoesToStandardError`).
    /// Off by default, so a release build pays one branch per call site; on from the
    /// start when `TOUCH_LOG_LEVEL` lets any of the namespace's lines through.
    public static var isLoggingEnabled: Bool {
        get { store.isEnabled }
        set { store.isEnabled = newValue }
    }
    /// Whether lines are also printed (through swift-log to stderr by default, at the
    /// levels of `TOUCH_LOG_LEVEL`; see `TouchLogging`). Tests usually turn this off.
    public static var echoesToStandardError: Bool {
        get { store.echoesToStandardError }
        set { store.echoesToStandardError = newValue }
    }
    /// How many of the most recent lines `loggedLines` keeps.
    public static var retainedLineLimit: Int {
        get { store.retainedLimit }
        set { store.retainedLimit = newValue }
    }
    /// The most recent lines, oldest first, whatever the levels.
    public static var loggedLines: [String] { store.entries }

    public static func clearLoggedLines() {
        store.clear()
    }
}
