/// The order of one turn of an application's run loop, independent of any window system
/// (beyond UIKit, whose run loop is CFRunLoop's): a host hands it input and wakes it, and
/// it does the rest in one place, including when each frame is drawn.
///
/// One turn, in this order:
/// 1. **input**: what the input source has waiting (`RunLoopInputSource`: the host reads
///    its connection and hands the batch through its filters to UIKit), and the batch
///    the turn was run for, if any (`UIWindow.inject(_:)`), with every window's layout
///    brought up to date first, as the touch router does before hit-testing;
/// 2. **timers** that are due and were pending when the turn began: recognizer deadlines,
///    `perform(_:afterDelay:)`, `UIApplication.schedule(afterDelay:_:)`, then the
///    host-time ones (`UIApplication.scheduleInHostTime(afterDelay:_:)`). A call the turn's
///    own input schedules, even with no delay, waits for the next turn, after this turn's
///    frame, as on iOS, where an event handler's `perform(_:afterDelay: 0)` runs after
///    Core Animation has committed the event's changes (CFRunLoop runs its timers after
///    the before-waiting observers). So what a handler defers that way stays out of the
///    frame that shows the touch;
/// 3. **the frame decision**: with a presenter that gives the display's refresh
///    interval, the frame pacer (`FramePacer`) says whether a frame may start now: one
///    showing new input at once when the loop is idle and at most at 240 Hz, any other
///    on the display's grid, one a slot, the slots starting at the display's vertical
///    blanks when the presenter reports them (`latestVblank()`). A turn that may not draw leaves its damage for
///    the turn woken at the frame's time. Without one, every turn draws;
/// 4. **animation tick** (`tick(at:)` of the application's engine), when animations, display links
///    or next-tick callbacks need frames and a frame may start: at the time the frame is
///    for (`FramePacer.presentationTime`, its target presentation time), so motion is
///    even. It runs animation completions, which may change views, so it comes before
///    layout. The layer tree's time is held at the frame's time from here to the end of
///    the frame, so an animation added by a completion or in layout begins at the
///    frame's time, as Core Animation begins one at its commit;
/// 5. **layout**, once per turn, of every visible window (`layoutIfNeeded()`);
/// 6. **present**, when a frame may start and the presenter has damage to draw (its
///    windows' layer trees', or its own: `RunLoopPresenter.needsPresent`), after any
///    input that arrived meanwhile was handed on (it goes before the drawing): it draws
///    and shows it before the turn goes on, with the layer tree's time held at the
///    frame's time;
/// 7. **next wake**: the earliest of the next timer deadline, the next frame while
///    animations run or damage waits for its slot, and at once when the input source
///    read input that no readiness will report (Xlib's queue), asked of the scheduler.
///    New work from elsewhere (an animation added from a main-queue block, a layer
///    changed by a key handler) asks for a turn as soon as the thread is free
///    (`setNeedsTurn()`, `setNeedsPresent()`).
///
/// So a host arms two wake-ups, its input's readiness (which runs `turn()`) and this
/// loop's one timer (the scheduler), and keeps no clock of its own.
///
/// Two clocks, one line between them (`AppClock`): the grid, the wakes and the frames'
/// presentation times are on the host clock (`UIApplication.clock`, which the display's
/// blanks and the scheduler's deadlines are on), and what the app sees (the tick's time,
/// timer deadlines, `CACurrentMediaTime()`) on the app's time line, which may be frozen,
/// stepped or slowed. While frozen, the loop wakes for nothing timed: only input, a
/// step, or a resume turns it. A test with a `ManualClock` and a `ManualRunLoopScheduler`
/// controls every delayed thing; a host uses the main dispatch queue. New input is handled, drawn and presented in its own turn at
/// once when the loop is idle, never held for the grid's next slot.
@MainActor
public final class ApplicationRunLoop {
    public let scheduler: any RunLoopScheduler
    /// Draws the windows at the end of each turn (the host).
    public weak var presenter: (any RunLoopPresenter)?
    /// Where each turn reads its input first (the host).
    public weak var inputSource: (any RunLoopInputSource)?
    /// Turns run so far (for tests and the meter).
    public private(set) var turnCount = 0
    /// Frames presented so far (turns whose presenter drew).
    public private(set) var frameCount = 0
    /// When the last animation tick ran, for pacing the next when frames are not paced.
    private var lastTickTime: TimeInterval?
    /// The media time the last frame was drawn for: frames never go back in time.
    private var lastFrameTime: TimeInterval = -.infinity
    private var pacer = FramePacer()
    /// The vertical blank the grid was last aligned to (`RunLoopPresenter.latestVblank()`).
    private var alignedVblank: TimeInterval?
    /// Input was handed on since the last frame: the next frame shows it (`FramePacer`).
    private var hasUndrawnInput = false
    private var hasTurnRequested = false
    private var isTurning = false
    /// `invalidate()` ran: no more wake-ups are asked for.
    private var isInvalidated = false
    /// The application whose turns this loop runs: current for each turn.
    public let application: UIApplication
    private var engine: CAAnimationEngine { application.animationEngine }
    /// Now on the host clock: the grid's, the wakes' and the presenter's time.
    private var hostNow: TimeInterval { application.clock.now }

