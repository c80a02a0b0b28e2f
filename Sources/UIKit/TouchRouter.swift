/// Turns batches of samples into touches and dispatches them: the one path from
/// samples to `UIApplication.sendEvent(_:)`, and the one place touches are cancelled.
///
/// It owns the application's touches event and the map from sample IDs to live touches.
/// Bad input is handled here with the outcomes documented on `UIWindow.inject(_:)`.
@MainActor
final class TouchRouter {
    unowned let application: UIApplication
    let event: UIEvent

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) private var liveTouches: [TouchSample.ID: UITouch] = [:]
    /// IDs whose samples are dropped quietly: fingers cancelled by the system, or
    /// begun while interaction was ignored. Bounded, since a device may never end them.
    private var retiredIDs: Set<TouchSample.ID> = []
    private static let retiredIDLimit = 4_096
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) private var newestTimestamp = -TimeInterval.infinity
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) private var tapHistory = TapHistory()
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// Touches dispatched since the last batch; they turn stationary when the next
    /// change arrives, unless that change is theirs.
    @exclusivity(unchecked) private var touchesToSettle: [UITouch] = []
    /// Dispatches under way. It must count: a handler may inject or cancel touches
    /// during a dispatch, and the touches of the outer event must not turn stationary
    /// (`settleTouches()`) before that event has reached every receiver.
    private var dispatchDepth = 0
    /// Orders touches by when they began, for deterministic cancellation order.
    private var beginCount: UInt64 = 0

    init(application: UIApplication, event: UIEvent) {
        self.application = application
        self.event = event
        appClock = application.animationEngine.appClock
    }

    /// The application's time line, where samples stamped on the host clock land
    /// (kept: read for every sample).
    private let appClock: AppClock

    // MARK: - Samples

    /// Events sent so far: what the screen routing's hit-tests were made against
    /// (`ScreenTouchRouting.RoutedHits`) stands while none was sent since.
    private(set) var sentEvents = 0

    /// How many touches are down.
    var liveTouchCount: Int { liveTouches.count }

    /// The hit-test views of the live touches in `window` (for explanations, not the
    /// touch's path).
    func liveTouchViews(in window: UIWindow) -> [UIView] {
        liveTouches.values.compactMap { $0.window === window ? $0.view : nil }
    }

    /// The window the live touch for `id` began in, if that finger is down.
    func window(ofLiveTouch id: TouchSample.ID) -> UIWindow? {
        liveTouches[id]?.window
    }

    /// Processes one batch injected through `window`: one `sendEvent` per run of
    /// samples in which no ID repeats, in order. For a run the screen routing made
    /// (`routedHits`), a new finger takes the view the routing's hit-test found under
    /// it, while no event was sent since, instead of being hit-tested again.
    func process(_ batch: [TouchSample], in window: UIWindow, routedHits: ScreenTouchRouting.RoutedHits? = nil) {
        var start = batch.startIndex
        // Batches hold one sample per finger, so they are short: a linear scan finds a
        // repeated ID without allocating; past `linearScanLimit` a set takes over.
        var idsInSegment: Set<TouchSample.ID>?
        // The newest lift in the segment: a finger that comes down after another lifted
        // (the second tap of a double tap, read together with the first's end after the
        // app was busy) starts a new event, as it would have been frames apart on iOS;
        // in one event the two would look like two fingers down at once.
        var newestLift = TouchRouter.liftTime(of: batch[start])
        for index in batch.indices.dropFirst() {
            let id = batch[index].id
            let beganAfterALift = batch[index].phase == .began && newestLift.map { batch[index].timestamp > $0 } == true
            let repeated: Bool
            if let ids = idsInSegment {
                repeated = ids.contains(id)
            } else {
                repeated = batch[start..<index].contains { $0.id == id }
                if !repeated, index - start >= TouchRouter.linearScanLimit {
                    idsInSegment = Set(batch[start..<index].lazy.map(\.id))
                }
            }
            if repeated || beganAfterALift {
                processSegment(batch[start..<index], in: window, routedHits: routedHits)
                start = index
                idsInSegment = nil
                newestLift = nil
            }
            idsInSegment?.insert(id)
            if let lift = TouchRouter.liftTime(of: batch[index]) { newestLift = max(newestLift ?? lift, lift) }
        }
        processSegment(batch[start...], in: window, routedHits: routedHits)
    }

    private static let linearScanLimit = 32

    /// The time of an `ended` or `cancelled` sample, when it is finite.
    private static func liftTime(of sample: TouchSample) -> TimeInterval? {
        guard sample.phase == .ended || sample.phase == .cancelled, sample.timestamp.isFinite else { return nil }
        return sample.timestamp
    }

    private func processSegment(_ samples: ArraySlice<TouchSample>, in window: UIWindow,
                                routedHits: ScreenTouchRouting.RoutedHits?) {
        cancelTouchesBegunAgain(in: samples)
        settleTouches()
        var changed: [UITouch] = []
        changed.reserveCapacity(samples.count)
        // The tools' windows (the debug layer's, a gallery's) still take touches while the
        // app ignores interaction events: Resume stays in reach of a frozen app whose
        // `endIgnoringInteractionEvents()` waits on its clock.
        let ignoring = application.isIgnoringInteractionEvents && !window.isSystemWindow
        for sample in samples {
            let timestamp = sanitizedTimestamp(of: sample)
            if ignoring {
                retire(sample)
                continue
            }
            switch sample.phase {
            case .began:
                begin(sample, at: timestamp, in: window, changed: &changed)
            case .moved:
                guard let touch = touch(for: sample) else { continue }
                guard let location = finiteLocation(of: sample, fallback: touch) else { continue }
                // Nothing changed: the touch stays stationary. A change of force alone
                // is a move, as on iOS.
                if location == touch.locationInWindow, !touch.contactDiffers(from: sample),
                   sample.coalescedSamples.isEmpty { continue }
                let earlier = coalescedSamples(of: sample, after: touch, until: timestamp)
                for step in earlier { touch.recentPath.add(step.location, at: step.timestamp) }
                touch.recentPath.add(location, at: timestamp)
                touch.move(to: location)
                touch.takeContact(of: sample)
                touch.coalescedSamples = earlier
                touch.livePhase = .moved
                touch.liveTimestamp = timestamp
                changed.append(touch)
            case .ended, .cancelled:
                guard let touch = touch(for: sample) else { continue }
                let location = finiteLocation(of: sample, fallback: touch) ?? touch.locationInWindow
                if location != touch.locationInWindow { touch.move(to: location) }
                touch.takeContact(of: sample)
                touch.livePhase = sample.phase == .ended ? .ended : .cancelled
                touch.liveTimestamp = timestamp
                liveTouches[sample.id] = nil
                changed.append(touch)
            }
        }
        guard !changed.isEmpty else { return }
        // Layout runs before hit-testing, as UIKit's run loop lays out before the next
        // event arrives.
        window.layoutIfNeeded()
        for touch in changed where touch.phase == .began {
            touch.view = routedHit(for: touch, in: routedHits) ?? window.hitTest(touch.locationInWindow, with: event)
        }
        dispatch(changed)
    }

    /// The view the screen routing found under a new touch, when its hit-test stands:
    /// made at the touch's location, with no event sent since. (`Optional<UIView?>`: the
    /// routing may have found no view, which stands too.)
    private func routedHit(for touch: UITouch, in routedHits: ScreenTouchRouting.RoutedHits?) -> UIView?? {
        guard let hits = routedHits, hits.sentEvents == sentEvents,
              let found = hits.views[touch.sampleID], found.location == touch.locationInWindow else { return nil }
        return .some(found.view)
    }

    /// A `began` for a live ID means the input source lost that finger's end: the old
    /// touch is cancelled in an event of its own first, so that its view is free (a view
    /// without multiple touch would otherwise refuse the new touch).
    private func cancelTouchesBegunAgain(in samples: ArraySlice<TouchSample>) {
        guard !application.isIgnoringInteractionEvents, samples.contains(where: { $0.phase == .began }) else { return }
        let stale = samples.compactMap { sample in
            sample.phase == .began && sample.location.x.isFinite && sample.location.y.isFinite
                ? liveTouches[sample.id] : nil
        }
        guard !stale.isEmpty else { return }
        for touch in stale {
            UIKitDebug.log(.input, "began \(touch.sampleID) while that touch is live: cancelling the old touch")
        }
        cancel(stale, reason: "their IDs began again", retiring: false)
    }

    private func begin(_ sample: TouchSample, at timestamp: TimeInterval, in window: UIWindow, changed: inout [UITouch]) {
        guard sample.location.x.isFinite, sample.location.y.isFinite else {
            UIKitDebug.log(.input, "began \(sample.id) at a non-finite location ignored, with the rest of that finger")
            remember(retired: sample.id)
            return
        }
        if window.isInTransition {
            // As UIKit ignores interaction while a presentation, a dismissal, a push or
            // a pop runs: this finger is ignored for its whole life.
            UIKitDebug.log(.input, "began \(sample.id) ignored: a \(window.modalTransition != nil ? "modal" : "navigation") transition is under way in its window")
            remember(retired: sample.id)
            return
        }
        let location = TouchRouter.clamped(sample.location, of: sample)
        retiredIDs.remove(sample.id)
        beginCount += 1
        let touch = UITouch(
            beginOrder: beginCount, sampleID: sample.id, window: window, location: location, timestamp: timestamp,
            tapCount: tapHistory.tapCount(beganAt: location, in: window, at: timestamp),
            arbitration: application.gestureArena.admit())
        touch.takeContact(of: sample)
        touch.recentPath.add(location, at: timestamp)
        liveTouches[sample.id] = touch
        event.liveTouches.insert(touch)
        changed.append(touch)
    }

    /// The samples a move stands for before its own (`TouchSample.coalescedSamples`),
    /// made fit for `UIEvent.coalescedTouches(for:)`: one with a non-finite location is
    /// dropped, locations are clamped as the move's are, and times are kept between the
    /// touch's previous change and the move's own, in order, as event time never goes
    /// backwards.
    private func coalescedSamples(of sample: TouchSample, after touch: UITouch, until timestamp: TimeInterval)
        -> [TouchSample] {
        guard !sample.coalescedSamples.isEmpty else { return [] }
        var earliest = touch.liveTimestamp
        var kept: [TouchSample] = []
        kept.reserveCapacity(sample.coalescedSamples.count)
        for var step in sample.coalescedSamples where step.location.x.isFinite && step.location.y.isFinite {
            step.location = TouchRouter.clamped(step.location, of: step)
            step.timestamp = step.timestamp.isFinite ? min(max(step.timestamp, earliest), timestamp) : earliest
            step.phase = .moved
            step.coalescedSamples = []
            earliest = step.timestamp
            kept.append(step)
        }
        return kept
    }

    /// The live touch a non-`began` sample is for, or nil (logged unless retired).
    private func touch(for sample: TouchSample) -> UITouch? {
        if let touch = liveTouches[sample.id] { return touch }
        if retiredIDs.contains(sample.id) {
            if sample.phase != .moved { retiredIDs.remove(sample.id) }
            return nil
        }
        UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) for no live touch ignored")
        return nil
    }

    private func finiteLocation(of sample: TouchSample, fallback touch: UITouch) -> CGPoint? {
        if sample.location.x.isFinite, sample.location.y.isFinite { return TouchRouter.clamped(sample.location, of: sample) }
        UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) at a non-finite location: keeping \(touch.locationInWindow)")
        return nil
    }

    /// How far from the window's origin, on either axis, a location may lie: far beyond
    /// any screen (X11 coordinates stop at 32,767), near enough that distances, their
    /// squares and velocities computed from them stay finite.
    static let coordinateLimit: CGFloat = 1_000_000

    /// A finite location brought within `coordinateLimit` (logged when it was not).
    private static func clamped(_ location: CGPoint, of sample: TouchSample) -> CGPoint {
        let limit = coordinateLimit
        guard abs(location.x) > limit || abs(location.y) > limit else { return location }
        let inside = CGPoint(x: min(max(location.x, -limit), limit), y: min(max(location.y, -limit), limit))
        UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) at \(location) is beyond ±\(limit) pt: clamped to \(inside)")
        return inside
    }

    /// How far ahead of the host clock's now a timestamp may be before it counts as
    /// broken: one stamped far in the future would otherwise freeze event time there.
    static let futureTimestampTolerance: TimeInterval = 1

    /// A sample's time on the app's clock. Samples are stamped on the host's clock (an X
    /// server's event time, an injector's clock: `UIApplication.clock`); the app's time
    /// may be frozen, stepped or slowed (`AppClock`), so a sample lands where its moment
    /// falls on the app's line: while frozen, at the frozen instant.
    private func sanitizedTimestamp(of sample: TouchSample) -> TimeInterval {
        var timestamp = sample.timestamp
        if !timestamp.isFinite {
            UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) has timestamp \(timestamp): using the newest seen")
            timestamp = newestTimestamp.isFinite ? newestTimestamp : appClock.now
        } else if case let now = application.clock.now, timestamp > now + TouchRouter.futureTimestampTolerance {
            UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) at \(timestamp) is more than \(TouchRouter.futureTimestampTolerance) s ahead of now (\(now)): using now")
            timestamp = max(appClock.now, newestTimestamp)
        } else {
            timestamp = appClock.time(atHostTime: timestamp)
            if timestamp < newestTimestamp {
                UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) at \(timestamp) is older than \(newestTimestamp): raised")
                timestamp = newestTimestamp
            }
        }
        newestTimestamp = timestamp
        event.timestamp = timestamp
        return timestamp
    }

    /// Forgets the newest stamp seen (with no touch live): a re-execution that starts
    /// its app's time again from an earlier instant stamps its touches from there.
    func forgetNewestTimestamp() {
        newestTimestamp = -.infinity
    }

    /// Drops a sample that arrives while interaction is ignored.
    private func retire(_ sample: TouchSample) {
        UIKitDebug.log(.input, "\(sample.phase.rawValue) \(sample.id) ignored: interaction events are ignored")
        switch sample.phase {
        case .began, .moved: remember(retired: sample.id)
        case .ended, .cancelled: retiredIDs.remove(sample.id)
        }
    }

    private func remember(retired id: TouchSample.ID) {
        if retiredIDs.count >= TouchRouter.retiredIDLimit {
            UIKitDebug.log(.input, "forgetting \(retiredIDs.count) retired touch IDs")
            retiredIDs.removeAll()
        }
        retiredIDs.insert(id)
    }

    // MARK: - Dispatch

    /// Touches that changed in the previous dispatch and are still down are stationary
    /// now, with no movement to report.
    private func settleTouches() {
        guard dispatchDepth == 0 else { return }
        for touch in touchesToSettle where !touch.isFinished && touch.phase != .ended && touch.phase != .cancelled {
            touch.livePhase = .stationary
            touch.livePreviousLocation = touch.liveLocation
        }
        touchesToSettle.removeAll(keepingCapacity: true)
    }

    /// Sends the event with `changed` as its changed touches, then retires the touches
    /// that ended or were cancelled. Re-entrant: a cancellation made while a dispatch
    /// is under way (a view removed in `touchesBegan`) is delivered at once, and the
    /// outer dispatch skips the touches it finished.
    private func dispatch(_ changed: [UITouch]) {
        let outerChanged = event.changedTouches
        event.changedTouches = changed
        dispatchDepth += 1
        sentEvents &+= 1
        application.sendEvent(event)
        dispatchDepth -= 1
        event.changedTouches = outerChanged
        for touch in changed where !touch.isFinished {
            switch touch.phase {
            case .ended, .cancelled:
                touch.isFinished = true
                event.liveTouches.remove(touch)
                tapHistory.record(touch)
            case .began, .moved, .stationary:
                break
            }
        }
        // Only touches still down wait to settle: a finished one is let go at once, with
        // its view, instead of living until the next batch.
        for touch in changed where !touch.isFinished { touchesToSettle.append(touch) }
    }

    // MARK: - Cancellation

    /// Ends `touches` as cancelled at their receivers, in one dispatch; touches already
    /// finished are skipped. When `retiring`, later samples for their IDs are dropped
    /// quietly (the system, not the finger, ended them).
    func cancel(_ touches: [UITouch], reason: String, retiring: Bool = true) {
        // Membership of `liveTouches`, not the phase, says a touch is still down: a view
        // told of a recognizer's cut-off sees its touch's phase read `cancelled` while it
        // is still down for the recognizers.
        let targets = touches.filter { !$0.isFinished && liveTouches[$0.sampleID] === $0 }
        guard !targets.isEmpty else { return }
        UIKitDebug.log(.delivery, "cancelling \(targets.count) touch(es): \(reason)")
        settleTouches()
        let now = max(application.animationEngine.now, newestTimestamp)
        for touch in targets {
            touch.livePhase = .cancelled
            touch.liveTimestamp = now
            liveTouches[touch.sampleID] = nil
            if retiring { remember(retired: touch.sampleID) }
        }
        event.timestamp = max(event.timestamp, now)
        dispatch(targets)
    }

    /// Every live touch, in the order they began.
    var allLiveTouches: [UITouch] {
        // A loop inserting in `beginOrder`, not `filter` and `sorted`: a closure made on
        // the main actor checks its executor at every call (README, "Closures on the main
        // actor"), and there are a hand's worth of touches.
        var touches: [UITouch] = []
        for touch in event.liveTouches where !touch.isFinished {
            var index = touches.endIndex
            while index > touches.startIndex, touches[index - 1].beginOrder > touch.beginOrder { index -= 1 }
            touches.insert(touch, at: index)
        }
        return touches
    }

    func cancelAllTouches(reason: String) {
        cancel(allLiveTouches, reason: reason)
    }

    func cancelTouches(fromDevice device: Int) {
        cancel(allLiveTouches.filter { $0.sampleID.device == device }, reason: "device \(device) went away")
    }

    func cancelTouches(in window: UIWindow) {
        cancel(allLiveTouches.filter { $0.window === window }, reason: "their window was hidden")
    }

    /// Cancels the touches whose view is `view` or below it, which is leaving `window`.
    func cancelTouches(inSubtreeOf view: UIView, window: UIWindow, reason: String = "their view left the window") {
        guard !event.liveTouches.isEmpty else { return }
        let leaving = allLiveTouches.filter { touch in
            touch.window === window && (touch.view?.isDescendant(of: view) ?? false)
        }
        cancel(leaving, reason: reason)
    }

    /// Forgets every touch without delivering anything (for `resetForTesting()` only).
    func discardAllState() {
        for touch in event.liveTouches { touch.isFinished = true }
        event.liveTouches.removeAll()
        event.changedTouches.removeAll()
        liveTouches.removeAll()
        retiredIDs.removeAll()
        touchesToSettle.removeAll()
        tapHistory.reset()
        newestTimestamp = -.infinity
        event.timestamp = 0
    }
}
