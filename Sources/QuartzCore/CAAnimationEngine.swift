/// The frame clock of the layer engine: the one entry a host calls once per frame.
///
/// `tick()` does, in this order, at `t = CACurrentMediaTime()` (animations at the layer
/// tree's time for `t`, which slow animations stretch: `CAAnimationEngine+SlowAnimations`;
/// each layer's animations at that layer's own time, `CALayer+MediaTiming`):
///
/// 1. fires every running `CADisplayLink` that is due (its `timestamp` is `t`);
/// 2. tells the delegate of every attached animation whose `beginTime` has come
///    `animationDidStart(_:)`, in the order the animations were added (across all
///    layers);
/// 3. tells the delegate of every animation whose active duration has ended
///    `animationDidStop(_:finished: true)`, in the order added, and then detaches it
///    unless `isRemovedOnCompletion` is false (UIView animation completions run here,
///    from their animations' stops);
/// 4. runs the callbacks queued with `performOnNextTick(_:)`;
/// 5. commits the implicit `CATransaction` it opened (`CATransaction.flush()`);
/// 6. marks every layer with a running animation as damaged (`DamageTracker`), so a
///    host that redraws on damage draws the frame; a layer that entered or left the
///    presentation by its own timing since the last tick is marked after step 3.
///
/// Animations never finish on reads: `presentation()` between ticks shows an ended
/// animation by its `fillMode` until the next tick detaches it.
///
/// `needsFrames` tells an idle host that nothing moves, so it can stop ticking. An
/// animation on a paused layer (its time frozen by a `speed` of 0 on it or above it)
/// does not move: it needs a frame only while a start or a stop is due to be told.
///
/// An engine is an instance, owned by an application (`UIApplication`), with its own
/// clock, layers, display links and slow-animation time line; two applications in one
/// process animate independently. A layer is animated by the engine of its tree (the
/// engine its root layer is hosted by, `CALayer.hostingEngine`), and a layer in no
/// hosted tree by the current one, `CAAnimationEngine.current`, which UIKit sets to the
/// engine of the application whose run-loop turn is running.
@MainActor
public final class CAAnimationEngine {
    /// The engine of the application whose turn is running (UIKit sets it whenever an
    /// application becomes current); before any application exists, one the process
    /// makes on first use, which the first application then owns. Setting it publishes
    /// its clock to `CACurrentMediaTime()`. With UIKit, make an application current
    /// (`UIApplication.makeCurrent()`) rather than setting this, or the engine and
    /// `UIApplication.shared` disagree; set it directly only without UIKit.
    public static var current: CAAnimationEngine {
        get {
            if let installedCurrent { return installedCurrent }
            let engine = CAAnimationEngine()
            installedCurrent = engine
            CAMediaClock.publish(engine.appClock)
            return engine
        }
        set {
            installedCurrent = newValue
            CAMediaClock.publish(newValue.appClock)
        }
    }
    private static var installedCurrent: CAAnimationEngine?

    /// An engine with nothing animating, on `clock` (the monotonic clock by default).
    public init(clock: any MediaClock = MonotonicClock()) {
        installedClock = clock
        appClock = AppClock(base: clock)
    }

    /// The host clock this engine's time derives from: the host keeps `MonotonicClock`,
    /// a test installs a `ManualClock` and moves it by hand. The engine's own time, which
    /// `CACurrentMediaTime()` reads while the engine is current, is `appClock`'s, which
    /// reads this clock's seconds unless the app is frozen, stepped or sped (setting the
    /// clock starts that line again). Delayed calls keep their absolute deadlines across
    /// a clock swap, so set the clock before scheduling.
    public var clock: any MediaClock {
        get { installedClock }
        set {
            installedClock = newValue
            appClock.base = newValue
        }
    }
    // Unchecked for exclusivity (read at every touch's and presentation's time): main
    // actor, never accessed inout. Stored apart from `clock`, whose setter rebases: an
    // observed property is checked at every read.
    @exclusivity(unchecked) private var installedClock: any MediaClock

    /// The app's time line on `clock`: its speed, and freezing and stepping
    /// (`AppClock`). Everything timed in the application reads it.
    public let appClock: AppClock

    /// Seconds of this engine's (the app's) time: `appClock.now`.
    public var now: CFTimeInterval { appClock.now }

    /// The display's frame interval, which `CADisplayLink.duration` reports; the host
    /// sets it from the refresh rate it draws at.
    public var frameInterval: CFTimeInterval = 1.0 / 60

