import QuartzCore
import UIKit

/// The tests' frames, run as an app's are: the real `ApplicationRunLoop` on a manual
/// scheduler, with the media clock moved one display refresh (1/60 s) at a time. Each
/// frame runs the turns the run loop asked for by then: due timers and delayed
/// performs, the animation tick, layout. So a test sees what an app sees, in the
/// order an app sees it (a timer a turn schedules waits for the next turn).
@MainActor
package final class TestRunLoop {
    package let scheduler = ManualRunLoopScheduler()
    package let runLoop: ApplicationRunLoop
    private let clock: ManualClock

    /// A run loop on `clock` (the test application's clock), made after the test's
    /// application, whose engine and timers it hooks.
    package init(clock: ManualClock) {
        self.clock = clock
        runLoop = ApplicationRunLoop(scheduler: scheduler)
    }

    /// Moves the clock by `seconds` and runs the turns due by then.
    package func advance(_ seconds: TimeInterval) {
        clock.advance(by: seconds)
        scheduler.runDue()
    }

    /// Runs `seconds` of frames, 60 a second.
    package func frames(_ seconds: TimeInterval) {
        for _ in 0..<Int((seconds * 60).rounded()) { advance(1.0 / 60) }
    }

    /// Stops the run loop asking for wakes (the test is over).
    package func invalidate() {
        runLoop.invalidate()
    }
}
