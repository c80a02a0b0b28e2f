import Foundation
import HeadlessXorg
import X11Host
import XCTest

/// `touch-sandbox --kiosk` as a person runs it: keys do nothing (Q and Esc quit a normal
/// sandbox), and five taps in a corner put the exit question over the scene.
final class KioskProcessTests: XCTestCase {
    func testKeysDoNothingAndFiveCornerTapsAsk() throws {
        let server = try HeadlessXorg.shared()
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let sandbox = try SandboxProcess.start(["--display", server.display, "--kiosk", "--idle", "0"])
        let window = try waitForFirstFrame(on: server, besides: before)
        let pixels = try WindowPixelReader(displayName: server.display)
        // X keycodes of the inputtest keyboard: q and Escape.
        for code: Int32 in [24, 9] {
            try server.keyboard.send([.key(code: code, isPress: true), .key(code: code, isPress: false)])
        }
        usleep(500_000)
        XCTAssertTrue(sandbox.process.isRunning, "Q and Esc do not quit a kiosk")
        XCTAssertEqual(pixels.pixel(of: window, x: 5, y: 300), 0x1C1C1E, "no question yet")

        for tap in 0..<5 {
            let corner = CGPoint(x: 20 + CGFloat(tap), y: 20)
            try server.touchscreen.touches([(UInt32(10 + tap), .begin, corner)])
            try server.touchscreen.touches([(UInt32(10 + tap), .end, corner)])
            usleep(60_000)
        }
        // The question's veil dims the scene.
        let dimmed = pixels.waitForPixel(of: window, x: 5, y: 300, timeout: 5) { $0 != 0x1C1C1E }
        XCTAssertNotNil(dimmed)
        XCTAssertLessThan((dimmed ?? 0x1C1C1E) & 0xFF, 0x1E, "darker than the scene: the veil")
        kill(sandbox.process.processIdentifier, SIGTERM)
        let result = try sandbox.wait(timeout: 10)
        XCTAssertEqual(result.status, 143, "still running until told to end")
    }

    /// `--cursor` asks the kiosk for a pointer that a mouse brings back, and its line
    /// says so (KioskScreenTests follows the cursor itself).
    func testCursorAsksForAPointerThatAMouseBringsBack() throws {
        let server = try HeadlessXorg.shared()
        let sandbox = try SandboxProcess.start(["--display", server.display, "--kiosk", "--cursor", "--idle", "0"])
        XCTAssertTrue(sandbox.waitForStandardError(containing: "; cursor hidden until a mouse moves; "))
        kill(sandbox.process.processIdentifier, SIGTERM)
        XCTAssertEqual(try sandbox.wait(timeout: 10).status, 143)
    }

    /// `TOUCH_KIOSK` makes the sandbox the kiosk `--kiosk` makes, as it does any app:
    /// its words are the kiosk's, and the scene shows alone, without the caption bar at
    /// the top (the scene's own background there) or the toolbar's keys.
    func testTouchKioskMakesTheSandboxTheSameKiosk() throws {
        let server = try HeadlessXorg.shared()
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let sandbox = try SandboxProcess.start(["--display", server.display], environment: ["TOUCH_KIOSK": "idle=0,cursor"])
        let window = try waitForFirstFrame(on: server, besides: before)
        XCTAssertTrue(sandbox.waitForStandardError(containing: "; cursor hidden until a mouse moves; "))
        let pixels = try WindowPixelReader(displayName: server.display)
        XCTAssertEqual(pixels.pixel(of: window, x: 5, y: 5), 0x1C1C1E, "no caption bar")
        kill(sandbox.process.processIdentifier, SIGTERM)
        XCTAssertEqual(try sandbox.wait(timeout: 10).status, 143)

        let refused = try SandboxProcess.run(["--display", server.display], environment: ["TOUCH_KIOSK": "bogus"])
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.standardError, "touch-sandbox: TOUCH_KIOSK: 'bogus' is not understood; use a comma-separated "
            + "list of: on, monitor=NAME (or primary), idle=SECONDS, exit=hold|corner|both, cursor, attract=FILE\n")
    }

    /// `--restore-touch-mapping` alone: one line, and exit; a display that cannot be
    /// opened is the usual one line and status 2.
    func testRestoreTouchMappingSaysWhatItDidAndExits() throws {
        let server = try HeadlessXorg.shared()
        let result = try SandboxProcess.run(["--restore-touch-mapping", "--display", server.display])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.standardError, "touch-sandbox: touch mapping: nothing to restore on \(server.display)\n")
        let unreachable = try SandboxProcess.run(["--restore-touch-mapping", "--display", ":987"])
        XCTAssertEqual(unreachable.status, 2)
        XCTAssertTrue(unreachable.standardError.hasPrefix("touch-sandbox: cannot open the X display :987"), unreachable.standardError)
    }

    /// TOUCH_KIOSK and the command line together: with `--kiosk` the variable's words
    /// still count (its `exit=hold` leaves five corner taps unanswered), and an option
    /// given wins over its word (`--exit-gesture corner` answers them), with or without
    /// `--kiosk` once the variable makes the kiosk. The README's Kiosk section says so.
    func testKioskOptionsWinOverTheWordsTheyNameAndTheRestStand() throws {
        let environment = ["TOUCH_KIOSK": "exit=hold,idle=0"]
        XCTAssertFalse(try cornerTapsAsk(["--kiosk"], environment: environment), "exit=hold stands under --kiosk")
        XCTAssertTrue(try cornerTapsAsk(["--exit-gesture", "corner"], environment: environment), "--exit-gesture wins")
    }

    /// Starts the sandbox with `arguments`, taps five times in the window's top left
    /// corner and says whether the exit question's veil dimmed the scene (within 1.5 s).
    private func cornerTapsAsk(_ arguments: [String], environment: [String: String?]) throws -> Bool {
        let server = try HeadlessXorg.shared()
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let sandbox = try SandboxProcess.start(["--display", server.display] + arguments, environment: environment)
        defer {
            kill(sandbox.process.processIdentifier, SIGTERM)
            XCTAssertEqual(try? sandbox.wait(timeout: 10).status, 143)
        }
        let window = try waitForFirstFrame(on: server, besides: before)
        let pixels = try WindowPixelReader(displayName: server.display)
        for tap in 0..<5 {
            let corner = CGPoint(x: 20 + CGFloat(tap), y: 20)
            try server.touchscreen.touches([(UInt32(60 + tap), .begin, corner)])
            try server.touchscreen.touches([(UInt32(60 + tap), .end, corner)])
            usleep(60_000)
        }
        // The last value read: the scene's own, unless the veil came.
        let pixel = pixels.waitForPixel(of: window, x: 5, y: 300, timeout: 1.5) { $0 != 0x1C1C1E }
        return pixel.map { $0 != 0x1C1C1E } ?? false
    }
}
