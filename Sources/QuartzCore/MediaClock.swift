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
/// Each application has one host clock (`CAAnimationEngine.clock`): the host keeps
/// `MonotonicClock` (the default, which X servers stamp input on); tests install a
/// `ManualClock` and move it by hand. The app's own time (`CAAnimationEngine.appClock`,
/// an `AppClock`) is derived from it, and is what everything timed in the app reads:
/// animations, display links, delayed calls, recognizers, `CACurrentMediaTime()`.
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

/// A clock that only moves when told to. Thread-safe, so `CACurrentMediaTime()` can
/// read it from any thread.
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

/// The current application's clock, as a value to read and, for one minor version, to
/// set.
///
///     let clock = ManualClock()
///     application.clock = clock          // a test's own application (UIKit)
///     CAAnimationEngine.current.clock = clock   // the layer engine alone
///
/// The clock belongs to an animation engine (`CAAnimationEngine.clock`), which belongs
/// to an application; `CACurrentMediaTime()` reads the app clock derived from the
/// current one (`CAAnimationEngine.appClock`), which differs from it only while the app
/// is frozen, stepped or slowed.
@MainActor
public enum CAMediaClock {
    /// The current engine's host clock (`CAAnimationEngine.current.clock`).
    public static var current: any MediaClock {
        get { CAAnimationEngine.current.clock }
        @available(*, deprecated, message: "set the clock of the application (UIApplication.clock) or of the engine (CAAnimationEngine.current.clock)")
        set { CAAnimationEngine.current.clock = newValue }
    }

    /// The current engine's app clock, published for readers on any thread: what
    /// `CACurrentMediaTime()` reads. Written only by `CAAnimationEngine` when the
    /// current engine changes.
    nonisolated private static let published = Mutex<any MediaClock>(MonotonicClock())

    nonisolated static func publish(_ clock: any MediaClock) {
        published.withLock { $0 = clock }
    }

    nonisolated static var publishedNow: CFTimeInterval {
        published.withLock { $0 }.now
    }
}

/// Seconds on the current application's app clock (`CAAnimationEngine.current.appClock`:
/// the host clock, frozen, stepped or slowed on demand; UIKit makes current the
/// application whose turn runs), as Core Animation's function of that name returns the
/// host time. Callable from any thread.
public func CACurrentMediaTime() -> CFTimeInterval {
    CAMediaClock.publishedNow
}
