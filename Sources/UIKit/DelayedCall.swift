/// A call scheduled to run once the media clock reaches `deadline`: the counterpart of
/// `perform(_:with:afterDelay:)` and of a one-shot timer, on the injected clock.
///
/// Calls run only when the host's run loop (or a test) pumps them with
/// `UIApplication.runPendingTimers()`, in deadline order, ties in scheduling order.
@MainActor
public final class DelayedCall {
    /// When the call becomes due, in seconds on the media clock.
    public let deadline: TimeInterval
    /// True until the call has run or been cancelled.
    public internal(set) var isPending = true

    let action: @MainActor () -> Void
    /// For `cancelPreviousPerformRequests`: who scheduled it, and under which name.
    let target: ObjectIdentifier?
    let selector: String?
    let sequence: UInt64

    init(deadline: TimeInterval, target: ObjectIdentifier?, selector: String?, sequence: UInt64,
         action: @escaping @MainActor () -> Void) {
        self.deadline = deadline
        self.target = target
        self.selector = selector
        self.sequence = sequence
        self.action = action
    }

    /// Stops the call from running; does nothing once it has run.
    public func cancel() {
        isPending = false
    }
}

/// The pending delayed calls, sorted by (deadline, sequence).
@MainActor
final class TimerQueue {
    /// Which of an application's two clocks a queue's deadlines are on.
    enum Timeline {
        /// The app's time (`CAAnimationEngine.appClock`), which may be frozen or slowed:
        /// the app's own calls and timers.
        case app
        /// The host clock (`CAAnimationEngine.clock`): tools that keep real time while
        /// the app's stands (`UIApplication.scheduleInHostTime(afterDelay:_:)`).
        case host
    }

    /// The engine whose clocks the deadlines are on (the application's).
    let engine: CAAnimationEngine
    let timeline: Timeline

    init(engine: CAAnimationEngine, timeline: Timeline = .app) {
        self.engine = engine
        self.timeline = timeline
    }

    /// Now on the queue's clock.
    private var now: TimeInterval {
        switch timeline {
        case .app: engine.now
        case .host: engine.clock.now
        }
    }

    /// The arena that settles the states a call sets when the call returns (a long press
    /// beginning, a tap timing out), as it does after an event.
    weak var settlesCallsIn: GestureArena?
    /// Told when a call is scheduled ahead of every pending one, so whoever sleeps until
    /// the earliest deadline (the run loop) wakes earlier: calls scheduled from outside a
    /// turn (a key handler, a frame's presentation) are not missed.
    var onEarlierDeadline: (@MainActor () -> Void)?
    private var calls: [DelayedCall] = []
    private var nextSequence: UInt64 = 0

    func schedule(after delay: TimeInterval, target: ObjectIdentifier?, selector: String?,
                  action: @escaping @MainActor () -> Void) -> DelayedCall {
        var safeDelay = delay
        if !safeDelay.isFinite || safeDelay < 0 {
            UIKitDebug.log(.timers, "delay \(delay) treated as 0")
            safeDelay = 0
        }
        nextSequence += 1
        let call = DelayedCall(
            deadline: now + safeDelay, target: target, selector: selector,
            sequence: nextSequence, action: action)
        let index = calls.partitioningIndex { other in
            (other.deadline, other.sequence) > (call.deadline, call.sequence)
        }
        // Sorted by deadline: it is the earliest when no pending call comes before it.
        let isEarliest = !calls[..<index].contains { $0.isPending }
        calls.insert(call, at: index)
        if isEarliest { onEarlierDeadline?() }
        return call
    }

    /// The sequence of the call scheduled last (0 before any): calls scheduled after this
    /// reading have greater ones (`runDue(scheduledThrough:)`).
    var latestSequence: UInt64 { nextSequence }

    /// The earliest deadline of a pending call.
    var nextDeadline: TimeInterval? {
        calls.first { $0.isPending }?.deadline
    }

    /// Runs every call that was pending when the pump began, is due now and was scheduled
    /// no later than `mark` (a `latestSequence` read earlier: a run loop's turn leaves
    /// what its own input scheduled for the next turn). Calls scheduled while pumping
    /// wait for the next pump, so a call that reschedules itself with no delay cannot
    /// spin forever.
    @discardableResult
    func runDue(scheduledThrough mark: UInt64 = .max) -> Int {
        calls.removeAll { !$0.isPending }
        let now = self.now
        var dueEnd = 0
        while dueEnd < calls.count, calls[dueEnd].deadline <= now { dueEnd += 1 }
        var batch: [DelayedCall] = []
        var waiting: [DelayedCall] = []
        for call in calls[..<dueEnd] {
            if call.sequence <= mark { batch.append(call) } else { waiting.append(call) }
        }
        guard !batch.isEmpty else { return 0 }
        calls.replaceSubrange(0..<dueEnd, with: waiting)
        var ran = 0
        let gestures = settlesCallsIn
        for call in batch where call.isPending {
            call.isPending = false
            // States a timer sets (a long press beginning, a tap timing out) settle when
            // its call returns, as they would after an event.
            if let gestures {
                gestures.batching { call.action() }
            } else {
                call.action()
            }
            ran += 1
        }
        return ran
    }

    func cancel(target: ObjectIdentifier, selector: String?) {
        for call in calls where call.target == target && (selector == nil || call.selector == selector) {
            call.isPending = false
        }
    }

    func removeAll() {
        for call in calls { call.isPending = false }
        calls.removeAll()
    }
}

extension Array {
    /// The first index whose element satisfies `belongsInSecondPartition`, for an array
    /// already partitioned by it (binary search).
    fileprivate func partitioningIndex(where belongsInSecondPartition: (Element) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if belongsInSecondPartition(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
