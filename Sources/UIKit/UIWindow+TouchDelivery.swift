// Delivery of one event's touches to views: the part of `sendEvent(_:)` that Neuburg's
// "Touches" ("Touch Delivery", "Touch Exclusion Logic") assigns to the window.
//
// Rules, in the order they apply:
// - Only the event's *changed* touches that began in this window are considered; a
//   stationary touch is never delivered, so a view whose touches are all stationary
//   hears nothing.
// - When a touch begins, the window decides once whether its view will ever receive
//   it (touches are decided in sample order, each seeing the ones decided before):
//   - `isMultipleTouchEnabled == false`: a view that already has a live touch does not
//     get another, for that touch's whole life, even after the first one ends. A window
//     ignores its own `isMultipleTouchEnabled`, as UIKit's does.
//   - `isExclusiveTouch`: an exclusive view gets a touch only if no other view in the
//     window has one, and while it has one no other view gets a new one. A window's own
//     `isExclusiveTouch` is ignored (UIKit's is unreliable, Neuburg notes).
//   A withheld touch keeps its hit-test view as `view` and stays in the event. A touch
//   withheld for multiple touch still reaches its swarm of recognizers; one withheld for
//   exclusive touch does not (Neuburg, "Touches": "Touch Exclusion Logic").
// - Recognizers come first: each new touch's swarm is formed, every recognizer gets its
//   touches, and what they decided is settled, before any view hears of the event; then
//   views get what the recognizers let through (see `GestureArena` for arbitration and
//   `TouchWithholding` for withholding and cutting off touches).
// - Each view receives one call per phase with all and only its own touches in that
//   phase. Phases go in the order began, moved, ended, cancelled; within a phase, views
//   go in the order of their first touch in the batch. (UIKit walks a set, so its order
//   between views is unspecified; this one is deterministic for traces.)
// - A call reaches the touch's view; a view that does not override the method passes it
//   up the responder chain (`UIResponder`).
// - Touches a handler cancels or finishes meanwhile (by removing a view, hiding the
//   window, cancelling all touches) are skipped when their turn comes; a touch
//   cancelled before its view was sent `touchesBegan` is never reported to it at all.

extension UIWindow {
    private static let deliveryPhases: [UITouch.Phase] = [.began, .moved, .ended, .cancelled]

    /// Delivers the event's changed touches that began in this window: recognizers
    /// first, through `arena`, then views.
    func deliverTouches(of event: UIEvent, arena: GestureArena) {
        let withholding = arena.withholding
        var changed = event.changedTouches
        var othersInEvent = false
        for touch in changed where touch.window !== self {
            othersInEvent = true
            break
        }
        if othersInEvent { changed = changed.filter { $0.window === self } }
        guard !changed.isEmpty else { return }
        if changed.contains(where: { $0.phase == .began && !$0.isFinished }) {
            var holders = TouchHolders(window: self, event: event)
            for touch in changed where touch.phase == .began && !touch.isFinished {
                let admission = holders.admit(touch)
                touch.arbitration.viewDelivery.isAdmitted = admission == .delivered
                if admission != .withheldForExclusiveTouch { arena.formSwarm(for: touch) }
            }
        }
        arena.beginDelivery()
        arena.deliverToRecognizers(changed, in: event)
        arena.settleChanges()
        let released = withholding.takeReleasedMessages(for: self)
        for phase in UIWindow.deliveryPhases {
            deliver(phase, of: changed, released: released, in: event, withholding: withholding)
        }
        arena.endDelivery()
    }

