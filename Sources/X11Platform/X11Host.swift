import CairoRenderer
import CX11
import Dispatch
import FileSafety
import Foundation
import UIKit

/// One X window fed by XInput2 touches and drawn by Cairo: the spine of the sandbox.
///
/// The host reads the X connection on the main queue (a dispatch source on its file
/// descriptor), so user code's `DispatchQueue.main.async`, main-actor tasks and
/// Foundation timers run exactly as in an app while `runForever()` runs the main run
/// loop. Each turn drains everything pending on the connection into one batch of
/// `TouchSample`s, collapses each finger's backlog of moves (`MoveCoalescer`) and hands
/// it through the input filters (`inputFilters`, in the order of their stage) to the
/// `client`, so input reported faster than it is drawn costs one dispatch and one frame
/// per turn instead of a growing queue. Frames are the `frameStages`, drawn in order,
/// offscreen, and copied to the window rectangle by rectangle, what is under the fingers
/// first, and only when something asked for it with `setNeedsDisplay` or
/// `setNeedsFrame` (or a window's layer tree has damage).
///
/// The host keeps no clock: its `runLoop` (`ApplicationRunLoop`) owns time. The host is
/// the run loop's input source, read first in each turn (`deliverPendingInput()`), and
/// its presenter, which draws the frame the turn decides on, at once, before the turn
/// goes on (`present(_:showingInput:)`); the run loop paces frames on a grid at the
/// display's refresh rate (`refreshInterval`, from RandR), its slots starting at the
/// display's vertical blanks where the X server's Present extension reports them
/// (`latestVblank()`, `PresentVblankClock`). So the process arms two
/// wake-ups: the connection's readiness, which runs a turn, and the run loop's timer.
/// A mark that must not wait for the app (a new finger's touch spot) is shown over the
/// frame on screen at once, as an echo (`presentEcho(in:_:)`), from the input step of
/// a turn, before UIKit has the touch. When nothing changes the process sleeps in the
/// kernel: no timer ticks.
///
/// One concern a file: this one opens, starts and closes the host and holds its state;
/// `X11Host+Input.swift` reads and translates the input; `X11Host+Presenting.swift`
/// draws and presents; a kiosk's placement is found before the window is made
/// (`KioskLaunch`).
@MainActor
public final class X11Host: RunLoopPresenter, RunLoopInputSource {
    /// What the platform needs to open the window: the display, the window's size, scale
    /// and title, logging, and a kiosk's placement. The tools an app runs with (the debug
    /// layer, a recording, a replay) are `X11Host.Options`'s, above the platform.
    public struct Configuration: Sendable {
        /// The display to open; `nil` means `$DISPLAY`.
        public var display: String?
        /// The window's size in points.
        public var size: CGSize
        /// Device pixels per point (HiDPI); samples reach the core in points.
        public var scale: CGFloat
        public var title: String
        /// Logs every device and every dropped event, and turns on the UIKit core's, the
        /// layer engine's and drawing's logs at `debug` (`UIKitDebug.enableVerboseLogging()`;
        /// levels chosen by `TOUCH_LOG_LEVEL` win).
        public var verbose: Bool
        /// Kiosk mode (`KioskConfiguration`); nil for a normal window. `UIApplicationMain`
        /// fills it from `TOUCH_KIOSK` when it is nil.
        public var kiosk: KioskConfiguration?

        public init(display: String? = nil, size: CGSize = CGSize(width: 1024, height: 768), scale: CGFloat = 1,
                    title: String = "Touch Sandbox", verbose: Bool = false, kiosk: KioskConfiguration? = nil) {
            self.display = display
            self.size = size
            self.scale = scale
            self.title = title
            self.verbose = verbose
            self.kiosk = kiosk
        }
    }

    public struct FrameReport: Sendable {
        /// When drawing started and when the copy to the window was flushed (monotonic s).
        public var started: TimeInterval
        public var presented: TimeInterval
        /// The frame's damaged rectangles in points, in the order they were drawn and
        /// sent (those holding the latest input first); empty means the whole window.
        public var dirtyRects: [CGRect]
    }

