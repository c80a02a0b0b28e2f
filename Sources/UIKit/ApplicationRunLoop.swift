/// The order of one turn of an application's run loop, independent of any window system
/// (beyond UIKit, whose run loop is CFRunLoop's): a host hands it input and wakes it, and
/// it does the rest in one place.
///
/// One turn, in this order:
/// 1. **input**: the batch the turn was woken for, if any (`UIWindow.inject(_:)`), with
///    every window's layout brought up to date first, as the touch router does before
///    hit-testing;
/// 2. **timers** that are due and were pending when the turn began: recognizer deadlines,
///    `perform(_:afterDelay:)`, `UIApplication.schedule(afterDelay:_:)`. A call the turn's
///    own input schedules, even with no delay, waits for the next turn, after this turn's
///    frame, as on iOS, where an event handler's `perform(_:afterDelay: 0)` runs after
///    Core Animation has committed the event's changes (CFRunLoop runs its timers after
///    the before-waiting observers). So what a handler defers that way stays out of the
///    frame that shows the touch;
/// 3. **animation tick** (`CAAnimationEngine.tick()`), when animations, display links or
///    next-tick callbacks need frames: it runs animation completions, which may change
///    views, so it comes before layout;
/// 4. **layout**, once per turn, of every visible window (`layoutIfNeeded()`);
/// 5. **present**: the presenter draws and shows what changed (the host decides from the
///    layer tree's damage which pixels);
/// 6. **next wake**: the earlier of the next timer deadline and, while animations run, the
///    next frame (the presenter's next frame slot, `RunLoopPresenter.delayToNextFrame()`,
///    else `CAAnimationEngine.frameInterval` after this tick), asked of the scheduler. New work from elsewhere (an animation added from a main-queue block)
///    asks for a turn as soon as the thread is free (`setNeedsTurn()`).
///
/// Everything runs on the media clock (`CACurrentMediaTime()`), so a test with a
/// `ManualClock` and a `ManualRunLoopScheduler` controls every delayed thing; a host uses
/// the main dispatch queue. New input is handled, drawn and presented in its own turn at
/// once, never held for the next frame.
@MainActor
public final class ApplicationRunLoop {
    public let scheduler: any RunLoopScheduler
    /// Draws the windows at the end of each turn (the host).
    public weak var presenter: (any RunLoopPresenter)?
    /// Turns run so far (for tests and the meter).
    public private(set) var turnCount = 0
    /// When the last animation tick ran, for pacing the next.
    private var lastTickTime: TimeInterval?
    private var hasTurnRequested = false
    private var isTurning = false
    private let application: UIApplication

    public init(scheduler: any RunLoopScheduler, application: UIApplication = .shared) {
        self.scheduler = scheduler
        self.application = application
        CAAnimationEngine.onWork = { [weak self] in self?.setNeedsTurn() }
        application.timerQueue.onEarlierDeadline = { [weak self] in
            guard let self, !isTurning else { return }
            scheduleNextWake()
        }
    }

    /// Stops asking for wake-ups (the host is closing).
    public func invalidate() {
        CAAnimationEngine.onWork = nil
        application.timerQueue.onEarlierDeadline = nil
        scheduler.scheduleWake(at: nil) {}
    }

    /// A turn for `batch`, injected through `window`, run at once.
    public func handle(_ batch: [TouchSample], in window: UIWindow) {
        turn { window.inject(batch) }
    }

    /// Which window each finger on the screen belongs to (`handle(_:)`).
    public private(set) var screenRouting = ScreenTouchRouting()

    /// A turn for `batch`, in screen coordinates, run at once: each finger goes to the
    /// window it began in (`ScreenTouchRouting`), the frontmost window that wants it.
    public func handle(_ batch: [TouchSample]) {
        turn { [self] in
            for run in screenRouting.route(batch, windows: application.windows) {
                run.window.inject(run.samples)
            }
        }
    }

    /// A turn for a wheel's or touchpad's `scroll`, in screen coordinates, run at once:
    /// it goes to the frontmost window at the point that wants touches there (as a
    /// finger beginning there would, `ScreenTouchRouting.window(at:in:)`), in that
    /// window's coordinates (`UIWindow.inject(_: ScrollSample)`).
    public func handle(_ scroll: ScrollSample) {
        turn { [self] in
            let stack = ScreenTouchRouting.frontToBack(application.windows)
            guard let window = ScreenTouchRouting.window(at: scroll.location, in: stack) else {
                UIKitDebug.log(.input, "scroll at \(scroll.location) lies in no window: ignored")
                return
            }
            var local = scroll
            local.location = window.convertFromScreen(scroll.location)
            window.inject(local)
        }
    }

