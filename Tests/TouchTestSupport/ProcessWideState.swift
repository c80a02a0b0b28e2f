import QuartzCore
import UIKit

/// The one reset of process-wide state the tests need while the application, the
/// animation engine and the media clock are process-wide: every test base class calls
/// these, and nothing else resets them. (Once an application instance owns its clock,
/// engine and timers, a test makes its own instead, and this goes.)
@MainActor
package enum ProcessWideState {
    /// Installs a manual clock at `time` as the media clock, and gives the test a clean
    /// shared application (no windows, timers or touches) and a fresh animation engine.
    package static func reset(clockAt time: TimeInterval) -> ManualClock {
        let clock = ManualClock(now: time)
        CAMediaClock.current = clock
        UIApplication.shared.resetForTesting()
        CAAnimationEngine.resetForTesting()
        return clock
    }

    /// A clean shared application and a fresh animation engine, keeping the clock: for a
    /// test that runs many cases in turn (every scene, random sequences).
    package static func clear() {
        UIApplication.shared.resetForTesting()
        CAAnimationEngine.resetForTesting()
    }

    /// Clears what a test left: the application and engine clean again, `UIView`
    /// animations enabled, and the monotonic clock back.
    package static func restore() {
        UIApplication.shared.resetForTesting()
        CAAnimationEngine.resetForTesting()
        UIView.setAnimationsEnabled(true)
        CAMediaClock.current = MonotonicClock()
    }
}