    /// A run loop for `application` (the current one by default). It hooks the
    /// application's engine and timers, which wake it; a later loop made for the same
    /// application takes the hooks over, and invalidating the older one leaves them.
    public init(scheduler: any RunLoopScheduler, application: UIApplication = .shared) {
        self.scheduler = scheduler
        self.application = application
        application.hookedRunLoop = self
        application.animationEngine.onWork = { [weak self] in self?.setNeedsTurn() }
        let earlierDeadline: @MainActor () -> Void = { [weak self] in
            guard let self, !isTurning else { return }
            scheduleNextWake()
        }
        application.timerQueue.onEarlierDeadline = earlierDeadline
        application.hostTimerQueue.onEarlierDeadline = earlierDeadline
    }

    /// Stops asking for wake-ups (the host is closing). Input handed to it afterwards
    /// (the cancellations of a closing host's or replay's fingers) is still delivered,
    /// with no frame and no wake.
    public func invalidate() {
        isInvalidated = true
        if application.hookedRunLoop === self {
            engine.onWork = nil
            application.timerQueue.onEarlierDeadline = nil
            application.hostTimerQueue.onEarlierDeadline = nil
            application.hookedRunLoop = nil
        }
        hasTurnRequested = false
        scheduler.scheduleWake(at: nil) {}
    }

    /// The display's refresh interval the frames are paced at, when the presenter gives
    /// one: the step of the grid frames start on.
    public var frameInterval: TimeInterval? { presenter?.framePacingInterval }

    /// How long from now until a frame that shows no new input may start (0: now), or
    /// nil when frames are not paced.
    public var delayToNextFrame: TimeInterval? {
        guard frameInterval != nil else { return nil }
        return pacer.delayToNextGridFrame(from: hostNow)
    }

    /// A turn for `batch`, injected through `window`, run at once.
    public func handle(_ batch: [TouchSample], in window: UIWindow) {
        turn { window.inject(batch) }
    }

    /// Which window each finger on the screen belongs to (`handle(_:)`).
    public private(set) lazy var screenRouting = ScreenTouchRouting(application: application)

    /// A turn for `batch`, in screen coordinates, run at once: each finger goes to the
    /// window it began in (`ScreenTouchRouting`), the frontmost window that wants it.
    public func handle(_ batch: [TouchSample]) {
        turn { [self] in
            for run in screenRouting.route(batch, windows: application.visibleWindows) {
                run.deliver()
            }
        }
    }

