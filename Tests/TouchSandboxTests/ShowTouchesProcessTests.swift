import Foundation
import HeadlessXorg
import XCTest

/// `touch-sandbox --show-touches` as a presenter runs it: one line saying what it
/// found, a second one on the display refused with a line naming the first, `stop`
/// ending it, a signal ending it with its status, and nothing spent while idle.
final class ShowTouchesProcessTests: XCTestCase {
    func testItStartsOnceStopsOnRequestAndRefusesASecond() throws {
        let server = try HeadlessXorg.shared()
        let show = try SandboxProcess.start(["--show-touches", "--display", server.display])
        XCTAssertTrue(show.waitForStandardError(containing: "showing touches on \(server.display): 2 touchscreens (touchscreen, touchscreen-2); "),
                      "it says what it found")
        let pid = show.process.processIdentifier

        let second = try SandboxProcess.run(["--show-touches", "--display", server.display])
        XCTAssertEqual(second.status, 1)
        XCTAssertEqual(second.standardError,
                       "touch-sandbox: --show-touches already runs on \(server.display) (pid \(pid)); stop it with: touch-sandbox --show-touches stop\n")

        let stop = try SandboxProcess.run(["--show-touches", "stop", "--display", server.display])
        XCTAssertEqual(stop.status, 0)
        XCTAssertEqual(stop.standardError, "touch-sandbox: stopped --show-touches (pid \(pid))\n")
        let result = try show.wait(timeout: 5)
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.standardError.hasSuffix("touch-sandbox: --show-touches stopped on request\n"), result.standardError)

        let nothing = try SandboxProcess.run(["--show-touches", "stop", "--display", server.display])
        XCTAssertEqual(nothing.status, 1)
        XCTAssertEqual(nothing.standardError, "touch-sandbox: no --show-touches runs on \(server.display): nothing to stop\n")
    }

    /// SIGTERM ends it as it ends the sandbox: one line and 128 + 15; while it waited
    /// for touches it spent no CPU time at all.
    func testIdleItCostsNothingAndASignalEndsIt() throws {
        let server = try HeadlessXorg.shared()
        let show = try SandboxProcess.start(["--show-touches", "--display", server.display])
        XCTAssertTrue(show.waitForStandardError(containing: "showing touches on"))
        let pid = show.process.processIdentifier
        /// utime + stime in clock ticks, from /proc.
        func cpuTicks() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)
            let fields = stat[stat.range(of: ")")!.upperBound...].split(separator: " ")
            return Int(fields[11])! + Int(fields[12])!
        }
        usleep(300_000)
        let before = try cpuTicks()
        usleep(2_000_000)
        XCTAssertEqual(try cpuTicks() - before, 0, "two idle seconds cost no CPU time")
        kill(pid, SIGTERM)
        let result = try show.wait(timeout: 5)
        XCTAssertFalse(result.terminatedBySignal)
        XCTAssertEqual(result.status, 143)
        XCTAssertTrue(result.standardError.hasSuffix("touch-sandbox: terminated by SIGTERM\n"), result.standardError)
    }

    /// The X server lost under it: one line and status 1, no crash. (A server of the
    /// test's own, since it kills it.)
    func testLosingTheServerEndsItWithOneLine() throws {
        let server = try HeadlessXorg(width: 1024, height: 768)
        defer { server.stop() }
        let show = try SandboxProcess.start(["--show-touches", "--display", server.display])
        XCTAssertTrue(show.waitForStandardError(containing: "showing touches on"))
        server.kill()
        let result = try show.wait(timeout: 10)
        XCTAssertFalse(result.terminatedBySignal, "no crash, no core dump")
        XCTAssertEqual(result.status, 1)
        XCTAssertEqual(result.standardError.split(separator: "\n").last,
                       "touch-sandbox: lost the connection to the X server \(server.display); exiting")
    }

    /// A display that cannot be opened: one line, status 2, as the sandbox's.
    func testADisplayThatCannotBeOpenedIsOneLine() throws {
        let result = try SandboxProcess.run(["--show-touches", "--display", ":97"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError.split(separator: "\n").count, 1, result.standardError)
        XCTAssertTrue(result.standardError.hasPrefix("touch-sandbox: "), result.standardError)
        XCTAssertTrue(result.standardError.contains(":97"), result.standardError)
    }
}
