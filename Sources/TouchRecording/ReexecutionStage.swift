import UIKit

/// Where a `RecordingReexecution` runs its app: made anew for each run, with the app's
/// time frozen at the same instant every run starts from. The re-execution then owns
/// that time: it moves it to each event and each frame (`UIApplication.moveFrozenTime`)
/// and runs each frame's work there, so the two stages run an app alike, bit for bit.
@MainActor
public protocol ReexecutionStage: AnyObject {
    /// Makes the app anew (the run before it dropped), its time frozen at the instant
    /// every run starts from, and returns it with its window, shown and key.
    func makeAnew() -> (application: UIApplication, window: UIWindow)
}

/// A stage of the re-execution's own: each run a new `UIApplication` (the one before it
/// hidden, so it goes), current, on a `ManualClock` of its own standing at a fixed
/// instant, and frozen there once its window (from `makeWindow`) is made.
@MainActor
public final class OwnedReexecutionStage: ReexecutionStage {
    private let makeWindow: @MainActor (UIApplication) -> UIWindow

    /// The app time every run starts from (any: a run's times are offsets from it).
    private static let startTime: TimeInterval = 1_000

    public init(makeWindow: @escaping @MainActor (UIApplication) -> UIWindow) {
        self.makeWindow = makeWindow
    }

    public func makeAnew() -> (application: UIApplication, window: UIWindow) {
        // The previous run's windows hold its application: hidden, they let it go.
        for window in UIApplication.shared.visibleWindows { window.isHidden = true }
        let application = UIApplication()
        application.clock = ManualClock(now: Self.startTime)
        application.makeCurrent()
        let window = makeWindow(application)
        window.makeKeyAndVisible()
        // Frozen once the window is made, at the instant its manual clock stands at
        // anyway: a debug layer in it does not take the re-execution's own hold for a
        // person's Freeze (its time strip stays put away).
        application.appClock.freeze(at: Self.startTime)
        return (application, window)
    }
}

/// The running app as a re-execution's stage, for a timeline over a live window: each
/// run the app made anew in place by `relaunch`, after its windows (all but the system
/// ones: the debug layer's, an embedding gallery's) are hidden, which cancels their
/// touches, and what it had under way dropped (`UIApplication.discardPendingWork()`);
/// every run starts from the instant the first froze. The host keeps drawing what the
/// app shows; nothing is drawn between frames of a run, since the host's run loop does
/// not turn inside one.
///
/// The application object itself stays, and its delegate: what they keep beyond the
/// windows survives "made anew", as statics do.
@MainActor
public final class LiveReexecutionStage: ReexecutionStage {
    public let application: UIApplication
    private let relaunch: @MainActor (UIApplication) -> UIWindow
    /// The app time every run starts from: the instant the first froze.
    private var startInstant: TimeInterval?

    /// A stage on `application` (frozen from the first run on), whose app `relaunch`
    /// makes anew and returns the window of.
    public init(application: UIApplication, relaunch: @escaping @MainActor (UIApplication) -> UIWindow) {
        self.application = application
        self.relaunch = relaunch
    }

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
}
