import AnimatedImage
import CairoRenderer
import Foundation
import HeadlessXorg
@testable import TouchSandbox
import UIKit
import X11Host
import XCTest

/// The command line as a user meets it: help, scene listing, and one clear line with
/// exit status 2 for every usage or environment error.
final class CommandLineTests: XCTestCase {
    func testHelpDescribesTheOptionsAndExitsZero() throws {
        let result = try SandboxProcess.run(["--help"])
        XCTAssertEqual(result.status, 0)
        for option in ["--display", "--scene", "--size", "--scale", "--screenshot", "--overlays", "--slow-animations", "--list-scenes", "--verbose", "--trace-gestures", "--kiosk", "--cursor", "--exit-gesture"] {
            XCTAssertTrue(result.standardOutput.contains(option), "--help mentions \(option)")
        }
        XCTAssertTrue(result.standardOutput.contains("Keys and mouse chords in the window"))
        XCTAssertTrue(result.standardOutput.contains("\n  T                   slow animations: every animation runs ten times slower\n"),
                      "every key has its line")
    }

    func testListScenes() throws {
        let result = try SandboxProcess.run(["--list-scenes"])
        XCTAssertEqual(result.status, 0)
        let lines = result.standardOutput.split(separator: "\n")
        XCTAssertEqual(lines.map { $0.split(separator: " ").first.map(String.init) }, [
            "touch-spots", "drag", "direction-drag", "taps", "tap-double-pan", "long-press-pan", "gestures", "checkmark", "compass", "shapes", "hit-test-animation", "why-this-view", "responder-chain", "restrictions", "outside-bounds", "button-vs-tap", "swipe-vs-pan", "pinch-rotate-pan", "animator-scrub",
            "switches", "scroll", "zoom-pager", "scroll-pages", "screens",
        ])
        // The captions line up two spaces after the longest name, wherever that is.
        let column = "hit-test-animation  ".count
        XCTAssertTrue(lines[0].hasPrefix("touch-spots".padding(toLength: column, withPad: " ", startingAt: 0) + "Touch spots:"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("drag".padding(toLength: column, withPad: " ", startingAt: 0) + "Drag"), String(lines[1]))
    }

    func testUsageErrorsAreOneLineWithExitStatusTwo() throws {
        let cases: [([String], String)] = [
            (["--bogus"], "touch-sandbox: Unknown option '--bogus' (see touch-sandbox --help)\n"),
            (["--size", "big"], "touch-sandbox: The value 'big' is invalid for '--size <WxH>' (see touch-sandbox --help)\n"),
            (["--scale", "9"], "touch-sandbox: --scale must be between 1 and 4, got 9.0 (see touch-sandbox --help)\n"),
            (["--scene", "nope"], "touch-sandbox: unknown scene 'nope'; valid scenes: touch-spots, drag, direction-drag, taps, tap-double-pan, long-press-pan, gestures, checkmark, compass, shapes, hit-test-animation, why-this-view, responder-chain, restrictions, outside-bounds, button-vs-tap, swipe-vs-pan, pinch-rotate-pan, animator-scrub, switches, scroll, zoom-pager, scroll-pages, screens (see touch-sandbox --help)\n"),
            (["extra"], "touch-sandbox: Unexpected argument 'extra' (see touch-sandbox --help)\n"),
            (["--cursor"], "touch-sandbox: --monitor, --idle, --exit-gesture, --attract and --cursor set up a kiosk; give --kiosk (or TOUCH_KIOSK) too (see touch-sandbox --help)\n"),
            (["--kiosk", "--exit-gesture", "swipe"], "touch-sandbox: The value 'swipe' is invalid for '--exit-gesture <gesture>': --exit-gesture takes hold, corner or both, got 'swipe' (see touch-sandbox --help)\n"),
            (["--overlays", "spots,bogus"], "touch-sandbox: The value 'spots,bogus' is invalid for '--overlays <list>': unknown overlay 'bogus' in --overlays; valid: spots, hit-views, frames, paths, gestures, meter, why, inspect, all or none (see touch-sandbox --help)\n"),
            (["--overlays", "why,inspect"], "touch-sandbox: The value 'why,inspect' is invalid for '--overlays <list>': why and inspect take turns in --overlays (inspect keeps touches from the scene); name one (see touch-sandbox --help)\n"),
            (["--trail", "1"], "touch-sandbox: --spot-size, --spot-opacity and --trail go with --show-touches (see touch-sandbox --help)\n"),
            (["--show-touches", "--spot-size", "10"], "touch-sandbox: --spot-size must be 20 to 200 pixels, got 10 (see touch-sandbox --help)\n"),
            (["--show-touches", "--spot-opacity", "2"], "touch-sandbox: --spot-opacity must be 0.1 to 1, got 2 (see touch-sandbox --help)\n"),
            (["--show-touches", "mouse", "--trail", "4.5"], "touch-sandbox: --trail must be 0 to 3 seconds, got 4.5 (see touch-sandbox --help)\n"),
        ]
        for (arguments, message) in cases {
            let result = try SandboxProcess.run(arguments, environment: ["TOUCH_KIOSK": nil])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError, message, "\(arguments)")
            XCTAssertEqual(result.standardOutput, "", "\(arguments)")
        }
    }

