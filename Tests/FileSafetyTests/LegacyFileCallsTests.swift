import Foundation
import XCTest

/// No source file may use the Foundation calls that trap instead of throwing when a
/// file cannot be read or written (swift-corelibs-foundation implements them with
/// `try!`: a full disk killed a recording app by SIGILL), nor `try!` itself, nor the
/// calls that open a path without `FileSafety`'s checks (Cairo's own PNG writer
/// truncates through links and waits on FIFOs).
final class LegacyFileCallsTests: XCTestCase {
    /// Each forbidden call, and what to use instead.
    static let forbidden: [(pattern: String, instead: String)] = [
        ("try!", "do/catch, or try? where failure is expected"),
        ("FileHandle.standardError.write(", "StandardError.writeLine(_:)"),
        ("FileHandle.standardOutput.write(", "StandardOutput.writeText(_:)"),
        (".readDataToEndOfFile()", "readToEnd(), which throws"),
        (".readData(ofLength:", "read(upToCount:), which throws"),
        (".availableData", "read(2) on the descriptor"),
        (".seekToEndOfFile()", "seekToEnd(), which throws"),
        (".closeFile()", "close(), which throws"),
        ("FileHandle(forWritingAtPath:", "AppendedFile or OutputFile"),
        ("FileHandle(forUpdatingAtPath:", "AppendedFile or OutputFile"),
        ("createFile(atPath:", "OutputFile.write(_:to:)"),
        ("cairo_surface_write_to_png(", "FrameBuffer.writePNG(to:), which writes through OutputFile"),
    ]

    /// The package's `Sources/` folder, found from this file.
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources")
    }

    /// The forbidden calls in the code of `text`, as "LINE: call (use …)". Comments are
    /// not code: one may name a call to say why it is not used.
    static func findings(in text: String) -> [String] {
        var found: [String] = []
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : line.components(separatedBy: " //")[0]
            for (pattern, instead) in forbidden where code.contains(pattern) {
                found.append("\(number + 1): \(pattern) (use \(instead))")
            }
        }
        return found
    }

    func testNoSourceFileUsesACallThatTrapsOnAFileError() throws {
        let enumerator = try XCTUnwrap(FileManager.default.enumerator(at: Self.sources, includingPropertiesForKeys: nil))
        var findings: [String] = []
        var scanned = 0
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            scanned += 1
            let text = try String(contentsOf: url, encoding: .utf8)
            findings += Self.findings(in: text).map { "\(url.path.replacingOccurrences(of: Self.sources.path + "/", with: "")):\($0)" }
        }
        XCTAssertGreaterThan(scanned, 300, "the scan read the package's sources")
        XCTAssertEqual(findings, [])
    }

    func testTheScanFindsEachForbiddenCall() {
        let text = """
            let data = handle.readDataToEndOfFile()
            FileHandle.standardError.write(Data("x".utf8))
            let value = try! decode()
            /// Foundation's `closeFile()` traps.
            handle.closeFile() // closes it
            """
        XCTAssertEqual(Self.findings(in: text), [
            "1: .readDataToEndOfFile() (use readToEnd(), which throws)",
            "2: FileHandle.standardError.write( (use StandardError.writeLine(_:))",
            "3: try! (use do/catch, or try? where failure is expected)",
            "5: .closeFile() (use close(), which throws)",
        ])
    }
}
