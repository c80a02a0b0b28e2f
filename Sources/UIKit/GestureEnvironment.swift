/// The recognizers' arbiter, one per application (UIKit's gesture environment): it forms
/// each new touch's swarm, hands the recognizers their touches, turns the states they
/// ask for into recognition, failure and actions under UIKit's rules, withholds and
/// releases touches for views, and resets recognizers when they are done.
///
/// The rules, as implemented (seed 000 "Touch Delivery", "Recognition", "Gesture
/// Recognizer Delegate"; seed 001 "Interacting with Other Gesture Recognizers",
/// "Regulating the Delivery of Touches to Views"):
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
///    agree (seed 000's negotiation: when the first says no, the question is asked the
///    other way round, which matters when `b` is the one recognizing). The built-ins'
///    defaults: a tap does not prevent a tap that needs more taps; pinch and rotation
///    prevent each other.
/// 5. **Failure.** A failed recognizer gets no more touches; recognizers waiting for it
///    proceed with the transition they asked for.
/// 6. **Views.** A touch reaches its view as before (see `UIWindow+TouchDelivery.swift`),
///    except: while a recognizer of its swarm with `delaysTouchesBegan` is possible, its
///    began and moved wait; while one with `delaysTouchesEnded` is possible (or its
///    began still waits), its ended waits. When they stop waiting, the view gets began,
///    at most the last moved, and ended, each replaying the touch as it was; released
///    phases go with the event under way, in the same call as its own touches of that
///    phase. A touch cut off by a recognizer is never delivered again; if its view never
///    got its began, it hears nothing at all; inside that `touchesCancelled` its phase
///    reads `cancelled`. Withheld phases of a touch the system cancels meanwhile (even
///    from a handler called while they are being released) are dropped: a view never
///    hears of a touch after its end. Cancellation reports touches withheld in
///    different events in separate calls (seed 001's double tap: began, began,
///    cancelled, cancelled).
/// 7. **Reset.** A recognizer in a terminal state returns to possible (`reset()` first)
///    once the event under way has been delivered, or at once when the change came from
///    a timer or from code outside delivery. It then leaves the swarms of the touches in
///    progress for good. A failed recognizer that another engaged one must wait for
///    stays failed until that one finishes too, so both start afresh together.
@MainActor
final class GestureEnvironment {
    /// A state a recognizer set, whose effects are not settled yet.
    private struct Change {
        let recognizer: UIGestureRecognizer
        let from: UIGestureRecognizer.State
        let to: UIGestureRecognizer.State
    }

    /// Recognizers with touches, a held transition or a state other than possible, in
    /// the order they became so: the ones arbitration looks at.
    private(set) var engaged: [UIGestureRecognizer] = []
    private var changes: [Change] = []
    private var isSettling = false
    /// Window deliveries under way; settling waits for the outermost to finish.
    private var deliveryDepth = 0
    /// Timer calls under way (see `batching(_:)`).
    private var batchingDepth = 0
    /// Touches with phases withheld from their views, in the order first withheld; a
    /// touch whose phases were dropped may linger here, empty, until the next compaction.
    private var touchesWithHeldMessages: [UITouch] = []
    /// The members of `touchesWithHeldMessages`, so that holding N fingers of one batch
    /// costs O(N), not O(N²).
    private var touchesWithHeldMessagesIndex: Set<ObjectIdentifier> = []
    /// Withheld phases now free to go, for the window delivering an event to send with
    /// that event's own.
    private var releasedMessages: [(touch: UITouch, message: HeldViewMessage)] = []
    /// Numbers each window delivery, for `HeldViewMessage.batch`.
    private(set) var batch: UInt64 = 0

    // MARK: - Swarms

