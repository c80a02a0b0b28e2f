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

    /// The same while a kiosk waits for "touch this screen" (two monitors, the
    /// touchscreen over both): it is not stuck waiting for a touch that cannot come.
    func testLosingTheServerWhileAKioskAsksForItsMonitorExitsWithOneLine() throws {
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        try Self.run("/usr/bin/xrandr", "--display", server.display, "--setmonitor", "LEFT", "512/100x768/100+0+0", "DUMMY0")
        try Self.run("/usr/bin/xrandr", "--display", server.display, "--setmonitor", "RIGHT", "512/100x768/100+512+0", "none")
        let sandbox = try SandboxProcess.start(["--display", server.display, "--kiosk"])
        let deadline = Date().addingTimeInterval(10)
        while Self.questions(on: server.display) < 2, Date() < deadline { usleep(20_000) }
        XCTAssertEqual(Self.questions(on: server.display), 2, "the kiosk asks on both monitors")
        server.kill()
        let result = try sandbox.wait(timeout: 10)
        XCTAssertFalse(result.terminatedBySignal, "no crash, no core dump")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError, "touch-sandbox: lost the connection to the X server \(server.display); exiting\n")
    }

    /// How many "touch this screen" windows the server shows (by `xwininfo`, as a
    /// person would look).
    private static func questions(on display: String) -> Int {
        guard let tree = try? run("/usr/bin/xwininfo", "-display", display, "-root", "-children") else { return 0 }
        return tree.components(separatedBy: "\n").filter { $0.contains("touch this screen") }.count
    }

    @discardableResult
    private static func run(_ command: String, _ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: command)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self)
    }
}
