import ArgumentParser
import CairoRenderer
import FileSafety
import Foundation
import TouchRecording
import UIKit
import X11Host

/// The program's entry: parses the command line and runs the sandbox.
///
/// Usage errors print one line with a pointer to `--help` and exit with status 2 (not
/// swift-argument-parser's default 64 and a page of usage); `--help` prints the help
/// and exits 0.
@MainActor
public enum SandboxMain {
    public static func main(_ arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Never {
        WriteSignals.ignore()
        let command: SandboxCommand
        do {
            command = try SandboxCommand.parse(SandboxCommand.joiningNegativeValues(arguments))
        } catch {
            let status = SandboxCommand.exitCode(for: error)
            if status == .success {
                print(SandboxCommand.fullMessage(for: error))
                exit(0)
            }
            fail(SandboxCommand.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments")
        }
        run(command)
    }

    static func run(_ command: SandboxCommand) -> Never {
        var command = command
        if let action = command.showTouches {
            ShowTouchesRun.run(action, display: command.display, appearance: command.spotAppearance)
        }
        if command.restoreTouchMapping {
            do {
                note(try TouchscreenMapping.restoreLeftovers(display: command.display))
                exit(0)
            } catch {
                StandardError.writeLine("touch-sandbox: \(error)")
                exit(error.exitStatus)
            }
        }
        if command.listScenes {
            let width = SceneCatalog.names.map(\.count).max() ?? 0
            for scene in SceneCatalog.all {
                print(scene.name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + scene.caption)
            }
            exit(0)
        }
        // A replay is read, and checked whole, before any window opens.
        var replay: TouchRecording?
        if let path = command.replay {
            do {
                let result = try TouchRecordingReader.read(contentsOf: URL(fileURLWithPath: path))
                if let truncation = result.truncation { note(truncation) }
                replay = result.recording
            } catch {
                fail("--replay: \(error)", usage: false)
            }
        }
        var sceneType = SceneCatalog.defaultScene
        if command.scene == nil, let recorded = replay?.header.scene, let named = SceneCatalog.scene(named: recorded) {
            sceneType = named
        }
        if let name = command.scene {
            guard let named = SceneCatalog.scene(named: name) else {
                fail("unknown scene '\(name)'; valid scenes: \(SceneCatalog.names.joined(separator: ", "))")
            }
            sceneType = named
        }
        if let at = command.at, let recording = replay {
            runInstant(command, sceneType: sceneType, recording: recording, at: at)
        }
        let hasDisplay = command.hasDisplay
        if command.runsHeadless {
            runHeadless(command, sceneType: sceneType, replay: replay, reason: command.headless ? nil : "no X display")
        }
        // TOUCH_KIOSK makes any app a kiosk, the sandbox too: the kiosk --kiosk makes,
        // without the sandbox's chrome. Its words count with --kiosk too, under the
        // options given (the variable set for a systemd unit, an option tried by hand).
        let environmentKiosk: KioskConfiguration?
        do {
            environmentKiosk = try KioskConfiguration(environment: ProcessInfo.processInfo.environment)
        } catch {
            fail("\(error)", usage: false)
        }
        var kiosk: KioskConfiguration?
        if command.kiosk || environmentKiosk != nil {
            kiosk = command.kioskConfiguration(over: environmentKiosk)
            command.kiosk = true
        }
        var display = command.display
        if !hasDisplay {
            // A screenshot needs no one to look at a window: it is taken in a private server.
            display = PrivateDisplay.start(width: Int((Double(command.size.width) * command.scale).rounded()),
                                           height: Int((Double(command.size.height) * command.scale).rounded())).display
        }
        var options = X11Host.Options(
            display: display, size: CGSize(width: command.size.width, height: command.size.height),
            scale: CGFloat(command.scale), title: SandboxApp.title(for: sceneType), verbose: command.verbose,
            replay: replay, replaySpeed: command.speed)
        if command.traceGestures {
            GestureTrace.isEnabled = true
            GestureTrace.echoesToStandardError = true
        }
        let sandbox = SandboxApp(sceneType: sceneType)
        sandbox.showOnly(overlays: command.overlays.tools)
        if command.slowAnimations { sandbox.setSlowAnimations(true) }
        options.kiosk = kiosk
        UIApplicationMain(options: options, delegate: SandboxAppDelegate(sceneType: sceneType)) { host, window in
            if command.kiosk {
                sandbox.decorateKiosk(host, showing: window, overlays: !command.overlays.tools.isEmpty)
            } else {
                sandbox.decorate(host, showing: window)
            }
            if let path = command.screenshot {
                // The first frame presented, as a PNG, then the program ends (status 1,
                // with one line, when it cannot be written).
                host.addFrameStage(FrameListener { _, host in
                    do {
                        try host.currentFrame.writePNG(to: URL(fileURLWithPath: path))
                        exit(0)
                    } catch {
                        StandardError.writeLine("touch-sandbox: \(error)")
                        exit(1)
                    }
                })
            }
            if let path = command.record {
                do {
                    try sandbox.startRecording(to: URL(fileURLWithPath: path))
                } catch {
                    fail("--record: \(error)", usage: false)
                }
                note("recording every touch and key to \(path); it is closed when the sandbox ends")
            }
        }
    }

    /// `--at` (and `--until`): the pictures of the recording re-executed to an instant.
    private static func runInstant(_ command: SandboxCommand, sceneType: any Scene.Type, recording: TouchRecording,
                                   at: TimeInterval) -> Never {
        let size = recording.header.size
        if let problem = WindowSize.problem(width: size.width, height: size.height, scale: command.scale) {
            fail("--replay: its window of \(TouchRecordingFormat.number(size.width))x\(TouchRecordingFormat.number(size.height)) points cannot be drawn: \(problem)", usage: false)
        }
        let folder = URL(fileURLWithPath: command.output ?? FileManager.default.currentDirectoryPath)
        let plan = InstantPicture.Plan(recording: recording, sceneType: sceneType, at: at, until: command.until,
                                       overlays: command.overlays.tools, scale: CGFloat(command.scale), outputFolder: folder)
        if at > recording.duration {
            note(String(format: "--at %.3f s is past the recording's end (%.3f s): the app goes on without input from there", at, recording.duration))
        }
        do {
            note(try InstantPicture.write(plan))
            exit(0)
        } catch {
            fail("\(error)", usage: false)
        }
    }

    /// The headless run (`HeadlessRun`) of the scene's tour, or of `replay`.
    private static func runHeadless(_ command: SandboxCommand, sceneType: any Scene.Type, replay: TouchRecording?,
                                    reason: String?) -> Never {
        var tour = replay
        if tour == nil {
            guard let file = SceneTours.file(for: sceneType.name) else {
                fail("\(reason.map { "\($0), and " } ?? "")the \(sceneType.name) scene has no tour to play headless (assets/\(SceneTours.assetPath(for: sceneType.name))); give one with --replay FILE, or run with a display", usage: false)
            }
            do {
                let result = try TouchRecordingReader.read(contentsOf: file)
                if let truncation = result.truncation { note(truncation) }
                tour = result.recording
            } catch {
                fail("the \(sceneType.name) tour cannot be played: \(error)", usage: false)
            }
        }
        guard let tour else { fail("no tour to play", usage: false) }
        let size = tour.header.size
        if let problem = WindowSize.problem(width: size.width, height: size.height, scale: command.scale) {
            let source = replay != nil ? "--replay" : "the \(sceneType.name) tour"
            fail("\(source): its window of \(TouchRecordingFormat.number(size.width))x\(TouchRecordingFormat.number(size.height)) points cannot be shown headless: \(problem)", usage: false)
        }
        let folder = URL(fileURLWithPath: command.output ?? FileManager.default.currentDirectoryPath)
        let plan = HeadlessRun.Plan(sceneType: sceneType, tour: tour, speed: command.speed, scale: CGFloat(command.scale),
                                    overlays: command.overlays.tools, outputFolder: folder, reason: reason)
        // Before the tour plays, not after it: a folder that takes no files is said at once.
        if let problem = HeadlessRun.problemWithOutputs(of: plan) { fail(problem, usage: false) }
        HeadlessRun.run(plan)
    }

    /// A usage error (with a pointer to `--help`) or a bad file (without), exit status 2.
    private static func fail(_ message: String, usage: Bool = true) -> Never {
        StandardError.writeLine("touch-sandbox: \(message)\(usage ? " (see touch-sandbox --help)" : "")")
        exit(2)
    }

    private static func note(_ message: String) {
        StandardError.writeLine("touch-sandbox: \(message)")
    }
}
