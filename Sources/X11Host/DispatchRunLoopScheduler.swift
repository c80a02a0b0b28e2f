import Dispatch
import UIKit

/// The host's `RunLoopScheduler`: turns run on the main dispatch queue, so they
/// interleave with the X connection's read source, user code's `DispatchQueue.main`
/// blocks and main-actor tasks exactly as in an app.
///
/// A wake is one timer source, made once and moved when the run loop asks for another
/// deadline. Moving it is not done where it is asked for but in a main-queue block
/// queued then, which runs after the work that asked (the read that handles a touch
/// and presents its frame): each move of a dispatch timer wakes libdispatch's manager
/// thread on the other core, about 10–40 µs of a new touch's time to its first pixels
/// when done inside the read, and later asks in the same read replace earlier ones for
/// free. A wake is never armed later than one main-queue block after it was asked for.
@MainActor
final class DispatchRunLoopScheduler: RunLoopScheduler {
    /// The wake asked for last.
    private var wake: (deadline: TimeInterval, turn: @MainActor () -> Void)?
    /// The deadline the timer is set for, if any (read by tests).
    private(set) var armedDeadline: TimeInterval?
    private var isArmingQueued = false
    private var timer: DispatchSourceTimer?

    isolated deinit {
        timer?.cancel()
    }

    func scheduleSoon(_ turn: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { turn() }
        }
    }

    func scheduleWake(at deadline: TimeInterval?, _ turn: @escaping @MainActor () -> Void) {
        wake = deadline.map { ($0, turn) }
        guard deadline != armedDeadline, !isArmingQueued else { return }
        isArmingQueued = true
        DispatchQueue.main.async { [weak self] in
            MainActor.assumeIsolated { self?.arm() }
        }
    }

    /// Sets the timer for the wake asked for last (or parks it when none is).
    private func arm() {
        isArmingQueued = false
        let deadline = wake?.deadline
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        guard let deadline else {
            timer?.schedule(deadline: .distantFuture)
            return
        }
        // The deadline is on the media clock (CLOCK_MONOTONIC in a host); dispatch's
        // `now()` is on the same clock, so the difference is the delay.
        let delay = max(0, deadline - CACurrentMediaTime())
        (timer ?? makeTimer()).schedule(deadline: .now() + delay, leeway: .milliseconds(1))
    }

    private func makeTimer() -> DispatchSourceTimer {
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.timerFired() }
        }
        source.resume()
        timer = source
        return source
    }

    private func timerFired() {
        armedDeadline = nil
        guard let wake else { return }
        // Asked for later since the timer was set (its move still queued): wait for it.
        // Never before the deadline: dispatch's clock is the media clock.
        guard wake.deadline <= CACurrentMediaTime() else {
            arm()
            return
        }
        self.wake = nil
        wake.turn()
    }
}