    public let connection: X11Connection
    public let window: X11Window
    public let configuration: Configuration
    /// The touch devices the server has now (updated on hierarchy changes).
    public internal(set) var touchDevices: [TouchDeviceInfo] = []
    /// Live touches that another client's grab still owns (a window manager or gesture
    /// daemon deciding): the app has them, and loses them as cancelled if that client
    /// accepts them (`XI2InputTranslator`).
    public var touchesPendingOwnership: Set<TouchSample.ID> { translator.touchesPendingOwnership }

    /// What the host runs: told of input that passed the filters, of resizes and of
    /// the window closing (without one, a close exits with status 0).
    public weak var client: (any X11HostClient)?
    /// Where the input being delivered now came from: the server, except while an
    /// injected batch or key (`injectInput(_:origin:)`) passes the filters and the client.
    public internal(set) var inputOrigin = InputOrigin.server
    /// The input filters, in the order they run: by stage, then in the order added.
    public private(set) var inputFilters: [any InputFilter] = []
    /// The frame's stages, bottom to top: by order, then in the order added.
    public private(set) var frameStages: [any FrameStage] = []
    /// What the window manager's close request (Alt+F4, a title bar's close button,
    /// `WM_DELETE_WINDOW`) does instead of closing the window, when set: a kiosk asks its
    /// Leave question (`KioskSession`), since a kiosk that ends with status 0 leaves a
    /// systemd unit's `Restart=on-failure` showing the desktop.
    public var onCloseRequest: (() -> Void)?
    /// Where the host's log lines go (stderr by default).
    public var log: (String) -> Void = { line in
        StandardError.writeLine("\(ProgramName.current): \(line)")
    }

    /// The run loop that owns the host's time: it runs a turn when input is ready,
    /// reads the input through the host, and has the host draw the frames it decides on.
    public let runLoop: ApplicationRunLoop
    /// Whether the host made its run loop (and stops it at `close()`).
    let ownsRunLoop: Bool
    var translator: XI2InputTranslator
    var scrollTranslator: XI2ScrollTranslator
    /// The wheel's and touchpad's scrolls read in this turn, handed on after its touches.
    var pendingScrolls: [ScrollSample] = []
    var frameBuffer: FrameBuffer
    var damage: DamageRegion
    /// Something outside the host has damage for `takeDamage` to give.
    var isFrameWanted = false
    /// The rectangles of the frame just drawn (empty: the whole window).
    var lastDirtyRects: [CGRect] = []
    /// Where the touches of the latest batch not yet drawn are (window points): the
    /// damage holding them is drawn and sent first.
    var undrawnInputLocations: [CGPoint] = []
    var readSource: DispatchSourceRead?
    /// Whether `close()` ran: the window is gone and no input comes.
    public private(set) var isClosed = false
    /// How the kiosk's monitor was chosen by touch, for `start()` to say.
    var monitorChoice: String?
    /// A kiosk's hold on the desktop's screensaver, ended at `close()`.
    var screenSaverInhibition: ScreenSaverInhibition?
    /// A kiosk's touchscreen mapping, undone at `close()` (`TouchscreenMapping`).
    var touchscreenMapping: TouchscreenMapping.Applied?
    var touchMappingTermination: TerminationHandlerToken?

    /// Adds an input filter at its stage's place in the chain.
    public func addInputFilter(_ filter: any InputFilter) {
        let index = inputFilters.firstIndex { $0.stage > filter.stage } ?? inputFilters.endIndex
        inputFilters.insert(filter, at: index)
    }

    public func removeInputFilter(_ filter: any InputFilter) {
        inputFilters.removeAll { $0 === filter }
    }

    /// Adds a frame stage at its order's place and redraws the window.
    public func addFrameStage(_ stage: any FrameStage) {
        let index = frameStages.firstIndex { $0.order > stage.order } ?? frameStages.endIndex
        frameStages.insert(stage, at: index)
        setNeedsDisplay()
    }

    public func removeFrameStage(_ stage: any FrameStage) {
        frameStages.removeAll { $0 === stage }
        setNeedsDisplay()
    }

