import ArgumentParser
import CairoRenderer
import Foundation
import SandboxDebugging
import ShowTouches
import X11Host

/// The `touch-sandbox` command line.
public struct SandboxCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "touch-sandbox",
        abstract: "UIKit's touch system on a Linux touchscreen: real XInput2 touches, views, recognizers, drawn with Cairo.",
        usage: """
        touch-sandbox [--display <name>] [--scene <name>] [--size <WxH>] [--scale <N>]
                      [--overlays <list>] [--slow-animations] [--screenshot <path>]
                      [--record <file>] [--replay <file>] [--speed <N>]
                      [--replay <file> --at <seconds> [--until <seconds>]]
                      [--headless] [--output <folder>]
                      [--kiosk] [--monitor <name>] [--idle <seconds>]
                      [--exit-gesture <gesture>] [--attract <file>] [--cursor]
                      [--restore-touch-mapping]
                      [--list-scenes] [--verbose] [--trace-gestures]
        touch-sandbox --show-touches [mouse | stop] [--display <name>]
                      [--spot-size <pixels>] [--spot-opacity <0.1…1>] [--trail <seconds>]
        """,
        discussion: """
        Opens an X window on a scene and feeds it the touches of every touchscreen the X \
        server has; without one, the mouse is a finger.

        Keys and mouse chords in the window (the toolbar shows the keys too; H lists them). \
        Every touch target is at least 44 points; toolbar buttons that do not fit the \
        window's width move into a panel that the More button opens.

        """ + "\n" + SandboxKeyTable.helpText())

    @Option(name: .long, help: ArgumentHelp("The X display to open (default: $DISPLAY).", valueName: "name"))
    var display: String?

    @Option(name: .long, help: ArgumentHelp("The scene to open (see --list-scenes).", valueName: "name"))
    var scene: String?

    @Option(name: .long, help: ArgumentHelp("The window's size in points.", valueName: "WxH"))
    var size: WindowSize = WindowSize(width: 1024, height: 768)

    @Option(name: .long, help: ArgumentHelp("Device pixels per point, for HiDPI screens (1–4).", valueName: "N"))
    var scale: Double = 1

    @Option(name: .long, help: ArgumentHelp("Write a PNG of the window after the first frame, then exit.", valueName: "path"))
    var screenshot: String?

    @Option(name: .customLong("overlays"), help: ArgumentHelp(
        "The overlays shown at start, comma-separated: \(OverlaySelection.validNames) (default: spots; none in a kiosk).",
        valueName: "list"), transform: OverlaySelection.parse)
    var overlaySelection: OverlaySelection?

    /// The overlays at start: those asked for, else the touch spots (none in a kiosk).
    var overlays: OverlaySelection {
        overlaySelection ?? OverlaySelection(tools: kiosk ? [] : [.spots])
    }

    @Flag(name: .long, help: "Start with slow animations (ten times slower; the T key toggles them).")
    var slowAnimations = false

    @Option(name: .long, help: ArgumentHelp(
        "Record every touch and key to a file (JSON Lines; see the README's \"Recording and replaying\"), written as you go and closed when the sandbox ends.",
        valueName: "file"))
    var record: String?

    @Option(name: .long, help: ArgumentHelp(
        "Play a recording on stage once the window shows, through the sandbox's own input path (spots drawn as if fingers were there); opens the recorded scene unless --scene is given.",
        valueName: "file"))
    var replay: String?

    @Option(name: .long, help: ArgumentHelp("The replay's speed: 2 plays twice as fast, 0.5 at half speed (0.1 to 100).", valueName: "N"))
    var speed: Double = 1

    @Option(name: .long, help: ArgumentHelp(
        "With --replay: write a PNG of the screen as it was at this instant of the recording (seconds from its start), re-executed in process from the start, no display needed, then exit.",
        valueName: "seconds"))
    var at: Double?

    @Option(name: .long, help: ArgumentHelp(
        "With --at: also write an animated WebP of every frame from --at to this instant.", valueName: "seconds"))
    var until: Double?

    @Flag(name: .long, help: "Run without a display: start a private X server with a virtual touchscreen, play the scene's tour into it (or --replay's file), and write an animated WebP of the window, a contact sheet of key frames and the gesture trace into --output, then exit. Also what happens when no X display is set at all.")
    var headless = false

    @Option(name: .long, help: ArgumentHelp("The folder a headless or --at run writes its files to (default: the current folder).", valueName: "folder"))
    var output: String?

    @Flag(name: .long, help: "Kiosk mode: fullscreen on one monitor, no cursor, no screen blanking, no caption bar or toolbar, keys ignored; leave with four fingers held for 3 s or five taps in a corner within 2 s (--exit-gesture), then Leave; back to the first scene after --idle seconds without a touch (see the README's Kiosk section). TOUCH_KIOSK does the same, here and in any app; with both, TOUCH_KIOSK's words count too, and each kiosk option given here wins over its word.")
    var kiosk = false

    @Option(name: .long, help: ArgumentHelp("The monitor a kiosk covers: a RandR monitor's name (xrandr --listmonitors) or primary. Without it: the monitor a touchscreen is mapped to; when a touchscreen spans several, each shows \"Touch this screen\" and the one touched is taken; primary never asks.", valueName: "name"))
    var monitor: String?

    @Option(name: .long, help: ArgumentHelp("Seconds without a touch after which a kiosk returns to its first scene; 0 for never, at most 86400 (a day). (default: 120)", valueName: "seconds"))
    var idle: Double?

    @Option(name: .long, help: ArgumentHelp("The gesture that leaves a kiosk (then Leave): hold (four fingers held still for 3 s), corner (five taps in one corner within 2 s) or both. (default: both) TOUCH_KIOSK's word: exit=.", valueName: "gesture"), transform: SandboxCommand.exitGesture)
    var exitGesture: KioskConfiguration.ExitGesture?

    @Option(name: .long, help: ArgumentHelp("A kiosk's attract tour: a recording played again and again while the kiosk is idle, until someone touches (that touch only wakes it); record it in the kiosk, with --kiosk --record FILE. One made at another size is scaled to the monitor.", valueName: "file"))
    var attract: String?

    @Flag(name: .long, help: "In a kiosk, show the pointer while a mouse is used: hidden at first, back when a mouse (not a finger) moves or clicks, gone again at the next touch. Without it the pointer never shows over a kiosk. TOUCH_KIOSK's word: cursor.")
    var cursor = false

    @Option(name: .customLong("show-touches"), help: ArgumentHelp(
        "Show every finger of every touchscreen as the sandbox's spots above every window of the X screen, for demos of any program, until Ctrl+C, SIGTERM or `--show-touches stop` (which stops the one running on the display); `--show-touches mouse` shows mouse presses too, as rings. It takes no touch or click from any program. No window of the sandbox opens.",
        valueName: "mouse|stop"))
    var showTouches: ShowTouchesAction?

    @Option(name: .long, help: ArgumentHelp("With --show-touches: each spot's size across, in pixels (20–200; default 60, for a room).", valueName: "pixels"))
    var spotSize: Double?

    @Option(name: .long, help: ArgumentHelp("With --show-touches: how opaque a spot's fill is (0.1–1; default 0.5). Without a compositing manager spots are opaque whatever this says.", valueName: "0.1…1"))
    var spotOpacity: Double?

    @Option(name: .long, help: ArgumentHelp("With --show-touches: how long a finger's trail lasts, in seconds (0–3; default 0.6).", valueName: "seconds"))
    var trail: Double?

    @Flag(name: .long, help: "Put back the touchscreen mapping a kiosk that did not end cleanly left on the display, then exit.")
    var restoreTouchMapping = false

    @Flag(name: .long, help: "List the scenes with their captions and exit.")
    var listScenes = false

    @Flag(name: .long, help: "Log every input device and every dropped event, and print UIKit's, the layer engine's and drawing's diagnostics at debug level (TOUCH_LOG_LEVEL, when set, chooses the levels instead).")
    var verbose = false

    @Flag(name: .long, help: "Print the gesture recognizers' arbitration to stderr: who joined each touch, every state change, who prevented or required whom, and why each failed.")
    var traceGestures = false

    public init() {}

    public func validate() throws {
        if showTouches == nil, spotSize != nil || spotOpacity != nil || trail != nil {
            throw ValidationError("--spot-size, --spot-opacity and --trail go with --show-touches")
        }
        if let spotSize, !(20...200).contains(spotSize) {
            throw ValidationError("--spot-size must be 20 to 200 pixels, got \(Self.figure(spotSize))")
        }
        if let spotOpacity, !(0.1...1).contains(spotOpacity) {
            throw ValidationError("--spot-opacity must be 0.1 to 1, got \(Self.figure(spotOpacity))")
        }
        if let trail, !(0...3).contains(trail) {
            throw ValidationError("--trail must be 0 to 3 seconds, got \(Self.figure(trail))")
        }
        guard size.width > 0, size.height > 0 else {
            throw ValidationError("--size: width and height must be positive, got \(size.width)x\(size.height)")
        }
        guard WindowSize.sides.contains(size.width), WindowSize.sides.contains(size.height) else {
            throw ValidationError("--size: width and height must be \(WindowSize.sides.lowerBound) to \(WindowSize.sides.upperBound) points, got \(size.width)x\(size.height)")
        }
        guard scale >= 1, scale <= 4, scale.isFinite else {
            throw ValidationError("--scale must be between 1 and 4, got \(scale)")
        }
        // Each side is fine alone; at a scale above 1 the device pixels may not be.
        let points = CGSize(width: size.width, height: size.height)
        guard FrameBuffer.pixelSize(forPointSize: points, scale: CGFloat(scale)) != nil else {
            let width = (Double(size.width) * scale).rounded(), height = (Double(size.height) * scale).rounded()
            throw ValidationError("--size \(size.width)x\(size.height) at --scale \(scale == scale.rounded() ? String(Int(scale)) : String(scale)) is \(Int(width))x\(Int(height)) device pixels; X11 and Cairo allow at most \(FrameBuffer.maximumPixelSide) per side")
        }
        if let screenshot, let problem = OutputPath.problem(with: screenshot) {
            throw ValidationError(problem)
        }
        if let record, let problem = OutputPath.problem(with: record, option: "--record", what: "the recording",
                                                         example: "a .touches file") {
            throw ValidationError(problem)
        }
        guard RecordingEnvironment.speeds.contains(speed) else {
            throw ValidationError("--speed must be from 0.1 to 100 (2 plays twice as fast), got \(speed)")
        }
        if speed != 1, replay == nil, !runsHeadless {
            throw ValidationError("--speed sets the replay's speed; give --replay FILE or --headless too")
        }
        if let output {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--output \(output) is not a folder; give an existing folder for the headless run's files")
            }
            guard runsHeadless || at != nil else {
                throw ValidationError("--output is where a headless or --at run writes; give --headless or --at too")
            }
        }
        if !kiosk, monitor != nil || idle != nil || exitGesture != nil || attract != nil || cursor,
           !Self.environmentAsksForKiosk {
            throw ValidationError("--monitor, --idle, --exit-gesture, --attract and --cursor set up a kiosk; give --kiosk (or TOUCH_KIOSK) too")
        }
        if let idle, !KioskConfiguration.idleTimeouts.contains(idle) {
            throw ValidationError("--idle takes seconds, 0 (never) to 86400 (a day), got \(idle)")
        }
        if let at {
            guard replay != nil else { throw ValidationError("--at is an instant of a recording; give --replay FILE too") }
            guard at.isFinite, at >= 0 else { throw ValidationError("--at takes seconds from the recording's start, 0 or more, got \(at)") }
            guard !headless, screenshot == nil, record == nil, !kiosk else {
                throw ValidationError("--at writes its pictures and exits; give it without --headless, --screenshot, --record and --kiosk")
            }
        }
        if let until {
            guard let at else { throw ValidationError("--until ends a stretch that starts at --at; give --at too") }
            guard until.isFinite, until > at else { throw ValidationError("--until must be later than --at (\(at) s), got \(until)") }
        }
        if headless, screenshot != nil {
            throw ValidationError("--screenshot and --headless both end the run with files; give one")
        }
    }

    /// Whether an X display is named, by `--display` or `$DISPLAY`.
    var hasDisplay: Bool {
        display != nil || !(ProcessInfo.processInfo.environment["DISPLAY"] ?? "").isEmpty
    }

    /// Whether the run is headless: asked for, or with no display at all (a screenshot
    /// is then taken in a private server instead, and is not a headless run).
    var runsHeadless: Bool {
        headless || (!hasDisplay && screenshot == nil)
    }

    // MARK: - Kiosk

    /// Parses `--exit-gesture`: TOUCH_KIOSK's `exit=` values.
    static func exitGesture(_ argument: String) throws -> KioskConfiguration.ExitGesture {
        guard let gesture = KioskConfiguration.ExitGesture(rawValue: argument.lowercased()) else {
            throw ValidationError("--exit-gesture takes hold, corner or both, got '\(argument)'")
        }
        return gesture
    }

    /// Whether TOUCH_KIOSK turns kiosk mode on (or holds a word the run will refuse,
    /// which it says then), so the kiosk options may be given without `--kiosk`.
    private static var environmentAsksForKiosk: Bool {
        do {
            return try KioskConfiguration(environment: ProcessInfo.processInfo.environment) != nil
        } catch {
            return true
        }
    }

    /// The kiosk these options ask for over what TOUCH_KIOSK asked for (`environment`,
    /// nil when unset or off): each option given wins over its word, the words of the
    /// options not given stand, and the rest are the defaults. `--cursor` can only add
    /// the pointer, as a flag cannot say "no".
    func kioskConfiguration(over environment: KioskConfiguration?) -> KioskConfiguration {
        var configuration = environment ?? KioskConfiguration()
        if let monitor { configuration.monitor = monitor }
        if let idle { configuration.idleTimeout = idle }
        if let exitGesture { configuration.exitGesture = exitGesture }
        if let attract { configuration.attractTour = URL(fileURLWithPath: attract) }
        if cursor { configuration.showsCursor = true }
        return configuration
    }

    /// The options whose value may be a negative number, which argument-parser would
    /// take for an option of its own and answer "Missing value".
    public static let numericOptions: Set<String> = ["--size", "--scale", "--speed", "--at", "--until"]

    /// `arguments` with a numeric option's separate value that starts with a dash and
    /// a digit (`--size -5x10`) joined to it (`--size=-5x10`), so the value reaches
    /// validation and the error names it. No option's name starts with a digit. Other
    /// commands of the package pass their own `options`.
    public static func joiningNegativeValues(_ arguments: [String], options: Set<String> = numericOptions) -> [String] {
        var joined: [String] = []
        // `--show-touches` alone (last, or before another option) means start.
        var arguments = arguments
        if let index = arguments.firstIndex(of: "--show-touches"),
           index + 1 == arguments.count || arguments[index + 1].hasPrefix("-") {
            arguments[index] = "--show-touches=\(ShowTouchesAction.start.rawValue)"
        }
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            let next = arguments.index(after: index)
            if options.contains(argument), next < arguments.endIndex, looksNegative(arguments[next]) {
                joined.append("\(argument)=\(arguments[next])")
                index = arguments.index(after: next)
            } else {
                joined.append(argument)
                index = next
            }
        }
        return joined
    }

    private static func looksNegative(_ value: String) -> Bool {
        let characters = Array(value)
        guard characters.count >= 2, characters[0] == "-" else { return false }
        return characters[1].isASCII && (characters[1].isNumber || characters[1] == ".")
    }
}

