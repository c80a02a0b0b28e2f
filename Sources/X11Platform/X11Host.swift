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
    public private(set) var touchDevices: [TouchDeviceInfo] = []
    /// Live touches that another client's grab still owns (a window manager or gesture
    /// daemon deciding): the app has them, and loses them as cancelled if that client
    /// accepts them (`XI2InputTranslator`).
    public var touchesPendingOwnership: Set<TouchSample.ID> { translator.touchesPendingOwnership }

    /// What the host runs: told of input that passed the filters, of resizes and of
    /// the window closing (without one, a close exits with status 0).
    public weak var client: (any X11HostClient)?
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
    private let ownsRunLoop: Bool
    private var translator: XI2InputTranslator
    private var scrollTranslator: XI2ScrollTranslator
    /// The wheel's and touchpad's scrolls read in this turn, handed on after its touches.
    private var pendingScrolls: [ScrollSample] = []
    private var frameBuffer: FrameBuffer
    private var damage: DamageRegion
    /// Something outside the host has damage for `takeDamage` to give.
    private var isFrameWanted = false
    /// The rectangles of the frame just drawn (empty: the whole window).
    private var lastDirtyRects: [CGRect] = []
    /// Where the touches of the latest batch not yet drawn are (window points): the
    /// damage holding them is drawn and sent first.
    private var undrawnInputLocations: [CGPoint] = []
    private var readSource: DispatchSourceRead?
    /// Whether `close()` ran: the window is gone and no input comes.
    public private(set) var isClosed = false
    /// How the kiosk's monitor was chosen by touch, for `start()` to say.
    private var monitorChoice: String?
    /// A kiosk's hold on the desktop's screensaver, ended at `close()`.
    private var screenSaverInhibition: ScreenSaverInhibition?
    /// A kiosk's touchscreen mapping, undone at `close()` (`TouchscreenMapping`).
    private var touchscreenMapping: TouchscreenMapping.Applied?
    private var touchMappingTermination: TerminationHandlerToken?

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
        var kioskConnection: (X11Connection, KioskScreenPlacement)?
        var leftoverTouchMapping: String?
        if let kiosk = configuration.kiosk {
            let connection = try X11Connection(name: configuration.display)
            do {
                // A crashed kiosk's matrices go back first, so the default monitor below
                // is read from the touchscreens as they were meant to be.
                leftoverTouchMapping = TouchscreenMapping.restoreLeftovers(on: connection)
                var kiosk = kiosk
                if kiosk.monitor == nil {
                    let monitors = KioskScreenMonitor.list(on: connection)
                    let choice = KioskMonitorChoice(
                        named: nil, mapped: TouchscreenMapping.mappedMonitor(on: connection, among: monitors),
                        spanned: TouchscreenMapping.spannedMonitors(on: connection, among: monitors))
                    kiosk.monitor = choice.monitorName
                    if case .ask(let offered) = choice {
                        // The person in front says which.
                        let chosen = try KioskMonitorChooser.choose(among: offered, on: connection, appName: configuration.title)
                        kiosk.monitor = chosen.monitor.name
                        monitorChoice = "kiosk: the touchscreen spans \(offered.map(\.name).joined(separator: ", ")); "
                            + "\(chosen.monitor.name) was \(chosen.byTouch ? "touched" : "clicked")"
                    }
                }
                let placement = try KioskScreen.placement(for: kiosk, on: connection)
                configuration.size = CGSize(width: CGFloat(placement.monitor.width) / configuration.scale,
                                      height: CGFloat(placement.monitor.height) / configuration.scale)
                kioskConnection = (connection, placement)
            } catch {
                connection.close()
                throw error
            }
        }
        self.configuration = configuration
        guard let pixels = FrameBuffer.pixelSize(forPointSize: configuration.size, scale: configuration.scale) else {
            kioskConnection?.0.close()
            throw .invalidWindowSize(configuration.size, scale: configuration.scale)
        }
        do {
            frameBuffer = try FrameBuffer(validatingPointSize: configuration.size, scale: configuration.scale)
        } catch {
            kioskConnection?.0.close()
            throw .cannotCreateFrameBuffer(error)
        }
        damage = DamageRegion(bounds: CGRect(origin: .zero, size: frameBuffer.pointSize), scale: configuration.scale)
        damage.addAll()
        if let (opened, _) = kioskConnection {
            connection = opened
        } else {
            connection = try X11Connection(name: configuration.display)
        }
        window = try X11Window(connection: connection, pixelWidth: pixels.width, pixelHeight: pixels.height,
                               title: configuration.title)
        if let placement = kioskConnection?.1 {
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
        if let placement = kioskConnection?.1 {
            // After everything that can throw: a host that failed to start must not
            // leave a touchscreen mapped.
            touchscreenMapping = TouchscreenMapping.apply(for: placement.monitor, on: connection,
                                                          leftovers: leftoverTouchMapping)
            // Signals close the hosts too; this covers a handler that exits first. Also
            // for a kiosk that mapped nothing yet: a touchscreen plugged in later may be.
            touchMappingTermination = X11Host.addTerminationHandler { [weak self] _ in
                self?.touchscreenMapping?.restore()
            }
        }
        // After a kiosk's mapping: a device's contact size is measured on the monitor
        // it is mapped to.
        translator.contactAxes = TouchContactAxes.of(touchDevices, on: connection, scale: configuration.scale)
        if kioskConnection != nil {
            TerminationSignals.watch(self)
        }
        if configuration.verbose {
            UIKitDebug.enableVerboseLogging()
            translator.log = { line in StandardError.writeLine("\(ProgramName.current): \(line)") }
        }
        // The frame grid steps at the refresh of the monitor the window is on (a kiosk's
        // monitor, else where the window's middle lies), 60 Hz when RandR does not say.
        let middle = kioskConnection.map { placement in
            (x: placement.1.monitor.x + placement.1.monitor.width / 2, y: placement.1.monitor.y + placement.1.monitor.height / 2)
        } ?? window.rootPoint(x: frameBuffer.pixelWidth / 2, y: frameBuffer.pixelHeight / 2)
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
    private var vblankClock: PresentVblankClock?
    /// The latest blank, on the media clock.
    private var vblankMediaTime: TimeInterval?

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
        let source = DispatchSource.makeReadSource(fileDescriptor: connection.fileDescriptor, queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.runLoop.turn() }
        }
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

    // MARK: - Drawing

    /// How far from a finger (points) the damage is drawn and sent first in a frame that
    /// shows input: a touch spot's 22-point radius with a little to spare.
    public static let fingertipReach: CGFloat = 24

    /// Asks for the whole window to be redrawn (in the current turn's frame, or in a
    /// turn asked for now).
    public func setNeedsDisplay() {
        damage.addAll()
        runLoop.setNeedsPresent()
    }

    /// Asks for a frame whose damage the frame stages give when it is drawn.
    public func setNeedsFrame() {
        isFrameWanted = true
        runLoop.setNeedsPresent()
    }

    /// Asks for a rectangle (in points) to be redrawn.
    public func setNeedsDisplay(_ rect: CGRect) {
        damage.add(rect)
        runLoop.setNeedsPresent()
    }

    /// An input echo: draws `draw` (in window points) once, straight over the frame on
    /// screen, clipped to `rects`, and sends those pixels to the window at once, ahead of
    /// the app's handling of the input and of the frame that follows it. A touch
    /// visualiser's mark for a finger that just landed so shows in the time the server
    /// takes to copy it, whatever the app then does with the touch and however long it
    /// takes (as a pointer's cursor shows apart from the app's frames).
    ///
    /// An echo can only add to the pixels on screen, never take back: it draws over
    /// the last frame, under nothing. So it suits a mark that the next frame draws too,
    /// topmost, in the same place (a new finger's spot), not one that moves (a moving
    /// finger's spot, whose old place only a frame can clear). Every pixel it touches
    /// joins the damage: the next frame redraws `rects` in full, the mark again over
    /// whatever is under it by then. Not a frame: no frame stage draws, and frame reports and the
    /// pacer do not count it.
    ///
    /// No echo is drawn while the whole window waits to be redrawn (a new size, an
    /// expose): the frame then is not what the screen shows, and the next frame, due
    /// at once, shows the mark.
    public func presentEcho(in rects: [CGRect], _ draw: (Canvas) -> Void) {
        guard !isClosed, !damage.coversBounds else { return }
        let sent = frameBuffer.draw(over: rects, draw)
        for rect in rects { damage.add(rect) }
        runLoop.setNeedsPresent()
        guard !sent.isEmpty else { return }
        window.present(frameBuffer, rects: sent)
        // Wait for the server to have copied it: woken by the request, the server is
        // often placed on this process's core, where it would wait for the app's
        // handling of the batch to finish before copying anything. (What Xlib reads
        // meanwhile is handled before the run loop sleeps: `hasInputAlreadyRead`.)
        XSync(connection.display, 0)
        // Then let what the server woke as it copied (a compositor, told of the new
        // pixels) run first: woken from this core, it waits here too, behind the app's
        // handling and frame, unless this thread steps back. Returns at once when
        // nothing waits. (BENCHMARKS.md, "An input echo": p99 about 1.2 ms without,
        // 0.7 ms with.)
        sched_yield()
    }

    // MARK: - RunLoopPresenter

    /// The frame grid's step (`refreshInterval`).
    public var framePacingInterval: TimeInterval? { refreshInterval }

    /// The latest vertical blank of the window's monitor the Present extension reported,
    /// on the media clock, or nil before the first answer or without Present. Reads the
    /// answers that came, never waiting (`PresentVblankClock`).
    public func latestVblank() -> TimeInterval? {
        guard !isClosed, let vblankClock else { return nil }
        let now = MonotonicClock().now
        if vblankClock.read(now: now), let latest = vblankClock.latest {
            // The UST is on CLOCK_MONOTONIC; the media clock may be another (a test's).
            vblankMediaTime = CACurrentMediaTime() - (now - latest.seconds)
        }
        return vblankMediaTime
    }

    /// Whether a frame would draw something: the host's damage, a stage that asked
    /// (`setNeedsFrame()`), or a window stage whose layer tree has damage.
    public var needsPresent: Bool {
        guard !isClosed else { return false }
        return !damage.isEmpty || isFrameWanted || frameStages.contains { $0.hasDamage }
    }

    /// Draws and presents a frame now if something changed (the run loop decided it may
    /// start; `windows` are drawn through their frame stages); returns whether it drew.
    @discardableResult
    public func present(_ windows: [UIWindow] = [], showingInput showsInput: Bool) -> Bool {
        guard needsPresent else { return false }
        let started = MonotonicClock().now
        isFrameWanted = false
        let input = undrawnInputLocations
        undrawnInputLocations = []
        let drawn: Bool = CAAnimationEngine.holdingTime {
            for stage in frameStages {
                for rect in stage.takeDamage(in: self) { damage.add(rect) }
            }
            guard !damage.isEmpty else { return false }
            // Empty: the whole window (the clip and the report say so).
            // What is under the fingers first, then what holds them, then the rest
            // (`DamageRegion.rectsInDrawingOrder(showingFirst:fingertipReach:)`).
            let rects = damage.coversBounds
                ? [] : damage.rectsInDrawingOrder(showingFirst: input, fingertipReach: Self.fingertipReach)
            damage = DamageRegion(bounds: damage.bounds, scale: damage.scale)
            let size = frameBuffer.pointSize
            // Each rectangle on its own, unclipped (`FrameBuffer.draw(eachOf:)`): the
            // stages draw once per rectangle and skip what lies outside it. Each is sent
            // to the server as soon as it is drawn, so the server copies one to the
            // screen while the next is drawn (the two run on different cores), and what
            // is drawn first shows without waiting for the rest of the frame.
            var sent = 0
            frameBuffer.draw(eachOf: rects, drawn: { rect in
                // A frame that shows input waits, before its second rectangle goes, for
                // the server to have handled the first (the fingertip): the server reads
                // on while a client has requests queued, and tells others of what it drew
                // (a compositor's or a watcher's damage events) only when it stops, so
                // the rest of the frame, sent behind the fingertip, would hold that back.
                // Drawing the second rectangle gave the server that time: the wait is
                // mostly the round trip.
                if showsInput, sent == 1 { XSync(connection.display, 0) }
                sent += 1
                window.present(frameBuffer, rects: [rect])
            }) { canvas in
                for stage in frameStages { stage.draw(in: canvas, size: size) }
            }
            lastDirtyRects = rects
            return true
        }
        guard drawn else { return false }
        let rects = lastDirtyRects
        let presented = MonotonicClock().now
        let report = FrameReport(started: started, presented: presented, dirtyRects: rects)
        for stage in frameStages { stage.framePresented(report, by: self) }
        return true
    }

    // MARK: - RunLoopInputSource

    /// Xlib reads the connection while it sends requests and waits for replies (a
    /// frame's images, a round trip): what it read then sits in its queue and raises no
    /// readiness on the connection, so the run loop runs another turn before sleeping.
    public var hasInputAlreadyRead: Bool {
        !isClosed && XEventsQueued(connection.display, QueuedAlready) > 0
    }

    /// Whether events wait, in Xlib's queue or on the connection (read without
    /// blocking: `XEventsQueued` after a flush).
    public var hasInputWaiting: Bool {
        !isClosed && XEventsQueued(connection.display, QueuedAfterReading) > 0
    }

    // MARK: - Input

    /// Runs a turn of the run loop now: it reads every event the connection has
    /// (`deliverPendingInput()`) and draws what changed. Tests may call it.
    public func processPendingEvents() {
        runLoop.turn()
    }

    /// The input step of a turn: handles every event the connection has now (reading on
    /// until nothing more is pending) and hands the touches read through the filters to
    /// the client as one coalesced batch, then the scrolls, each key as it comes.
    /// Returns whether touches, scrolls or keys were handed on: the turn's frame shows
    /// new input. The run loop calls it; a frame is drawn at the end of the turn.
    public func deliverPendingInput() -> Bool {
        guard !isClosed else { return false }
        var handedOn = false
        var batch = InputBatchAssembler()
        let display = connection.display
        // One clock reading serves the whole read: it only picks the 32-bit wrap epoch.
        let now = ServerTimestampConverter.monotonicMilliseconds()
        var closeRequested = false
        let pendingBefore = translator.touchesPendingOwnership
        var hasCollectedTheFrame = false
        while true {
            if XPending(display) == 0 {
                // Touches came in this read: the server may have written them before it
                // handled the rest of the same input frame (the other fingers that
                // landed, moved or lifted with them; a touch's ownership, which without
                // a grab follows its begin at once), as it writes each input event out
                // as it goes. One round trip takes those into this batch, since the
                // server handles pending input before it answers: fingers that land or
                // lift together reach the app in one event, as on iOS, and no spot
                // flashes as pending.
                guard !hasCollectedTheFrame, !batch.isEmpty else { break }
                hasCollectedTheFrame = true
                XSync(display, 0)
                continue
            }
            var event = XEvent()
            XNextEvent(display, &event)
            switch event.type {
            case GenericEvent:
                handleGenericEvent(&event, now: now, into: &batch)
            case Expose:
                damage.addAll()
            case ConfigureNotify:
                handleConfigure(event.xconfigure)
            case KeyPress:
                handedOn = true
                handleKey(&event.xkey)
            case ClientMessage:
                if Atom(event.xclient.data.l.0) == window.deleteWindowAtom {
                    closeRequested = true
                }
            default:
                break
            }
        }
        if !batch.isEmpty {
            handedOn = true
            deliver(MoveCoalescer.coalesce(batch.take()))
        }
        if !pendingScrolls.isEmpty {
            handedOn = true
            let scrolls = pendingScrolls
            pendingScrolls = []
            for scroll in scrolls { deliver(scroll) }
        }
        if translator.touchesPendingOwnership != pendingBefore {
            let pending = translator.touchesPendingOwnership
            for filter in inputFilters { filter.host(self, didChangeTouchesPendingOwnership: pending) }
        }
        if closeRequested, let onCloseRequest {
            onCloseRequest()
        } else if closeRequested {
            close()
            if let client { client.hostDidClose(self) } else { exit(0) }
        }
        return handedOn
    }

    private func handleGenericEvent(_ event: inout XEvent, now: UInt64, into batch: inout InputBatchAssembler) {
        let display = connection.display
        guard event.xcookie.extension == connection.xiOpcode, XGetEventData(display, &event.xcookie) != 0 else {
            return
        }
        defer { XFreeEventData(display, &event.xcookie) }
        guard let data = event.xcookie.data else { return }
        switch event.xcookie.evtype {
        case XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion:
            let deviceEvent = data.load(as: XIDeviceEvent.self)
            if window.kiosk?.showsCursorOnMouseUse == true {
                // A kiosk prototype worked with a mouse too: its cursor shows while the
                // mouse is used, and goes at the next touch.
                if event.xcookie.evtype == XI_TouchBegin {
                    window.concealCursor()
                } else if event.xcookie.evtype != XI_TouchUpdate, event.xcookie.evtype != XI_TouchEnd,
                          deviceEvent.flags & Int32(XIPointerEmulated) == 0 {
                    window.revealCursor()
                }
            }
            batch.append(translator.translate(deviceEvent, now: now))
            if let scroll = scrollTranslator.translate(deviceEvent, now: now) {
                pendingScrolls.append(scroll)
            }
        case XI_Enter:
            // The pointer comes from elsewhere, where its scroll valuators may have moved
            // unseen: measure from their values now.
            let enter = data.load(as: XIEnterEvent.self)
            scrollTranslator.learnDevices(on: connection, device: enter.sourceid)
        case XI_DeviceChanged:
            scrollTranslator.noteDeviceChanged(data.load(as: XIDeviceChangedEvent.self))
        case XI_TouchOwnership:
            translator.noteOwnership(data.load(as: XITouchOwnershipEvent.self))
        case XI_HierarchyChanged:
            handleHierarchy(data.load(as: XIHierarchyEvent.self), into: &batch)
        default:
            break
        }
    }

    private func handleHierarchy(_ event: XIHierarchyEvent, into batch: inout InputBatchAssembler) {
        let now = MonotonicClock().now
        let gone = Int32(XIDeviceDisabled | XISlaveRemoved)
        let arrived = Int32(XIDeviceEnabled | XISlaveAdded)
        for index in 0..<Int(event.num_info) {
            let info = event.info[index]
            let device = Int(info.deviceid)
            if info.flags & gone != 0 {
                scrollTranslator.setAxes([], values: [:], ofDevice: device)
                batch.deviceWentAway(device, remaining: translator.cancelTouches(ofDevice: device, timestamp: now))
                if let known = touchDevices.firstIndex(where: { $0.id == device }) {
                    log("touch device \(device) \"\(touchDevices[known].name)\" went away; its touches were cancelled")
                    touchDevices.remove(at: known)
                }
            } else if info.flags & arrived != 0 {
                scrollTranslator.learnDevices(on: connection, device: info.deviceid)
                for found in TouchDeviceInfo.query(connection, device: info.deviceid) where found.isEnabled {
                    touchDevices.removeAll { $0.id == found.id }
                    touchDevices.append(found)
                    log("\(found.description) (new)")
                    // A kiosk's touchscreen plugged back comes with the server's default
                    // matrix, which would send its touches across every monitor.
                    if let line = touchscreenMapping?.touchscreenArrived(found) { log(line) }
                }
            }
        }
        translator.contactAxes = TouchContactAxes.of(touchDevices, on: connection, scale: configuration.scale)
    }

    /// Under a window manager, a kiosk window is checked half a second after it asked
    /// to be shown, once the manager has placed it, and again after each request
    /// (`X11Window.correctKioskPlacement`). Real time on the main queue, not the media
    /// clock: it waits for another process, which a manual clock does not drive and an
    /// app's frozen time must not hold back. It is the one thing the host defers itself,
    /// and it draws nothing: a correction it makes reaches the app as a resize, in a
    /// turn.
    private func scheduleKioskPlacementCheck() {
        guard window.kiosk?.windowManager != nil else { return }
        DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { [weak self] in
            MainActor.assumeIsolated {
                guard let self, !self.isClosed else { return }
                let line = self.window.correctKioskPlacement()
                // The check's round trips may have read events (a touch) that then
                // raise no readiness on the connection: handle them now.
                if self.hasInputAlreadyRead { self.runLoop.turn() }
                guard let line else { return }
                self.log(line)
                self.scheduleKioskPlacementCheck()
            }
        }
    }

    private func handleConfigure(_ event: XConfigureEvent) {
        guard window.noteSize(width: Int(event.width), height: Int(event.height)) else { return }
        let pointSize = CGSize(width: CGFloat(event.width) / configuration.scale, height: CGFloat(event.height) / configuration.scale)
        do {
            frameBuffer = try FrameBuffer(validatingPointSize: pointSize, scale: configuration.scale)
        } catch {
            // A window manager may make the window larger than Cairo can draw: the part
            // beyond the old frame stays undrawn rather than the program stopping.
            log("\(error); drawing the window at its previous size")
            return
        }
        translator.windowSize = pointSize
        damage = DamageRegion(bounds: CGRect(origin: .zero, size: pointSize), scale: configuration.scale)
        damage.addAll()
        client?.host(self, didResizeTo: pointSize)
    }

    private func handleKey(_ event: inout XKeyEvent) {
        var keysym: KeySym = 0
        var buffer = [CChar](repeating: 0, count: 16)
        let count = XLookupString(&event, &buffer, Int32(buffer.count), &keysym, nil)
        let text = String(decoding: buffer.prefix(Int(max(0, count))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let key = KeyInput(keysym: UInt(keysym), text: text, isControlDown: event.state & UInt32(ControlMask) != 0,
                           isShiftDown: event.state & UInt32(ShiftMask) != 0)
        handleKey(key)
    }

    // MARK: - Input from elsewhere

    /// Input that did not come from the server (a replay on stage, a tool): it goes
    /// through every input filter to the client exactly as a batch read from the server
    /// does, so the overlays show its fingers and a recorder keeps it, in a turn of the
    /// run loop (the one under way, when a timer of its turn injects it) whose frame
    /// shows it. Locations are in the window's points; a finger must begin before it
    /// moves, as with real input (`UIWindow.inject(_:)`'s rules apply).
    public func injectInput(_ batch: [TouchSample]) {
        guard !isClosed, !batch.isEmpty else { return }
        runLoop.turn { [self] in deliver(batch) }
    }

    /// A key press that did not come from the server: through the input filters, then to
    /// the client unless a filter consumed it, in a turn of the run loop.
    public func injectKey(_ key: KeyInput) {
        guard !isClosed else { return }
        runLoop.turn { [self] in handleKey(key) }
    }

    private func handleKey(_ key: KeyInput) {
        for filter in inputFilters where !filter.filter(key, in: self) { return }
        client?.host(self, didReceive: key)
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

    /// Runs a scroll through the input filters, in order, and gives it to the client
    /// unless one consumed it.
    private func deliver(_ scroll: ScrollSample) {
        for filter in inputFilters where !filter.filter(scroll, in: self) { return }
        client?.host(self, didReceive: scroll)
    }

    /// Runs a batch through the input filters, in order, and gives what is left to the
    /// client.
    private func deliver(_ batch: [TouchSample]) {
        undrawnInputLocations = batch.map(\.location)
        var samples = batch
        var given: [[TouchSample]] = []
        given.reserveCapacity(inputFilters.count)
        for filter in inputFilters {
            given.append(samples)
            guard !samples.isEmpty else { continue }
            samples = filter.filter(samples, in: self)
        }
        if !samples.isEmpty { client?.host(self, didReceive: samples) }
        for (filter, batch) in zip(inputFilters, given).reversed() where !batch.isEmpty {
            filter.host(self, didHandle: batch)
        }
    }
}
