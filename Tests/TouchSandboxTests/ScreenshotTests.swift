import Foundation
import HeadlessXorg
import XCTest

/// `--screenshot` writes the window's first frame as a PNG and exits.
final class ScreenshotTests: XCTestCase {
    private func screenshot(_ extra: [String]) throws -> (width: Int, height: Int) {
        let server = try HeadlessXorg.shared()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("sandbox-\(UUID()).png")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try SandboxProcess.run(["--display", server.display, "--screenshot", file.path] + extra)
        XCTAssertEqual(result.status, 0, result.standardError)
        return try pngSize(file)
    }

    func testScreenshotHasTheWindowsSize() throws {
        let size = try screenshot(["--size", "640x480"])
        XCTAssertEqual(size.width, 640)
        XCTAssertEqual(size.height, 480)
    }

    func testScaleMultipliesThePixels() throws {
        let size = try screenshot(["--size", "400x300", "--scale", "2"])
        XCTAssertEqual(size.width, 800)
        XCTAssertEqual(size.height, 600)
    }

    func testEverySceneDrawsItsFirstFrame() throws {
        let listing = try SandboxProcess.run(["--list-scenes"])
        let names = listing.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        XCTAssertGreaterThanOrEqual(names.count, 6)
        for name in names {
            let size = try screenshot(["--scene", name, "--size", "320x240"])
            XCTAssertEqual(size.width, 320, name)
        }
    }

    func testAnUnwritablePathIsOneLine() throws {
        let server = try HeadlessXorg.shared()
        let result = try SandboxProcess.run(["--display", server.display, "--screenshot", "/nonexistent/dir/shot.png"])
        XCTAssertEqual(result.status, 2)
        XCTAssertEqual(result.standardError, "touch-sandbox: cannot write the screenshot /nonexistent/dir/shot.png: the folder /nonexistent/dir does not exist; name a file in an existing folder (see touch-sandbox --help)\n")
    }
}
