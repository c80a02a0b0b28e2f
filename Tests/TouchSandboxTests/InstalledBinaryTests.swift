import Foundation
import HeadlessXorg
import XCTest

/// The installed `touch-sandbox` (the Debian package's, `/usr/bin/touch-sandbox`) on the
/// test's headless server, with no Swift toolchain anywhere it could find one: an
/// environment of `PATH=/usr/bin:/bin` alone, from an empty folder. `.ci/run` runs these
/// after installing the package (`TOUCH_SANDBOX_INSTALLED=/usr/bin/touch-sandbox`); a
/// run without the package installed skips them, saying so.
final class InstalledBinaryTests: XCTestCase {
    private var program: URL!
    private var folder: URL!
    private var environment: [String: String] { ["PATH": "/usr/bin:/bin", "HOME": folder.path] }

    override func setUp() async throws {
        guard let path = ProcessInfo.processInfo.environment["TOUCH_SANDBOX_INSTALLED"] else {
            throw XCTSkip("run by .ci/run after installing the Debian package (TOUCH_SANDBOX_INSTALLED=/usr/bin/touch-sandbox)")
        }
        program = URL(fileURLWithPath: path)
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("installed-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
    }

    override func tearDown() async throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
    }

    private func start(_ arguments: [String]) throws -> SandboxProcess.Running {
        try SandboxProcess.start(arguments, in: folder, program: program, onlyEnvironment: environment)
    }

    func testShowTouchesStartsAndStops() throws {
        let server = try HeadlessXorg.shared()
        let show = try start(["--show-touches", "--display", server.display])
        XCTAssertTrue(show.waitForStandardError(containing: "showing touches on \(server.display): 2 touchscreens"))
        let stop = try start(["--show-touches", "stop", "--display", server.display]).wait(timeout: 10)
        XCTAssertEqual(stop.status, 0, stop.standardError)
        XCTAssertEqual(try show.wait(timeout: 10).status, 0)
    }

    func testAKioskRunsItsSceneFromTheInstalledAssetsUntilTold() throws {
        let server = try HeadlessXorg.shared()
        let kiosk = try start(["--display", server.display, "--kiosk", "--scene", "drag", "--idle", "0", "--cursor"])
        XCTAssertTrue(kiosk.waitForStandardError(containing: "; cursor hidden until a mouse moves; "))
        kill(kiosk.process.processIdentifier, SIGTERM)
        let result = try kiosk.wait(timeout: 10)
        XCTAssertEqual(result.status, 143)
        XCTAssertFalse(result.standardError.contains("not found in"), "the drag tiles found under /usr/share: \(result.standardError)")
    }

    func testRestoreTouchMappingSaysWhatItDid() throws {
        let server = try HeadlessXorg.shared()
        let result = try start(["--restore-touch-mapping", "--display", server.display]).wait(timeout: 10)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "touch-sandbox: touch mapping: nothing to restore on \(server.display)\n")
    }
}
