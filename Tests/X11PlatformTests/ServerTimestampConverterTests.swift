import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform

final class ServerTimestampConverterTests: XCTestCase {
    func testLocalServerTimesAreTheMonotonicClock() {
        var converter = ServerTimestampConverter()
        XCTAssertEqual(converter.seconds(serverTime: 4_999_990, now: 5_000_000), 4999.990)
    }

    /// The server's 32-bit millisecond clock wraps every 49.7 days; an event stamped just
    /// before the wrap and read just after it is 20 ms old, not 49.7 days in the future.
    func testThirtyTwoBitWrapAround() {
        var converter = ServerTimestampConverter()
        let now: UInt64 = (1 << 32) + 10  // 10 ms after the wrap
        XCTAssertEqual(converter.seconds(serverTime: UInt(UInt32.max - 9), now: now),
                       TimeInterval(Int64(now) - 20) / 1000)
        XCTAssertEqual(converter.seconds(serverTime: 5, now: now), TimeInterval(Int64(now) - 5) / 1000)
    }

    /// A remote server's clock is unrelated to ours: the first event fixes the offset.
    func testRemoteClockBecomesAFixedOffset() {
        var converter = ServerTimestampConverter()
        XCTAssertEqual(converter.seconds(serverTime: 1_000, now: 9_000_000), 9000)
        XCTAssertEqual(converter.seconds(serverTime: 1_016, now: 9_000_020), 9000.016)
    }
}
