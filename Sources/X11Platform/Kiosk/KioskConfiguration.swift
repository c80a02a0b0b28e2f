import FileSafety
import Foundation

/// Kiosk mode: the app fullscreen on one monitor, no cursor, no screen blanking, keys
/// that do not quit, a guarded exit gesture, and a reset when visitors walk away. For
/// the sandbox (`--kiosk`) and any app (`X11Host.Options.kiosk`, or with no code change
/// `TOUCH_KIOSK`):
///
///     TOUCH_KIOSK=1                           kiosk mode with the defaults
///     TOUCH_KIOSK=monitor=HDMI-1,idle=90      on that monitor; idle after 90 s
///     TOUCH_KIOSK=monitor=primary,cursor      the primary monitor; a mouse shows the cursor
///     TOUCH_KIOSK=exit=corner                 only the corner taps leave it
///     TOUCH_KIOSK=idle=60,attract=tour.touches   play a tour while idle
///
/// Words, comma-separated: `1`/`on`, `monitor=NAME` (a RandR monitor's name, or
/// `primary`), `idle=SECONDS` (0: never), `exit=hold|corner|both`, `cursor`,
/// `attract=FILE` (a recording, `KioskAttractLoop`).
public struct KioskConfiguration: Equatable, Sendable {
    /// Which gestures leave the kiosk (after a confirmation on screen).
    public enum ExitGesture: String, Sendable, CaseIterable {
        /// Four fingers (or more) held still for `holdDuration`.
        case hold
        /// Five taps in one corner of the screen within `cornerTapWindow`.
        case corner
        /// Either.
        case both
    }

    /// The monitor to cover: a RandR monitor's name, `primary`, or nil for the one the
    /// touchscreen is mapped to (else the primary, else the whole screen).
    public var monitor: String?
    /// Seconds without a touch after which the app is told it is idle (and the sandbox
    /// returns to its first scene); 0 for never.
    public var idleTimeout: TimeInterval
    public var exitGesture: ExitGesture
    /// Whether the pointer shows while a mouse is used (a prototype worked with a
    /// mouse too; the word `cursor`, the sandbox's `--cursor`): hidden at first, back
    /// at a mouse's motion or click (a pointing device's own XI2 event, not one the
    /// server emulates from a finger), gone again at the next touch. Without it the
    /// pointer never shows over the kiosk.
    public var showsCursor: Bool
    /// A recording played in a loop while the kiosk is idle, until a visitor touches
    /// (`KioskAttractLoop`); nil for none.
    public var attractTour: URL?

    /// The idle timeouts accepted, in seconds: 0 (never) to a day. A longer one is a
    /// mistake, and a timer that far off overflows the clocks' nanoseconds.
    public static let idleTimeouts: ClosedRange<TimeInterval> = 0...86400

    /// How long four fingers are held to leave.
    public static let holdDuration: TimeInterval = 3
    /// How many fingers the hold takes.
    public static let holdFingers = 4
    /// How far a held finger may wander, in points.
    public static let holdSlop: CGFloat = 30
    /// How many taps in a corner leave, and within how long.
    public static let cornerTaps = 5
    public static let cornerTapWindow: TimeInterval = 2
    /// How far from a corner a corner tap lands, in points.
    public static let cornerSize: CGFloat = 80

    public init(monitor: String? = nil, idleTimeout: TimeInterval = 120, exitGesture: ExitGesture = .both,
                showsCursor: Bool = false, attractTour: URL? = nil) {
        self.monitor = monitor
        self.idleTimeout = idleTimeout
        self.exitGesture = exitGesture
        self.showsCursor = showsCursor
        self.attractTour = attractTour
    }

    /// The environment variable read by `init(environment:)`.
    public static let environmentVariable = "TOUCH_KIOSK"

    /// What `TOUCH_KIOSK` asks for: nil when unset, empty, `0` or `off`.
    public init?(environment: [String: String]) throws(KioskConfigurationError) {
        guard let value = environment[Self.environmentVariable] else { return nil }
        try self.init(parsing: value)
    }

    /// Parses a `TOUCH_KIOSK` value (or `--kiosk`'s); nil when it turns kiosk mode off.
    public init?(parsing value: String) throws(KioskConfigurationError) {
        let words = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if words.isEmpty || words == ["0"] || words.map({ $0.lowercased() }) == ["off"] { return nil }
        self.init()
        for word in words {
            // Empty pieces kept: a bare "=" is the name "" with the value "", not nothing.
            let parts = word.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            switch (parts[0].lowercased(), parts.count == 2 ? parts[1] : nil) {
            case ("1", nil), ("on", nil): break
            case ("cursor", nil): showsCursor = true
            case ("monitor", let name?) where !name.isEmpty: monitor = name
            case ("attract", let path?) where !path.isEmpty: attractTour = URL(fileURLWithPath: path)
            case ("idle", let seconds?):
                guard let value = TimeInterval(seconds), Self.idleTimeouts.contains(value) else {
                    throw KioskConfigurationError(word: word, problem: "idle takes seconds, 0 (never) to 86400 (a day)")
                }
                idleTimeout = value
            case ("exit", let gesture?):
                guard let value = ExitGesture(rawValue: gesture.lowercased()) else {
                    throw KioskConfigurationError(word: word, problem: "exit takes hold, corner or both")
                }
                exitGesture = value
            default:
                throw KioskConfigurationError(word: word, problem: nil)
            }
        }
    }
}

/// A `TOUCH_KIOSK` (or `--kiosk`) word that cannot be used.
public struct KioskConfigurationError: Error, Equatable, CustomStringConvertible {
    public var word: String
    public var problem: String?

    public var description: String {
        "\(KioskConfiguration.environmentVariable): '\(word.shownInOneLine())' " + (problem.map { "is not understood: \($0)" }
            ?? "is not understood; use a comma-separated list of: on, monitor=NAME (or primary), idle=SECONDS, exit=hold|corner|both, cursor, attract=FILE")
    }
}
