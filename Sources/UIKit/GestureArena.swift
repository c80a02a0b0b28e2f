/// The recognizers' arbiter, one per application (UIKit's gesture environment): it forms
/// each new touch's swarm, hands the recognizers their touches, turns the states they
/// ask for into recognition, failure and actions under UIKit's rules, and resets
/// recognizers when they are done. What views hear meanwhile (rule 6) is
/// `TouchWithholding`'s, which the arena drives.
///
/// The arena owns the arbitration state: one `GestureArenaMember` per engaged
/// recognizer (its published and requested state, its touches, why it failed), which
/// it creates when the recognizer engages and drops when it resets. A recognizer reaches
/// its arena through that member, its handle.
///
/// The rules, as implemented (Neuburg, "Touches": "Touch Delivery", "Recognition",
/// "Gesture Recognizer Delegate"; Apple, "Gesture Recognizers": "Interacting with Other
/// Gesture Recognizers", "Regulating the Delivery of Touches to Views"):
///
/// 1. **Swarm.** When a touch begins, the enabled recognizers of its hit-test view and
///    of every ancestor up to the window join it, deeper views first and, on one view,
///    the most recently added first; a recognizer's delegate may keep it out
///    (`gestureRecognizer(_:shouldReceive:)`). A recognizer in a terminal state, waiting
///    to reset, or holding a recognition back for `require(toFail:)` (its gesture is
///    complete: a single tap waiting for the double tap to fail) joins nothing.
///    Touches withheld from their view by `isExclusiveTouch` get no swarm; those
///    withheld by `isMultipleTouchEnabled` do.
/// 2. **Order.** In each event every recognizer gets its own touches, phase by phase,
///    before any view; recognizers go in swarm order. Effects of the states they set
///    (recognition, failure, actions) are settled after all of them have seen the
///    event, in the order the states were set: so when one event lets several
///    recognize, the deeper recognizer, then the more recently added, goes first.
/// 3. **Recognition** (possible → began or recognized). Held while a recognizer it must
///    wait for is possible and engaged (`require(toFail:)`, `shouldRequireFailure(of:)`,
///    `shouldBeRequiredToFail(by:)`, or either delegate's `shouldRequireFailureOf` /
///    `shouldBeRequiredToFailBy`); `state` reads `possible` meanwhile. Then, in order:
///    each hit-test view of its touches is asked `gestureRecognizerShouldBegin(_:)`,
///    then its delegate; a no fails it. A recognizer already under way (began or
///    changed) with a shared touch that prevents it fails it. Otherwise it recognizes:
///    recognizers waiting for it to fail fail; every other possible recognizer sharing
///    one of its touches that it prevents fails; if `cancelsTouchesInView`, the views of
///    its touches get `touchesCancelled` and hear no more of them; then its actions go.
/// 4. **Prevention.** `a` prevents `b` unless either delegate allows simultaneous
///    recognition, and only if `a.canPrevent(b)` and then `b.canBePrevented(by: a)` both
///    agree (Neuburg's negotiation: when the first says no, the question is asked the
///    other way round, which matters when `b` is the one recognizing). The built-ins'
///    defaults: a tap does not prevent a tap that needs more taps; pinch and rotation
///    prevent each other.
/// 5. **Failure.** A failed recognizer gets no more touches; recognizers waiting for it
///    proceed with the transition they asked for.
/// 6. **Views.** A touch reaches its view as before (see `UIWindow+TouchDelivery.swift`),
///    except for what recognizers withhold or cut off: see `TouchWithholding`.
/// 7. **Reset.** A recognizer in a terminal state returns to possible (`reset()` first)
///    once the event under way has been delivered, or at once when the change came from
///    a timer or from code outside delivery. It then leaves the swarms of the touches in
///    progress for good. A failed recognizer that another engaged one must wait for
///    stays failed until that one finishes too, so both start afresh together.
@MainActor
final class GestureArena {
    /// A state a recognizer set, whose effects are not settled yet.
    private struct Change {
        let member: GestureArenaMember
        let from: UIGestureRecognizer.State
        let to: UIGestureRecognizer.State
    }

