import Foundation

/// The store behind each debug log (`DrawingDebug`, `QuartzCoreDebug`, `UIKitDebug`, and
/// the gesture arbitration trace): one switch, the most recent entries kept in memory,
/// each echoed to stderr as a line unless turned off. Its owners format their entries
/// (prefix, time, category); this keeps, trims and echoes them.
///
/// Not synchronised: the logs are written from the main thread, where UIKit, the layer
/// engine and drawing run.
public final class DebugLog<Entry>: @unchecked Sendable {
    /// Off by default, so a release build pays one branch per call site.
    public var isEnabled = false
    /// Whether entries also go to stderr, as lines.
    public var echoesToStandardError: Bool
    /// How many of the most recent entries are kept.
    public var retainedLimit: Int
    /// The most recent entries, oldest first.
    public private(set) var entries: [Entry] = []
    private let render: (Entry) -> String

    /// A log whose entries read as `render` makes them.
    public init(retainedLimit: Int = 1_000, echoesToStandardError: Bool = true, render: @escaping (Entry) -> String) {
        self.retainedLimit = retainedLimit
        self.echoesToStandardError = echoesToStandardError
        self.render = render
    }

    /// The entries as lines, oldest first.
    public var lines: [String] {
        entries.map(render)
    }

    public func clear() {
        entries.removeAll()
    }

    /// Keeps `entry` (dropping the oldest beyond the limit) and echoes it.
    public func append(_ entry: Entry) {
        entries.append(entry)
        if entries.count > retainedLimit {
            entries.removeFirst(entries.count - retainedLimit)
        }
        if echoesToStandardError {
            FileHandle.standardError.write(Data((render(entry) + "\n").utf8))
        }
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
        get { store.retainedLimit }
        set { store.retainedLimit = newValue }
    }
    /// The most recent lines, oldest first.
    public static var loggedLines: [String] { store.entries }

    public static func clearLoggedLines() {
        store.clear()
    }
}