    /// `--kiosk` with TOUCH_KIOSK: each option given wins over its word, the words of
    /// the options not given stand, the rest are the defaults (the README's Kiosk
    /// section).
    func testEachKioskOptionWinsOverItsTouchKioskWord() throws {
        let words = try XCTUnwrap(KioskConfiguration(parsing: "monitor=DP-1,idle=90,exit=corner,attract=tour.touches"))
        let command = try SandboxCommand.parse(["--kiosk", "--idle", "30", "--exit-gesture", "HOLD", "--cursor"])
        XCTAssertEqual(command.kioskConfiguration(over: words),
                       KioskConfiguration(monitor: "DP-1", idleTimeout: 30, exitGesture: .hold, showsCursor: true,
                                          attractTour: URL(fileURLWithPath: "tour.touches")))
        XCTAssertEqual(try SandboxCommand.parse(["--kiosk"]).kioskConfiguration(over: nil), KioskConfiguration())
        XCTAssertEqual(try SandboxCommand.parse(["--kiosk", "--exit-gesture", "corner"]).kioskConfiguration(over: nil),
                       KioskConfiguration(exitGesture: .corner))
    }

    /// Each side is legal alone, but not its device pixels: refused before X is reached
    /// (no display is needed to be told).
    func testAWindowLargerThanX11AndCairoAllowIsAUsageError() throws {
        let result = try SandboxProcess.run(["--size", "16384x64", "--scale", "2"], environment: ["DISPLAY": nil])
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(result.terminatedBySignal)
        XCTAssertEqual(result.standardError, "touch-sandbox: --size 16384x64 at --scale 2 is 32768x128 device pixels; X11 and Cairo allow at most 32767 per side (see touch-sandbox --help)\n")
        XCTAssertEqual(result.standardOutput, "")
        let fractional = try SandboxProcess.run(["--size", "64x13000", "--scale", "2.6"], environment: ["DISPLAY": nil])
        XCTAssertEqual(fractional.status, 2)
        XCTAssertEqual(fractional.standardError, "touch-sandbox: --size 64x13000 at --scale 2.6 is 166x33800 device pixels; X11 and Cairo allow at most 32767 per side (see touch-sandbox --help)\n")
    }

