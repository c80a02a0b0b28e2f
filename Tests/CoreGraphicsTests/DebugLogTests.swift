import CoreGraphics
import XCTest

final class DebugLogTests: XCTestCase {
    func testKeepsTheMostRecentLinesUpToTheLimit() {
        let log = DebugLog()
        log.echoesToStandardError = false
        log.retainedLineLimit = 2
        for line in ["a", "b", "c"] { log.append(line) }
        XCTAssertEqual(log.lines, ["b", "c"])
        log.clear()
        XCTAssertEqual(log.lines, [])
        XCTAssertFalse(log.isEnabled, "off by default")
    }
}
