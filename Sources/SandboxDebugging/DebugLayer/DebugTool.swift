/// Everything the debug layer can do, each with its name in `TOUCH_DEBUG`, its key, its
/// toolbar button and its line of help: the one table the environment, the keys, the
/// toolbar and the help read, so they never disagree.
public enum DebugTool: String, CaseIterable, Sendable {
    /// A spot under every finger, with its trail and touch id.
    case spots
    /// The hit-test view of every live touch, outlined and named.
    case hitViews = "hit-views"
    /// Why this view: each new finger's hit-test walk, numbered, with why each view
    /// under it lost, and a panel listing the walk.
    case why
    /// Inspect the live hierarchy: a touch selects the view under it (by geometry), and
    /// a panel shows its details and the tree. Touches select while it is on; they do
    /// not reach the app.
    case inspect
    /// Model frames (dashed) against presentation frames (solid) while layers animate.
    case frames
    /// The hit regions of layers that hit-test by path, tinted.
    case paths
    /// The recognizer HUD: every recognizer's states, and why it failed.
    case gestures
    /// Frames per second, frame time and touch-to-pixel latency.
    case meter
    /// Every animation ten times slower.
    case slow
    /// The app's time frozen: animations, timers, display links and recognizers stand
    /// still, touches are still delivered and hit-tested (`UIApplication.freezeTime()`).
    case freeze
    /// One frame of app time, frozen (a running app is frozen first); ten with Shift.
    case step
    /// The app's speed, in turn ×1, ×0.25, ×0.1: its whole clock, timers and recognizers
    /// as well as animations (`UIApplication.timeSpeed`).
    case speed
    /// A recording opened on the app to scrub through (`RecordingTimeline`); with
    /// `TOUCH_REPLAY` at launch, that file.
    case timeline
    /// The gesture trace, one line per recognizer transition, on standard error.
    case trace
    /// Saves a PNG of the screen.
    case screenshot
    /// Records every touch and key to a file, while on (only where the host can record:
    /// `DebugLayer.recordingControl`).
    case record
    /// The help panel: every tool, its key, and how to summon the toolbar.
    case help

    /// The tools that draw over the app, in the order `TOUCH_DEBUG=all` and the toolbar
    /// list them.
    public static let overlays: [DebugTool] = [.spots, .hitViews, .frames, .paths, .gestures, .meter]

    /// Whether the tool is switched on and off (its button shows the state); the others
    /// are commands.
    public var isToggle: Bool {
        self != .screenshot && self != .step && self != .speed
    }

    /// Whether the toolbar has a button for it; step and speed are on the time strip,
    /// which shows while the app's time is frozen or slowed (`DebugTimeStripView`).
    public var isOnToolbar: Bool {
        self != .step && self != .speed
    }

    /// The key, as its cap shows it: typed while the toolbar is open (any app), or at
    /// any time in the sandbox, which owns the keyboard.
    public var key: String {
        switch self {
        case .spots: "S"
        case .hitViews: "V"
        case .why: "W"
        case .inspect: "I"
        case .frames: "F"
        case .paths: "P"
        case .gestures: "R"
        case .meter: "M"
        case .slow: "T"
        case .freeze: "Z"
        case .step: "N"
        case .speed: "X"
        case .timeline: "L"
        case .trace: "G"
        case .screenshot: "C"
        case .record: "E"
        case .help: "H"
        }
    }

    /// The toolbar button's title.
    public var title: String {
        switch self {
        case .spots: "Spots"
        case .hitViews: "Hit view"
        case .why: "Why"
        case .inspect: "Inspect"
        case .frames: "Frames"
        case .paths: "Paths"
        case .gestures: "Gestures"
        case .meter: "Meter"
        case .slow: "Slow"
        case .freeze: "Freeze"
        case .step: "Step"
        case .speed: "Speed"
        case .timeline: "Timeline"
        case .trace: "Trace"
        case .screenshot: "Shot"
        case .record: "Record"
        case .help: "Help"
        }
    }

    /// What the help panel says the tool does.
    public var helpText: String {
        switch self {
        case .spots: "touch spots, trails and ids (dashed while another program's grab owns the touch)"
        case .hitViews: "outline and name the hit-test view of every live touch"
        case .why: "why this view: each new finger's hit-test walk, numbered, with why each view under it lost; touch a row to highlight its view"
        case .inspect: "inspect: a touch selects the view drawn under it (hidden ones too) and shows its details and the hierarchy; touches do not reach the app meanwhile"
        case .frames: "model frames (dashed) against presentation frames (solid)"
        case .paths: "tint the hit regions of layers that hit-test by path"
        case .gestures: "recognizer HUD: each recognizer's states and why it failed"
        case .meter: "frames per second, frame time, touch-to-pixel latency"
        case .slow: "slow animations: every animation runs ten times slower"
        case .freeze: "freeze the app's time: animations, timers and recognizers stand still; touches still hit-test the frozen views"
        case .step: "step the frozen app one frame (Shift+N: ten frames)"
        case .speed: "the app's speed, in turn ×1, ×0.25, ×0.1 (its timers and recognizers too; multiplies with Slow)"
        case .timeline: "open a .touches recording of this folder and scrub through it: each instant as the app was then (back: re-run from the start)"
        case .trace: "gesture trace on standard error, one line per transition"
        case .screenshot: "save a PNG of the screen (without the finger on this button)"
        case .record: "record the app's touches and keys to a .touches file until pressed again (play it with TOUCH_REPLAY=file)"
        case .help: "this help"
        }
    }

    /// Whether `TOUCH_DEBUG` may name it: not the commands that act at once, and not
    /// recording, which `TOUCH_RECORD` starts with a file name.
    public var isLaunchWord: Bool {
        self != .screenshot && self != .record && self != .step && self != .speed
    }

    /// The tool a typed key means, if any (letters, either case).
    public static func tool(forKey text: String) -> DebugTool? {
        allCases.first { $0.key.lowercased() == text.lowercased() }
    }
}
