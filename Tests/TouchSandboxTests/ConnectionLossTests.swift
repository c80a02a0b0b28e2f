import Foundation
import HeadlessXorg
import XCTest

/// Killing the X server under a running sandbox: one line, a non-zero status, no hang
/// and no core dump. (This test owns a server of its own, since it kills it.)
final class ConnectionLossTests: XCTestCase {
    func testLosingTheServerExitsWithOneLine() throws {
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let sandbox = try SandboxProcess.start(["--display", server.display])
        XCTAssertTrue(sandbox.waitForStandardError(containing: "touch device"), "the sandbox started")
        server.kill()
        let result = try sandbox.wait(timeout: 10)
        XCTAssertFalse(result.terminatedBySignal, "no crash, no core dump")
        XCTAssertEqual(result.status, 1)
        let lines = result.standardError.split(separator: "\n")
        XCTAssertEqual(lines.last, "touch-sandbox: lost the connection to the X server \(server.display); exiting")
    }
}
