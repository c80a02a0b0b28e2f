import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Turns the X server's event times (32-bit milliseconds of the server's
/// CLOCK_MONOTONIC, wrapping every 49.7 days) into seconds on this process's monotonic
/// clock, the clock the UIKit core and the animations run on.
///
/// A local Xorg stamps events with the same CLOCK_MONOTONIC this process reads, so an
/// event time is unwrapped to the instant nearest "now" that has the same low 32 bits.
/// A server on another machine has its own clock: when the first event is more than
/// ten seconds away from now, the difference is taken as a fixed offset between the two
/// clocks and applied from then on.
public struct ServerTimestampConverter: Sendable {
    private var offsetMilliseconds: Int64?

    public init() {}

    /// CLOCK_MONOTONIC now, in milliseconds.
    public static func monotonicMilliseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) * 1000 + UInt64(now.tv_nsec) / 1_000_000
    }

    /// The event's time in seconds on the local monotonic clock.
    /// - Parameters:
    ///   - serverTime: the event's `time` field; only its low 32 bits are meaningful.
    ///   - now: the local monotonic clock in milliseconds when the event was read.
    public mutating func seconds(serverTime: UInt, now: UInt64) -> TimeInterval {
        let server32 = UInt32(truncatingIfNeeded: serverTime)
        let now32 = UInt32(truncatingIfNeeded: now)
        // How long ago the event happened, modulo 2^32 ms, as a signed distance.
        let age = Int64(Int32(bitPattern: now32 &- server32))
        if offsetMilliseconds == nil {
            offsetMilliseconds = abs(age) > 10_000 ? age : 0
        }
        let eventMilliseconds = Int64(now) - age + (offsetMilliseconds ?? 0)
        return TimeInterval(eventMilliseconds) / 1000
    }
}
