import AnimatedImage
import CairoRenderer
import FileSafety
import Foundation
import HeadlessXorg
import SandboxDebugging
import TouchRecording
import UIKit
import X11Host

/// The sandbox without a display (`--headless`, or no X display at all): a private Xorg
/// with a virtual touchscreen (the dummy video driver and `inputtest`, as the tests
/// use) shows the scene; its tour is played into the touchscreen with the original
/// timing, so the app receives real XI2 events; and the run leaves three files beside
/// each other:
///
/// - `touch-sandbox-SCENE.webp`: the window as an animated WebP, at most 25 frames a
///   second, each frame shown until the window changed;
/// - `touch-sandbox-SCENE-contact.png`: up to eight frames of it, chosen by change, in
///   two columns at 0.625 of the window's size, with times;
/// - `touch-sandbox-SCENE-trace.txt`: the gesture trace of the run.
///
/// It says in one line what it wrote, and exits 0. Each file is written whole under a
/// temporary name and then renamed (`OutputFile`), so a full disk leaves no part of one;
/// that the folder takes the files is checked before the tour plays
/// (`problemWithOutputs(of:)`), not found out at its end. SIGINT or SIGTERM cancels the
/// tour (`InputTestReplay.cancel()`), lifting its fingers, before the program ends.
@MainActor
final class HeadlessRun {
    struct Plan {
        var sceneType: any Scene.Type
        var tour: TouchRecording
        var speed: Double
        var scale: CGFloat
        var overlays: Set<DebugTool>
        var outputFolder: URL
        /// Why the run is headless, for its closing line ("no X display").
        var reason: String?
    }

    /// The longest gap between two frames of the animation, in seconds: 25 frames a
    /// second is smooth enough for a UI and keeps the files small.
    static let frameInterval: TimeInterval = 0.04
    /// How long the run goes on after the tour's last event, for animations to finish.
    static let settleTime: TimeInterval = 0.8

    private let plan: Plan
    private let server: HeadlessXorg
    private var writer: AnimatedWebPWriter?
    private var sheet: ContactSheet
    private var startTime: TimeInterval?
    private var lastFrameTime = -TimeInterval.infinity
    private var frameCount = 0
    /// Whether a skipped frame waits to be taken when the interval is up.
    private var catchUpPending = false
    private var replay: InputTestReplay?

    private init(plan: Plan, server: HeadlessXorg) {
        self.plan = plan
        self.server = server
        sheet = ContactSheet()
    }

    /// The three files a run of `sceneName` writes in `folder`.
    static func outputs(of sceneName: String, in folder: URL) -> (animation: URL, contact: URL, trace: URL) {
        let name = "touch-sandbox-\(sceneName)"
        return (folder.appendingPathComponent("\(name).webp"), folder.appendingPathComponent("\(name)-contact.png"),
                folder.appendingPathComponent("\(name)-trace.txt"))
    }

    /// Why the run's files cannot be written, in one line, or nil when each of them can.
    static func problemWithOutputs(of plan: Plan) -> String? {
        let files = outputs(of: plan.sceneType.name, in: plan.outputFolder)
        for file in [files.animation, files.contact, files.trace] {
            do throws(FileError) {
                try OutputFile.checkWritable(file.path)
            } catch {
                return "\(error)"
            }
        }
        return nil
    }

    /// Starts the server, runs the sandbox on it and never returns; the plan's window
    /// size and scale are ones the sandbox can open (`WindowSize.problem(width:height:scale:)`).
    static func run(_ plan: Plan) -> Never {
        let size = plan.tour.header.size
        let server = PrivateDisplay.start(width: Int((size.width * plan.scale).rounded()),
                                          height: Int((size.height * plan.scale).rounded()))
        let run = HeadlessRun(plan: plan, server: server)
        GestureTrace.isEnabled = true
        GestureTrace.echoesToStandardError = false
        GestureTrace.retainedEntryLimit = 100_000
        let options = X11Host.Options(display: server.display, size: size, scale: plan.scale,
                                      title: SandboxApp.title(for: plan.sceneType))
        let sandbox = SandboxApp(sceneType: plan.sceneType)
        sandbox.showOnly(overlays: plan.overlays)
        UIApplicationMain(options: options, delegate: SandboxAppDelegate(sceneType: plan.sceneType)) { host, window in
            sandbox.decorate(host, showing: window)
            host.addFrameStage(FrameListener { report, host in run.framePresented(at: report.presented, by: host) })
        }
    }

