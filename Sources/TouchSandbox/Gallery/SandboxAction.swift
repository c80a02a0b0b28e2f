import SandboxDebugging

/// Everything the sandbox's keys do: the gallery's own commands (the scene list, quit)
/// and the debug layer's tools, each with its key and its line of help. The one table
/// the keys, `--help` and the help panel read, so they never disagree.
enum SandboxAction: Hashable {
    case sceneList
    case tool(DebugTool)
    case quit

    /// Every action, in the order `--help` lists them.
    static let allCases: [SandboxAction] = [.sceneList] + DebugTool.allCases.map { .tool($0) } + [.quit]

    /// The key, as its cap shows it; matched case-insensitively against the typed text.
    var key: String {
        switch self {
        case .sceneList: "Tab"
        case .tool(let tool): tool.key
        case .quit: "Q"
        }
    }

    /// The X keysym of a key that types no letter (Tab); nil for letter keys.
    var keysym: UInt? {
        self == .sceneList ? SandboxKeysym.tab : nil
    }

    /// What the help says the key does.
    var helpText: String {
        switch self {
        case .sceneList: "scene list (\u{2191} \u{2193} along the grid's columns, \u{2190} \u{2192} along the list, Enter opens; or touch a scene)"
        // The gallery's recordings play with its own option.
        case .tool(.record): "record the scene's touches and keys to a .touches file until pressed again (play it with --replay)"
        case .tool(let tool): tool.helpText
        case .quit: "quit (Esc closes a panel first)"
        }
    }

    /// The command a key press means, if any.
    static func command(for key: KeyPress) -> SandboxAction? {
        allCases.first { command in
            if let keysym = command.keysym { return key.keysym == keysym }
            return key.text.lowercased() == command.key.lowercased()
        }
    }
}

/// A key press as the sandbox sees it: the X keysym and the text it types.
struct KeyPress: Equatable {
    var keysym: UInt
    var text: String
}

/// The keysyms the sandbox reads beyond letters (X11's `keysymdef.h`).
enum SandboxKeysym {
    static let tab: UInt = 0xFF09
    static let returnKey: UInt = 0xFF0D
    static let keypadEnter: UInt = 0xFF8D
    static let escape: UInt = 0xFF1B
    static let left: UInt = 0xFF51
    static let up: UInt = 0xFF52
    static let right: UInt = 0xFF53
    static let down: UInt = 0xFF54
}