    /// What views are told of withheld and cut-off touches (rule 6).
    let withholding: TouchWithholding
    /// The application's touches event: whether every finger is up, and what
    /// recognizers and views are told with.
    private let event: UIEvent
    /// The application's delayed calls: recognizers' deadlines and the undecided-gesture
    /// check are scheduled here.
    let timers: TimerQueue

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The engaged recognizers' records, in the order they engaged: the ones
    /// arbitration looks at.
    @exclusivity(unchecked) private(set) var members: [GestureArenaMember] = []
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    @exclusivity(unchecked) private var changes: [Change] = []
    /// Settling is under way. It must be a flag, not a structure: settling runs actions
    /// and delegates, which may cancel touches, and that nested delivery must not settle
    /// or reset a recognizer whose own recognition the outer settling has not finished
    /// (its actions not sent yet).
    private var isSettling = false
    /// Window deliveries under way; settling waits for the outermost to finish. It must
    /// count: a view's or recognizer's handler may inject or cancel touches, so
    /// deliveries nest, and rule 2 settles only after every recognizer has seen the
    /// whole outer event.
    private var deliveryDepth = 0
    /// Timer calls under way (see `batching(_:)`). It must count for the same reason:
    /// a timer's action may fire another timer's work or deliver, and what it sets
    /// settles once, when the outermost call returns.
    private var batchingDepth = 0
    private var undecidedCheck: DelayedCall?
    /// Transitions refused as illegal in this arena (`UIGestureRecognizer.illegalTransitionCount`).
    private(set) var illegalTransitionCount = 0

    init(event: UIEvent, timers: TimerQueue) {
        self.event = event
        self.timers = timers
        withholding = TouchWithholding(event: event)
    }

    // MARK: - Members

    /// The recognizer's record, made when it first engages.
    private func member(for recognizer: UIGestureRecognizer) -> GestureArenaMember {
        if let member = recognizer.arenaMember { return member }
        let member = GestureArenaMember(recognizer: recognizer, arena: self)
        recognizer.arenaMember = member
        members.append(member)
        return member
    }

    // MARK: - Touches

    /// A record for a touch about to begin (`TouchArbitration`): the arena's state for
    /// the touch from its first event to its last, which the touch reaches as its
    /// handle.
    func admit() -> TouchArbitration {
        TouchArbitration()
    }

    // MARK: - Swarms

    /// Forms a beginning touch's swarm (rule 1) from its hit-test view's recognizers and
    /// its ancestors'.
    func formSwarm(for touch: UITouch) {
        guard var view = touch.view else { return }
        var candidates: [UIGestureRecognizer] = []
        while true {
            for recognizer in view.attachedGestureRecognizers.reversed() where recognizer.view === view {
                candidates.append(recognizer)
            }
            guard let superview = view.superview else { break }
            view = superview
        }
        enroll(touch, in: candidates)
    }

