import Foundation

/// The store behind each module's debug log (`DrawingDebug`, `QuartzCoreDebug`,
/// `UIKitDebug`): one switch, the most recent lines kept in memory, each line echoed to
/// stderr unless turned off. The modules format their own lines (prefix, time,
/// category); this keeps, trims and echoes them.
///
/// Not synchronised: the logs are written from the main thread, where UIKit, the layer
/// engine and drawing run.
public final class DebugLog: @unchecked Sendable {
    /// Off by default, so a release build pays one branch per call site.
    public var isEnabled = false
    /// Whether lines also go to stderr (tests usually turn this off).
    public var echoesToStandardError = true
    /// How many of the most recent lines `lines` keeps.
    public var retainedLineLimit = 1_000
    /// The most recent lines, oldest first.
    public private(set) var lines: [String] = []

    public init() {}

    public func clear() {
        lines.removeAll()
    }

    /// Keeps `line` (dropping the oldest beyond the limit) and echoes it.
    public func append(_ line: String) {
        lines.append(line)
        if lines.count > retainedLineLimit {
            lines.removeFirst(lines.count - retainedLineLimit)
        }
        if echoesToStandardError {
            FileHandle.standardError.write(Data((line + "\n").utf8))
        }
    }
}
