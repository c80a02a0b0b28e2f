import FileSafety
import Foundation
import XCTest

final class StandardStreamsTests: XCTestCase {
    /// With the write signals ignored, a line to a pipe whose reader went away is dropped
    /// and the program goes on (before, `2>&1 | head -1` killed it by SIGPIPE).
    func testALineToAClosedPipeIsDroppedNotADeath() throws {
        WriteSignals.ignore()
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        close(ends[0])
        let saved = dup(STDERR_FILENO)
        dup2(ends[1], STDERR_FILENO)
        StandardError.write("nobody reads this")
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(ends[1])
    }
}