    /// A negative number after an option is its value, not an option: the error names it.
    func testANegativeSizeOrScaleIsNamed() throws {
        let cases: [([String], String)] = [
            (["--size", "-5x10"], "touch-sandbox: --size: width and height must be positive, got -5x10 (see touch-sandbox --help)\n"),
            (["--size=-5x10"], "touch-sandbox: --size: width and height must be positive, got -5x10 (see touch-sandbox --help)\n"),
            (["--size", "10x-5"], "touch-sandbox: --size: width and height must be positive, got 10x-5 (see touch-sandbox --help)\n"),
            (["--size", "10x10"], "touch-sandbox: --size: width and height must be 64 to 16384 points, got 10x10 (see touch-sandbox --help)\n"),
            (["--scale", "-1"], "touch-sandbox: --scale must be between 1 and 4, got -1.0 (see touch-sandbox --help)\n"),
            (["--scale", "-.5"], "touch-sandbox: --scale must be between 1 and 4, got -0.5 (see touch-sandbox --help)\n"),
            (["--size", "-x"], "touch-sandbox: Missing value for '--size <WxH>' (see touch-sandbox --help)\n"),
        ]
        for (arguments, message) in cases {
            let result = try SandboxProcess.run(arguments, environment: ["DISPLAY": nil])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError, message, "\(arguments)")
        }
    }

    /// A screenshot path that cannot be written is one usage line before X is reached
    /// (no display is set: reaching X would be a different error), and leaves no file.
    func testAnUnwritableScreenshotPathIsRefusedBeforeConnecting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("screenshot-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("file").path
        try Data("x".utf8).write(to: URL(fileURLWithPath: file))
        // /proc takes no new files from anyone; which reason the kernel gives depends on
        // the user and the kernel, so the expected words are the system's own for it.
        let procReason = Self.systemReasonForCreating("/proc/x.png")
        let cases: [(String, String)] = [
            (folder.path, "cannot write the screenshot \(folder.path): it is a folder; name a .png file in it"),
            ("", "--screenshot needs a file path, got an empty one"),
            ("/proc/x.png", "cannot write the screenshot /proc/x.png: \(procReason)"),
            ("\(file)/x.png", "cannot write the screenshot \(file)/x.png: \(file) is a file, not a folder"),
        ]
        for (path, message) in cases {
            let result = try SandboxProcess.run(["--screenshot", path], environment: ["DISPLAY": nil])
            XCTAssertEqual(result.status, 2, path)
            XCTAssertEqual(result.standardError, "touch-sandbox: \(message) (see touch-sandbox --help)\n", path)
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["file"], "the check left nothing behind")
        // A writable path passes the check and meets the next problem: a display that
        // cannot be opened.
        let fine = try SandboxProcess.run(["--display", ":987", "--screenshot", folder.appendingPathComponent("shot.png").path])
        XCTAssertEqual(fine.status, 2)
        XCTAssertTrue(fine.standardError.hasPrefix("touch-sandbox: cannot open the X display :987"), fine.standardError)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["file"], "the check left nothing behind")
    }

    /// With no display at all, a screenshot is taken in a private X server.
    func testWithoutADisplayAScreenshotIsTakenInAPrivateServer() throws {
        CairoDrawingEngine.install()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("private-shot-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let shot = folder.appendingPathComponent("shot.png")
        let result = try SandboxProcess.run(["--screenshot", shot.path, "--size", "640x480"], environment: ["DISPLAY": nil], in: folder)
        XCTAssertEqual(result.status, 0, result.standardError)
        let image = try XCTUnwrap(UIImage(contentsOfFile: shot.path))
        XCTAssertEqual(image.size, CGSize(width: 640, height: 480))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["shot.png"])
    }

    /// Recording and replay arguments that cannot work are one line and status 2 before
    /// X is reached; a replay file is checked whole first.
    func testBadRecordingAndReplayArgumentsAreOneLineBeforeConnecting() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let bad = folder.appendingPathComponent("bad.touches")
        try Data("""
            {"format":"touch-recording","version":1,"size":[640,480],"app":"test"}
            {"t":0.1,"batch":1,"device":1,"touch":1,"phase":"down","x":1,"y":2}

            """.utf8).write(to: bad)
        let taps = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("assets/tours/taps.touches").path
        let future = folder.appendingPathComponent("future.touches")
        try Data(#"{"format":"touch-recording","version":9,"size":[640,480],"app":"test"}"#.utf8).write(to: future)
        let cases: [([String], String)] = [
            (["--record", folder.path], "touch-sandbox: cannot write the recording \(folder.path): it is a folder; name a .touches file in it (see touch-sandbox --help)\n"),
            (["--display", ":987", "--speed", "2"], "touch-sandbox: --speed sets the replay's speed; give --replay FILE or --headless too (see touch-sandbox --help)\n"),
            (["--display", ":987", "--output", folder.path], "touch-sandbox: --output is where a headless or --at run writes; give --headless or --at too (see touch-sandbox --help)\n"),
            (["--at", "1"], "touch-sandbox: --at is an instant of a recording; give --replay FILE too (see touch-sandbox --help)\n"),
            (["--until", "3"], "touch-sandbox: --until ends a stretch that starts at --at; give --at too (see touch-sandbox --help)\n"),
            (["--replay", taps, "--at", "-1"], "touch-sandbox: --at takes seconds from the recording's start, 0 or more, got -1.0 (see touch-sandbox --help)\n"),
            (["--replay", taps, "--at", "2", "--until", "1"], "touch-sandbox: --until must be later than --at (2.0 s), got 1.0 (see touch-sandbox --help)\n"),
            (["--replay", taps, "--at", "2", "--headless"],
             "touch-sandbox: --at writes its pictures and exits; give it without --headless, --screenshot, --record and --kiosk (see touch-sandbox --help)\n"),
            (["--replay", bad.path, "--speed", "0"], "touch-sandbox: --speed must be from 0.1 to 100 (2 plays twice as fast), got 0.0 (see touch-sandbox --help)\n"),
            (["--replay", bad.path], "touch-sandbox: --replay: \(bad.path):2: \"phase\" is \"down\"; use began, moved, ended or cancelled\n"),
            (["--replay", future.path], "touch-sandbox: --replay: \(future.path):1: version 9 is not understood; this build reads version 1\n"),
            (["--replay", folder.appendingPathComponent("none.touches").path],
             "touch-sandbox: --replay: \(folder.path)/none.touches: cannot be read: there is no such file; give a recording made with --record\n"),
        ]
        for (arguments, message) in cases {
            let result = try SandboxProcess.run(arguments, environment: ["DISPLAY": nil])
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.standardError, message, "\(arguments)")
        }
    }

    /// With no display at all, the README's run command runs the default scene's tour in
    /// a private X server and says in one line what it wrote and how to get a window.
    func testWithoutADisplayTheDefaultTourRunsHeadlessAndSaysHowToGetAWindow() throws {
        CairoDrawingEngine.install()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("headless-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try SandboxProcess.run([], environment: ["DISPLAY": nil], in: folder, timeout: 60)
        XCTAssertEqual(result.status, 0, result.standardError)
        let line = try XCTUnwrap(result.standardError.split(separator: "\n").last.map(String.init))
        XCTAssertTrue(line.hasPrefix("touch-sandbox: no X display, so ran the touch-spots tour headless ("), line)
        XCTAssertTrue(line.hasSuffix(" frames): wrote touch-sandbox-touch-spots.webp, touch-sandbox-touch-spots-contact.png and touch-sandbox-touch-spots-trace.txt; for a window, run it in a desktop session or pass --display"), line)
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)),
                       ["touch-sandbox-touch-spots.webp", "touch-sandbox-touch-spots-contact.png", "touch-sandbox-touch-spots-trace.txt"])
        let frames = try XCTUnwrap(Int(line.components(separatedBy: " s, ").last?.components(separatedBy: " frames").first ?? ""))
        let animation = try XCTUnwrap(DecodedAnimation(webP: try Data(contentsOf: folder.appendingPathComponent("touch-sandbox-touch-spots.webp"))))
        XCTAssertEqual([animation.width, animation.height], [1024, 768])
        XCTAssertEqual(animation.frames.count, frames, "every captured frame is in the animation")
        let sheet = try XCTUnwrap(UIImage(contentsOfFile: folder.appendingPathComponent("touch-sandbox-touch-spots-contact.png").path))
        // Two columns of frames at 0.625 of the 1024-point window.
        XCTAssertEqual(sheet.size.width, 12 + 2 * (640 + 12))
    }

    /// 50,000 bad words printed 50,001 lines (7 MB) before the program started.
    func testThousandsOfBadLogLevelWordsAreOneLine() throws {
        let words = Array(repeating: "loud", count: 20_000).joined(separator: ",")
        let result = try SandboxProcess.run(["--display", ":987"], environment: ["TOUCH_LOG_LEVEL": words, "DISPLAY": nil])
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, result.standardError.prefix(500) + "…")
        XCTAssertTrue(lines[0].hasSuffix("logging: TOUCH_LOG_LEVEL: 'loud' is not a level (trace, debug, info, notice, warning, error, critical); 'loud' ignored; 19999 more words not understood, ignored too"), String(lines[0]))
        XCTAssertTrue(lines[1].hasPrefix("touch-sandbox: cannot open the X display :987"), String(lines[1]))
    }

    func testAnUnreachableDisplayIsOneLine() throws {
        let result = try SandboxProcess.run(["--display", ":987"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1)
        XCTAssertTrue(result.standardError.hasPrefix("touch-sandbox: cannot open the X display :987:"))
    }

    /// The system's words (strerror) for why creating `path` fails, or "created" if it
    /// did not fail (the file is then removed).
    private static func systemReasonForCreating(_ path: String) -> String {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        guard descriptor < 0 else {
            close(descriptor)
            unlink(path)
            return "created"
        }
        return String(cString: strerror(errno))
    }
}