    /// True while a tick has work: an animation has not stopped, a display link is
    /// running, a callback waits for the next tick, an implicit transaction waits to
    /// be committed, or a layer is due to enter or leave the presentation by its timing
    /// (`CAAnimationEngine+TimedLayers`).
    ///
    /// While the app's time is frozen (`appClock`) and the last tick was at its instant,
    /// nothing moves: display links, running animations and timed layers need no frame,
    /// only a start or stop due to be told does. A step moves the instant, and the next
    /// tick is needed again.
    public var needsFrames: Bool {
        if !nextTickCallbacks.isEmpty || CATransaction.hasImplicitTransaction(committedBy: self) { return true }
        let isStill = isTimeStill
        if !isStill {
            for link in displayLinks where !link.isPaused { return true }
        }
        return hasRunningAnimations(timeStill: isStill) || (!isStill && hasTimedLayerAboutToChange)
    }

    /// Whether an animation moves or waits to tell a start or stop, judged with the
    /// app's time frozen or not (`needsFrames`).
    var hasMovingAnimations: Bool {
        hasRunningAnimations(timeStill: isTimeStill)
    }

    /// The app's time is frozen where the last tick ran: a tick now moves nothing.
    private var isTimeStill: Bool {
        guard let lastTickTime, appClock.isFrozen else { return false }
        return appClock.now == lastTickTime
    }

    /// The media time of the last tick, if any: a paced frame's, ahead of now by up to
    /// a frame (its presentation time).
    package private(set) var lastTickTime: CFTimeInterval?

    /// Called whenever new work arrives (an animation added, a display link started or
    /// resumed, a callback queued), wherever the call came from: a host that stopped
    /// ticking because `needsFrames` was false starts again here. It may run before the
    /// work is fully registered, so it should schedule a tick, not test `needsFrames`.
    public var onWork: (@MainActor () -> Void)?

    /// Runs one frame (see the type's description), for now.
    public func tick() {
        tick(at: now)
    }

    /// Runs one frame for the media time `now`: a run loop that starts frames on the
    /// display's grid samples each at the time it is for, not at the moment its turn
    /// happened to run, so motion stays even when a wake is late or a frame is dropped.
    ///
    /// While the app's time is frozen, a tick at the instant of the one before (for a
    /// queued callback, a commit) fires no display link and marks nothing moved: no time
    /// passed, so nothing a link would compute or a presentation shows changed.
    public func tick(at now: CFTimeInterval) {
        let timeMoved = !appClock.isFrozen || lastTickTime.map { now > $0 } ?? true
        lastTickTime = now
        if timeMoved {
            for link in displayLinks where !link.isPaused {
                link.fireIfDue(at: now, frameInterval: frameInterval)
            }
        }
        advanceAnimations(to: time(atMediaTime: now))
        redrawTimedLayersWhosePresenceChanged()
        let callbacks = nextTickCallbacks
        nextTickCallbacks = []
        for callback in callbacks { callback() }
        CATransaction.flush(committedBy: self)
        if timeMoved { markRunningAnimationsDamaged() }
    }

    /// Whether an attached animation has not stopped yet and either moves with time or,
    /// on a paused layer, waits for a tick to tell its start or stop.
    /// With `timeStill` (the app's time frozen where the last tick ran), every layer
    /// counts as paused.
    func hasRunningAnimations(timeStill: Bool = false) -> Bool {
        // A loop: a closure made on the main actor checks its executor at every call.
        for box in animatedLayers {
            // A layer moved to another engine since the last tick may still be listed
            // here: it asks for one more frame, and the tick drops it.
            guard let layer = box.layer, let state = layer.animationState, state.hasRunningEntries else { continue }
            if !(timeStill || layer.isTimeFrozen) || state.hasDueNotice(atLocalTime: layer.currentLocalTime) { return true }
        }
        return false
    }

    /// Marks every layer whose presentation moves with time (an attached animation has
    /// not stopped, and the layer's time is not frozen) as damaged: its presentation at
    /// the last frame's time and at the next one's are redrawn. A stopped animation's
    /// layer was marked when it stopped, and a paused one when its timing changed.
    func markRunningAnimationsDamaged() {
        for box in animatedLayers {
            // As above: a layer just moved to another engine is marked by both, once.
            guard let layer = box.layer, layer.animationState?.hasRunningEntries == true, !layer.isTimeFrozen else { continue }
            layer.noteVisualChange()
        }
    }

    /// Runs `body` with the layer tree's time (`currentTime`) held at its value now: a
    /// host draws each frame inside it, so the frame's damage, its drawing and anything
    /// drawn over it read every presentation at one instant. Nested calls keep the
    /// outer instant.
    public func holdingTime<T>(_ body: () throws -> T) rethrows -> T {
        try holdingTime(atMediaTime: now, body)
    }

    /// Runs `body` with the layer tree's time held at its value for the media time
    /// `mediaTime` (the time a frame is for, `tick(at:)`). Nested calls keep the outer
    /// instant.
    public func holdingTime<T>(atMediaTime mediaTime: CFTimeInterval, _ body: () throws -> T) rethrows -> T {
        if heldTime != nil { return try body() }
        heldTime = time(atMediaTime: mediaTime)
        heldScopeCount &+= 1
        heldScope = heldScopeCount
        defer {
            heldTime = nil
            heldScope = nil
        }
        return try body()
    }