    /// Opens the display and creates (but does not map) the window.
    ///
    /// A size whose device pixels (`size` × `scale`) are not finite or exceed
    /// `FrameBuffer.maximumPixelSide` a side throws `.invalidWindowSize` before the
    /// display is opened; a frame buffer Cairo cannot allocate throws
    /// `.cannotCreateFrameBuffer`.
    ///
    /// With `configuration.kiosk`, the window is a kiosk window (`X11Window.enterKiosk`) on
    /// the monitor `KioskScreen.placement(for:on:)` picks, and the host's size (and
    /// `configuration.size`) is that monitor's size in points (its pixels / `scale`), not
    /// `configuration.size`; the display is opened first to find it, and a monitor it does
    /// not have throws `.unknownMonitor`. With no monitor configured, the monitor is the
    /// one a touchscreen is already mapped to, if one is; when the touchscreens span
    /// several, the one a person touches (`KioskMonitorChoice`, `KioskMonitorChooser`:
    /// this blocks until someone does); else the primary.
    /// A touchscreen spanning several monitors is mapped to the kiosk's until `close()`
    /// (`TouchscreenMapping`), after a crashed kiosk's leftover mapping was restored;
    /// `start()` logs what was found and done in one line. A touchscreen enabled or
    /// plugged in while the kiosk runs is mapped by the same rule, and one the kiosk
    /// mapped that comes back with another matrix is mapped again (a logged line).
    ///
    /// The host reads its input in, and presents for, `runLoop` (an application
    /// runner's); without one it makes its own on the main queue.
    public init(configuration: Configuration, runLoop: ApplicationRunLoop? = nil) throws(X11HostError) {
        var configuration = configuration
        let kiosk = try configuration.kiosk.map { kiosk throws(X11HostError) in
            try KioskLaunch.open(kiosk, display: configuration.display, appName: configuration.title)
        }
        if let kiosk {
            configuration.size = kiosk.size(scale: configuration.scale)
            monitorChoice = kiosk.monitorChoice
        }
        self.configuration = configuration
        guard let pixels = FrameBuffer.pixelSize(forPointSize: configuration.size, scale: configuration.scale) else {
            kiosk?.connection.close()
            throw .invalidWindowSize(configuration.size, scale: configuration.scale)
        }
        do {
            frameBuffer = try FrameBuffer(validatingPointSize: configuration.size, scale: configuration.scale)
        } catch {
            kiosk?.connection.close()
            throw .cannotCreateFrameBuffer(error)
        }
        damage = DamageRegion(bounds: CGRect(origin: .zero, size: frameBuffer.pointSize), scale: configuration.scale)
        damage.addAll()
        let opened: X11Connection
        if let kiosk {
            opened = kiosk.connection
        } else {
            opened = try X11Connection(name: configuration.display)
        }
        connection = opened
        do {
            window = try X11Window(connection: opened, pixelWidth: pixels.width, pixelHeight: pixels.height,
                                   title: configuration.title)
        } catch {
            // No window (a screen without a visual it can draw in): nothing holds the
            // connection but this host, which fails.
            opened.close()
            throw error
        }
        if let placement = kiosk?.placement {
            // From here the kiosk holds what must be given back (the screensaver, the
            // touchscreen's matrix): a signal before `start()` must give them back too,
            // not end the process by its default action. The signal is acted on from the
            // main queue, so after this initializer has watched the host, below.
            TerminationSignals.installSources()
            window.enterKiosk(placement)
            let (inhibition, phrase) = ScreenSaverInhibition.inhibit(
                application: ProgramName.current, reason: "kiosk mode: a touch screen people walk up to")
            screenSaverInhibition = inhibition
            window.noteSessionScreenSaver(phrase)
        }
        translator = XI2InputTranslator(scale: configuration.scale, windowSize: configuration.size)
        scrollTranslator = XI2ScrollTranslator(scale: configuration.scale)
        // After everything that can throw: a host that failed made no run loop.
        ownsRunLoop = runLoop == nil
        self.runLoop = runLoop ?? ApplicationRunLoop(scheduler: DispatchRunLoopScheduler())
        touchDevices = TouchDeviceInfo.query(connection)
        scrollTranslator.learnDevices(on: connection)
        if let kiosk {
            // After everything that can throw: a host that failed to start must not
            // leave a touchscreen mapped.
            touchscreenMapping = TouchscreenMapping.apply(for: kiosk.placement.monitor, on: connection,
                                                          leftovers: kiosk.leftoverTouchMapping)
            // Signals close the hosts too; this covers a handler that exits first. Also
            // for a kiosk that mapped nothing yet: a touchscreen plugged in later may be.
            touchMappingTermination = X11Host.addTerminationHandler { [weak self] _ in
                self?.touchscreenMapping?.restore()
            }
        }
        // After a kiosk's mapping: a device's contact size is measured on the monitor
        // it is mapped to.
        translator.contactAxes = TouchContactAxes.of(touchDevices, on: connection, scale: configuration.scale)
        if kiosk != nil {
            TerminationSignals.watch(self)
        }
        if configuration.verbose {
            UIKitDebug.enableVerboseLogging()
            translator.log = { line in StandardError.writeLine("\(ProgramName.current): \(line)") }
        }
        // The frame grid steps at the refresh of the monitor the window is on (a kiosk's
        // monitor, else where the window's middle lies), 60 Hz when RandR does not say.
        let middle = kiosk?.middle ?? window.rootPoint(x: frameBuffer.pixelWidth / 2, y: frameBuffer.pixelHeight / 2)
        refreshInterval = DisplayRefreshRate.interval(at: middle, on: connection) ?? 1.0 / 60
        vblankClock = PresentVblankClock(displayName: connection.name, window: UInt32(window.id),
                                         refreshInterval: refreshInterval, now: MonotonicClock().now)
        self.runLoop.presenter = self
        self.runLoop.inputSource = self
    }