    /// A turn for a wheel's or touchpad's `scroll`, in screen coordinates, run at once:
    /// it goes to the frontmost window at the point that wants touches there (as a
    /// finger beginning there would, `ScreenTouchRouting.window(at:in:)`), in that
    /// window's coordinates (`UIWindow.inject(_: ScrollSample)`).
    public func handle(_ scroll: ScrollSample) {
        turn { [self] in
            let stack = ScreenTouchRouting.frontToBack(application.visibleWindows)
            guard let window = ScreenTouchRouting.window(at: scroll.location, in: stack) else {
                UIKitDebug.log(.input, "scroll at \(scroll.location) lies in no window: ignored")
                return
            }
            var local = scroll
            local.location = window.convertFromScreen(scroll.location)
            window.inject(local)
        }
    }

    /// Asks for a turn because what shows changed outside a turn (a main-queue block,
    /// a task, a Foundation timer, a signal handler): the turn presents it, as Core
    /// Animation's implicit transaction commits at the end of the run loop's pass. A
    /// change made during a turn needs none: the turn presents it (or, when its frame
    /// must wait for the grid, wakes for it). Hosts call this from their windows'
    /// `DamageTracker.onDamage` and for their own damage.
    public func setNeedsPresent() {
        guard !isTurning else { return }
        setNeedsTurn()
    }

    /// Asks for a turn as soon as the thread is free; requests before it runs coalesce,
    /// and a turn that runs first (the input's, a wake's) answers them: the asked-for
    /// turn is then not run again. (A debug window changed by an input filter asked for
    /// one just before the touch's own turn, which presents it.)
    public func setNeedsTurn() {
        // During a turn the turn's own end asks for what it needs (its next frame while
        // animations run): the timer is not moved on a touch's path.
        guard !hasTurnRequested, !isTurning, !isInvalidated else { return }
        hasTurnRequested = true
        scheduler.scheduleSoon { [weak self] in
            guard let self, hasTurnRequested else { return }
            hasTurnRequested = false
            turn()
        }
    }

    /// Runs one turn now (see the type's description); `input` is step 1, and the
    /// frame that follows shows new input.
    public func turn(input: (() -> Void)? = nil) {
        // A turn started from inside a turn (a handler pumping the loop, a replay's
        // timer injecting its batch) folds into it.
        guard !isTurning else {
            if let input {
                hasUndrawnInput = true
                input()
            }
            return
        }
        guard !isInvalidated else {
            if let input { application.performAsCurrent(input) }
            return
        }
        // Everything the turn runs (input, timers, the tick, layout, drawing) resolves
        // `UIApplication.shared`, the engine and the clock to this loop's application.
        let previous = UIApplication.existing
        application.makeCurrent()
        isTurning = true
        defer {
            isTurning = false
            (previous ?? application).makeCurrent()
        }
        hasTurnRequested = false
        turnCount += 1
        let pendingBeforeTurn = application.timerQueue.latestSequence
        let hostPendingBeforeTurn = application.hostTimerQueue.latestSequence
        if inputSource?.deliverPendingInput() == true {
            hasUndrawnInput = true
        }
        if let input {
            hasUndrawnInput = true
            input()
        }
        application.timerQueue.runDue(scheduledThrough: pendingBeforeTurn)
        application.hostTimerQueue.runDue(scheduledThrough: hostPendingBeforeTurn)
        let windows = application.visibleWindows
        guard let interval = frameInterval else {
            // Not paced: every turn ticks and presents, now.
            if engine.needsFrames {
                engine.tick()
                lastTickTime = hostNow
            }
            for window in windows { window.layoutIfNeeded() }
            if presenter?.present(windows, showingInput: hasUndrawnInput) == true { frameCount += 1 }
            hasUndrawnInput = false
            scheduleNextWake()
            return
        }
        pacer.refreshInterval = interval
        if let vblank = presenter?.latestVblank(), vblank != alignedVblank {
            pacer.align(toVblankAt: vblank)
            alignedVblank = vblank
            // The next tick was set on the grid before: on the new one it may fall
            // mid-slot, making the next frame late or skipping it.
            earliestNextTick = min(earliestNextTick, pacer.earliestNextFrame())
        }
        engine.frameInterval = interval
        let start = hostNow
        let showsInput = hasUndrawnInput
        let mayDraw = pacer.mayDraw(at: start, showingInput: showsInput)
        guard mayDraw else {
            for window in windows { window.layoutIfNeeded() }
            // Input that changed nothing has nothing to show.
            if presenter?.needsPresent != true { hasUndrawnInput = false }
            scheduleNextWake()
            return
        }
        let frameTime = max(lastFrameTime, pacer.presentationTime(ofFrameStartingAt: start, showingInput: showsInput))
        var isDamageUndrawable = false
        // The frame's moment on the app's time line: the same number unless the app's
        // time is frozen, stepped or slowed.
        let appFrameTime = engine.appClock.time(atHostTime: frameTime)
        engine.holdingTime(atMediaTime: appFrameTime) {
            if engine.needsFrames {
                engine.tick(at: appFrameTime)
                // Ticked for this slot whether or not anything shows it (an animation
                // on a layer in no window): the next tick waits for the next slot.
                earliestNextTick = pacer.startOfSlot(after: start)
            }
            for window in windows { window.layoutIfNeeded() }
            // Input that came while the frame was prepared goes first: it is handed on
            // (a new finger's echo drawn) before the frame is drawn, and the frame
            // shows it, instead of waiting behind the drawing for the next turn.
            var showsInput = showsInput
            if inputSource?.hasInputWaiting == true, inputSource?.deliverPendingInput() == true {
                showsInput = true
                for window in windows { window.layoutIfNeeded() }
            }
            guard let presenter, presenter.needsPresent else { return }
            if presenter.present(windows, showingInput: showsInput) {
                pacer.didDraw(startedAt: start)
                lastFrameTime = frameTime
                frameCount += 1
            } else {
                // Damage reported that gave nothing to draw (a tracked window's while
                // an animation elsewhere runs): no wake for it, or the loop would spin.
                isDamageUndrawable = true
            }
        }
        // Drawn, or nothing to draw: the input has been shown or changed nothing.
        hasUndrawnInput = false
        scheduleNextWake(frameDamageWaits: !isDamageUndrawable)
    }

