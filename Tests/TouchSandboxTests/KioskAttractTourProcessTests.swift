import Foundation
import HeadlessXorg
import XCTest

/// A kiosk's attract tour that cannot be played, named as a person names it (the
/// sandbox's `--attract`, or `TOUCH_KIOSK=attract=FILE` as any app reads it): one line
/// and status 2 at start, before any window shows.
final class KioskAttractTourProcessTests: XCTestCase {
    func testATourThatCannotBePlayedIsOneLineBeforeAnyWindow() throws {
        let server = try HeadlessXorg.shared()
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent("no-tour-\(UUID().uuidString).touches").path
        let runs = [
            try SandboxProcess.run(["--display", server.display, "--kiosk", "--attract", missing]),
            try SandboxProcess.run(["--display", server.display], environment: ["TOUCH_KIOSK": "idle=5,attract=\(missing)"]),
        ]
        for result in runs {
            XCTAssertEqual(result.status, 2, result.standardError)
            XCTAssertTrue(result.standardError.hasPrefix("touch-sandbox: kiosk: the attract tour cannot be played: \(missing): "),
                          result.standardError)
            XCTAssertTrue(result.standardError.hasSuffix("; name a recording made in the kiosk with --record (or TOUCH_RECORD=FILE)\n"),
                          result.standardError)
            // A kiosk window that had shown would have said so first ("kiosk: fullscreen on …").
            XCTAssertEqual(result.standardError.filter { $0 == "\n" }.count, 1, "one line, before any window")
        }
    }
}
