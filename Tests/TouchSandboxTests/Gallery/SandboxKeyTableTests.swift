import Foundation
import SandboxDebugging
@testable import TouchSandbox
import XCTest

/// The gallery's keys are written once (`SandboxKeyTable`): `--help`, the help panel and
/// the README's key table all say the same, every key the gallery reads is in it, and
/// nothing the gallery does not have (F12, the Debug handle) is.
@MainActor
final class SandboxKeyTableTests: XCTestCase {
    private static var readme: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("README.md")
    }

    /// The README's table under "### Keys" is the table's Markdown, line for line.
    func testTheReadmesKeyTableIsTheTable() async throws {
        let lines = try String(contentsOf: Self.readme, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let heading = try XCTUnwrap(lines.firstIndex { $0 == "### Keys" }, "the README has a Keys section")
        let table = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        XCTAssertEqual(table, SandboxKeyTable.markdown, "regenerate the README's table from SandboxKeyTable.markdown")
    }

    func testHelpListsEveryRowInItsColumns() async {
        let help = SandboxCommand.helpMessage(columns: 80)
        let table = SandboxKeyTable.helpText()
        XCTAssertTrue(help.contains(table), "--help holds the table as it was wrapped, untouched:\n\(help)")
        let lines = table.split(separator: "\n")
        XCTAssertLessThanOrEqual(lines.map(\.count).max() ?? 0, 79)
        // Every row: its key in the first column, what it does in the second, wrapped
        // under itself.
        var rowStarts = lines.indices.filter { lines[$0].dropFirst(2).first != " " }
        XCTAssertEqual(rowStarts.count, SandboxKeyTable.rows.count)
        rowStarts.append(lines.endIndex)
        for (row, (start, end)) in zip(SandboxKeyTable.rows, zip(rowStarts, rowStarts.dropFirst())) {
            XCTAssertEqual(lines[start].prefix(22).trimmingCharacters(in: .whitespaces), row.key)
            let said = lines[start..<end].map { $0.dropFirst(22) }.joined(separator: " ")
            XCTAssertEqual(said, row.does)
            XCTAssertTrue(lines[start..<end].dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 22)) })
        }
        XCTAssertFalse(help.contains("F12"), "the gallery has no F12")
        XCTAssertFalse(help.contains("handle"), "nor a Debug handle")
    }

    func testThePanelShowsTheTable() async {
        let app = SandboxApp(sceneType: SceneCatalog.defaultScene)
        XCTAssertEqual(app.debugLayer.helpLines.map(\.key), SandboxKeyTable.rows.map(\.key))
        XCTAssertEqual(app.debugLayer.helpLines[1].text, "Spots: " + DebugTool.spots.helpText)
        XCTAssertFalse(app.debugLayer.helpLines.contains { $0.text.contains("F12") || $0.text.contains("handle") })
        XCTAssertTrue(app.debugLayer.helpLines.contains { $0.key == "E" && $0.text.hasSuffix("(play it with --replay)") })
    }

    /// Every key the gallery reads is in the table: each action's key, the arrows and Esc.
    func testEveryKeyTheGalleryReadsIsListed() async {
        let keys = Set(SandboxKeyTable.rows.map(\.key))
        for action in SandboxAction.allCases { XCTAssertTrue(keys.contains(action.key), action.key) }
        XCTAssertTrue(keys.isSuperset(of: ["\u{2190} / \u{2192}", "Esc", "Tab", "Q", "Ctrl + mouse", "Ctrl+Shift + mouse"]))
    }

    /// An app of one's own keeps the standard help: F12 and the handle, and a Record line
    /// that names the environment variable apps replay with, not the sandbox's option.
    func testAnAppsOwnHelpNamesTheWaysAnAppHas() async {
        let lines = DebugLayer.standardHelpLines
        XCTAssertEqual(lines.last?.key, "F12")
        let record = lines.first { $0.key == "E" }?.text ?? ""
        XCTAssertTrue(record.contains("TOUCH_REPLAY"), record)
        XCTAssertFalse(record.contains("--replay"), record)
    }
}
