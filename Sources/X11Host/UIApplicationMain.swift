import CairoRenderer
import FileSafety
import Foundation
import SandboxDebugging
import TouchRecording
import UIKit

/// Runs a UIKit application in an X window, the counterpart of UIKit's
/// `UIApplicationMain`: sets up `UIScreen.main`, creates the delegate, sends it
/// `application(_:didFinishLaunchingWithOptions:)`, shows every visible window in one
/// X window (the screen) fed by XInput2, and runs the main run loop until that X window
/// closes.
///
///     @main
///     struct Main {
///         static func main() {
///             MainActor.assumeIsolated { UIApplicationMain(delegate: AppDelegate()) }
///         }
///     }
///
/// Swift cannot build an object from a class name, so the delegate is passed as an
/// expression, evaluated once at launch. `configure` runs once, when the first window
/// becomes visible, before the X window is shown (the sandbox adds its overlays and
/// keys there). Problems opening the display print one line and exit with status 2.
///
/// The debug layer (`DebugLayer`: touch spots, hit-test views, the recognizer HUD, slow
/// animations, screenshots…) comes on with `options.debugLayer` or, when that is nil,
/// with the `TOUCH_DEBUG` environment variable (`TOUCH_DEBUG=spots,hit-views`; see
/// `DebugLayerConfiguration`); a word it does not know prints one line and exits with
/// status 2. `TOUCH_RECORD` and `TOUCH_REPLAY` record the session or play a recording
/// on stage (`RecordingEnvironment`); a replay file that cannot be played is one line
/// and status 2, before the app starts. `TOUCH_KIOSK` (or `options.kiosk`) runs the app
/// as a kiosk (`KioskConfiguration`, `KioskSession`).
@MainActor
public func UIApplicationMain(options: X11Host.Options = X11Host.Options(),
                              delegate makeDelegate: @autoclosure () -> any UIApplicationDelegate,
                              configure: ((X11Host, UIWindow) -> Void)? = nil) -> Never {
    WriteSignals.ignore()
    var options = options
    if options.debugLayer == nil {
        do {
            options.debugLayer = try DebugLayerConfiguration(environment: ProcessInfo.processInfo.environment)
        } catch {
            StandardError.writeLine("\(ProgramName.current): \(error)")
            exit(2)
        }
    }
    do {
        if options.kiosk == nil {
            options.kiosk = try KioskConfiguration(environment: ProcessInfo.processInfo.environment)
        }
        if let note = try RecordingEnvironment.apply(ProcessInfo.processInfo.environment, to: &options) {
            StandardError.writeLine("\(ProgramName.current): \(note)")
        }
    } catch {
        StandardError.writeLine("\(ProgramName.current): \(error)")
        exit(2)
    }
    let runner = X11ApplicationRunner(options: options)
    runner.configureHost = configure
    runner.launch(delegate: makeDelegate())
    runner.runForever()
}

/// The glue between `UIApplication` and the X server: one `X11Host`, the screen, shows
/// every visible `UIWindow` at its frame, stacked by `UIWindow.Level` (each window a
/// frame stage of the host, drawn where its layer tree reports damage); each input
/// batch, in screen points, goes to UIKit's run loop (`ApplicationRunLoop.handle(_:)`),
/// which gives each finger to the frontmost window that wants it.
///
/// The X window is the screen: it takes the size of `options.size`, or of the first
/// window shown when that window has a size of its own; a window shown with no size
/// gets the screen's bounds, and windows as large as the screen follow it when the X
/// window is resized. Hiding every window leaves the X window open and empty; closing
/// the X window ends the program.
@MainActor
public final class X11ApplicationRunner: X11HostClient {
    public let options: X11Host.Options
    /// Runs once, when the first window becomes visible, before the X window maps.
    public var configureHost: ((X11Host, UIWindow) -> Void)?
    /// The X window showing the screen, once a window has become visible.
    public private(set) var host: X11Host?
    /// The debug layer, when `options.debugLayer` asked for one: shown over the first
    /// window that becomes visible.
    public private(set) var debugLayer: DebugLayer?
    private var debugHosting: DebugLayerHosting?
    /// The recording in progress, when `options.recordingURL` asked for one.
    public private(set) var recording: TouchRecordingFilter?
    /// The replay on stage, when `options.replay` asked for one.
    public private(set) var stageReplay: StageReplay?
    /// The kiosk's exit gesture, key guard and idle timer, in kiosk mode.
    public private(set) var kioskSession: KioskSession?
    /// The kiosk's attract tour (`KioskConfiguration.attractTour`), read at launch.
    private var attractTour: TouchRecording?
    /// Each visible window's frame stage, by window.
    private var stages: [ObjectIdentifier: WindowFrameStage] = [:]