    /// Asks for a turn because what shows changed outside a turn (a key filter, a
    /// main-queue block, a task, a signal handler): the turn presents it, as Core
    /// Animation's implicit transaction commits at the end of the run loop's pass. A
    /// change made during a turn needs none: the turn presents it. Hosts call this from
    /// their windows' `DamageTracker.onDamage`.
    public func setNeedsPresent() {
        guard !isTurning else { return }
        setNeedsTurn()
    }

    /// Asks for a turn as soon as the thread is free; requests before it runs coalesce,
    /// and a turn that runs first (the input's, a wake's) answers them: the asked-for
    /// turn is then not run again. (A debug window changed by an input filter asked for
    /// one just before the touch's own turn, which presents it.)
    public func setNeedsTurn() {
        guard !hasTurnRequested else { return }
        hasTurnRequested = true
        scheduler.scheduleSoon { [weak self] in
            guard let self, hasTurnRequested else { return }
            turn()
        }
    }

    /// Runs one turn now (see the type's description); `input` is step 1.
    public func turn(input: (() -> Void)? = nil) {
        // A turn started from inside a turn (a handler pumping the loop) folds into it.
        guard !isTurning else {
            input?()
            return
        }
        isTurning = true
        defer { isTurning = false }
        hasTurnRequested = false
        turnCount += 1
        let pendingBeforeTurn = application.timerQueue.latestSequence
        if let input {
            input()
        }
        application.timerQueue.runDue(scheduledThrough: pendingBeforeTurn)
        if CAAnimationEngine.needsFrames {
            CAAnimationEngine.tick()
            lastTickTime = CACurrentMediaTime()
        }
        let windows = application.windows
        for window in windows {
            window.layoutIfNeeded()
        }
        presenter?.present(windows)
        scheduleNextWake()
    }

    private func scheduleNextWake() {
        var deadline = application.nextTimerDeadline
        if CAAnimationEngine.needsFrames {
            // On the display's grid when the presenter keeps one, so each tick's frame
            // starts in its own slot instead of beating against the grid.
            let nextFrame = presenter?.delayToNextFrame().map { CACurrentMediaTime() + $0 }
                ?? (lastTickTime ?? CACurrentMediaTime()) + CAAnimationEngine.frameInterval
            deadline = min(deadline ?? nextFrame, nextFrame)
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
    /// Runs `turn` once the media clock reaches `deadline`, replacing the wake asked for
    /// before; `nil` cancels it.
    func scheduleWake(at deadline: TimeInterval?, _ turn: @escaping @MainActor () -> Void)
}

/// Draws and shows windows at the end of a turn: the host.
@MainActor
public protocol RunLoopPresenter: AnyObject {
    /// Draws and presents what changed in `windows` (the visible ones, in the order they
    /// became visible).
    func present(_ windows: [UIWindow])
    /// How long from now until the display's next frame may start (0: now), or nil when
    /// the presenter keeps no grid of frames; the run loop wakes its animations then.
    func delayToNextFrame() -> TimeInterval?
}

extension RunLoopPresenter {
    /// No grid: animations wake `CAAnimationEngine.frameInterval` after their last tick.
    public func delayToNextFrame() -> TimeInterval? { nil }
}

/// A scheduler a test drives: nothing runs until the test says so, and wakes follow the
/// media clock the test moves.
@MainActor
public final class ManualRunLoopScheduler: RunLoopScheduler {
    private var soon: [@MainActor () -> Void] = []
    private var wake: (deadline: TimeInterval, turn: @MainActor () -> Void)?

    public init() {}

    /// The media time of the wake asked for, if any.
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

    /// Runs what was asked for as soon as possible, and the wake if the media clock has
    /// reached it; returns how many ran.
    @discardableResult
    public func runDue() -> Int {
        var ran = 0
        while !soon.isEmpty {
            let turn = soon.removeFirst()
            turn()
            ran += 1
        }
        if let wake, wake.deadline <= CACurrentMediaTime() {
            self.wake = nil
            wake.turn()
            ran += 1
        }
        return ran
    }
}
