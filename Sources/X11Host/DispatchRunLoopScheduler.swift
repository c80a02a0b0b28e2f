import Dispatch
import UIKit

/// The host's `RunLoopScheduler`: turns run on the main dispatch queue, so they
/// interleave with the X connection's read source, user code's `DispatchQueue.main`
/// blocks and main-actor tasks exactly as in an app. A wake is one timer source, moved
/// when the run loop asks for another deadline.
@MainActor
final class DispatchRunLoopScheduler: RunLoopScheduler {
    private var wakeSource: DispatchSourceTimer?
    private var wakeDeadline: TimeInterval?

    func scheduleSoon(_ turn: @escaping @MainActor () -> Void) {
        DispatchQueue.main.async {
            MainActor.assumeIsolated { turn() }
        }
    }

    func scheduleWake(at deadline: TimeInterval?, _ turn: @escaping @MainActor () -> Void) {
        guard let deadline else {
            cancelWake()
            return
        }
        guard deadline != wakeDeadline else { return }
        cancelWake()
        wakeDeadline = deadline
        let source = DispatchSource.makeTimerSource(queue: .main)
        // The deadline is on the media clock (CLOCK_MONOTONIC in a host); dispatch's
        // `now()` is on the same clock, so the difference is the delay.
        source.schedule(deadline: .now() + max(0, deadline - CACurrentMediaTime()), leeway: .milliseconds(1))
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated {
                self?.cancelWake()
                turn()
            }
        }
        source.resume()
        wakeSource = source
    }

    private func cancelWake() {
        wakeSource?.cancel()
        wakeSource = nil
        wakeDeadline = nil
    }
}
