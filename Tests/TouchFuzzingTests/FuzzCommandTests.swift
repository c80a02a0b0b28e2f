import Foundation
import XCTest

/// `touch-sandbox-fuzz` as a user runs it: a short clean run, a replay, usage errors.
final class FuzzCommandTests: XCTestCase {
    private struct Result {
        var status: Int32
        var output: String
        var error: String
    }

    /// Runs the fuzzer; `fromPATHIn` runs it by its bare name, found on `PATH`, in that
    /// folder, as a user who installed it runs it.
    private func run(_ arguments: [String], fromPATHIn folder: URL? = nil, executable: URL? = nil,
                     in workingFolder: URL? = nil) throws -> Result {
        let process = Process()
        let buildFolder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        if let executable {
            process.executableURL = executable
            process.arguments = arguments
            process.currentDirectoryURL = workingFolder
        } else if let folder {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["touch-sandbox-fuzz"] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = buildFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            process.currentDirectoryURL = folder
        } else {
            process.executableURL = buildFolder.appendingPathComponent("touch-sandbox-fuzz")
            process.arguments = arguments
        }
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

    /// Run by name from another folder, the scenes find their images beside the
    /// executable: 696 "drag-tile-N.png not found" lines came from a relative argv[0].
    /// A copy with no assets anywhere above it says each missing image once. (Seed 3's
    /// first 150 sequences build the drag scene.)
    func testRunFromAnotherFolderFindsTheScenesImagesAndACopyWithoutThemSaysSoOnce() throws {
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("fuzz-\(UUID())")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: elsewhere) }
        let found = try run(["--seed", "3", "--count", "150"], fromPATHIn: elsewhere)
        XCTAssertEqual(found.status, 0, found.error)
        XCTAssertEqual(found.error, "")
        XCTAssertEqual(found.output.split(separator: "\n").last, "no violations")

        let copy = elsewhere.appendingPathComponent("touch-sandbox-fuzz")
        try FileManager.default.copyItem(at: URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("touch-sandbox-fuzz"), to: copy)
        let missing = try run(["--seed", "3", "--count", "150"], executable: copy, in: elsewhere)
        XCTAssertEqual(missing.status, 0, missing.error)
        XCTAssertEqual(missing.error.split(separator: "\n").map { $0.components(separatedBy: " not found")[0] },
                       (1...4).map { "touch-sandbox: image drag-tile-\($0).png" })
    }

    func testAReplayPrintsTheScenarioAndItsSteps() throws {
        let result = try run(["--seed", "7", "--replay", "--no-scenes"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertTrue(lines[0].hasPrefix("seed 7: random tree: "), lines[0])
        XCTAssertEqual(lines.count, 1 + 60 + 1)
        XCTAssertEqual(lines.last, "no violations")
    }

    func testAParserTargetRunsItsInputsAndReplaysOne() throws {
        let result = try run(["--target", "words", "--seed", "5", "--count", "300"])
        XCTAssertEqual(result.status, 0, result.error)
        let lines = result.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.first, "fuzzing words from seed 5 for 60.0 s or 300 inputs, 10 real inputs damaged")
        XCTAssertTrue(lines.contains { $0.hasPrefix("300 inputs (") }, result.output)
        XCTAssertEqual(lines.last, "no findings")

        let replay = try run(["--target", "kiosk-state", "--seed", "5", "--replay"])
        XCTAssertEqual(replay.status, 0, replay.error)
        let replayed = replay.output.split(separator: "\n").map(String.init)
        XCTAssertEqual(replayed.count, 3, replay.output)
        XCTAssertTrue(replayed[0].hasPrefix("seed 5: kiosk-state input of "), replayed[0])
        XCTAssertEqual(replayed.last, "no findings")
    }

    func testUsageErrorsAreOneLineWithStatusTwo() throws {
        for (arguments, message) in [
            (["--seconds", "-1"], "touch-sandbox-fuzz: --seconds must be positive, got -1.0 (see --help)\n"),
            (["--replay"], "touch-sandbox-fuzz: --replay needs --seed (see --help)\n"),
            (["--target", "files"], "touch-sandbox-fuzz: The value 'files' is invalid for '--target <target>'. Please provide one of 'sequences', 'recordings', 'kiosk-state' or 'words'. (see --help)\n"),
            (["--frobnicate"], "touch-sandbox-fuzz: Unknown option '--frobnicate' (see --help)\n"),
        ] {
            let result = try run(arguments)
            XCTAssertEqual(result.status, 2, "\(arguments)")
            XCTAssertEqual(result.error, message)
            XCTAssertEqual(result.output, "")
        }
    }
}