    /// The X windows: the screen's, once a window has become visible.
    public var hosts: [X11Host] { host.map { [$0] } ?? [] }
    private var observation: WindowObservation?
    /// The order of each turn (input, timers, the frame decision, animation tick,
    /// layout, present, next wake) is UIKit's; the host reads the input and presents
    /// for it, and the main queue backs its one timer.
    public let runLoop = ApplicationRunLoop(scheduler: DispatchRunLoopScheduler())
    private let renderer = LayerRenderer()

    public init(options: X11Host.Options) {
        self.options = options
        UIScreen.main.bounds = CGRect(origin: .zero, size: options.size)
        UIScreen.main.scale = options.scale
        observation = UIApplication.shared.addWindowObserver { [weak self] window, change in
            guard let self else { return }
            switch change {
            case .didBecomeVisible:
                show(window)
            case .didBecomeHidden:
                hide(window)
            case .didBecomeKey, .didResignKey:
                break
            }
        }
    }

    /// Launches the delegate; windows it makes visible are shown at once.
    public func launch(delegate: @autoclosure () -> any UIApplicationDelegate) {
        // A kiosk's tour is read before anything shows: a bad one is one line at start,
        // not after a person answered "touch this screen".
        if let url = options.kiosk?.attractTour {
            do {
                attractTour = try KioskAttractLoop.load(url)
            } catch {
                fail("\(error)", status: error.exitStatus)
            }
        }
        UIApplication.shared.launch(delegate: delegate())
        guard !stages.isEmpty else {
            fail("the application delegate made no window key and visible; call makeKeyAndVisible() in application(_:didFinishLaunchingWithOptions:)", status: 1)
        }
        runLoop.turn()
    }

    /// Stops showing windows: closes the X window (cancelling live touches), hides the
    /// UIKit windows and stops observing the application. For tests and embedders that
    /// run several applications in one process, one after another.
    public func shutdown() {
        if let observation { UIApplication.shared.removeWindowObserver(observation) }
        observation = nil
        runLoop.invalidate()
        // The replay's fingers are cancelled while the host still takes input, and the
        // recording closes after the host cancelled the live touches, so it holds them.
        stageReplay?.stop()
        stageReplay = nil
        kioskSession?.attractLoop?.end()
        defer {
            recording?.stop()
            recording = nil
        }
        if let host { debugHosting?.remove(from: host) }
        debugHosting = nil
        debugLayer = nil
        let closing = stages.values.map(\.window)
        stages.removeAll()
        host?.close()
        host = nil
        for window in closing {
            window.layer.stopTrackingDamage()
            window.isHidden = true
        }
    }

