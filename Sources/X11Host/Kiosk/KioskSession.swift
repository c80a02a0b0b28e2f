import Foundation
import UIKit

/// What an app in kiosk mode may adopt to hear that visitors walked away.
@MainActor
public protocol KioskApplicationDelegate: UIApplicationDelegate {
    /// No finger has touched the screen for the kiosk's idle timeout: put the app back
    /// to where a new visitor should find it. Called once per idle spell.
    func applicationDidBecomeIdle(inKiosk application: UIApplication)
}

/// A running kiosk's input side, first in the host's chain after a recorder
/// (`InputFilterStage.exitGesture`):
///
/// - every key is consumed: no key quits or changes anything (a kiosk has no keyboard
///   a visitor should use);
/// - the exit gestures (`KioskExitGesture`) ask `KioskExitConfirmation`'s question; a
///   hold that completes cancels its fingers at every view and recognizer first, so the
///   app never acts on the gesture;
/// - a touch re-arms the idle timer; `idleTimeout` seconds after the last one, the app
///   delegate (`KioskApplicationDelegate`) and `didBecomeIdleNotification` hear it.
///
/// Times run on the media clock (delayed calls of `UIApplication`), so a manual clock
/// drives it in tests.
@MainActor
public final class KioskSession: InputFilter {
    public let stage = InputFilterStage.exitGesture
    public let configuration: KioskConfiguration
    /// Posted when the kiosk becomes idle.
    public static let didBecomeIdleNotification = Notification.Name("TouchKioskDidBecomeIdle")
    /// Called when the person confirmed leaving (the runner ends the program).
    public var onExit: (() -> Void)?
    /// The question, made when first asked.
    public private(set) var confirmation: KioskExitConfirmation?
    /// How many times the kiosk became idle.
    public private(set) var idleCount = 0

    private var gesture: KioskExitGesture
    private weak var host: X11Host?
    /// Fingers of a completed hold: cancelled for the app, their later samples dropped.
    private var swallowed: Set<TouchSample.ID> = []
    private var holdCheck: DelayedCall?
    private var idleCheck: DelayedCall?
    private var lastTouch: TimeInterval
    private var isIdle = false

    public init(configuration: KioskConfiguration, screenSize: CGSize) {
        self.configuration = configuration
        gesture = KioskExitGesture(configuration: configuration, screenSize: screenSize)
        lastTouch = CACurrentMediaTime()
        armIdle()
    }

    /// Joins `host`'s input chain.
    public func attach(to host: X11Host) {
        self.host = host
        gesture.screenSize = host.size
        host.addInputFilter(self)
    }

    public func filter(_ key: KeyInput, in host: X11Host) -> Bool {
        false
    }

    public func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
        self.host = host
        return handle(batch)
    }

    /// What `filter` does with a batch, without a host (tests): the samples that go on.
    public func handle(_ batch: [TouchSample]) -> [TouchSample] {
        noteTouch()
        let passed = swallowed.isEmpty ? batch : batch.filter { sample in
            guard swallowed.contains(sample.id) else { return true }
            if sample.phase == .ended || sample.phase == .cancelled { swallowed.remove(sample.id) }
            return false
        }
        guard confirmation?.isHidden ?? true else { return passed }
        if gesture.take(passed) {
            exitGestureCompleted()
        } else {
            scheduleHoldCheck()
        }
        return passed
    }

    // MARK: - Exit

    /// One delayed call per hold, made when it starts (a moving finger's batches leave
    /// it alone) and dropped when the hold ends.
    private func scheduleHoldCheck() {
        let deadline = gesture.holdDeadline
        guard deadline != holdCheckDeadline else { return }
        holdCheck?.cancel()
        holdCheck = nil
        holdCheckDeadline = deadline
        guard let deadline else { return }
        holdCheck = UIApplication.shared.schedule(afterDelay: max(0, deadline - CACurrentMediaTime())) { [weak self] in
            guard let self else { return }
            holdCheck = nil
            holdCheckDeadline = nil
            if gesture.holdCompleted(at: CACurrentMediaTime()) { exitGestureCompleted() }
        }
    }

    private var holdCheckDeadline: TimeInterval?

    private func exitGestureCompleted() {
        holdCheck?.cancel()
        holdCheck = nil
        holdCheckDeadline = nil
        // The hold's fingers are still down: the app hears them cancelled, as when a
        // system gesture takes the touches, and never sees the rest of them.
        let held = gesture.holdDeadline == nil ? [] : gesture.heldFingers
        gesture.reset()
        if !held.isEmpty {
            let now = CACurrentMediaTime()
            host?.injectInput(held.map { TouchSample(id: $0.id, phase: .cancelled, location: $0.location, timestamp: now) })
            swallowed.formUnion(held.map(\.id))
        }
        ask()
    }

    /// Shows the question (also for an app's own way of asking to leave).
    public func ask() {
        let question = confirmation ?? {
            let made = KioskExitConfirmation(frame: UIScreen.main.bounds)
            made.onAnswer = { [weak self] leave in
                if leave { self?.onExit?() }
            }
            confirmation = made
            return made
        }()
        question.frame = UIScreen.main.bounds
        question.ask()
    }

    // MARK: - Idle

    private func noteTouch() {
        lastTouch = CACurrentMediaTime()
        isIdle = false
        if idleCheck == nil { armIdle() }
    }

    /// One delayed call at a time: when it comes early (a touch since), it waits the rest.
    private func armIdle() {
        guard configuration.idleTimeout > 0 else { return }
        let delay = max(0, lastTouch + configuration.idleTimeout - CACurrentMediaTime())
        idleCheck = UIApplication.shared.schedule(afterDelay: delay) { [weak self] in
            guard let self else { return }
            idleCheck = nil
            if CACurrentMediaTime() - lastTouch >= configuration.idleTimeout {
                becameIdle()
            } else {
                armIdle()
            }
        }
    }

    private func becameIdle() {
        guard !isIdle else { return }
        isIdle = true
        idleCount += 1
        (UIApplication.shared.delegate as? any KioskApplicationDelegate)?.applicationDidBecomeIdle(inKiosk: .shared)
        NotificationCenter.default.post(name: Self.didBecomeIdleNotification, object: nil)
    }
}