    /// The earliest media time the next animation tick may run (paced frames).
    private var earliestNextTick: TimeInterval = -.infinity

    private func scheduleNextWake(frameDamageWaits: Bool = true) {
        guard !isInvalidated else { return }
        // The app's timers are due on its time line (a frozen app's never come), the
        // host-time ones on the host clock.
        var deadline = application.nextTimerDeadline
        let now = hostNow
        if frameInterval != nil {
            // The next frame, on the grid (or at the input rate when undrawn input
            // waits), while animations run or damage waits for its slot.
            let damageWaits = frameDamageWaits && presenter?.needsPresent == true
            if engine.needsFrames || damageWaits,
               var frame = pacer.frameTime(wantedAt: now, showingInput: hasUndrawnInput, pending: nil) {
                if !damageWaits { frame = max(frame, earliestNextTick) }
                deadline = min(deadline ?? frame, frame)
            }
        } else if engine.needsFrames {
            let nextFrame = (lastTickTime ?? now) + engine.frameInterval
            deadline = min(deadline ?? nextFrame, nextFrame)
        }
        if inputSource?.hasInputAlreadyRead == true {
            // Read while the turn sent its frame or waited for a reply: no readiness
            // will report it, so the thread must not sleep on it.
            deadline = now
        }
        scheduler.scheduleWake(at: deadline) { [weak self] in self?.turn() }
    }
}

/// Where an `ApplicationRunLoop` asks to be woken: the main dispatch queue in a host, a
/// `ManualRunLoopScheduler` in tests.
@MainActor
public protocol RunLoopScheduler: AnyObject {
    /// Runs `turn` as soon as the thread is free.
    func scheduleSoon(_ turn: @escaping @MainActor () -> Void)
    /// Runs `turn` once the host clock (the application's `clock`: the monotonic clock in
    /// a host) reaches `deadline`, replacing the wake asked for before; `nil` cancels it.
    func scheduleWake(at deadline: TimeInterval?, _ turn: @escaping @MainActor () -> Void)
}

