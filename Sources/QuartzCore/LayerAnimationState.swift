/// The animations attached to one layer, in the order they were added (the order they
/// apply in, each on top of the ones before), and what each has been told.
@MainActor
final class LayerAnimationState {
    private(set) var entries: [AttachedAnimation] = []
    /// The engine whose list of animated layers holds this layer, so it is listed once
    /// however often its animations come and go between ticks, and by one engine: a
    /// layer moved into another application's tree moves to that engine's list
    /// (`CALayer.adopt(_:)`), and the old engine drops it at its next tick. Unchecked for
    /// exclusivity (compared for every animated layer in every tick): main actor, never
    /// accessed inout.
    @exclusivity(unchecked) var registeredEngine: CAAnimationEngine?

    var hasEntries: Bool { !entries.isEmpty }

    /// Whether an animation is still to stop, so frames are needed.
    var hasRunningEntries: Bool { entries.contains { !$0.hasStopped } }

    /// Whether a tick at the layer's time `localTime` would tell an animation's start
    /// or stop: what still needs a frame when the layer's time stands still.
    func hasDueNotice(atLocalTime localTime: CFTimeInterval) -> Bool {
        entries.contains { entry in
            guard !entry.hasStopped else { return false }
            let phase = entry.phase(atLocalTime: localTime)
            return phase == .after || (phase == .active && !entry.hasStarted)
        }
    }

    func append(_ entry: AttachedAnimation) {
        entries.append(entry)
    }

    /// Removes and returns the animation attached for `key`.
    func remove(key: String) -> AttachedAnimation? {
        guard let index = entries.firstIndex(where: { $0.key == key }) else { return nil }
        return entries.remove(at: index)
    }

    /// Removes `entry` itself (not whatever now has its key); whether it was there.
    @discardableResult
    func remove(_ entry: AttachedAnimation) -> Bool {
        guard let index = entries.firstIndex(where: { $0 === entry }) else { return false }
        entries.remove(at: index)
        return true
    }

    func removeAll() -> [AttachedAnimation] {
        defer { entries.removeAll() }
        return entries
    }
}

/// One animation attached to a layer: the copy `add(_:forKey:)` made, its key, when it
/// was added relative to every other (the engine's delegate order), and its progress
/// through start and stop.
@MainActor
final class AttachedAnimation {
    let key: String?
    let animation: CAAnimation
    let sequence: UInt64
    /// It could not be resolved for its layer (logged when added) and shows nothing; it
    /// still starts and stops on time.
    let isInert: Bool
    private(set) var hasStarted = false
    private(set) var hasStopped = false
    /// The transactions whose completion blocks wait for it.
    var transactionGroups: [CATransactionCompletionGroup] = []

    init(key: String?, animation: CAAnimation, sequence: UInt64, isInert: Bool) {
        self.key = key
        self.animation = animation
        self.sequence = sequence
        self.isInert = isInert
    }

    /// Where the animation stands at its layer's time `localTime`.
    func phase(atLocalTime localTime: CFTimeInterval) -> CAAnimationTiming.Phase {
        animation.timing(defaultDuration: CAAnimation.defaultDuration).sample(atParentTime: localTime).phase
    }

    /// Tells the delegate the animation started, once.
    func start() {
        guard !hasStarted, !hasStopped else { return }
        hasStarted = true
        animation.delegate?.animationDidStart(animation)
    }

    /// Tells the transactions and the delegate the animation stopped, once.
    func stop(finished: Bool) {
        guard !hasStopped else { return }
        hasStopped = true
        let groups = transactionGroups
        transactionGroups = []
        animation.delegate?.animationDidStop(animation, finished: finished)
        // Innermost transaction first, so nested completion blocks run before outer ones.
        for group in groups.reversed() { group.animationDidStop() }
    }
}