    /// How often the display the window is on refreshes, as the run loop's frame grid
    /// steps: from RandR, 1/60 s when it does not say (`DisplayRefreshRate`).
    public private(set) var refreshInterval: TimeInterval = 1.0 / 60
    /// Where the display's vertical blanks fall, when the server's Present extension
    /// (and libxcb-present) is there.
    var vblankClock: PresentVblankClock?
    /// The latest blank, on the media clock.
    var vblankMediaTime: TimeInterval?

    /// The window's size in points.
    public var size: CGSize { frameBuffer.pointSize }

    /// The frame most recently drawn (for screenshots and tests).
    public var currentFrame: FrameBuffer { frameBuffer }

    /// Logs the touch devices, maps the window and starts reading input on the main
    /// queue. From then on SIGTERM, SIGINT and SIGHUP end the process cleanly
    /// (`addTerminationHandler(_:)`).
    public func start() {
        TerminationSignals.watch(self)
        if let monitorChoice {
            log(monitorChoice)
        }
        if let kiosk = window.kiosk {
            log(kiosk.description)
        }
        if let line = touchscreenMapping?.logLine {
            log(line)
        }
        for device in touchDevices {
            log(device.description)
        }
        if touchDevices.isEmpty {
            log("no touch device found; the mouse acts as a finger (Ctrl: a second, mirrored finger)")
        }
        window.map()
        scheduleKioskPlacementCheck()
        let source = connection.makeReadSource { [weak self] in self?.runLoop.turn() }
        source.resume()
        readSource = source
        // Requests made before the source existed may have queued events already.
        runLoop.turn()
    }

    /// Starts and runs the main run loop until the window closes.
    public func runForever() -> Never {
        start()
        while true {
            _ = RunLoop.main.run(mode: .default, before: .distantFuture)
        }
    }

    // MARK: - Closing

    /// Cancels every live touch (handing the cancellations down the chain), destroys the
    /// window, puts back the touchscreen matrices a kiosk changed, and stops reading.
    /// The connection stays open for the caller to close.
    public func close() {
        guard !isClosed else { return }
        cancelLiveTouches()
        isClosed = true
        readSource?.cancel()
        readSource = nil
        if runLoop.presenter === self { runLoop.presenter = nil }
        if runLoop.inputSource === self { runLoop.inputSource = nil }
        if ownsRunLoop { runLoop.invalidate() }
        vblankClock = nil
        window.destroy()
        screenSaverInhibition?.end()
        screenSaverInhibition = nil
        touchscreenMapping?.restore()
        if let token = touchMappingTermination {
            X11Host.removeTerminationHandler(token)
            touchMappingTermination = nil
        }
    }

    /// Ends every live touch as cancelled, handing the cancellations down the chain.
    func cancelLiveTouches() {
        guard !isClosed else { return }
        let cancelled = translator.cancelAllTouches(timestamp: MonotonicClock().now)
        if !cancelled.isEmpty {
            deliver(cancelled)
        }
    }
}
