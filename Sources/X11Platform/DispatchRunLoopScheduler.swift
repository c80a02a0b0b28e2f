import Dispatch
import UIKit

/// The host's `RunLoopScheduler`: the run loop's one timer, a dispatch timer source on
/// the main queue, so turns interleave with the X connection's read source, user code's
/// `DispatchQueue.main` blocks and main-actor tasks exactly as in an app.
///
/// The timer is made once and moved to the earliest of what was asked: a turn as soon
/// as the thread is free (`scheduleSoon`, at once) or the wake at a deadline (which a
/// later ask replaces). A run loop asks for its next wake once, at the end of a turn,
/// after the turn's frame was sent: moving a dispatch timer wakes libdispatch's manager
/// thread on the other core, which must not stand between a touch and its pixels.
@MainActor
package final class DispatchRunLoopScheduler: RunLoopScheduler {
    /// The turn asked for as soon as possible, if any.
    private var soon: (@MainActor () -> Void)?
    /// The wake asked for last.
    private var wake: (deadline: TimeInterval, turn: @MainActor () -> Void)?
    /// The host time the timer is set for, if any (read by tests); `-infinity`: at once.
    private(set) var armedDeadline: TimeInterval?
    private var timer: DispatchSourceTimer?

    package init() {}

    isolated deinit {
        timer?.cancel()
    }

    package func scheduleSoon(_ turn: @escaping @MainActor () -> Void) {
        soon = turn
        arm()
    }

    package func scheduleWake(at deadline: TimeInterval?, _ turn: @escaping @MainActor () -> Void) {
        wake = deadline.map { ($0, turn) }
        arm()
    }

    /// Sets the timer for the earliest of what was asked (or parks it when nothing is).
    private func arm() {
        let deadline = soon != nil ? -.infinity : wake?.deadline
        guard deadline != armedDeadline else { return }
        armedDeadline = deadline
        guard let deadline else {
            timer?.schedule(deadline: .distantFuture)
            return
        }
        // The deadline is on the application's host clock (CLOCK_MONOTONIC in a host, as
        // dispatch's `now()`: the difference is the delay). Not `CACurrentMediaTime()`:
        // that is the app's time, which may be frozen or slowed.
        let delay = max(0, deadline - hostNow)
        (timer ?? makeTimer()).schedule(deadline: .now() + delay, leeway: .milliseconds(1))
    }

    /// Now on the current application's host clock (`UIApplication.clock`), which the
    /// run loop's deadlines are on: the monotonic clock in a host, a test's manual one.
    private var hostNow: TimeInterval {
        CAAnimationEngine.current.clock.now
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
        if let soon {
            self.soon = nil
            soon()
        }
        // Never before the deadline: dispatch's clock is the host clock.
        if let wake, wake.deadline <= hostNow {
            self.wake = nil
            wake.turn()
        }
        arm()
    }
}
