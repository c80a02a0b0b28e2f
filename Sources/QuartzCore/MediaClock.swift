import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Seconds, as Core Foundation's type of that name (absent from Foundation on Linux).
public typealias CFTimeInterval = Double

/// A source of "now" in seconds on a monotonic time line.
///
/// One clock drives everything that is timed: touch timestamps made by the injection
/// helpers, delayed calls and timers (`UIApplication.runPendingTimers()`), and later
/// animations. The host installs `MonotonicClock` (the default); tests install a
/// `ManualClock` and move it by hand. See `CAMediaClock.current` for where it lives.
public protocol MediaClock: Sendable {
    /// Seconds. Never decreases (a `ManualClock` set backwards is the caller's choice).
    var now: TimeInterval { get }
}

/// `CLOCK_MONOTONIC` read through `clock_gettime`: the clock Xorg stamps XI2 events
/// with, so samples from the X server and timers agree.
public struct MonotonicClock: MediaClock {
    public init() {}

    public var now: TimeInterval {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return TimeInterval(spec.tv_sec) + TimeInterval(spec.tv_nsec) / 1_000_000_000
    }
}

/// A clock that only moves when told to. Thread-safe, so it can be installed as the
/// process-wide clock.
public final class ManualClock: MediaClock {
    private let storage: Mutex<TimeInterval>

    public init(now: TimeInterval = 0) {
        storage = Mutex(now)
    }

    /// The current time; settable, to jump (even backwards, to test bad input).
    public var now: TimeInterval {
        get { storage.withLock { $0 } }
        set { storage.withLock { $0 = newValue } }
    }

    /// Moves the clock forward by `seconds`.
    public func advance(by seconds: TimeInterval) {
        storage.withLock { $0 += seconds }
    }
}

/// The one place the process-wide clock is installed.
///
///     let clock = ManualClock()
///     CAMediaClock.current = clock      // tests
///     CAMediaClock.current = MonotonicClock()   // the default
///
/// Everything timed reads it through `CACurrentMediaTime()`. Delayed calls keep their
/// absolute deadlines across a clock swap, so install the clock before scheduling.
public enum CAMediaClock {
    private static let installed = Mutex<any MediaClock>(MonotonicClock())

    public static var current: any MediaClock {
        get { installed.withLock { $0 } }
        set { installed.withLock { $0 = newValue } }
    }
}

/// Seconds on the installed clock (`CAMediaClock.current`), as Core Animation's function
/// of that name returns the host time.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.current.now
}
