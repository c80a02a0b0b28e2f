import FileSafety
import Foundation
import XCTest

final class StandardStreamsTests: XCTestCase {
    /// Runs `body` with standard error on a new pipe; returns what reached it, or nil when
    /// the reading end was closed first.
    private func standardError(readerClosed: Bool = false, _ body: () -> Void) -> String? {
        var ends: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&ends), 0)
        if readerClosed { close(ends[0]) }
        let saved = dup(STDERR_FILENO)
        dup2(ends[1], STDERR_FILENO)
        body()
        dup2(saved, STDERR_FILENO)
        close(saved)
        close(ends[1])
        guard !readerClosed else { return nil }
        defer { close(ends[0]) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(ends[0], &buffer, buffer.count)
        return String(decoding: buffer[..<max(0, count)], as: UTF8.self)
    }

    func testALineGetsOneNewline() {
        XCTAssertEqual(standardError {
            StandardError.writeLine("first")
            StandardError.writeLine("second\n")
        }, "first\nsecond\n")
    }

    /// With the write signals ignored, a line to a pipe whose reader went away is dropped
    /// and the program goes on to write the next (before, `2>&1 | head -1` killed it).
    func testALineToAClosedPipeIsDroppedAndTheNextStillGoesOut() {
        WriteSignals.ignore()
        XCTAssertNil(standardError(readerClosed: true) { StandardError.writeLine("nobody reads this") })
        XCTAssertEqual(standardError { StandardError.writeLine("after") }, "after\n")
    }
}
