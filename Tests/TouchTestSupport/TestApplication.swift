import QuartzCore
import UIKit

/// Each test's own application: made fresh, made current, and so owning the clock, the
/// animation engine, the timers, the windows and the touches the test sees. Nothing is
/// reset: the previous test's windows are hidden (which cancels what touches they still
/// had), and its application, no longer current, goes when nothing holds it.
@MainActor
package enum TestApplication {
    /// Makes a new application current, on a manual clock at `time`, and returns the
    /// clock.
    @discardableResult
    package static func begin(clockAt time: TimeInterval) -> ManualClock {
        let clock = ManualClock(now: time)
        begin(on: clock)
        return clock
    }

    /// Makes a new application current on the current application's clock: for a test
    /// that runs many cases in turn (every scene, random sequences), one application
    /// each.
    package static func next() {
        begin(on: UIApplication.shared.clock)
    }

    /// Ends a test: `UIView` animations enabled again, and a new application on the
    /// monotonic clock current, as a process starts.
    package static func end() {
        UIView.setAnimationsEnabled(true)
        begin(on: MonotonicClock())
    }

    private static func begin(on clock: any MediaClock) {
        // The previous test's windows hold its application: hidden, they let it go.
        for window in UIApplication.shared.visibleWindows { window.isHidden = true }
        let application = UIApplication()
        application.clock = clock
        application.makeCurrent()
    }
}
