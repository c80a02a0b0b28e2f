/// The application: the head of the responder chain above the windows, the entry point
/// of every event, and the owner of everything per-application: its windows, the touch
/// routing, the gesture arena, the timers, the animation engine (with its display links
/// and slow-animation time line) and the clock.
///
/// `shared` is the *current* application: the one whose run-loop turn is running
/// (`ApplicationRunLoop` makes its application current for each turn), or the one a test
/// made current for a scope (`performAsCurrent(_:)`). The first application made becomes
/// current, so a host that wants a subclass creates it before anything reads `shared`
/// (which otherwise makes a plain one). Further applications run independently beside
/// it, each with its own run loop: what runs in one's turns reaches only its own
/// windows, touches, timers and animations. An application lives as long as something
/// holds it: its run loop, its windows (a window holds its application, and hiding it
/// lets go), or the current-application slot.
@MainActor
open class UIApplication: UIResponder {
    /// The current application; nil only before the first is made, which becomes current.
    private static var currentInstance: UIApplication?

    /// The current application (see the type's description), created on first use.
    public class var shared: UIApplication {
        if let currentInstance { return currentInstance }
        return UIApplication()
    }

    /// The current application if one exists; lets views ask about touches without
    /// creating one.
    static var existing: UIApplication? {
        currentInstance
    }

    /// Makes an application with no windows, touches, timers or animations. The first
    /// one becomes current and takes the engine (and clock) the process used before it
    /// existed, so layers animated before launch go on; every later one has an engine of
    /// its own on the monotonic clock, and becomes current only when made so.
    public override init() {
        // Only the first application finds none current.
        let isFirst = UIApplication.currentInstance == nil
        let engine = isFirst ? CAAnimationEngine.current : CAAnimationEngine()
        animationEngine = engine
        timerQueue = TimerQueue(engine: engine)
        hostTimerQueue = TimerQueue(engine: engine, timeline: .host)
        gestureArena = GestureArena(event: touchesEvent, timers: timerQueue)
        super.init()
        timerQueue.settlesCallsIn = gestureArena
        touchesEvent.arena = gestureArena
        if isFirst { makeCurrent() }
    }

    // MARK: - Being current

    /// Makes this the current application: `UIApplication.shared` and `UIScreen.main`,
    /// and the engine (`CAAnimationEngine.current`) that `CACurrentMediaTime()`,
    /// `CATransaction`'s implicit transaction, `CADisplayLink.add(to:forMode:)` and the
    /// completion of a `UIView` animation that animated nothing resolve through (a
    /// layer in a window is always animated by its window's application's engine). Its
    /// run loop does this for each turn; a test with applications of its own uses
    /// `performAsCurrent(_:)`.
    ///
    /// Switching to another application commits the implicit `CATransaction` left open,
    /// as the end of a run-loop pass does: what was set in one application's turn is not
    /// carried into another's.
    public final func makeCurrent() {
        if UIApplication.currentInstance !== self {
            CATransaction.flush()
            UIApplication.currentInstance = self
        }
        if CAAnimationEngine.current !== animationEngine { CAAnimationEngine.current = animationEngine }
    }

    /// Runs `body` with this application current, and the one that was current before
    /// current again afterwards.
    public final func performAsCurrent<T>(_ body: () throws -> T) rethrows -> T {
        let previous = UIApplication.currentInstance
        makeCurrent()
        // Restored even when it was this one: the body may have made another current.
        defer { (previous ?? self).makeCurrent() }
        return try body()
    }

    /// Whether this is the current application.
    public final var isCurrent: Bool { UIApplication.currentInstance === self }

    /// The screen this application's windows appear on (`UIScreen.main` while it is
    /// current); its host sets the size and scale.
    public let screen = UIScreen()

    // MARK: - Time

    /// The engine that ticks this application's animations and display links, on its
    /// clock, and holds its slow-animation time line.
    public let animationEngine: CAAnimationEngine

    /// The host clock this application's time derives from (`appClock`, which its
    /// timers, touches and animations run on): the monotonic clock unless a test sets a
    /// `ManualClock` (before scheduling anything: delayed calls keep their absolute
    /// deadlines). Touch samples are stamped on it.
    public final var clock: any MediaClock {
        get { animationEngine.clock }
        set { animationEngine.clock = newValue }
    }

    /// The one touches event, reused for every multitouch sequence (as in UIKit); it
    /// carries the arena to the windows.
    let touchesEvent = UIEvent()
    /// Delayed calls on the application's clock: recognizer timers,
    /// `perform(_:afterDelay:)`.
    let timerQueue: TimerQueue
    /// Delayed calls on the host clock, which run while the app's time is frozen
    /// (`scheduleInHostTime(afterDelay:_:)`).
    let hostTimerQueue: TimerQueue
    /// The recognizers' arbiter: who gets which touch, who may recognize, when they
    /// reset. Timer calls settle in it as events do.
    let gestureArena: GestureArena
    /// Turns samples into touches and dispatches them.
    lazy var touchRouter = TouchRouter(application: self, event: touchesEvent)
    /// Hears every new finger's explained hit-test while set
    /// (`UIKitDebug.setHitTestObserver(_:in:)`).
    var hitTestObserver: (@MainActor (HitTestExplanation, TouchSample) -> Void)?
    /// The run loop that runs this application's turns (the last one made for it).
    weak var hookedRunLoop: ApplicationRunLoop?
    var windowObservers: [(token: WindowObservation, handler: @MainActor (UIWindow, WindowChange) -> Void)] = []

