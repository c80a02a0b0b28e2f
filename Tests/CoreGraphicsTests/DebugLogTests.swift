@testable import CoreGraphics
import XCTest

final class DebugLogTests: XCTestCase {
    func testKeepsTheMostRecentLinesUpToTheLimit() {
        let log = DebugLog<String>()
        log.echoesToStandardError = false
        log.retainedLimit = 2
        for line in ["a", "b", "c"] { log.append(line) }
        XCTAssertEqual(log.lines, ["b", "c"])
        log.clear()
        XCTAssertEqual(log.lines, [])
        XCTAssertFalse(log.isEnabled, "off by default")
    }

    func testEntriesOfAnyTypeReadAsTheirRenderedLines() {
        let log = DebugLog<Int>(retainedLimit: 3, echoesToStandardError: false) { "#\($0)" }
        for number in 1...4 { log.append(number) }
        XCTAssertEqual(log.entries, [2, 3, 4])
        XCTAssertEqual(log.lines, ["#2", "#3", "#4"])
    }

    // MARK: - The ring

    func testTheRingKeepsTheNewestInOrderAfterWrappingAnyNumberOfTimes() {
        var ring = DebugLogRing<Int>(capacity: 4)
        for count in 1...23 {
            ring.append(count)
            XCTAssertEqual(ring.elements, Array(max(1, count - 3)...count), "after \(count) appends")
            XCTAssertEqual(ring.count, min(count, 4))
        }
        XCTAssertEqual(ring.capacity, 4)
    }

    func testReadingTwiceBetweenAppendsGivesTheSameOrderAndAnAppendIsSeen() {
        var ring = DebugLogRing<String>(capacity: 3)
        for word in ["a", "b", "c", "d", "e"] { ring.append(word) }
        XCTAssertEqual(ring.elements, ["c", "d", "e"])
        XCTAssertEqual(ring.elements, ["c", "d", "e"], "the cached order")
        ring.append("f")
        XCTAssertEqual(ring.elements, ["d", "e", "f"], "an append after a read invalidates the cache")
    }

    func testChangingTheCapacityAfterAWrapKeepsTheNewest() {
        var ring = DebugLogRing<Int>(capacity: 5)
        for number in 1...12 { ring.append(number) }
        XCTAssertEqual(ring.elements, [8, 9, 10, 11, 12])
        ring.setCapacity(3)
        XCTAssertEqual(ring.elements, [10, 11, 12])
        ring.append(13)
        XCTAssertEqual(ring.elements, [11, 12, 13])
        ring.setCapacity(5)
        XCTAssertEqual(ring.elements, [11, 12, 13], "growing drops nothing and invents nothing")
        for number in 14...17 { ring.append(number) }
        XCTAssertEqual(ring.elements, [13, 14, 15, 16, 17])
    }

    func testACapacityOfZeroOrLessKeepsNothing() {
        var ring = DebugLogRing<Int>(capacity: -3)
        XCTAssertEqual(ring.capacity, 0)
        ring.append(1)
        XCTAssertEqual(ring.elements, [])
        ring.setCapacity(2)
        ring.append(2)
        ring.append(3)
        ring.append(4)
        ring.setCapacity(0)
        XCTAssertEqual(ring.elements, [])
    }

    func testClearingAWrappedRingStartsAfresh() {
        var ring = DebugLogRing<Int>(capacity: 3)
        for number in 1...7 { ring.append(number) }
        ring.removeAll()
        XCTAssertEqual(ring.elements, [])
        ring.append(8)
        ring.append(9)
        XCTAssertEqual(ring.elements, [8, 9])
        XCTAssertEqual(ring.capacity, 3)
    }

    func testTheLogsLimitIsTheRingsAndLoweringItDropsTheOldest() {
        let log = DebugLog<Int>(retainedLimit: 4, echoesToStandardError: false) { "\($0)" }
        for number in 1...10 { log.append(number) }
        XCTAssertEqual(log.entries, [7, 8, 9, 10])
        log.retainedLimit = 2
        XCTAssertEqual(log.retainedLimit, 2)
        XCTAssertEqual(log.entries, [9, 10])
        XCTAssertEqual(log.count, 2)
    }

    func testAppendingKeepsNoMoreThanTheLimitHoweverManyComeIn() {
        // The old store trimmed with `removeFirst`, moving every kept entry per append
        // (100,000 moves each here); the ring overwrites one slot.
        let log = DebugLog<Int>(retainedLimit: 100_000, echoesToStandardError: false) { "\($0)" }
        for number in 1...250_000 { log.append(number) }
        XCTAssertEqual(log.count, 100_000)
        XCTAssertEqual(log.entries.first, 150_001)
        XCTAssertEqual(log.entries.last, 250_000)
    }
}
