import Foundation
import XCTest

/// `touch-sandbox-fuzz` as a user runs it: a short clean run, a replay, usage errors.
final class FuzzCommandTests: XCTestCase {
    private struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    private func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("touch-sandbox-fuzz")
        process.arguments = arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: out, as: UTF8.self),
                      error: String(decoding: err, as: UTF8.self))
    }

    func testAShortRunReportsItsSequencesAndNoViolations() throws {
        let result = try run(["--seed", "7", "--count", "30", "--no-scenes"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "fuzzing from seed 7 for 60.0 s or 30 sequences, random trees only")
        XCTAssertTrue(lines.contains { $0.hasPrefix("30 sequences (1800 steps, ") }, result.output)
        XCTAssertEqual(lines.last, "no violations")
    }

    func testAReplayPrintsTheScenarioAndItsSteps() throws {
        let result = try run(["--seed", "7", "--replay", "--no-scenes"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("seed 7: random tree: "), lines[0])
        XCTAssertEqual(lines.count, 1 + 60 + 1)
        XCTAssertEqual(lines.last, "no violations")
    }

    func testUsageErrorsAreOneLineWithStatusTwo() throws {
        for (arguments, message) in [
            (["--seconds", "-1"], "touch-sandbox-fuzz: --seconds must be positive, got -1.0 (see --help)\n"),
            (["--replay"], "touch-sandbox-fuzz: --replay needs --seed (see --help)\n"),
            (["--frobnicate"], "touch-sandbox-fuzz: Unknown option '--frobnicate' (see --help)\n"),
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.error, message)
            XCTAssertEqual(result.output, "")
        }
    }
}
