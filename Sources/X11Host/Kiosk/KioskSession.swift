import Foundation
import TouchRecording
import UIKit

// The kiosk keeps the host's time (`UIApplication.clock`, `scheduleInHostTime`), as its
// visitors do: an app frozen or slowed by the debug layer neither holds back the exit
// gesture nor stretches the idle timeout.

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
/// - a touch re-arms the idle timer; `idleTimeout` seconds after the last one ended
///   (a finger resting on the screen keeps the kiosk awake), the app delegate
///   (`KioskApplicationDelegate`) and `didBecomeIdleNotification` hear it;
/// - while idle, an attract tour may play (`playWhileIdle`) until a visitor touches.
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
    /// A visitor's fingers on the screen now (not the attract tour's).
    private var fingersDown: Set<TouchSample.ID> = []
    private var isIdle = false

    public init(configuration: KioskConfiguration, screenSize: CGSize) {
        self.configuration = configuration
        gesture = KioskExitGesture(configuration: configuration, screenSize: screenSize)
        lastTouch = UIApplication.shared.clock.now
        armIdle()
    }

    /// Joins `host`'s input chain.
    public func attach(to host: X11Host) {
        self.host = host
        gesture.screenSize = host.size
        host.addInputFilter(self)
        // The window manager's close (Alt+F4) is not a way out: it gets the question the
        // exit gesture gets, and a line in the log says who asked.
        host.onCloseRequest = { [weak self, weak host] in
            host?.log("kiosk: the window manager asked the kiosk to close (Alt+F4 or a close button); asking Leave or Stay on screen instead")
            self?.ask()
        }
    }

    public func filter(_ key: KeyInput, in host: X11Host) -> Bool {
        false
    }

    public func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
        self.host = host
        return handle(batch)
    }

    /// The attract loop played while idle, if any (`playWhileIdle`).
    public private(set) var attractLoop: KioskAttractLoop?

    /// Plays `tour` in a loop whenever the kiosk becomes idle, after the app was told,
    /// until a visitor touches: then the tour stops, its fingers are cancelled at the
    /// app's views and recognizers, the app is told it is idle again (so it puts itself
    /// back where a visitor should find it: the sandbox makes its first scene anew),
    /// and the visitor's touch only wakes the kiosk: it is not passed on, so the visitor
    /// starts on that clean screen. `inject` hands the tour's batches to the app (the
    /// host's input path unless given).
    public func playWhileIdle(_ tour: TouchRecording, inject: (([TouchSample]) -> Void)? = nil) {
        attractLoop = KioskAttractLoop(recording: tour, windowSize: gesture.screenSize) { [weak self] batch in
            if let inject { inject(batch) } else { self?.host?.injectInput(batch) }
        }
    }

    /// What `filter` does with a batch, without a host (tests): the samples that go on.
    public func handle(_ batch: [TouchSample]) -> [TouchSample] {
        // The attract tour's own touches go on untouched: they are not a visitor.
        guard batch.contains(where: { $0.id.device != KioskAttractLoop.device }) else { return batch }
        var tourEnd: [TouchSample] = []
        if let attractLoop, attractLoop.isRunning {
            tourEnd = attractLoop.stop()
            swallowed.formUnion(batch.filter { $0.phase == .began }.map(\.id))
            UIApplication.shared.scheduleInHostTime(afterDelay: 0) { [weak self] in self?.tellIdle() }
        }
        noteTouch(batch)
        let passed = tourEnd + (swallowed.isEmpty ? batch : batch.filter { sample in
            guard swallowed.contains(sample.id) else { return true }
            if sample.phase == .ended || sample.phase == .cancelled { swallowed.remove(sample.id) }
            return false
        })
        guard confirmation?.isHidden ?? true else { return passed }
        if gesture.take(tourEnd.isEmpty ? passed : Array(passed.dropFirst(tourEnd.count))) {
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
        holdCheck = UIApplication.shared.scheduleInHostTime(afterDelay: max(0, deadline - UIApplication.shared.clock.now)) { [weak self] in
            guard let self else { return }
            holdCheck = nil
            holdCheckDeadline = nil
            if gesture.holdCompleted(at: UIApplication.shared.clock.now) { exitGestureCompleted() }
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
            let now = UIApplication.shared.clock.now
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

    private func noteTouch(_ batch: [TouchSample]) {
        lastTouch = UIApplication.shared.clock.now
        isIdle = false
        for sample in batch where sample.id.device != KioskAttractLoop.device {
            switch sample.phase {
            case .began: fingersDown.insert(sample.id)
            case .moved: break
            case .ended, .cancelled: fingersDown.remove(sample.id)
            }
        }
        if idleCheck == nil { armIdle() }
    }

    /// One delayed call at a time: when it comes early (a touch since), it waits the rest.
    /// A finger resting on the screen is a visitor still there, however long it stays
    /// still: the timer waits for its lift (`noteTouch` arms it again then).
    private func armIdle() {
        guard configuration.idleTimeout > 0 else { return }
        let delay = max(0, lastTouch + configuration.idleTimeout - UIApplication.shared.clock.now)
        idleCheck = UIApplication.shared.scheduleInHostTime(afterDelay: delay) { [weak self] in
            guard let self else { return }
            idleCheck = nil
            guard fingersDown.isEmpty else { return }
            if UIApplication.shared.clock.now - lastTouch >= configuration.idleTimeout {
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
        tellIdle()
        // On the next turn, once the app has put itself back.
        if let attractLoop {
            UIApplication.shared.scheduleInHostTime(afterDelay: 0) { [weak self] in
                guard let self, isIdle else { return }
                attractLoop.start()
            }
        }
    }

    private func tellIdle() {
        (UIApplication.shared.delegate as? any KioskApplicationDelegate)?.applicationDidBecomeIdle(inKiosk: .shared)
        NotificationCenter.default.post(name: Self.didBecomeIdleNotification, object: nil)
    }
}
