import Foundation

/// A timer in step with the frames: calls its action once per tick of its engine
/// (`CAAnimationEngine.tick()`)
/// while added and not paused, with Core Animation's names.
///
/// Swift on Linux has no selectors, so the action is a closure, given directly or as
/// an unbound method of the target:
///
///     link = CADisplayLink(target: self, selector: Ticker.step)   // func step(_ link: CADisplayLink)
///     link = CADisplayLink { link in … }
///     link.add(to: .main, forMode: .common)
///
/// As in Core Animation the link holds its target strongly until `invalidate()`. The
/// run loop and mode are accepted for source compatibility; every added link is driven
/// by the engine's ticks, on the main actor.
@MainActor
public final class CADisplayLink {
    private var action: (@MainActor (CADisplayLink) -> Void)?

    public init(handler: @escaping @MainActor (CADisplayLink) -> Void) {
        action = handler
    }

    /// `selector` is an unbound method of `target`'s type taking the link.
    public convenience init<Target: AnyObject>(
        target: Target, selector: @escaping @MainActor (Target) -> (CADisplayLink) -> Void
    ) {
        self.init { link in selector(target)(link) }
    }

    /// When true the link is not fired (and does not keep frames coming).
    public var isPaused = false {
        didSet { if !isPaused, oldValue { engine?.onWork?() } }
    }
    /// The engine the link was added to, which fires it; held until the link is
    /// removed or invalidated (the engine holds its links as strongly).
    private var engine: CAAnimationEngine?
    /// Fire at most this often; 0 (the default) fires on every frame.
    public var preferredFramesPerSecond = 0

    /// The time of the frame being drawn when the action runs.
    public private(set) var timestamp: CFTimeInterval = 0
    /// When the next frame is expected.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// The display's frame interval (the engine's `frameInterval`).
    public private(set) var duration: CFTimeInterval = 0

    private var isValid = true
    private var lastFire: CFTimeInterval?

    /// Starts firing on the frame ticks of the current application's engine
    /// (`CAAnimationEngine.current`): the run loop named is the current thread's, and
    /// the application whose turn runs owns the current engine. A link that was
    /// invalidated stays stopped; one added while in another engine moves.
    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard isValid else { return }
        add(to: .current)
    }

    /// Starts firing on `engine`'s frame ticks (an application's own engine).
    public func add(to engine: CAAnimationEngine) {
        guard isValid else { return }
        if let previous = self.engine, previous !== engine { previous.removeDisplayLink(self) }
        self.engine = engine
        engine.addDisplayLink(self)
    }

    /// Stops firing (it can be added again).
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        engine?.removeDisplayLink(self)
        engine = nil
    }

    /// Stops firing for good and releases the action and its target.
    public func invalidate() {
        isValid = false
        action = nil
        engine?.removeDisplayLink(self)
        engine = nil
    }

    /// Fires if `preferredFramesPerSecond` allows a frame at `now`; half a frame of
    /// slack keeps a 30 fps link on every other 60 Hz frame despite jitter.
    func fireIfDue(at now: CFTimeInterval, frameInterval: CFTimeInterval) {
        let interval = preferredFramesPerSecond > 0 ? 1 / Double(preferredFramesPerSecond) : frameInterval
        if preferredFramesPerSecond > 0, let lastFire, now - lastFire < interval - frameInterval / 2 { return }
        lastFire = now
        timestamp = now
        duration = frameInterval
        targetTimestamp = now + max(interval, frameInterval)
        action?(self)
    }
}