    private func deliver(_ phase: UITouch.Phase, of changed: [UITouch],
                         released: [(touch: UITouch, message: HeldViewMessage)], in event: UIEvent,
                         withholding: TouchWithholding) {
        var receivers: [(view: UIView, replayed: [(touch: UITouch, message: HeldViewMessage)], touches: Set<UITouch>)] = []
        // Usually one receiver; a thousand fingers on a thousand views must not cost a
        // million comparisons, so past a few the index takes over.
        var receiverIndex: [ObjectIdentifier: Int] = [:]
        func receiver(for view: UIView) -> Int {
            if receivers.count <= 8 {
                if let index = receivers.firstIndex(where: { $0.view === view }) { return index }
            } else if let index = receiverIndex[ObjectIdentifier(view)] {
                return index
            }
            receivers.append((view, [], []))
            if receivers.count == 9 {
                for (index, receiver) in receivers.enumerated() { receiverIndex[ObjectIdentifier(receiver.view)] = index }
            } else if receivers.count > 9 {
                receiverIndex[ObjectIdentifier(view)] = receivers.count - 1
            }
            return receivers.count - 1
        }
        for item in released where item.message.phase == phase && item.touch.mayStillReachView {
            guard let view = item.touch.view else { continue }
            receivers[receiver(for: view)].replayed.append(item)
        }
        for touch in changed
        where touch.phase == phase && touch.arbitration.viewDelivery.isAdmitted && !touch.isFinished && !touch.arbitration.viewDelivery.isCutOff {
            guard let view = touch.view else { continue }
            switch phase {
            case .began:
                if withholding.holdsBegan(touch) {
                    withholding.hold(touch)
                    continue
                }
            case .moved:
                if !touch.arbitration.viewDelivery.heldMessages.isEmpty {
                    withholding.hold(touch)
                    continue
                }
                guard touch.arbitration.viewDelivery.receivedBegan else { continue }
            case .ended:
                if !touch.arbitration.viewDelivery.heldMessages.isEmpty
                    || (touch.arbitration.viewDelivery.receivedBegan && withholding.holdsEnded(touch)) {
                    withholding.hold(touch)
                    continue
                }
                guard touch.arbitration.viewDelivery.receivedBegan else { continue }
            case .cancelled:
                withholding.dropHeldMessages(of: touch)
                guard touch.arbitration.viewDelivery.receivedBegan, !touch.arbitration.viewDelivery.receivedEnd else { continue }
            case .stationary:
                continue
            }
            receivers[receiver(for: view)].touches.insert(touch)
        }
        for (view, replayed, touches) in receivers {
            // A handler called earlier in this event may have cancelled some of these.
            let current = touches.allSatisfy { $0.phase == phase && !$0.isFinished && !$0.arbitration.viewDelivery.isCutOff }
                ? touches : touches.filter { $0.phase == phase && !$0.isFinished && !$0.arbitration.viewDelivery.isCutOff }
            // The live phase supersedes a withheld one of the same kind (the view gets at
            // most the last moved).
            let stillReplayed = replayed.filter { $0.touch.mayStillReachView && !touches.contains($0.touch) }
            guard !current.isEmpty || !stillReplayed.isEmpty else { continue }
            TouchWithholding.deliver(phase, replaying: stillReplayed, live: current, to: view, with: event)
        }
    }
}

/// The views of one window that hold live delivered touches, built once per event that
/// begins touches, so that deciding each new touch is O(1) even with 1,000 fingers.
@MainActor
private struct TouchHolders {
    private var holders: Set<ObjectIdentifier> = []
    private var exclusiveHolders: Set<ObjectIdentifier> = []

    init(window: UIWindow, event: UIEvent) {
        for touch in event.liveTouches
        where touch.window === window && touch.arbitration.viewDelivery.isAdmitted && !touch.isFinished && touch.phase != .began {
            if let view = touch.view { note(view) }
        }
    }

    /// Whether `touch` may ever reach its view.
    enum Admission {
        case delivered
        case withheldForMultipleTouch
        case withheldForExclusiveTouch
    }

    /// Whether `touch` may ever reach its view, given the touches the window's views
    /// already hold; if so it now counts as held.
    mutating func admit(_ touch: UITouch) -> Admission {
        guard let view = touch.view else { return .withheldForMultipleTouch }
        let id = ObjectIdentifier(view)
        let isWindow = view is UIWindow
        let holdsOne = holders.contains(id)
        if holdsOne, !view.isMultipleTouchEnabled, !isWindow {
            UIKitDebug.log(.delivery, "\(touch.sampleID) withheld: \(type(of: view)) has a touch and multiple touch is off")
            return .withheldForMultipleTouch
        }
        let othersHold = holders.count > (holdsOne ? 1 : 0)
        let anotherIsExclusive = exclusiveHolders.count > (exclusiveHolders.contains(id) ? 1 : 0)
        if anotherIsExclusive || (othersHold && view.isExclusiveTouch && !isWindow) {
            UIKitDebug.log(.delivery, "\(touch.sampleID) withheld: exclusive touch in the window")
            return .withheldForExclusiveTouch
        }
        note(view)
        return .delivered
    }

    private mutating func note(_ view: UIView) {
        holders.insert(ObjectIdentifier(view))
        if view.isExclusiveTouch, !(view is UIWindow) { exclusiveHolders.insert(ObjectIdentifier(view)) }
    }
}
