import FileSafety
import Foundation

/// What the debug layer starts with, read from the `TOUCH_DEBUG` environment variable
/// (or given in code): no code change is needed to debug an app.
///
///     TOUCH_DEBUG=spots,hit-views,gestures   the layer on, with those tools on
///     TOUCH_DEBUG=all                        every overlay on (spots … meter)
///     TOUCH_DEBUG=on                         the layer on, nothing shown but its handle
///     TOUCH_DEBUG=toolbar,spots              … with the toolbar open from the start
///     TOUCH_DEBUG=help                       … with the toolbar and its help open
///     TOUCH_DEBUG=why                        every new finger's hit-test explained
///     TOUCH_DEBUG=inspect                    touches select views to inspect
///     TOUCH_DEBUG=freeze,frames              the app starts frozen, to be stepped
///     TOUCH_DEBUG=off (or 0, or empty)       the layer off
///
/// Words are the tools' names (`DebugTool.rawValue`) plus `all`, `on`, `toolbar` and
/// `no-handle` (no floating handle: the toolbar is then summoned by F12 alone), separated
/// by commas, in any case, spaces ignored.
public struct DebugLayerConfiguration: Equatable, Sendable {
    /// The tools switched on at launch.
    public var tools: Set<DebugTool>
    /// Whether the toolbar is open at launch.
    public var showsToolbar: Bool
    /// Whether the floating handle that summons the toolbar is shown.
    public var showsHandle: Bool

    public init(tools: Set<DebugTool> = [], showsToolbar: Bool = false, showsHandle: Bool = true) {
        self.tools = tools
        self.showsToolbar = showsToolbar
        self.showsHandle = showsHandle
    }

    /// The environment variable read by `init(environment:)`.
    public static let environmentVariable = "TOUCH_DEBUG"

    /// The configuration `TOUCH_DEBUG` asks for: nil when it is unset or turns the
    /// layer off; an error naming the first word it does not know.
    public init?(environment: [String: String]) throws(DebugLayerConfigurationError) {
        guard let value = environment[Self.environmentVariable] else { return nil }
        try self.init(parsing: value)
    }

    /// Parses a `TOUCH_DEBUG` value; nil when it turns the layer off.
    public init?(parsing value: String) throws(DebugLayerConfigurationError) {
        let words = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        if words.isEmpty || words == ["off"] || words == ["0"] { return nil }
        self.init()
        for word in words {
            switch word {
            case "on", "1": break
            case "all": tools.formUnion(DebugTool.overlays)
            case "toolbar": showsToolbar = true
            case "no-handle": showsHandle = false
            default:
                guard let tool = DebugTool(rawValue: word), tool.isLaunchWord else {
                    throw DebugLayerConfigurationError(word: word)
                }
                tools.insert(tool)
            }
        }
    }
}

/// A `TOUCH_DEBUG` word the debug layer does not know.
public struct DebugLayerConfigurationError: Error, Equatable, CustomStringConvertible {
    public var word: String

    public var description: String {
        let valid = ["on", "off", "all", "toolbar", "no-handle"] + DebugTool.allCases.filter(\.isLaunchWord).map(\.rawValue)
        return "\(DebugLayerConfiguration.environmentVariable): unknown word '\(word.shownInOneLine())'; use a comma-separated list of: \(valid.joined(separator: ", "))"
    }
}
