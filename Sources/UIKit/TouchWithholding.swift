/// Rule 6 of the arena (see `GestureArena`): what views are told of touches that
/// recognizers hold back or take away.
///
/// - While a recognizer of a touch's swarm with `delaysTouchesBegan` is possible, the
///   touch's began and moved wait; while one with `delaysTouchesEnded` is possible (or
///   its began still waits), its ended waits. When they stop waiting, the view gets
///   began, at most the last moved, and ended, each as the touch was then
///   (`TouchArbitration.presented`); released phases go with the event under way, in the same call
///   as its own touches of that phase.
/// - A touch cut off by a recognizing recognizer (`cancelsTouchesInView`) gets
///   `touchesCancelled` at its view, reading `cancelled` as its phase, and is never
///   delivered there again; if its view never got its began, it hears nothing at all.
///   Touches withheld in different events are cancelled in separate calls (the double
///   tap of Apple's "Gesture Recognizers": began, began, cancelled, cancelled).
/// - Withheld phases of a touch the system cancels meanwhile (even from a handler called
///   while they are being released) are dropped: a view never hears of a touch after its
///   end.
///
/// What each touch's view has heard lives in the arena's record of the touch
/// (`TouchArbitration.viewDelivery`), written here and
/// by the window's delivery (`UIWindow+TouchDelivery.swift`) only.
@MainActor
final class TouchWithholding {
    /// The application's touches event, which released phases are delivered with.
    private let event: UIEvent
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// Touches with phases withheld from their views, in the order first withheld; a
    /// touch whose phases were dropped may linger here, empty, until the next compaction.
    @exclusivity(unchecked) private var touchesWithHeldMessages: [UITouch] = []
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The members of `touchesWithHeldMessages`, so that holding N fingers of one batch
    /// costs O(N), not O(N²).
    @exclusivity(unchecked) private var touchesWithHeldMessagesIndex: Set<ObjectIdentifier> = []
    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// Withheld phases now free to go, for the window delivering an event to send with
    /// that event's own.
    @exclusivity(unchecked) private var releasedMessages: [(touch: UITouch, message: HeldViewMessage)] = []
    /// Numbers each window delivery, for `HeldViewMessage.batch`.
    private(set) var batch: UInt64 = 0

    static let phases: [UITouch.Phase] = [.began, .moved, .ended, .cancelled]

    init(event: UIEvent) {
        self.event = event
    }

    /// A window starts delivering an event.
    func beginBatch() {
        batch &+= 1
    }

    // MARK: - Holding

    /// Whether a recognizer of the touch's swarm keeps its began and moved from its view.
    func holdsBegan(_ touch: UITouch) -> Bool {
        touch.arbitration.swarm.contains { $0.recognizer.delaysTouchesBegan && $0.publishedState == .possible }
    }

    /// Whether a recognizer of the touch's swarm keeps its ended from its view.
    func holdsEnded(_ touch: UITouch) -> Bool {
        touch.arbitration.swarm.contains { $0.recognizer.delaysTouchesEnded && $0.publishedState == .possible }
    }

    /// Withholds the touch's present phase from its view; a moved replaces a withheld
    /// moved (the view gets at most the last one).
    func hold(_ touch: UITouch) {
        let message = HeldViewMessage(of: touch, batch: batch)
        if message.phase == .moved, touch.arbitration.viewDelivery.heldMessages.last?.phase == .moved {
            touch.arbitration.viewDelivery.heldMessages[touch.arbitration.viewDelivery.heldMessages.count - 1] = message
        } else {
            touch.arbitration.viewDelivery.heldMessages.append(message)
        }
        if touchesWithHeldMessagesIndex.insert(ObjectIdentifier(touch)).inserted { touchesWithHeldMessages.append(touch) }
    }

    /// Forgets what was withheld for a touch (its view never saw it begin, and it was
    /// cancelled). O(1): the touch leaves `touchesWithHeldMessages` at the next compaction.
    func dropHeldMessages(of touch: UITouch) {
        touch.arbitration.viewDelivery.heldMessages.removeAll()
    }

    /// Removes the touches with nothing withheld any more.
    private func compact() {
        touchesWithHeldMessages.removeAll { touch in
            guard touch.arbitration.viewDelivery.heldMessages.isEmpty else { return false }
            touchesWithHeldMessagesIndex.remove(ObjectIdentifier(touch))
            return true
        }
    }

    // MARK: - Releasing