    /// Makes `candidates` (in swarm order) the touch's swarm, less those disabled, done,
    /// holding a recognition back, or kept out by their delegate. The arena's own entry
    /// point for a touch, without views (tests script the candidates).
    func enroll(_ touch: UITouch, in candidates: [UIGestureRecognizer]) {
        var swarm: [GestureArenaMember] = []
        for recognizer in candidates
        where recognizer.isEnabled && !recognizer.publishedState.isTerminal && recognizer.arenaMember?.requestedState == nil {
            if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                GestureTrace.record(recognizer, .refusedTouch, "delegate kept touch \(touch.sampleID) out")
                continue
            }
            let member = member(for: recognizer)
            member.touches.append(touch)
            swarm.append(member)
            GestureTrace.record(recognizer, .joined, "joined touch \(touch.sampleID)")
        }
        touch.arbitration.swarm = swarm
    }

    // MARK: - Delivery to recognizers

    /// Hands each recognizer its own touches among `touches`, phase by phase (rule 2);
    /// touches a nested dispatch has already finished are skipped.
    func deliverToRecognizers(_ touches: [UITouch], in event: UIEvent) {
        guard touches.count == 1 else { return deliverToRecognizers(several: touches, in: event) }
        // The usual event, one touch: its own swarm in order, and one set for every call
        // (made once, not bound per phase: that retained and released it 40 times an
        // event with 10 recognizers); without recognizers, nothing at all.
        let touch = touches[0]
        let order = touch.arbitration.swarm
        guard !order.isEmpty else { return }
        let mine: Set<UITouch> = [touch]
        for member in order {
            let recognizer = member.recognizer
            for phase in TouchWithholding.phases where touch.phase == phase && !touch.isFinished && touch.isInSwarm(of: member) {
                // Asked only when a phase is about to go, not before every phase (it loads
                // the weak `view`): only a delivery can change the answer, and none runs
                // between the phases skipped, so the outcome is the same.
                guard recognizer.receivesTouches else { break }
                recognizer.receive(phase, mine, with: event)
            }
        }
    }

    /// `deliverToRecognizers(_:in:)` for several touches: their swarms merged, and each
    /// recognizer's own touches collected per phase.
    private func deliverToRecognizers(several touches: [UITouch], in event: UIEvent) {
        for member in GestureArena.mergedSwarms(of: touches) {
            let recognizer = member.recognizer
            for phase in TouchWithholding.phases {
                var mine = Set<UITouch>()
                for touch in touches where touch.phase == phase && !touch.isFinished && touch.isInSwarm(of: member) {
                    mine.insert(touch)
                }
                guard !mine.isEmpty else { continue }
                // As above: asked only when a phase is about to go.
                guard recognizer.receivesTouches else { break }
                recognizer.receive(phase, mine, with: event)
            }
        }
    }

    /// The members of several touches' swarms, each once, in order of appearance.
    private static func mergedSwarms(of touches: [UITouch]) -> [GestureArenaMember] {
        var order: [GestureArenaMember] = []
        for touch in touches {
            for member in touch.arbitration.swarm {
                var seen = false
                for other in order where other === member {
                    seen = true
                    break
                }
                if !seen { order.append(member) }
            }
        }
        return order
    }

    // MARK: - State requests

    /// A recognizer (or its subclass) sets `state`; `reason` says why, for a failure.
    func recognizer(_ recognizer: UIGestureRecognizer, requests newState: UIGestureRecognizer.State,
                    reason: GestureTrace.Reason? = nil) {
        let current = recognizer.publishedState
        guard current.allowsTransition(to: newState) else {
            illegalTransitionCount += 1
            UIKitDebug.log(.gestures, "\(recognizer.traceName): illegal transition \(current) → \(newState) ignored")
            GestureTrace.record(recognizer, .illegal, "illegal transition \(current) → \(newState) ignored")
            return
        }
        let member = member(for: recognizer)
        if let reason { member.failureReason = reason }
        let isRecognition = current == .possible && (newState == .began || newState == .ended)
        if isRecognition {
            if let blocker = blocker(of: member) {
                if member.requestedState == nil {
                    GestureTrace.record(recognizer, .waiting, "",
                                        because: .waitsFor(recognizer: blocker.recognizer.traceName, transition: newState))
                }
                member.requestedState = newState
                return
            }
            member.isAwaitingRecognition = true
        }
        member.requestedState = nil
        member.publishedState = newState
        changes.append(Change(member: member, from: current, to: newState))
        settleIfIdle()
    }

    /// `ignore(_:for:)`: the touch leaves the recognizer for good.
    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        guard let member = recognizer.arenaMember, let index = member.touches.firstIndex(where: { $0 === touch }) else { return }
        member.touches.remove(at: index)
        touch.arbitration.swarm.removeAll { $0 === member }
        GestureTrace.record(recognizer, .ignored, "ignores touch \(touch.sampleID)")
        settleIfIdle()
    }

    /// Disabling or detaching a recognizer: a gesture under way is cancelled (with its
    /// action), a possible one fails; it resets once delivery is over.
    func abandon(_ recognizer: UIGestureRecognizer, reason: String) {
        guard let member = recognizer.arenaMember else { return }
        switch member.publishedState {
        case .began, .changed:
            if member.isAwaitingRecognition {
                forceFailure(of: member, because: .abandoned(reason))
            } else {
                changes.removeAll { $0.member === member }
                member.publishedState = .cancelled
                GestureTrace.record(recognizer, .transition, state: .cancelled, "→ cancelled", because: .abandoned(reason))
                sendActions(of: member, for: .cancelled)
            }
        case .possible:
            forceFailure(of: member, because: .abandoned(reason))
        case .ended, .cancelled, .failed:
            break
        }
        settleIfIdle()
    }

    // MARK: - Settling

    /// Timer calls run inside this, so the states they set settle when they return.
    func batching(_ body: () -> Void) {
        batchingDepth += 1
        body()
        batchingDepth -= 1
        settleIfIdle()
    }

    private func settleIfIdle() {
        // While settling, a handler's nested cancellation must not reset a recognizer
        // whose own recognition is still being settled (its actions not sent yet): the
        // outer settling's caller resets once it is done.
        guard deliveryDepth == 0, batchingDepth == 0, !isSettling else { return }
        // As after an event: views get what was released, then done recognizers reset
        // (which may release more).
        settleChanges()
        withholding.deliverReleased()
        resetFinishedRecognizers()
        withholding.deliverReleased()
    }

    /// A window starts delivering an event.
    func beginDelivery() {
        deliveryDepth += 1
        withholding.beginBatch()
    }

    /// A window has delivered an event: done recognizers reset, and phases they held go.
    func endDelivery() {
        deliveryDepth -= 1
        settleIfIdle()
        if deliveryDepth == 0 { watchForUndecidedRecognizers() }
    }

    /// Once every finger is up, gives the recognizers still possible with touches
    /// `GestureThresholds.undecidedGestureTimeout` to decide, then fails them (beyond
    /// UIKit: a recognizer that never decides would otherwise keep its touches' ended
    /// from their views for ever).
    private func watchForUndecidedRecognizers() {
        undecidedCheck?.cancel()
        undecidedCheck = nil
        guard !members.isEmpty, everyFingerIsUp,
              members.contains(where: { $0.publishedState == .possible && !$0.touches.isEmpty }) else { return }
        undecidedCheck = timers.schedule(after: GestureThresholds.undecidedGestureTimeout, target: nil, selector: nil) { [weak self] in
            self?.failUndecidedRecognizers()
        }
    }

    private var everyFingerIsUp: Bool {
        // A loop, not `allSatisfy`: its closure checked the main actor's executor, after
        // every event.
        for touch in event.liveTouches where !(touch.isFinished || touch.livePhase == .ended || touch.livePhase == .cancelled) {
            return false
        }
        return true
    }

    private func failUndecidedRecognizers() {
        undecidedCheck = nil
        guard everyFingerIsUp else { return }
        for member in members
        where member.publishedState == .possible && !member.touches.isEmpty && member.touches.allSatisfy(\.isFinished) {
            forceFailure(of: member, because: .undecided(after: GestureThresholds.undecidedGestureTimeout))
        }
    }

    /// Settles the states set so far, in the order they were set (rules 3–5).
    func settleChanges() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        while !changes.isEmpty {
            let change = changes.removeFirst()
            let member = change.member
            switch change.to {
            case .began where change.from == .possible, .ended where change.from == .possible:
                member.isAwaitingRecognition = false
                recognize(member, as: change.to)
            case .failed:
                if let reason = member.failureReason {
                    GestureTrace.record(member.recognizer, .transition, state: .failed, "possible → failed", because: reason)
                } else {
                    GestureTrace.record(member.recognizer, .transition, state: .failed, "possible → failed")
                }
                member.failureReason = nil
                didFail(member)
            default:
                GestureTrace.record(member.recognizer, .transition, state: change.to, "\(change.from) → \(change.to)")
                sendActions(of: member, for: change.to)
            }
        }
        withholding.release()
    }

    private func recognize(_ member: GestureArenaMember, as newState: UIGestureRecognizer.State) {
        let recognizer = member.recognizer
        var askedViews: [UIView] = []
        for touch in member.touches {
            guard let view = touch.view, !askedViews.contains(where: { $0 === view }) else { continue }
            askedViews.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) {
                forceFailure(of: member, because: .refusedByView(viewClass: "\(type(of: view))"))
                return
            }
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            forceFailure(of: member, because: .refusedByDelegate)
            return
        }
        for other in members
        where other !== member && other.publishedState.isRecognizing && !other.isAwaitingRecognition
            && sharesTouch(other, member) && prevents(other.recognizer, recognizer) {
            forceFailure(of: member, because: .preventedBy(recognizer: other.recognizer.traceName, alreadyUnderWay: true))
            return
        }
        GestureTrace.record(recognizer, .transition, state: newState, "possible → \(newState)")
        for other in members where other !== member && other.isStillPossible {
            if other.isInGesture, mustWait(other.recognizer, forFailureOf: recognizer) {
                forceFailure(of: other, because: .requiredRecognizerRecognized(recognizer.traceName))
            } else if sharesTouch(member, other), prevents(recognizer, other.recognizer) {
                forceFailure(of: other, because: .preventedBy(recognizer: recognizer.traceName, alreadyUnderWay: false))
            }
        }
        if recognizer.cancelsTouchesInView { withholding.cutOff(member.touches, for: recognizer) }
        sendActions(of: member, for: newState)
    }

    /// Sends a settled change's actions with `state` reading that change's state, even if
    /// the recognizer has asked for more since (began then changed in one call): each
    /// action sees the state it is sent for (`GestureArenaMember.stateForActions`).
    private func sendActions(of member: GestureArenaMember, for state: UIGestureRecognizer.State) {
        let enclosing = member.stateForActions
        member.stateForActions = state
        member.recognizer.sendActions()
        member.stateForActions = enclosing
    }

    /// Fails a recognizer whose transition is not (or no longer) its own doing.
    private func forceFailure(of member: GestureArenaMember, because reason: @autoclosure () -> GestureTrace.Reason) {
        changes.removeAll { $0.member === member }
        member.isAwaitingRecognition = false
        member.requestedState = nil
        member.publishedState = .failed
        GestureTrace.record(member.recognizer, .transition, state: .failed, "possible → failed", because: reason())
        didFail(member)
    }

    /// Recognizers that were waiting for `failed` may now go on (rule 5).
    private func didFail(_ failed: GestureArenaMember) {
        failed.requestedState = nil
        for waiting in members where waiting.publishedState == .possible && waiting.requestedState != nil {
            guard blocker(of: waiting) == nil, let transition = waiting.requestedState else { continue }
            waiting.requestedState = nil
            waiting.isAwaitingRecognition = true
            waiting.publishedState = transition
            changes.append(Change(member: waiting, from: .possible, to: transition))
        }
    }

    // MARK: - Relations

    /// An engaged, possible recognizer that `member` must wait for, if any. One that is
    /// itself waiting for `member` does not count, so a cycle cannot stall both.
    private func blocker(of member: GestureArenaMember) -> GestureArenaMember? {
        members.first { other in
            other !== member && other.publishedState == .possible && !other.isAwaitingRecognition
                && other.isInGesture && mustWait(member.recognizer, forFailureOf: other.recognizer)
                && !(other.requestedState != nil && mustWait(other.recognizer, forFailureOf: member.recognizer))
        }
    }

    /// Whether `dependent` may not recognize until `other` fails.
    func mustWait(_ dependent: UIGestureRecognizer, forFailureOf other: UIGestureRecognizer) -> Bool {
        if dependent.failureRequirements.contains(where: { $0.recognizer === other }) { return true }
        if dependent.shouldRequireFailure(of: other) || other.shouldBeRequiredToFail(by: dependent) { return true }
        if dependent.delegate?.gestureRecognizer(dependent, shouldRequireFailureOf: other) == true { return true }
        return other.delegate?.gestureRecognizer(other, shouldBeRequiredToFailBy: dependent) == true
    }

    /// Whether `a`, by recognizing, forces `b` to fail (rule 4).
    func prevents(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        if a.delegate?.gestureRecognizer(a, shouldRecognizeSimultaneouslyWith: b) == true { return false }
        if b.delegate?.gestureRecognizer(b, shouldRecognizeSimultaneouslyWith: a) == true { return false }
        return a.canPrevent(b) && b.canBePrevented(by: a)
    }

    private func sharesTouch(_ a: GestureArenaMember, _ b: GestureArenaMember) -> Bool {
        // Loops, not `contains(where:)`: asked for every pair of members at each
        // recognition, and a closure made on the main actor checks its executor at every
        // call (README, "Closures on the main actor").
        for touch in a.touches {
            for member in touch.arbitration.swarm where member === b { return true }
        }
        return false
    }

    // MARK: - Reset

    /// Returns done recognizers to possible (rule 7).
    private func resetFinishedRecognizers() {
        var didReset = true
        while didReset {
            didReset = false
            for member in members where member.publishedState.isTerminal && !member.isAwaitingRecognition {
                if member.publishedState == .failed, hasUnfinishedDependent(member) {
                    if !member.isWaitingForDependents {
                        member.isWaitingForDependents = true
                        GestureTrace.record(member.recognizer, .waiting, "", because: .keptFailedForDependents)
                    }
                    continue
                }
                reset(member)
                didReset = true
            }
        }
    }

    private func hasUnfinishedDependent(_ failed: GestureArenaMember) -> Bool {
        members.contains { dependent in
            dependent !== failed && !dependent.publishedState.isTerminal && dependent.isInGesture
                && mustWait(dependent.recognizer, forFailureOf: failed.recognizer)
        }
    }

    /// The recognizer's `reset()` (still reading its final state), then it leaves the
    /// arena: its record goes, and with it its touches and its place in their swarms.
    private func reset(_ member: GestureArenaMember) {
        let recognizer = member.recognizer
        recognizer.reset()
        GestureTrace.record(recognizer, .reset, "→ possible")
        for touch in member.touches {
            touch.arbitration.swarm.removeAll { $0 === member }
        }
        changes.removeAll { $0.member === member }
        members.removeAll { $0 === member }
        if recognizer.arenaMember === member { recognizer.arenaMember = nil }
    }

    // MARK: - Testing

    /// Forgets every recognizer's involvement (for `resetForTesting()` only).
    func discardAllState() {
        for member in members where member.recognizer.arenaMember === member {
            member.recognizer.arenaMember = nil
        }
        members.removeAll()
        changes.removeAll()
        withholding.discardAllState()
        deliveryDepth = 0
        batchingDepth = 0
        undecidedCheck = nil
        illegalTransitionCount = 0
        GestureTrace.clear()
    }
}

extension UITouch {
    /// Whether `member` is in this touch's swarm (a loop, not a closure: this runs for
    /// every recognizer of every changed touch).
    func isInSwarm(of member: GestureArenaMember) -> Bool {
        for other in arbitration.swarm where other === member { return true }
        return false
    }
}

extension UIGestureRecognizer {
    /// The state the arena has published for it; `possible` when not engaged.
    var publishedState: State {
        arenaMember?.publishedState ?? .possible
    }

    /// Whether the recognizer takes touches now: enabled, attached, not finished.
    var receivesTouches: Bool {
        isEnabled && view != nil && !publishedState.isTerminal
    }

    /// Calls the `touches…(_:with:)` method of `phase` (none for stationary).
    func receive(_ phase: UITouch.Phase, _ touches: Set<UITouch>, with event: UIEvent) {
        switch phase {
        case .began: touchesBegan(touches, with: event)
        case .moved: touchesMoved(touches, with: event)
        case .ended: touchesEnded(touches, with: event)
        case .cancelled: touchesCancelled(touches, with: event)
        case .stationary: break
        }
    }
}
