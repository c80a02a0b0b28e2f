/// Everything the sandbox's chrome can do, each with its key, its toolbar button and its
/// line in the help panel: the one table the keys, the toolbar and the help read, so
/// they never disagree.
enum SandboxAction: CaseIterable {
    case sceneList
    case touchSpots
    case hitTestViews
    case modelPresentationFrames
    case pathRegions
    case recognizerHUD
    case performanceMeter
    case slowAnimations
    case screenshot
    case help
    case quit

    /// The key, as its cap shows it; matched case-insensitively against the typed text.
    var key: String {
        switch self {
        case .sceneList: "Tab"
        case .touchSpots: "S"
        case .hitTestViews: "V"
        case .modelPresentationFrames: "F"
        case .pathRegions: "P"
        case .recognizerHUD: "R"
        case .performanceMeter: "M"
        case .slowAnimations: "T"
        case .screenshot: "C"
        case .help: "H"
        case .quit: "Q"
        }
    }

    /// The X keysym of a key that types no letter (Tab); nil for letter keys.
    var keysym: UInt? {
        self == .sceneList ? SandboxKeysym.tab : nil
    }

    /// The toolbar button's label; nil for commands only a key reaches.
    var toolbarLabel: String? {
        switch self {
        case .sceneList: "Scenes"
        case .touchSpots: "Spots"
        case .hitTestViews: "Hit view"
        case .modelPresentationFrames: "Frames"
        case .pathRegions: "Paths"
        case .recognizerHUD: "Gestures"
        case .performanceMeter: "Meter"
        case .slowAnimations: "Slow"
        case .screenshot: "Shot"
        case .help: "Help"
        case .quit: nil
        }
    }

    /// What the help panel says the key does.
    var helpText: String {
        switch self {
        case .sceneList: "scene list (arrows and Enter choose, or touch a scene)"
        case .touchSpots: "touch spots, with trails and touch ids"
        case .hitTestViews: "outline and name the hit-test view of every live touch"
        case .modelPresentationFrames: "model frames (dashed) against presentation frames (solid)"
        case .pathRegions: "tint the hit regions of layers that hit-test by path"
        case .recognizerHUD: "recognizer HUD: each recognizer's states and why it failed"
        case .performanceMeter: "frames per second, frame time, touch-to-pixel latency"
        case .slowAnimations: "slow animations: every animation runs ten times slower"
        case .screenshot: "save a PNG of the window in the current folder"
        case .help: "this help"
        case .quit: "quit (Esc closes a panel first)"
        }
    }

    /// The overlays, in the order `--overlays` lists them.
    static let overlays: [SandboxAction] = [
        .touchSpots, .hitTestViews, .modelPresentationFrames, .pathRegions, .recognizerHUD, .performanceMeter,
    ]

    /// The overlay's name for `--overlays`; nil for actions that are not overlays.
    var overlayName: String? {
        switch self {
        case .touchSpots: "spots"
        case .hitTestViews: "hit-views"
        case .modelPresentationFrames: "frames"
        case .pathRegions: "paths"
        case .recognizerHUD: "gestures"
        case .performanceMeter: "meter"
        default: nil
        }
    }

    /// Whether the command switches something on and off (its button shows the state).
    var isToggle: Bool {
        switch self {
        case .sceneList, .screenshot, .quit: false
        default: true
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

/// A key press as the sandbox's chrome sees it: the X keysym and the text it types.
struct KeyPress: Equatable {
    var keysym: UInt
    var text: String
}

/// The keysyms the chrome reads beyond letters (X11's `keysymdef.h`).
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