    /// Forms a beginning touch's swarm (rule 1).
    func formSwarm(for touch: UITouch) {
        guard var view = touch.view else { return }
        var swarm: [UIGestureRecognizer] = []
        while true {
            let recognizers = view.attachedGestureRecognizers
            for recognizer in recognizers.reversed()
            where recognizer.isEnabled && recognizer.view === view && !recognizer.storedState.isTerminal
                && recognizer.heldTransition == nil {
                if let delegate = recognizer.delegate, !delegate.gestureRecognizer(recognizer, shouldReceive: touch) {
                    GestureTrace.record(recognizer, .refusedTouch, "delegate kept touch \(touch.sampleID) out")
                    continue
                }
                swarm.append(recognizer)
                recognizer.trackedTouches.append(touch)
                engage(recognizer)
                GestureTrace.record(recognizer, .joined, "joined touch \(touch.sampleID)")
            }
            guard let superview = view.superview else { break }
            view = superview
        }
        touch.swarm = swarm
    }

    private func engage(_ recognizer: UIGestureRecognizer) {
        guard !recognizer.isEngaged else { return }
        recognizer.isEngaged = true
        engaged.append(recognizer)
    }

    // MARK: - Delivery to recognizers

    private static let phases: [UITouch.Phase] = [.began, .moved, .ended, .cancelled]

    /// Hands each recognizer its own touches among `touches`, phase by phase (rule 2);
    /// touches a nested dispatch has already finished are skipped.
    func deliverToRecognizers(_ touches: [UITouch], in event: UIEvent) {
        // The usual event, one touch, needs no merging of swarms and one set per phase;
        // without recognizers, nothing at all.
        if touches.count == 1, touches[0].swarm.isEmpty { return }
        let order = touches.count == 1 ? touches[0].swarm : GestureEnvironment.mergedSwarms(of: touches)
        let single: Set<UITouch>? = touches.count == 1 ? [touches[0]] : nil
        for recognizer in order {
            for phase in GestureEnvironment.phases {
                guard recognizer.receivesTouches else { break }
                let mine: Set<UITouch>
                if let single {
                    guard touches[0].phase == phase, !touches[0].isFinished, touches[0].isInSwarm(of: recognizer) else { continue }
                    mine = single
                } else {
                    var collected = Set<UITouch>()
                    for touch in touches where touch.phase == phase && !touch.isFinished && touch.isInSwarm(of: recognizer) {
                        collected.insert(touch)
                    }
                    guard !collected.isEmpty else { continue }
                    mine = collected
                }
                switch phase {
                case .began: recognizer.touchesBegan(mine, with: event)
                case .moved: recognizer.touchesMoved(mine, with: event)
                case .ended: recognizer.touchesEnded(mine, with: event)
                case .cancelled: recognizer.touchesCancelled(mine, with: event)
                case .stationary: break
                }
            }
        }
    }

    /// The recognizers of several touches' swarms, each once, in order of appearance.
    private static func mergedSwarms(of touches: [UITouch]) -> [UIGestureRecognizer] {
        var order: [UIGestureRecognizer] = []
        for touch in touches {
            for recognizer in touch.swarm {
                var seen = false
                for other in order where other === recognizer {
                    seen = true
                    break
                }
                if !seen { order.append(recognizer) }
            }
        }
        return order
    }

    // MARK: - State requests

    /// A recognizer (or its subclass) sets `state`.
    func recognizer(_ recognizer: UIGestureRecognizer, requests newState: UIGestureRecognizer.State) {
        let current = recognizer.storedState
        guard current.allowsTransition(to: newState) else {
            UIGestureRecognizer.illegalTransitionCount += 1
            UIKitDebug.log(.gestures, "\(recognizer.traceName): illegal transition \(current) → \(newState) ignored")
            GestureTrace.record(recognizer, .illegal, "illegal transition \(current) → \(newState) ignored")
            return
        }
        engage(recognizer)
        let isRecognition = current == .possible && (newState == .began || newState == .ended)
        if isRecognition {
            if let blocker = blocker(of: recognizer) {
                if recognizer.heldTransition == nil {
                    GestureTrace.record(recognizer, .waiting, "\(newState) waits for \(blocker.traceName) to fail")
                }
                recognizer.heldTransition = newState
                return
            }
            recognizer.isAwaitingRecognition = true
        }
        recognizer.heldTransition = nil
        recognizer.storedState = newState
        changes.append(Change(recognizer: recognizer, from: current, to: newState))
        settleIfIdle()
    }