    /// Moves withheld phases whose recognizers no longer hold them to the released ones.
    func release() {
        guard !touchesWithHeldMessages.isEmpty else { return }
        for touch in touchesWithHeldMessages where !touch.arbitration.viewDelivery.heldMessages.isEmpty {
            if touch.arbitration.viewDelivery.isCutOff {
                touch.arbitration.viewDelivery.heldMessages.removeAll()
                continue
            }
            var messages = touch.arbitration.viewDelivery.heldMessages
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
            touch.arbitration.viewDelivery.heldMessages = messages
        }
        compact()
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
    func deliverReleased() {
        release()
        guard !releasedMessages.isEmpty else { return }
        let released = releasedMessages
        releasedMessages.removeAll()
        for phase in TouchWithholding.phases {
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
                TouchWithholding.deliver(phase, replaying: items, to: group.view, with: event)
            }
        }
    }

    // MARK: - Cutting off

    /// Sends `touchesCancelled` for a recognizing recognizer's touches to their views,
    /// which then hear no more of them; returns how many views' touches were cancelled.
    @discardableResult
    func cutOff(_ touches: [UITouch], for recognizer: UIGestureRecognizer) -> Int {
        // Touches whose ended was withheld go per event they ended in; live ones together.
        var groups: [(view: UIView, batch: UInt64?, touches: Set<UITouch>)] = []
        for touch in touches where !touch.arbitration.viewDelivery.isCutOff {
            touch.arbitration.viewDelivery.isCutOff = true
            let heldEndBatch = touch.arbitration.viewDelivery.heldMessages.last.flatMap { $0.phase == .ended ? $0.batch : nil }
            touch.arbitration.viewDelivery.heldMessages.removeAll()
            guard let view = touch.view, touch.arbitration.viewDelivery.receivedBegan, !touch.arbitration.viewDelivery.receivedEnd else { continue }
            touch.arbitration.viewDelivery.receivedEnd = true
            if let index = groups.firstIndex(where: { $0.view === view && $0.batch == heldEndBatch }) {
                groups[index].touches.insert(touch)
            } else {
                groups.append((view, heldEndBatch, [touch]))
            }
        }
        compact()
        releasedMessages.removeAll { $0.touch.arbitration.viewDelivery.isCutOff }
        guard !groups.isEmpty else { return 0 }
        groups.sort { ($0.batch ?? .max) < ($1.batch ?? .max) }
        GestureTrace.record(recognizer, .cancelledTouches, "cancels \(groups.reduce(0) { $0 + $1.touches.count }) touch(es) in views")
        for group in groups {
            // The view reads `cancelled` as the touches' phase, as in UIKit, though they
            // go on for the recognizers.
            for touch in group.touches { touch.arbitration.presented = HeldViewMessage(cancelling: touch) }
            UIKitDebug.touchMessageObserver?(group.view, .cancelled, group.touches)
            group.view.touchesCancelled(group.touches, with: event)
            for touch in group.touches { touch.arbitration.presented = nil }
        }
        return groups.count
    }

    // MARK: - Telling views

    /// Sends `phase` to `view` for `items` (withheld phases, each presented as it was)
    /// plus `live` touches, in one call, and notes what the view has now heard.
    static func deliver(_ phase: UITouch.Phase, replaying items: [(touch: UITouch, message: HeldViewMessage)],
                        live: Set<UITouch> = [], to view: UIView, with event: UIEvent) {
        var touches = live
        for (touch, message) in items {
            touch.arbitration.presented = message
            touches.insert(touch)
        }
        for touch in touches {
            switch phase {
            case .began: touch.arbitration.viewDelivery.receivedBegan = true
            case .ended, .cancelled: touch.arbitration.viewDelivery.receivedEnd = true
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
        for (touch, _) in items { touch.arbitration.presented = nil }
    }

    // MARK: - Testing

    /// Forgets everything withheld (for `resetForTesting()` only).
    func discardAllState() {
        touchesWithHeldMessages.removeAll()
        touchesWithHeldMessagesIndex.removeAll()
        releasedMessages.removeAll()
    }
}

extension UITouch {
    /// Whether a withheld phase may still be replayed to the touch's view: no recognizer
    /// cut it off, its view has not heard its end, and the system has not cancelled it
    /// (a touch cancelled before its view heard its began is never reported at all).
    var mayStillReachView: Bool {
        !arbitration.viewDelivery.isCutOff && !arbitration.viewDelivery.receivedEnd && livePhase != .cancelled
    }
}