extension SandboxCommand {
    /// A number as the user wrote it, without a trailing `.0`.
    static func figure(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// The spots `--show-touches` draws: the room's, with what the options change.
    var spotAppearance: TouchSpotsOverlay.Appearance {
        var appearance = DesktopTouchShow.Options.room
        if let spotSize { appearance.radius = spotSize / 2 }
        if let spotOpacity { appearance.fillAlpha = spotOpacity }
        if let trail { appearance.trailDuration = trail }
        return appearance
    }
}

/// What `--show-touches` does: start (the option alone), start showing mouse presses
/// too, or stop the one running.
enum ShowTouchesAction: String, ExpressibleByArgument, CaseIterable {
    case start, mouse, stop
}

/// The overlays named on the command line, as `spots,hit-views`, `all` or `none`.
struct OverlaySelection: Equatable, CustomStringConvertible {
    var tools: Set<DebugTool>

    /// The tools `--overlays` may name: the overlays, and the Why and Inspect tools,
    /// which draw over the app too. `all` is every overlay, not those two, whose panels
    /// a person asks for (and Inspect keeps touches from the scene).
    static let choices: [DebugTool] = DebugTool.overlays + [.why, .inspect]

    static var validNames: String {
        choices.map(\.rawValue).joined(separator: ", ") + ", all or none"
    }