    // Unchecked for exclusivity (read at every presentation's time): main actor, never
    // accessed inout across a call.
    /// The time `holdingTime(_:)` holds, while it runs.
    @exclusivity(unchecked) var heldTime: CFTimeInterval?

    /// A number for the outermost `holdingTime(_:)` call running now, new for each call;
    /// nil outside one. A frame's damage and its drawing, rectangle by rectangle, run in
    /// one such call and read one instant of an unchanging tree, so what is derived from
    /// the tree for one rectangle (an overlay's walk over it) may be kept for the others
    /// under this number, and must not be used under another.
    package private(set) var heldScope: UInt64?
    private var heldScopeCount: UInt64 = 0

    /// Runs `body` during the next `tick()`, after the animations have been advanced:
    /// how UIKit calls the completion of an animation block that animated nothing.
    public func performOnNextTick(_ body: @escaping @MainActor () -> Void) {
        nextTickCallbacks.append(body)
        onWork?()
    }

    // MARK: - Layers with animations

    private final class WeakLayer {
        weak var layer: CALayer?
        init(_ layer: CALayer) { self.layer = layer }
    }

    /// Every layer that has had animations since the last tick. Held weakly: a layer
    /// that goes away takes its animations with it, without a stop.
    private var animatedLayers: [WeakLayer] = []
    private var sequence: UInt64 = 0
    private var nextTickCallbacks: [@MainActor () -> Void] = []
    // Unchecked for exclusivity (read at every presentation's time): main actor; the one
    // inout access, `rebase`, calls nothing.
    /// The layer tree's time line (`CAAnimationEngine+SlowAnimations`).
    @exclusivity(unchecked) var layerTime = LayerTreeTime()
    /// Layers with a timing of their own (`CAAnimationEngine+TimedLayers`).
    var timedLayers: [TimedLayer] = []

    /// Numbers animations in the order they are added.
    func nextSequence() -> UInt64 {
        sequence &+= 1
        return sequence
    }

    func register(_ layer: CALayer, _ state: LayerAnimationState) {
        onWork?()
        guard state.registeredEngine !== self else { return }
        state.registeredEngine = self
        animatedLayers.append(WeakLayer(layer))
    }

    /// Tells starts and stops due at the layer tree's time `now`, each layer's animations
    /// judged at that layer's own time then.
    private func advanceAnimations(to now: CFTimeInterval) {
        var starting: [AttachedAnimation] = []
        var ending: [(CALayer, LayerAnimationState, AttachedAnimation)] = []
        animatedLayers.removeAll { box in
            guard let layer = box.layer, let state = layer.animationState, state.registeredEngine === self else { return true }
            guard state.hasEntries else {
                state.registeredEngine = nil
                return true
            }
            let local = layer.localTime(atTreeTime: now)
            for entry in state.entries where !entry.hasStopped {
                let phase = entry.phase(atLocalTime: local)
                if phase != .before, !entry.hasStarted { starting.append(entry) }
                if phase == .after { ending.append((layer, state, entry)) }
            }
            return false
        }
        for entry in starting.sorted(by: { $0.sequence < $1.sequence }) { entry.start() }
        for (layer, state, entry) in ending.sorted(by: { $0.2.sequence < $1.2.sequence }) where !entry.hasStopped {
            entry.stop(finished: true)
            // Removed or held by its fill mode, the presentation stops moving: drawn once more.
            if entry.animation.isRemovedOnCompletion { state.remove(entry) }
            layer.noteVisualChange()
        }
    }

    // MARK: - Display links

    private(set) var displayLinks: [CADisplayLink] = []

    func addDisplayLink(_ link: CADisplayLink) {
        onWork?()
        guard !displayLinks.contains(where: { $0 === link }) else { return }
        displayLinks.append(link)
    }

    func removeDisplayLink(_ link: CADisplayLink) {
        displayLinks.removeAll { $0 === link }
    }

    // MARK: - Testing

    /// Forgets every animated layer, display link, queued callback and open
    /// transaction without telling anyone; the layers keep their animations. What the
    /// deprecated `CAAnimationEngine.resetForTesting()` still does to the current
    /// engine; a test makes an engine (or an application) of its own instead.
    package func discardAllState() {
        for box in animatedLayers where box.layer?.animationState?.registeredEngine === self {
            box.layer?.animationState?.registeredEngine = nil
        }
        animatedLayers.removeAll()
        timedLayers.removeAll()
        displayLinks.removeAll()
        nextTickCallbacks.removeAll()
        lastTickTime = nil
        layerTime = LayerTreeTime()
        // A host's run loop sets the display's interval; tests expect the default.
        frameInterval = 1.0 / 60
        CATransaction.discardAll()
    }
}