    // MARK: - Delegate

    /// The delegate, held strongly (UIKit leaves retaining it to `UIApplicationMain`; here
    /// the application does it, so a delegate set in a test or by the host stays alive).
    open var delegate: (any UIApplicationDelegate)?

    /// The delegate, if it is a responder that is not a view, controller or application
    /// (Beginning iPhone Development with Swift, ch. 18: the chain ends at the
    /// application delegate).
    open override var next: UIResponder? {
        guard let responder = delegate as? UIResponder,
            !(responder is UIView), !(responder is UIViewController), !(responder is UIApplication)
        else { return nil }
        return responder
    }

    // MARK: - Windows

    /// The app's visible and hidden windows, as UIKit's reference says: back to front by
    /// `windowLevel`, windows of one level in the order they were made. A window is
    /// listed from its `init` for as long as something else holds it (the application
    /// holds it weakly). System windows are left out, as on iOS: the debug layer's and
    /// the sandbox gallery's (`UIWindow.isSystemWindow`).
    public var windows: [UIWindow] {
        registeredWindows.compactMap { $0.window }.filter { !$0.isSystemWindow }
            .enumerated().sorted { ($0.element.windowLevel, $0.offset) < ($1.element.windowLevel, $1.offset) }
            .map(\.element)
    }

    /// Every window made in this application, held weakly, in the order they were made.
    var registeredWindows: [WeakWindow] = []

    struct WeakWindow {
        weak var window: UIWindow?
    }

    /// Lists a window from its `init` (`windows`); windows gone since are dropped.
    func register(_ window: UIWindow) {
        registeredWindows.removeAll { $0.window == nil }
        registeredWindows.append(WeakWindow(window: window))
    }

    /// The windows on screen now, system windows included, in the order they became
    /// visible: what the touch routing, the frames and the debug layer go through.
    package internal(set) var visibleWindows: [UIWindow] = []

    /// The window that was last made key and is still visible.
    public internal(set) weak var keyWindow: UIWindow?

    func windowDidBecomeVisible(_ window: UIWindow) {
        if !visibleWindows.contains(where: { $0 === window }) { visibleWindows.append(window) }
        notifyWindowObservers(window, .didBecomeVisible)
    }

    func windowDidBecomeHidden(_ window: UIWindow) {
        visibleWindows.removeAll { $0 === window }
        if keyWindow === window {
            keyWindow = nil
            window.resignKey()
            notifyWindowObservers(window, .didResignKey)
        }
        notifyWindowObservers(window, .didBecomeHidden)
    }

    func setKeyWindow(_ window: UIWindow) {
        guard keyWindow !== window else { return }
        if let previous = keyWindow {
            previous.resignKey()
            notifyWindowObservers(previous, .didResignKey)
        }
        keyWindow = window
        window.becomeKey()
        notifyWindowObservers(window, .didBecomeKey)
    }

    // MARK: - Events

    /// Hands a touches event to each window that has a changed touch in it, in the
    /// order of those touches, and a scroll event to the window under the pointer.
    /// Override to watch every event, calling `super`.
    open func sendEvent(_ event: UIEvent) {
        if event.type == .scroll {
            event.scrollWindow?.sendEvent(event)
            return
        }
        let changed = event.changedTouches
        // The usual case, one window, allocates nothing.
        if let first = changed.first?.window, changed.allSatisfy({ $0.window === first }) {
            first.sendEvent(event)
            return
        }
        var delivered: [UIWindow] = []
        for touch in changed {
            guard let window = touch.window, !delivered.contains(where: { $0 === window }) else { continue }
            delivered.append(window)
            window.sendEvent(event)
        }
    }

    // MARK: - Ignoring interaction

    private var ignoreCount = 0

    /// Whether touch input is being dropped.
    public var isIgnoringInteractionEvents: Bool {
        ignoreCount > 0
    }

    /// Starts dropping touch input; calls nest. The first call cancels every live touch,
    /// as UIKit does (starting a UIView animation that ignores interaction cancels the
    /// touches under way), so no touch is left open while input is dropped; fingers
    /// that go down meanwhile are ignored for their whole life.
    public func beginIgnoringInteractionEvents() {
        ignoreCount += 1
        if ignoreCount == 1 {
            UIKitDebug.log(.application, "ignoring interaction events")
            touchRouter.cancelAllTouches(reason: "the application began ignoring interaction events")
        }
    }

    /// Balances one `beginIgnoringInteractionEvents()`; input resumes when every call is
    /// balanced. An unbalanced call is ignored with a debug log.
    public func endIgnoringInteractionEvents() {
        guard ignoreCount > 0 else {
            UIKitDebug.log(.application, "endIgnoringInteractionEvents without a matching begin ignored")
            return
        }
        ignoreCount -= 1
        if ignoreCount == 0 { UIKitDebug.log(.application, "interaction events resumed") }
    }

    // MARK: - Cancelling touches

    /// Ends every live touch as cancelled at its receiver (an interruption: the host
    /// lost its input grab, a system alert…).
    public func cancelAllTouches() {
        touchRouter.cancelAllTouches(reason: "the application cancelled all touches")
    }

    /// Ends as cancelled every live touch that came from input device `device` (the
    /// `TouchSample.ID.device` of its samples): the host calls this when a device is
    /// removed or disabled. Later samples for those fingers are dropped.
    public func cancelTouches(fromDevice device: Int) {
        touchRouter.cancelTouches(fromDevice: device)
    }

    func resetIgnoring() {
        ignoreCount = 0
    }
}
