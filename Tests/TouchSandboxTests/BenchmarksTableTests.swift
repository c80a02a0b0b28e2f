import Foundation
import XCTest

/// `BENCHMARKS.md` opens with one table of current figures that fits on a screen: each
/// figure with its target, whether it is met, the command that makes it (one that
/// `touch-sandbox-bench --help` lists, with options it lists), and the date and commit it
/// was measured at.
final class BenchmarksTableTests: XCTestCase {
    private struct Row {
        var what: String
        var target: String
        var met: String
        var command: String
        var measured: String
    }

    private static var benchmarksFile: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("BENCHMARKS.md")
    }

    /// The rows of the first table under the first `##` heading.
    private func currentTable() throws -> (header: [String], rows: [Row]) {
        let text = try String(contentsOf: Self.benchmarksFile, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let heading = try XCTUnwrap(lines.firstIndex { $0.hasPrefix("## ") }, "BENCHMARKS.md has a section")
        XCTAssertTrue(lines[heading].lowercased().contains("current"), "the first section is the current figures: \(lines[heading])")
        let nextHeading = lines[(heading + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        let tableLines = lines[heading..<nextHeading].filter { $0.hasPrefix("|") }
        func cells(_ line: String) -> [String] {
            line.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
        let header = cells(try XCTUnwrap(tableLines.first, "the current section has a table"))
        let rows = tableLines.dropFirst(2).map(cells).map { cells in
            Row(what: cells[0], target: cells.count > 2 ? cells[2] : "", met: cells.count > 3 ? cells[3] : "",
                command: cells.count > 4 ? cells[4] : "", measured: cells.count > 5 ? cells[5] : "")
        }
        return (header, rows)
    }

    /// Runs the built `touch-sandbox-bench` with `arguments`; its exit status and what
    /// it wrote (both are a few lines, read one after the other).
    private func runBench(_ arguments: [String]) throws -> (status: Int32, output: String, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("touch-sandbox-bench")
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let written = try output.fileHandleForReading.readToEnd() ?? Data()
        let complained = try errors.fileHandleForReading.readToEnd() ?? Data()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: written, as: UTF8.self), String(decoding: complained, as: UTF8.self))
    }

    private func benchHelp() throws -> String {
        let run = try runBench(["--help"])
        XCTAssertEqual(run.status, 0, "--help succeeds")
        return run.output
    }

    func testTheCurrentTableGivesEachFiguresTargetCommandAndWhenItWasMeasured() throws {
        let (header, rows) = try currentTable()
        XCTAssertEqual(header, ["what", "figure", "target", "met", "command", "measured"])
        XCTAssertFalse(rows.isEmpty)
        XCTAssertLessThanOrEqual(rows.count, 16, "the table fits on a screen")
        let measured = try NSRegularExpression(pattern: #"^20\d\d-\d\d-\d\d, [0-9a-f]{7,40}$"#)
        for row in rows {
            XCTAssertFalse(row.target.isEmpty, "\(row.what): a target")
            XCTAssertTrue(["yes", "no"].contains(row.met), "\(row.what): met is yes or no, not '\(row.met)'")
            XCTAssertEqual(measured.numberOfMatches(in: row.measured, range: NSRange(row.measured.startIndex..., in: row.measured)), 1,
                           "\(row.what): measured is 'YYYY-MM-DD, commit', not '\(row.measured)'")
        }
    }

    func testEveryCommandTheTableNamesIsOneTheBenchListsWithOptionsItLists() throws {
        let (_, rows) = try currentTable()
        let help = try benchHelp()
        XCTAssertTrue(help.contains("usage: touch-sandbox-bench COMMAND"), help)
        for row in rows {
            let command = row.command.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let words = command.split(separator: " ").map(String.init)
            XCTAssertEqual(words.first, "touch-sandbox-bench", "\(row.what): the command runs the bench: \(row.command)")
            guard words.count >= 2 else {
                XCTFail("\(row.what): the command names a benchmark: \(row.command)")
                continue
            }
            // The help's line for that benchmark, and the lines that continue it.
            let lines = help.split(separator: "\n").map(String.init)
            guard let first = lines.firstIndex(where: { $0.hasPrefix("  touch-sandbox-bench \(words[1]) ") || $0 == "  touch-sandbox-bench \(words[1])" }) else {
                XCTFail("\(row.what): touch-sandbox-bench --help lists no '\(words[1])'")
                continue
            }
            let entry = lines[first...].prefix { $0 == lines[first] || !$0.hasPrefix("  touch-sandbox-bench ") }.joined(separator: " ")
            let listed = Set(entry.split(whereSeparator: { " []|,".contains($0) }).map(String.init))
            for option in words.dropFirst(2) where option.hasPrefix("--") {
                XCTAssertTrue(listed.contains(option), "\(row.what): '\(words[1])' takes no \(option) in --help")
            }
        }
    }

    func testTheBenchSaysWhatToDoWithAnUnknownCommand() throws {
        let run = try runBench(["latencyy"])
        XCTAssertEqual(run.status, 1)
        XCTAssertEqual(run.errors, "touch-sandbox-bench: no benchmark is called 'latencyy'; touch-sandbox-bench --help lists them\n")
        XCTAssertEqual(run.output, "")
    }
}