/// Draws and shows windows at the end of a turn: the host.
@MainActor
public protocol RunLoopPresenter: AnyObject {
    /// The display's refresh interval: the run loop starts frames on a grid at this
    /// step (`FramePacer`). Nil (the default): frames are not paced, every turn presents.
    var framePacingInterval: TimeInterval? { get }
    /// The media time of a recent vertical blank of the display, when the display
    /// system reports one (the X server's Present extension): the grid's slots start at
    /// the blanks, so a frame started early in a slot has the whole refresh until the
    /// display shows it. Asked once per paced turn, so it must not wait. Nil (the
    /// default): the grid counts from the first frame's start.
    func latestVblank() -> TimeInterval?
    /// Whether the presenter has damage to draw (its windows' layer trees', an expose,
    /// an overlay's): a paced run loop presents only then, and wakes for it.
    var needsPresent: Bool { get }
    /// Draws and shows what changed in `windows` (the visible ones, in the order they
    /// became visible) now, before returning; `showingInput`: the frame shows new
    /// input, whose pixels go first. Returns whether a frame was drawn.
    func present(_ windows: [UIWindow], showingInput: Bool) -> Bool
}

extension RunLoopPresenter {
    public var framePacingInterval: TimeInterval? { nil }
    public func latestVblank() -> TimeInterval? { nil }
    public var needsPresent: Bool { false }
}

/// Where a run loop's turn reads its input first: the host's connection.
@MainActor
public protocol RunLoopInputSource: AnyObject {
    /// Reads the input waiting now and hands it on (to UIKit through the run loop's
    /// `handle` methods, which fold into the turn); returns whether any input was
    /// handed on or consumed, so the turn's frame shows new input.
    func deliverPendingInput() -> Bool
    /// Whether input was read already and waits where no readiness reports it (Xlib
    /// reads while it waits for a reply): the run loop then runs another turn at once.
    var hasInputAlreadyRead: Bool { get }
    /// Whether input waits now, read or not (a check that blocks on nothing): a turn
    /// about to draw a frame hands it on first.
    var hasInputWaiting: Bool { get }
}

/// A scheduler a test drives: nothing runs until the test says so, and wakes follow the
/// host clock the test moves.
@MainActor
public final class ManualRunLoopScheduler: RunLoopScheduler {
    private var soon: [@MainActor () -> Void] = []
    private var wake: (deadline: TimeInterval, turn: @MainActor () -> Void)?
    private let clock: (any MediaClock)?

    /// A scheduler whose wakes fall due on `clock` (an application's own clock, when a
    /// test runs several), or on the current application's host clock
    /// (`CAAnimationEngine.current.clock`) when nil.
    public init(clock: (any MediaClock)? = nil) {
        self.clock = clock
    }

    /// The host time of the wake asked for, if any.
    public var wakeDeadline: TimeInterval? {
        wake?.deadline
    }

    /// Whether a turn was asked for as soon as possible.
    public var hasPendingTurn: Bool {
        !soon.isEmpty
    }

    public func scheduleSoon(_ turn: @escaping @MainActor () -> Void) {
        soon.append(turn)
    }

    public func scheduleWake(at deadline: TimeInterval?, _ turn: @escaping @MainActor () -> Void) {
        wake = deadline.map { ($0, turn) }
    }

    /// Runs what was asked for as soon as possible, and the wake if the host clock has
    /// reached it; returns how many ran.
    @discardableResult
    public func runDue() -> Int {
        var ran = 0
        while !soon.isEmpty {
            let turn = soon.removeFirst()
            turn()
            ran += 1
        }
        if let wake, wake.deadline <= (clock ?? CAAnimationEngine.current.clock).now {
            self.wake = nil
            wake.turn()
            ran += 1
        }
        return ran
    }
}
