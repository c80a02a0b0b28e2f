import FileSafety
import Foundation
import Logging
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The one logging system of the package: every debug log (`UIKitDebug`,
/// `QuartzCoreDebug`, `DrawingDebug`, the gesture trace) writes through swift-log
/// (`Logging`), with one logger label per subsystem — `UIKit`, `QuartzCore`,
/// `CoreGraphics` — and the category as the `category` metadata, in one line format:
///
///     [UIKit 12.345678] input: moved sample for unknown touch -1:7 ignored
///     [UIKit 12.350000] gestures: UITapGestureRecognizer#3 (TapView): possible → failed: prevented by UIPanGestureRecognizer#4
///     [QuartzCore 12.351000] animation: toValue (1, 2) (CGPoint) is not a scalar for "opacity"
///     [CoreGraphics 12.400000] drawing: no drawing engine installed: the bitmap context draws nothing
///
/// the subsystem and the time in seconds on the media clock (`CACurrentMediaTime()`),
/// the category, the message, and any other metadata as ` key=value` pairs after it
/// (`TouchLogging.line`).
///
/// **Two switches, two jobs.** A debug log's own switch (`isLoggingEnabled`,
/// `GestureTrace.isEnabled`) decides what is *recorded*: every line, at any level, goes
/// to its in-process buffer (`loggedLines`, `GestureTrace.entries`), which the overlays
/// and tests read, whatever logging backend the process has. The levels
/// (`TouchLogging.levels`, from `TOUCH_LOG_LEVEL`) decide what of that is *printed*,
/// when the log's `echoesToStandardError` is on.
///
/// **Levels from the environment.** `TOUCH_LOG_LEVEL` names a level for everything and,
/// after commas, levels for one subsystem, one category, or one subsystem's category:
///
///     TOUCH_LOG_LEVEL=debug                         everything, gesture trace included
///     TOUCH_LOG_LEVEL=warning                       misuse and bad input only
///     TOUCH_LOG_LEVEL=info,gestures=debug           … and the arbitration
///     TOUCH_LOG_LEVEL=notice,UIKit.delivery=debug   … and UIKit's delivery decisions
///
/// Set, it also turns on (from the start) every debug log that has a line at a level
/// it lets through, so it works in any app with no code. Unset, nothing is on by
/// default, and a log turned on in code (or by `--verbose`, `--trace-gestures`) prints
/// every line it records. The levels, from low to high: `trace`, `debug`, `info`,
/// `notice`, `warning`, `error`, `critical`.
///
/// **Where printed lines go, and why not `LoggingSystem.bootstrap`.** swift-log's
/// `LoggingSystem.bootstrap` may be called once per process, and that call belongs to the
/// app: a library that bootstrapped would break an app that installs its own backend.
/// So nothing here bootstraps. The debug logs print through `Logger`s made for
/// `destination`: by default `TouchLogHandler` on stderr (the one format, with no setup
/// and no effect on the process's other loggers); `.loggingSystem` sends them into
/// whatever backend the app bootstrapped; `.handler` into any handler (tests capture lines
/// this way). An app that wants its own loggers in the same format bootstraps with the
/// same handler:
///
///     LoggingSystem.bootstrap(TouchLogHandler.standardError)
///     TouchLogging.destination = .loggingSystem   // optional: one backend for everything
public enum TouchLogging {
    /// `TOUCH_LOG_LEVEL`.
    public static let environmentVariable = "TOUCH_LOG_LEVEL"
    /// The metadata key that holds a line's category (`input`, `gestures`, `drawing`, …).
    public static let categoryKey = "category"
    /// The metadata key that holds a line's time on the media clock, in seconds, when the
    /// debug log that wrote it knows it (`TouchLogHandler` prints it in place of its own
    /// clock's time).
    public static let mediaTimeKey = "mediaTime"

    /// Where printed lines go.
    public enum Destination: Sendable {
        /// `TouchLogHandler` on stderr (the default).
        case standardError
        /// `Logger(label:)`: the backend the app bootstrapped (swift-log's own
        /// `StreamLogHandler` if it bootstrapped none).
        case loggingSystem
        /// A handler made for each subsystem's label.
        case handler(@Sendable (_ label: String) -> any LogHandler)
    }

    private struct State: Sendable {
        var levels: TouchLogLevels?
        var destination: Destination = .standardError
        /// One logger per label, for `destination`.
        var loggers: [String: Logger] = [:]
        /// Counts changes of `destination`, so a logger made for an earlier one is not kept.
        var generation = 0
    }

    private static let state = Mutex(State(levels: environmentLevels))

    /// `TOUCH_LOG_LEVEL` as read at launch (nil when unset or empty). Words it does not
    /// understand are skipped and reported in one line on stderr: the first of them, and
    /// how many more there were.
    public static let environmentLevels: TouchLogLevels? = {
        guard let value = ProcessInfo.processInfo.environment[environmentVariable] else { return nil }
        let (levels, problems) = TouchLogLevels.parse(value)
        if let first = problems.first {
            let more = problems.count > 1 ? "; \(problems.count - 1) more word\(problems.count == 2 ? "" : "s") not understood, ignored too" : ""
            writeToStandardError(line(label: "CoreGraphics", time: monotonicNow(), category: "logging",
                                      message: "\(environmentVariable): \(first)\(more)"))
        }
        return levels
    }()

    /// The levels printed lines must reach; nil prints every line a debug log records.
    /// Starts as `environmentLevels`; thread-safe.
    public static var levels: TouchLogLevels? {
        get { state.withLock { $0.levels } }
        set { state.withLock { $0.levels = newValue } }
    }

    /// Where printed lines go (see the type's documentation); thread-safe.
    public static var destination: Destination {
        get { state.withLock { $0.destination } }
        set {
            state.withLock {
                $0.destination = newValue
                $0.loggers.removeAll()
                $0.generation += 1
            }
        }
    }

    /// Whether `record` is printed at the current levels.
    public static func admits(_ record: DebugLogRecord) -> Bool {
        levels?.admits(record.level, label: record.label, category: record.category) ?? true
    }

    /// Prints `record` through the logger for its label, if the levels let it through.
    public static func emit(_ record: DebugLogRecord) {
        let (admitted, cached, destination, generation) = state.withLock { state in
            (state.levels?.admits(record.level, label: record.label, category: record.category) ?? true,
             state.loggers[record.label], state.destination, state.generation)
        }
        guard admitted else { return }
        let logger = cached ?? makeLogger(label: record.label, for: destination, generation: generation)
        var metadata: Logger.Metadata = [mediaTimeKey: .stringConvertible(record.time)]
        if let category = record.category { metadata[categoryKey] = .string(category) }
        logger.log(level: record.level, "\(record.message)", metadata: metadata)
    }

    /// A logger for `label` at `destination`, kept for the next line (made outside the
    /// lock: a handler's initialiser may read `levels`).
    private static func makeLogger(label: String, for destination: Destination, generation: Int) -> Logger {
        var logger: Logger
        switch destination {
        case .standardError: logger = Logger(label: label, factory: { TouchLogHandler.standardError(label: $0) })
        case .loggingSystem: logger = Logger(label: label)
        case .handler(let make): logger = Logger(label: label, factory: make)
        }
        // `levels` filtered already, by category too; the backend's own threshold
        // (swift-log's default is `info`) must not drop a debug line someone asked for.
        logger.logLevel = .trace
        state.withLock { state in
            if state.generation == generation { state.loggers[label] = logger }
        }
        return logger
    }

    /// Whether a debug log of `label` with lines at these categories and levels starts
    /// on: when `TOUCH_LOG_LEVEL` lets any of them through.
    public static func environmentEnables(label: String, categories: [(category: String, level: Logger.Level)]) -> Bool {
        guard let levels = environmentLevels else { return false }
        return categories.contains { levels.admits($0.level, label: label, category: $0.category) }
    }

    /// The one line format: `[label time] category: message key=value …`, the time in
    /// seconds with six decimals, other metadata sorted by key. Without a category the
    /// line reads `[label time] message`.
    public static func line(label: String, time: Double, category: String?, message: String,
                            metadata: Logger.Metadata = [:]) -> String {
        var line = "[\(label) \(String(format: "%.6f", time))] "
        if let category { line += "\(category): " }
        line += message
        for key in metadata.keys.sorted() {
            line += " \(key)=\(metadata[key]!)"
        }
        return line
    }

    /// A line of the one format taken apart: its label, its time and the text after its
    /// head (`category: message …`, or the message when it has no category). Nil when the
    /// line does not begin with a head `[label seconds] ` whose seconds have six decimals.
    /// For tools that read logs, and for tests, whose lines carry a clock's time.
    public static func parts(of line: String) -> (label: String, time: Double, text: String)? {
        guard line.first == "[", let close = line.firstIndex(of: "]"),
              line[line.index(after: close)...].hasPrefix(" ") else { return nil }
        let head = line[line.index(after: line.startIndex)..<close]
        guard let space = head.lastIndex(of: " ") else { return nil }
        let seconds = head[head.index(after: space)...]
        guard let dot = seconds.firstIndex(of: "."), seconds[seconds.index(after: dot)...].count == 6,
              let time = Double(seconds) else { return nil }
        return (String(head[..<space]), time, String(line[line.index(close, offsetBy: 2)...]))
    }

    /// Seconds on `CLOCK_MONOTONIC`: the media clock's default, for lines whose writer
    /// does not know the media clock (the geometry module cannot see it).
    @Sendable public static func monotonicNow() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1_000_000_000
    }

    /// Writes `line` and a newline to stderr in one write.
    @Sendable public static func writeToStandardError(_ line: String) {
        StandardError.writeLine(line)
    }
}

/// One line of a debug log, as data: who wrote it (the subsystem's logger label), its
/// category and level, its time on the media clock, and its message.
public struct DebugLogRecord: Sendable, Equatable {
    public var label: String
    public var category: String?
    public var level: Logger.Level
    /// Seconds on the media clock (`CACurrentMediaTime()`), or on `CLOCK_MONOTONIC`
    /// where the writer cannot see the media clock.
    public var time: Double
    public var message: String

    public init(label: String, category: String?, level: Logger.Level, time: Double, message: String) {
        self.label = label
        self.category = category
        self.level = level
        self.time = time
        self.message = message
    }

    /// The record in the one line format (`TouchLogging.line`).
    public var line: String {
        TouchLogging.line(label: label, time: time, category: category, message: message)
    }
}