    // MARK: - Frames

    private func framePresented(at time: TimeInterval, by host: X11Host) {
        if startTime == nil {
            // The window shows its first frame: the tour starts.
            startTime = time
            startTour(on: host)
        }
        capture(host, at: time - startTime!)
    }

    /// Adds the window as it is now to the animation and the sheet, at most once per
    /// `frameInterval`: a frame presented sooner is taken when the interval is up (the
    /// window then shows it, or a later one), so the last state before a pause is
    /// never lost.
    private func capture(_ host: X11Host, at time: TimeInterval, force: Bool = false) {
        guard force || time - lastFrameTime >= Self.frameInterval else {
            guard !catchUpPending else { return }
            catchUpPending = true
            UIApplication.shared.scheduleInHostTime(afterDelay: lastFrameTime + Self.frameInterval - time) { [weak self, weak host] in
                guard let self, let host, let start = startTime else { return }
                catchUpPending = false
                capture(host, at: UIApplication.shared.clock.now - start, force: true)
            }
            return
        }
        let frame = host.currentFrame
        do {
            if writer == nil {
                writer = try AnimatedWebPWriter(width: frame.pixelWidth, height: frame.pixelHeight)
            }
            try writer?.add(frame, at: max(time, lastFrameTime + 0.001))
        } catch {
            HeadlessRun.fail("cannot make the animation: \(error)")
        }
        lastFrameTime = max(time, lastFrameTime + 0.001)
        frameCount += 1
        sheet.framePresented(at: time) { frame.makeImage() }
    }

    // MARK: - The tour

    private func startTour(on host: X11Host) {
        let replay = InputTestReplay(recording: plan.tour, into: server.touchscreen, scale: plan.scale, speed: plan.speed)
        self.replay = replay
        X11Host.addTerminationHandler { _ in replay.cancel() }
        replay.start(onKey: { [weak host] key in host?.injectKey(KeyInput(keysym: key.keysym, text: key.text), origin: .replay) }) { [weak self, weak host] in
            guard let self, let host else { return }
            UIApplication.shared.scheduleInHostTime(afterDelay: Self.settleTime) { [weak self, weak host] in
                guard let self, let host else { return }
                finish(host)
            }
        }
    }

    private func finish(_ host: X11Host) {
        let time = UIApplication.shared.clock.now - (startTime ?? UIApplication.shared.clock.now)
        capture(host, at: time, force: true)
        let (animation, contact, trace) = Self.outputs(of: plan.sceneType.name, in: plan.outputFolder)
        var storedFrames = 0
        do {
            if let data = try writer?.finish(lastFrameDuration: Self.frameInterval) {
                // As stored: frames that changed nothing are merged into the one before.
                storedFrames = DecodedAnimation.frameCount(of: data) ?? frameCount
                try OutputFile.write(data, to: animation.path)
            }
            try sheet.write(to: contact, title: "\(plan.sceneType.name): \(plan.sceneType.caption)")
            let lines = GestureTrace.lines.isEmpty
                ? ["(no gesture recognizer took part: this scene's views handle their touches themselves)"] : GestureTrace.lines
            try OutputFile.write(Data((lines.joined(separator: "\n") + "\n").utf8), to: trace.path)
        } catch {
            HeadlessRun.fail("\(error)")
        }
        var line = (plan.reason.map { "\($0), so " } ?? "") + "ran the \(plan.sceneType.name) tour headless"
        line += String(format: " (%.1f s, %d frames): wrote %@, %@ and %@", time, storedFrames,
                       Self.shown(animation), Self.shown(contact), Self.shown(trace))
        if let lifted = replay?.liftedAtEnd, lifted > 0 { line += "; the tour left \(lifted) finger(s) down, lifted at its end" }
        if plan.reason != nil { line += "; for a window, run it in a desktop session or pass --display" }
        StandardError.writeLine("touch-sandbox: \(line)")
        exit(0)
    }

    /// A path as the person gave it: relative to the current folder when inside it.
    private static func shown(_ url: URL) -> String {
        let current = FileManager.default.currentDirectoryPath + "/"
        return url.path.hasPrefix(current) ? String(url.path.dropFirst(current.count)) : url.path
    }

    private static func fail(_ message: String) -> Never {
        StandardError.writeLine("touch-sandbox: \(message)")
        exit(2)
    }
}
