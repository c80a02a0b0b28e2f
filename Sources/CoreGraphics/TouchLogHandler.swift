import Logging

/// A swift-log handler that writes every line in the package's one format
/// (`TouchLogging.line`):
///
///     [UIKit 12.345678] input: moved sample for unknown touch -1:7 ignored
///
/// It is what the debug logs print through by default, and an app can make it the
/// process's backend so its own loggers read the same way:
///
///     LoggingSystem.bootstrap(TouchLogHandler.standardError)
///
/// The time is the line's `mediaTime` metadata when it has one (the debug logs set it
/// from the media clock), otherwise `clock` (`CLOCK_MONOTONIC`, the media clock's
/// default); the category is its `category` metadata; the rest of the metadata (the
/// handler's, its provider's and the line's, the line's winning) follows the message as
/// ` key=value` pairs, and an error logged with the line as ` error=…`.
public struct TouchLogHandler: LogHandler {
    public let label: String
    /// Starts at the level `TOUCH_LOG_LEVEL` gives `label` (`TouchLogging.levels`), or
    /// `info` when it is unset.
    public var logLevel: Logger.Level
    public var metadata: Logger.Metadata = [:]
    public var metadataProvider: Logger.MetadataProvider?
    private let clock: @Sendable () -> Double
    private let write: @Sendable (String) -> Void

    /// A handler that gives each line, without its newline, to `write`.
    public init(label: String, logLevel: Logger.Level? = nil, metadataProvider: Logger.MetadataProvider? = nil,
                clock: @escaping @Sendable () -> Double = TouchLogging.monotonicNow,
                write: @escaping @Sendable (String) -> Void) {
        self.label = label
        self.logLevel = logLevel ?? TouchLogging.levels?.threshold(label: label, category: nil) ?? .info
        self.metadataProvider = metadataProvider
        self.clock = clock
        self.write = write
    }

    /// A handler writing to stderr, one write per line (`LoggingSystem.bootstrap`'s shape).
    public static func standardError(label: String) -> TouchLogHandler {
        TouchLogHandler(label: label, write: TouchLogging.writeToStandardError)
    }

    /// A handler writing to stderr with a metadata provider (`LoggingSystem.bootstrap`'s
    /// other shape).
    public static func standardError(label: String, metadataProvider: Logger.MetadataProvider?) -> TouchLogHandler {
        TouchLogHandler(label: label, metadataProvider: metadataProvider, write: TouchLogging.writeToStandardError)
    }

    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    public func log(event: LogEvent) {
        var all = metadata
        if let provided = metadataProvider?.get() { all.merge(provided) { _, new in new } }
        if let own = event.metadata { all.merge(own) { _, new in new } }
        if let error = event.error { all["error"] = .string("\(error)") }
        let category = all.removeValue(forKey: TouchLogging.categoryKey).map { "\($0)" }
        let time = all.removeValue(forKey: TouchLogging.mediaTimeKey).flatMap { Double("\($0)") } ?? clock()
        write(TouchLogging.line(label: label, time: time, category: category, message: "\(event.message)",
                                metadata: all))
    }
}
