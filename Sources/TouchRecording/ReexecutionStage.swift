import UIKit

/// Where a `RecordingReexecution` runs its app: made anew for each run, its time moved
/// by the re-execution, a frame at a time.
@MainActor
public protocol ReexecutionStage: AnyObject {
    /// Makes the app anew (the run before it dropped), its time standing at the
    /// recording's time 0, and returns it with its window.
    func makeAnew() -> (application: UIApplication, window: UIWindow)
    /// The clock the samples are stamped on and whose `now` was the recording's time 0
    /// when `makeAnew()` returned.
    var clock: any MediaClock { get }
    /// Moves time on to the clock's `time`, running the app's delayed calls due on the
    /// way, each at its own deadline.
    func move(to time: TimeInterval)
    /// One frame at the time standing: the app's due timers, its tick, its layout.
    func turn()
}

/// A stage of the re-execution's own: each run a new `UIApplication` (the one before it
/// hidden, so it goes), on a `ManualClock` from a fixed instant, with the real
/// `ApplicationRunLoop` on a manual scheduler; the window from `makeWindow`.
@MainActor
public final class OwnedReexecutionStage: ReexecutionStage {
    private let makeWindow: @MainActor (UIApplication) -> UIWindow
    private var manualClock = ManualClock(now: OwnedReexecutionStage.startTime)
    private var scheduler: ManualRunLoopScheduler?
    private var runLoop: ApplicationRunLoop?

    /// The app's clock starts at this media time (any: the run's times are offsets from it).
    private static let startTime: TimeInterval = 1_000

    public init(makeWindow: @escaping @MainActor (UIApplication) -> UIWindow) {
        self.makeWindow = makeWindow
    }

    public var clock: any MediaClock { manualClock }

    public func makeAnew() -> (application: UIApplication, window: UIWindow) {
        runLoop?.invalidate()
        // The previous run's windows hold its application: hidden, they let it go.
        for window in UIApplication.shared.visibleWindows { window.isHidden = true }
        manualClock = ManualClock(now: Self.startTime)
        let application = UIApplication()
        application.clock = manualClock
        application.makeCurrent()
        let scheduler = ManualRunLoopScheduler(clock: manualClock)
        self.scheduler = scheduler
        runLoop = ApplicationRunLoop(scheduler: scheduler, application: application)
        let window = makeWindow(application)
        window.makeKeyAndVisible()
        return (application, window)
    }

    public func move(to time: TimeInterval) {
        UIApplication.shared.advance(manualClock, to: time)
    }

    public func turn() {
        scheduler?.runDue()
        runLoop?.turn()
    }
}

/// The running app as a re-execution's stage, for a timeline over a live window: its
/// time frozen and moved by the re-execution (`AppClock`), and each run the app made
/// anew in place by `relaunch`, after its windows (all but the system ones: the debug
/// layer's, an embedding gallery's) are hidden, which cancels their touches, and its
/// pending calls and animations dropped; every run starts from the same frozen instant. The host keeps drawing what the app shows; nothing is drawn
/// between frames of a run, since the host's run loop does not turn inside one.
///
/// The application object itself stays, and its delegate: what they keep beyond the
/// windows survives "made anew", as statics do.
@MainActor
public final class LiveReexecutionStage: ReexecutionStage {
    public let application: UIApplication
    private let relaunch: @MainActor (UIApplication) -> UIWindow
    /// The app time every run starts from: the instant the first froze, so runs repeat
    /// bit for bit.
    private var startInstant: TimeInterval?

    /// A stage on `application` (frozen from the first run on), whose app `relaunch`
    /// makes anew and returns the window of.
    public init(application: UIApplication, relaunch: @escaping @MainActor (UIApplication) -> UIWindow) {
        self.application = application
        self.relaunch = relaunch
    }

    public var clock: any MediaClock { application.appClock }

    public func makeAnew() -> (application: UIApplication, window: UIWindow) {
        application.makeCurrent()
        application.freezeTime()
        // Hidden, the app's windows cancel their touches; a finger on the system ones (the
        // timeline's own scrubber) goes on.
        for window in application.visibleWindows where !window.isSystemWindow {
            window.isHidden = true
        }
        application.discardPendingWork()
        let start = startInstant ?? application.appClock.now
        startInstant = start
        application.appClock.freeze(at: start)
        let window = relaunch(application)
        window.makeKeyAndVisible()
        return (application, window)
    }

    public func move(to time: TimeInterval) {
        application.performAsCurrent {
            application.moveFrozenTime(to: time)
        }
    }

    public func turn() {
        application.performAsCurrent {
            application.runPendingTimers()
            if application.animationEngine.needsFrames { application.animationEngine.tick() }
            for window in application.visibleWindows { window.layoutIfNeeded() }
        }
    }
}