    /// `ignore(_:for:)`: the touch leaves the recognizer for good.
    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {
        guard let index = recognizer.trackedTouches.firstIndex(where: { $0 === touch }) else { return }
        recognizer.trackedTouches.remove(at: index)
        touch.swarm.removeAll { $0 === recognizer }
        GestureTrace.record(recognizer, .ignored, "ignores touch \(touch.sampleID)")
        settleIfIdle()
    }

    /// Disabling or detaching a recognizer: a gesture under way is cancelled (with its
    /// action), a possible one fails; it resets once delivery is over.
    func abandon(_ recognizer: UIGestureRecognizer, reason: String) {
        switch recognizer.storedState {
        case .began, .changed:
            if recognizer.isAwaitingRecognition {
                forceFailure(of: recognizer, because: reason)
            } else {
                changes.removeAll { $0.recognizer === recognizer }
                recognizer.storedState = .cancelled
                GestureTrace.record(recognizer, .transition, state: .cancelled, "→ cancelled: \(reason)")
                recognizer.sendActions()
            }
        case .possible:
            guard recognizer.isEngaged else { return }
            forceFailure(of: recognizer, because: reason)
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
        deliverReleasedMessages()
        resetFinishedRecognizers()
        deliverReleasedMessages()
    }

    /// A window starts delivering an event.
    func beginDelivery() {
        deliveryDepth += 1
        batch &+= 1
    }

    /// A window has delivered an event: done recognizers reset, and phases they held go.
    func endDelivery() {
        deliveryDepth -= 1
        settleIfIdle()
        if deliveryDepth == 0 { watchForUndecidedRecognizers() }
    }

    private var undecidedCheck: DelayedCall?

    /// Once every finger is up, gives the recognizers still possible with touches
    /// `GestureThresholds.undecidedGestureTimeout` to decide, then fails them (beyond
    /// UIKit: a recognizer that never decides would otherwise keep its touches' ended
    /// from their views for ever).
    private func watchForUndecidedRecognizers() {
        undecidedCheck?.cancel()
        undecidedCheck = nil
        guard !engaged.isEmpty else { return }
        guard let application = UIApplication.existing, GestureEnvironment.everyFingerIsUp(in: application),
              engaged.contains(where: { $0.storedState == .possible && !$0.trackedTouches.isEmpty }) else { return }
        undecidedCheck = application.schedule(afterDelay: GestureThresholds.undecidedGestureTimeout) { [weak self] in
            self?.failUndecidedRecognizers()
        }
    }

    private static func everyFingerIsUp(in application: UIApplication) -> Bool {
        application.touchRouter.event.liveTouches.allSatisfy { $0.isFinished || $0.phase == .ended || $0.phase == .cancelled }
    }

    private func failUndecidedRecognizers() {
        undecidedCheck = nil
        guard let application = UIApplication.existing, GestureEnvironment.everyFingerIsUp(in: application) else { return }
        for recognizer in engaged
        where recognizer.storedState == .possible && !recognizer.trackedTouches.isEmpty
            && recognizer.trackedTouches.allSatisfy(\.isFinished) {
            forceFailure(of: recognizer, because: "still possible \(GestureThresholds.undecidedGestureTimeout) s after its last finger lifted")
        }
    }

    /// Settles the states set so far, in the order they were set (rules 3–5).
    func settleChanges() {
        guard !isSettling else { return }
        isSettling = true
        defer { isSettling = false }
        while !changes.isEmpty {
            let change = changes.removeFirst()
            let recognizer = change.recognizer
            switch change.to {
            case .began where change.from == .possible, .ended where change.from == .possible:
                recognizer.isAwaitingRecognition = false
                recognize(recognizer, as: change.to)
            case .failed:
                GestureTrace.record(recognizer, .transition, state: .failed,
                                    recognizer.failureReason.map { "possible → failed: \($0)" } ?? "possible → failed")
                recognizer.failureReason = nil
                didFail(recognizer)
            default:
                GestureTrace.record(recognizer, .transition, state: change.to, "\(change.from) → \(change.to)")
                sendActions(of: recognizer, for: change.to)
            }
        }
        releaseHeldMessages()
    }

    private func recognize(_ recognizer: UIGestureRecognizer, as newState: UIGestureRecognizer.State) {
        var askedViews: [UIView] = []
        for touch in recognizer.trackedTouches {
            guard let view = touch.view, !askedViews.contains(where: { $0 === view }) else { continue }
            askedViews.append(view)
            if !view.gestureRecognizerShouldBegin(recognizer) {
                forceFailure(of: recognizer, because: "\(type(of: view)).gestureRecognizerShouldBegin said no")
                return
            }
        }
        if let delegate = recognizer.delegate, !delegate.gestureRecognizerShouldBegin(recognizer) {
            forceFailure(of: recognizer, because: "its delegate's gestureRecognizerShouldBegin said no")
            return
        }
        for other in engaged
        where other !== recognizer && other.storedState.isRecognizing && !other.isAwaitingRecognition
            && sharesTouch(other, recognizer) && prevents(other, recognizer) {
            forceFailure(of: recognizer, because: "prevented by \(other.traceName), already under way")
            return
        }
        GestureTrace.record(recognizer, .transition, state: newState, "possible → \(newState)")
        for other in engaged where other !== recognizer && other.isStillPossible {
            if isEngagedInGesture(other), mustWait(other, forFailureOf: recognizer) {
                forceFailure(of: other, because: "\(recognizer.traceName), which it requires to fail, recognized")
            } else if sharesTouch(recognizer, other), prevents(recognizer, other) {
                forceFailure(of: other, because: "prevented by \(recognizer.traceName)")
            }
        }
        if recognizer.cancelsTouchesInView { cutOffTouches(of: recognizer) }
        sendActions(of: recognizer, for: newState)
    }

    /// Sends a settled change's actions with `state` reading that change's state, even if
    /// the recognizer has asked for more since (began then changed in one call): each
    /// action sees the state it is sent for.
    private func sendActions(of recognizer: UIGestureRecognizer, for state: UIGestureRecognizer.State) {
        let latest = recognizer.storedState
        recognizer.storedState = state
        recognizer.sendActions()
        if recognizer.storedState == state { recognizer.storedState = latest }
    }

    /// Fails a recognizer whose transition is not (or no longer) its own doing.
    private func forceFailure(of recognizer: UIGestureRecognizer, because reason: String) {
        changes.removeAll { $0.recognizer === recognizer }
        recognizer.isAwaitingRecognition = false
        recognizer.heldTransition = nil
        recognizer.storedState = .failed
        GestureTrace.record(recognizer, .transition, state: .failed, "possible → failed: \(reason)")
        didFail(recognizer)
    }

    /// Recognizers that were waiting for `failed` may now go on (rule 5).
    private func didFail(_ failed: UIGestureRecognizer) {
        failed.heldTransition = nil
        for waiting in engaged where waiting.storedState == .possible && waiting.heldTransition != nil {
            guard blocker(of: waiting) == nil, let transition = waiting.heldTransition else { continue }
            waiting.heldTransition = nil
            waiting.isAwaitingRecognition = true
            waiting.storedState = transition
            changes.append(Change(recognizer: waiting, from: .possible, to: transition))
        }
    }

    // MARK: - Relations

    /// An engaged, possible recognizer that `recognizer` must wait for, if any. One that
    /// is itself waiting for `recognizer` does not count, so a cycle cannot stall both.
    private func blocker(of recognizer: UIGestureRecognizer) -> UIGestureRecognizer? {
        engaged.first { other in
            other !== recognizer && other.storedState == .possible && !other.isAwaitingRecognition
                && isEngagedInGesture(other) && mustWait(recognizer, forFailureOf: other)
                && !(other.heldTransition != nil && mustWait(other, forFailureOf: recognizer))
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

    private func sharesTouch(_ a: UIGestureRecognizer, _ b: UIGestureRecognizer) -> Bool {
        a.trackedTouches.contains { touch in touch.swarm.contains { $0 === b } }
    }

    /// Whether a recognizer is part of a gesture now: it has touches, or a held
    /// transition.
    private func isEngagedInGesture(_ recognizer: UIGestureRecognizer) -> Bool {
        !recognizer.trackedTouches.isEmpty || recognizer.heldTransition != nil
    }

    // MARK: - Views

    /// Sends `touchesCancelled` for a recognizing recognizer's touches to their views,
    /// which then hear no more of them (rule 6).
    private func cutOffTouches(of recognizer: UIGestureRecognizer) {
        // Touches whose ended was withheld go per event they ended in; live ones together.
        var groups: [(view: UIView, batch: UInt64?, touches: Set<UITouch>)] = []
        for touch in recognizer.trackedTouches where !touch.isCutOffFromView {
            touch.isCutOffFromView = true
            let heldEndBatch = touch.heldMessages.last.flatMap { $0.phase == .ended ? $0.batch : nil }
            touch.heldMessages.removeAll()
            guard let view = touch.view, touch.viewReceivedBegan, !touch.viewReceivedEnd else { continue }
            touch.viewReceivedEnd = true
            if let index = groups.firstIndex(where: { $0.view === view && $0.batch == heldEndBatch }) {
                groups[index].touches.insert(touch)
            } else {
                groups.append((view, heldEndBatch, [touch]))
            }
        }
        compactTouchesWithHeldMessages()
        releasedMessages.removeAll { $0.touch.isCutOffFromView }
        guard !groups.isEmpty else { return }
        groups.sort { ($0.batch ?? .max) < ($1.batch ?? .max) }
        GestureTrace.record(recognizer, .cancelledTouches, "cancels \(groups.reduce(0) { $0 + $1.touches.count }) touch(es) in views")
        let event = UIApplication.shared.touchRouter.event
        for group in groups {
            // The view reads `cancelled` as the touches' phase, as in UIKit, though they
            // go on for the recognizers; a touch the handler itself has the system cancel
            // keeps that.
            for touch in group.touches { touch.presented = HeldViewMessage(cancelling: touch) }
            UIKitDebug.touchMessageObserver?(group.view, .cancelled, group.touches)
            group.view.touchesCancelled(group.touches, with: event)
            for touch in group.touches { touch.presented = nil }
        }
    }

    /// Whether a recognizer of the touch's swarm keeps its began and moved from its view.
    func holdsBegan(_ touch: UITouch) -> Bool {
        touch.swarm.contains { $0.delaysTouchesBegan && $0.storedState == .possible }
    }

    /// Whether a recognizer of the touch's swarm keeps its ended from its view.
    func holdsEnded(_ touch: UITouch) -> Bool {
        touch.swarm.contains { $0.delaysTouchesEnded && $0.storedState == .possible }
    }

    /// Withholds the touch's present phase from its view; a moved replaces a withheld
    /// moved (the view gets at most the last one).
    func hold(_ touch: UITouch) {
        let message = HeldViewMessage(of: touch, batch: batch)
        if message.phase == .moved, touch.heldMessages.last?.phase == .moved {
            touch.heldMessages[touch.heldMessages.count - 1] = message
        } else {
            touch.heldMessages.append(message)
        }
        if touchesWithHeldMessagesIndex.insert(ObjectIdentifier(touch)).inserted { touchesWithHeldMessages.append(touch) }
    }

    /// Forgets what was withheld for a touch (its view never saw it begin, and it was
    /// cancelled). O(1): the touch leaves `touchesWithHeldMessages` at the next compaction.
    func dropHeldMessages(of touch: UITouch) {
        touch.heldMessages.removeAll()
    }

    /// Removes the touches with nothing withheld any more.
    private func compactTouchesWithHeldMessages() {
        touchesWithHeldMessages.removeAll { touch in
            guard touch.heldMessages.isEmpty else { return false }
            touchesWithHeldMessagesIndex.remove(ObjectIdentifier(touch))
            return true
        }
    }

    /// Moves withheld phases whose recognizers no longer hold them to `releasedMessages`.
    private func releaseHeldMessages() {
        guard !touchesWithHeldMessages.isEmpty else { return }
        for touch in touchesWithHeldMessages where !touch.heldMessages.isEmpty {
            if touch.isCutOffFromView {
                touch.heldMessages.removeAll()
                continue
            }
            var messages = touch.heldMessages
            if messages.first.map({ $0.phase != .ended }) == true, !holdsBegan(touch) {
                while let first = messages.first, first.phase != .ended {
                    releasedMessages.append((touch, first))
                    messages.removeFirst()
                }
            }
            if let first = messages.first, first.phase == .ended, !holdsEnded(touch) {
                releasedMessages.append((touch, first))
                messages.removeFirst()
            }
            touch.heldMessages = messages
        }
        compactTouchesWithHeldMessages()
    }

    /// The released phases for `window`'s event under way, which it delivers with its own.
    func takeReleasedMessages(for window: UIWindow) -> [(touch: UITouch, message: HeldViewMessage)] {
        guard !releasedMessages.isEmpty else { return [] }
        let mine = releasedMessages.filter { $0.touch.window === window }
        releasedMessages.removeAll { $0.touch.window === window }
        return mine
    }

    /// Delivers released phases when no event is under way to carry them: one call per
    /// view and phase, in phase order.
    private func deliverReleasedMessages() {
        releaseHeldMessages()
        guard !releasedMessages.isEmpty else { return }
        let released = releasedMessages
        releasedMessages.removeAll()
        let event = UIApplication.shared.touchRouter.event
        for phase in GestureEnvironment.phases {
            var groups: [(view: UIView, items: [(touch: UITouch, message: HeldViewMessage)])] = []
            var groupIndex: [ObjectIdentifier: Int] = [:]
            for item in released where item.message.phase == phase && item.touch.mayStillReachView {
                guard let view = item.touch.view else { continue }
                if let index = groupIndex[ObjectIdentifier(view)] {
                    groups[index].items.append(item)
                } else {
                    groupIndex[ObjectIdentifier(view)] = groups.count
                    groups.append((view, [item]))
                }
            }
            for group in groups {
                // A handler called earlier in this loop may have cancelled some of them.
                let items = group.items.filter { $0.touch.mayStillReachView }
                guard !items.isEmpty else { continue }
                GestureEnvironment.deliver(phase, replaying: items, to: group.view, with: event)
            }
        }
    }

    /// Sends `phase` to `view` for `items` (withheld phases, each replayed as it was)
    /// plus `live` touches, in one call, and notes what the view has now seen.
    static func deliver(_ phase: UITouch.Phase, replaying items: [(touch: UITouch, message: HeldViewMessage)],
                        live: Set<UITouch> = [], to view: UIView, with event: UIEvent) {
        var touches = live
        for (touch, message) in items {
            touch.presented = message
            touches.insert(touch)
        }
        for touch in touches {
            switch phase {
            case .began: touch.viewReceivedBegan = true
            case .ended, .cancelled: touch.viewReceivedEnd = true
            case .moved, .stationary: break
            }
        }
        UIKitDebug.touchMessageObserver?(view, phase, touches)
        switch phase {
        case .began: view.touchesBegan(touches, with: event)
        case .moved: view.touchesMoved(touches, with: event)
        case .ended: view.touchesEnded(touches, with: event)
        case .cancelled: view.touchesCancelled(touches, with: event)
        case .stationary: break
        }
        for (touch, _) in items { touch.presented = nil }
    }

    // MARK: - Reset

    /// Returns done recognizers to possible (rule 7).
    private func resetFinishedRecognizers() {
        var didReset = true
        while didReset {
            didReset = false
            for recognizer in engaged where recognizer.storedState.isTerminal && !recognizer.isAwaitingRecognition {
                if recognizer.storedState == .failed, hasUnfinishedDependent(recognizer) {
                    if !recognizer.isWaitingForDependents {
                        recognizer.isWaitingForDependents = true
                        GestureTrace.record(recognizer, .waiting, "stays failed until the recognizers requiring it finish")
                    }
                    continue
                }
                reset(recognizer)
                didReset = true
            }
        }
    }

    private func hasUnfinishedDependent(_ failed: UIGestureRecognizer) -> Bool {
        engaged.contains { dependent in
            dependent !== failed && !dependent.storedState.isTerminal && isEngagedInGesture(dependent)
                && mustWait(dependent, forFailureOf: failed)
        }
    }

    private func reset(_ recognizer: UIGestureRecognizer) {
        recognizer.reset()
        GestureTrace.record(recognizer, .reset, "→ possible")
        recognizer.storedState = .possible
        recognizer.heldTransition = nil
        recognizer.isAwaitingRecognition = false
        recognizer.isWaitingForDependents = false
        recognizer.failureReason = nil
        for touch in recognizer.trackedTouches {
            touch.swarm.removeAll { $0 === recognizer }
        }
        recognizer.trackedTouches.removeAll()
        recognizer.isEngaged = false
        engaged.removeAll { $0 === recognizer }
    }

    // MARK: - Testing

    /// Forgets every recognizer's involvement (for `resetForTesting()` only).
    func discardAllState() {
        for recognizer in engaged {
            recognizer.storedState = .possible
            recognizer.heldTransition = nil
            recognizer.isAwaitingRecognition = false
            recognizer.isWaitingForDependents = false
            recognizer.trackedTouches.removeAll()
            recognizer.isEngaged = false
        }
        engaged.removeAll()
        changes.removeAll()
        touchesWithHeldMessages.removeAll()
        touchesWithHeldMessagesIndex.removeAll()
        releasedMessages.removeAll()
        deliveryDepth = 0
        batchingDepth = 0
        undecidedCheck = nil
        UIGestureRecognizer.illegalTransitionCount = 0
        GestureTrace.clear()
    }
}

extension UITouch {
    /// Whether a withheld phase may still be replayed to the touch's view: no recognizer
    /// cut it off, its view has not heard its end, and the system has not cancelled it
    /// (a touch cancelled before its view heard its began is never reported at all).
    var mayStillReachView: Bool {
        !isCutOffFromView && !viewReceivedEnd && phase != .cancelled
    }

    /// Whether `recognizer` is in this touch's swarm (a loop, not a closure: this runs
    /// for every recognizer of every changed touch).
    func isInSwarm(of recognizer: UIGestureRecognizer) -> Bool {
        for member in swarm where member === recognizer { return true }
        return false
    }
}

extension UIGestureRecognizer {
    /// Whether the recognizer takes touches now: enabled, attached, not finished.
    var receivesTouches: Bool {
        isEnabled && view != nil && !storedState.isTerminal
    }

    /// Possible, or asked to recognize and not settled yet (so still preventable).
    var isStillPossible: Bool {
        storedState == .possible || isAwaitingRecognition
    }
}
