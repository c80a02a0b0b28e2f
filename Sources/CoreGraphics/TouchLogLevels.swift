import FileSafety
import Foundation
import Logging

/// Which levels print, for everything and per subsystem or category: what
/// `TOUCH_LOG_LEVEL` says (see `TouchLogging`).
///
///     TouchLogLevels(.info, overrides: ["gestures": .debug, "UIKit.delivery": .debug])
///
/// A line of subsystem `label` and category `category` prints when its level is at least
/// the first of these that is set: the override for `label.category`, for `category`,
/// for `label`, then `defaultLevel`.
public struct TouchLogLevels: Sendable, Equatable {
    public var defaultLevel: Logger.Level
    /// Levels by subsystem (`UIKit`), category (`gestures`) or both (`UIKit.delivery`).
    public var overrides: [String: Logger.Level]

    public init(_ defaultLevel: Logger.Level, overrides: [String: Logger.Level] = [:]) {
        self.defaultLevel = defaultLevel
        self.overrides = overrides
    }

    /// The lowest level that prints for `label` and `category`.
    public func threshold(label: String, category: String?) -> Logger.Level {
        if let category {
            if let level = overrides["\(label).\(category)"] ?? overrides[category] { return level }
        }
        return overrides[label] ?? defaultLevel
    }

    /// Whether a line at `level` of `label` and `category` prints.
    public func admits(_ level: Logger.Level, label: String, category: String?) -> Bool {
        level >= threshold(label: label, category: category)
    }

    /// Reads a `TOUCH_LOG_LEVEL` value: comma-separated `level` (for everything) and
    /// `name=level` words, case-insensitive levels, spaces ignored. Words it cannot read
    /// come back as problems (one phrase each) and are skipped; nil when no word sets a
    /// level. Without a bare level, everything else prints at `info` and above.
    public static func parse(_ text: String) -> (levels: TouchLogLevels?, problems: [String]) {
        var defaultLevel: Logger.Level?
        var overrides: [String: Logger.Level] = [:]
        var problems: [String] = []
        for word in text.split(separator: ",") {
            let word = word.trimmingCharacters(in: .whitespaces)
            if word.isEmpty { continue }
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let levelWord = parts.last!.trimmingCharacters(in: .whitespaces)
            guard let level = Logger.Level(rawValue: levelWord.lowercased()) else {
                problems.append("'\(levelWord.shownInOneLine())' is not a level (\(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))); '\(word.shownInOneLine())' ignored")
                continue
            }
            if parts.count == 1 {
                defaultLevel = level
            } else {
                let name = parts[0].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else {
                    problems.append("'\(word.shownInOneLine())' names no subsystem or category; ignored")
                    continue
                }
                overrides[name] = level
            }
        }
        guard defaultLevel != nil || !overrides.isEmpty else { return (nil, problems) }
        return (TouchLogLevels(defaultLevel ?? .info, overrides: overrides), problems)
    }
}
