import CoreGraphics
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
}