    public func runForever() -> Never {
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    /// The X window showing `window`, if it is visible.
    public func host(for window: UIWindow) -> X11Host? {
        stages[ObjectIdentifier(window)] == nil ? nil : host
    }

    // MARK: - Windows

    private func show(_ window: UIWindow) {
        guard stages[ObjectIdentifier(window)] == nil else { return }
        let screen: X11Host
        var isNew = false
        if let host {
            screen = host
        } else {
            var hostOptions = options
            // A kiosk's monitor decides the screen's size, not the first window.
            if options.kiosk == nil, window.bounds.width > 0 && window.bounds.height > 0 {
                hostOptions.size = window.bounds.size
                UIScreen.main.bounds = CGRect(origin: .zero, size: hostOptions.size)
            }
            do {
                screen = try X11Host(options: hostOptions, runLoop: runLoop)
            } catch {
                fail("\(error)", status: error.exitStatus)
            }
            screen.client = self
            host = screen
            isNew = true
            if options.kiosk != nil {
                UIScreen.main.bounds = CGRect(origin: .zero, size: screen.size)
                window.frame = UIScreen.main.bounds
            }
        }
        let screenBounds = CGRect(origin: .zero, size: screen.currentFrame.pointSize)
        if window.bounds.width <= 0 || window.bounds.height <= 0 { window.frame = screenBounds }
        // Only what changed is redrawn: the window's layer tree reports its damage
        // (`DamageTracker`) in screen points, which its stage gives at each frame.
        let tracker = window.layer.startTrackingDamage(bounds: screenBounds, scale: options.scale)
        // A change made outside a turn (a main-queue block, a task) asks for one,
        // which presents it.
        tracker.onDamage = { [weak self] in self?.runLoop.setNeedsPresent() }
        let stage = WindowFrameStage(window: window, renderer: renderer)
        stages[ObjectIdentifier(window)] = stage
        screen.addFrameStage(stage)
        if isNew {
            configureHost?(screen, window)
            screen.start()
            if let configuration = options.debugLayer {
                let layer = DebugLayer(configuration: configuration)
                debugLayer = layer
                debugHosting = DebugLayerHosting(layer, in: screen, over: window)
                // The timeline makes the app anew by launching its delegate again.
                layer.timelineRelaunch = { application, _ in
                    _ = application.delegate?.application(application, didFinishLaunchingWithOptions: nil)
                    if let window = application.keyWindow, !window.isSystemWindow { return window }
                    return application.windows.last { !$0.isHidden } ?? UIWindow(frame: UIScreen.main.bounds)
                }
            }
            startRecordingAndReplay(on: screen)
            if let kiosk = options.kiosk {
                let session = KioskSession(configuration: kiosk, screenSize: screen.size)
                session.onExit = { [weak self] in
                    self?.log("kiosk: left by the exit gesture")
                    exit(0)
                }
                session.attach(to: screen)
                if let attractTour {
                    session.playWhileIdle(attractTour)
                }
                kioskSession = session
            }
        }
    }

    private func startRecordingAndReplay(on screen: X11Host) {
        if let url = options.recordingURL {
            do {
                let filter = try screen.startRecording(to: url)
                recording = filter
                debugHosting?.adopt(filter)
            } catch {
                fail("\(error)", status: 2)
            }
            log("recording the input to \(url.path); it is written as you go and closed when the program ends")
        }
        if let layer = debugLayer, layer.isTimelineAsked {
            // TOUCH_DEBUG=timeline: with TOUCH_REPLAY, the file opened to scrub (not played);
            // without, the chooser of the folder's recordings.
            if let recorded = options.replay {
                layer.openTimeline(recorded, name: recorded.header.scene ?? recorded.header.app)
            } else {
                layer.set(.timeline, on: true)
            }
        } else if let recorded = options.replay {
            let replay = StageReplay(recording: recorded, host: screen, speed: options.replaySpeed)
            replay.onFinish = { [weak self] replay in
                self?.log(replay.replay.summary)
            }
            stageReplay = replay
            replay.start()
        }
    }

    private func log(_ line: String) {
        StandardError.writeLine("\(ProgramName.current): \(line)")
    }

    private func hide(_ window: UIWindow) {
        guard let stage = stages.removeValue(forKey: ObjectIdentifier(window)) else { return }
        window.layer.stopTrackingDamage()
        // Removing the stage redraws the screen without it.
        host?.removeFrameStage(stage)
    }

    // MARK: - X11HostClient

    public func host(_ host: X11Host, didReceive batch: [TouchSample]) {
        runLoop.handle(batch)
    }

    public func host(_ host: X11Host, didReceive scroll: ScrollSample) {
        runLoop.handle(scroll)
    }

    public func host(_ host: X11Host, didResizeTo size: CGSize) {
        let old = UIScreen.main.bounds
        let screen = CGRect(origin: .zero, size: size)
        UIScreen.main.bounds = screen
        for stage in stages.values {
            if stage.window.frame == old { stage.window.frame = screen }
            stage.window.layer.startTrackingDamage(bounds: screen, scale: options.scale)
        }
        runLoop.turn()
    }

    /// The X window's own close ends the program.
    public func hostDidClose(_ host: X11Host) {
        guard host === self.host else { return }
        self.host = nil
        stages.removeAll()
        exit(0)
    }

    private func fail(_ message: String, status: Int32) -> Never {
        StandardError.writeLine("\(ProgramName.current): \(message)")
        exit(status)
    }
}