    /// Parses `--overlays`; an unknown name is an error naming the valid ones.
    static func parse(_ argument: String) throws -> OverlaySelection {
        let names = argument.lowercased().split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        if names == ["all"] { return OverlaySelection(tools: Set(DebugTool.overlays)) }
        if names == ["none"] { return OverlaySelection(tools: []) }
        var tools: Set<DebugTool> = []
        for name in names {
            guard let tool = choices.first(where: { $0.rawValue == name }) else {
                throw ValidationError("unknown overlay '\(name)' in --overlays; valid: \(validNames)")
            }
            tools.insert(tool)
        }
        if tools.contains(.why), tools.contains(.inspect) {
            throw ValidationError("why and inspect take turns in --overlays (inspect keeps touches from the scene); name one")
        }
        return OverlaySelection(tools: tools)
    }

    var description: String {
        Self.choices.filter(tools.contains).map(\.rawValue).joined(separator: ",")
    }
}

/// A window size written as `WxH` in points, for example `1024x768`. Any two integers
/// parse; `SandboxCommand.validate()` names a side out of `sides`.
struct WindowSize: ExpressibleByArgument, Equatable {
    /// The sides a window may have, in points.
    static let sides = 64...16384

    var width: Int
    var height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else { return nil }
        self.init(width: width, height: height)
    }

    /// Why a window of `width` by `height` points at `scale` cannot open, as a phrase
    /// ("each side must be 64 to 16384 points"), or nil when it can. Any numbers may be
    /// given (a recording's header holds what its file says).
    static func problem(width: Double, height: Double, scale: Double) -> String? {
        let range = Double(sides.lowerBound)...Double(sides.upperBound)
        guard range.contains(width), range.contains(height) else {
            return "each side must be \(sides.lowerBound) to \(sides.upperBound) points"
        }
        guard FrameBuffer.pixelSize(forPointSize: CGSize(width: width, height: height), scale: CGFloat(scale)) != nil else {
            return "that is \(Int((width * scale).rounded()))x\(Int((height * scale).rounded())) device pixels at scale \(scale == scale.rounded() ? String(Int(scale)) : String(scale)); X11 and Cairo allow at most \(FrameBuffer.maximumPixelSide) per side"
        }
        return nil
    }

    static var defaultCompletionKind: CompletionKind { .default }
    var defaultValueDescription: String { "\(width)x\(height)" }
}
