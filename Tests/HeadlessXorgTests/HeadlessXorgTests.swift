import Foundation
import XCTest
@testable import HeadlessXorg

/// The server's lifecycle: ready when started, gone with its files when stopped.
final class HeadlessXorgTests: XCTestCase {
    func testStartsReadyAndStopsWithoutLeftovers() throws {
        let server = try HeadlessXorg(width: 800, height: 600)
        XCTAssertTrue(server.isRunning)
        XCTAssertTrue(server.display.hasPrefix(":"))
        let socket = "/tmp/.X11-unix/X\(server.display.dropFirst())"
        XCTAssertTrue(FileManager.default.fileExists(atPath: socket), "the X socket \(socket) exists once started")
        let directory = server.logFile.deletingLastPathComponent()
        XCTAssertTrue(FileManager.default.fileExists(atPath: directory.path))
        try server.keyboard.key(50, isPress: true)  // Shift_L: answered once processed
        try server.keyboard.key(50, isPress: false)
        server.stop()
        XCTAssertFalse(server.isRunning)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path))
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket))
    }

    /// A server that dies while a child of its keeps its output open: Foundation's
    /// `waitUntilExit()` waited for the child (here 60 s); start-up now fails at once,
    /// naming the status.
    func testAServerThatDiesLeavingAChildHoldingItsOutputFailsAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fake-xorg-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("Xorg")
        let child = folder.appendingPathComponent("child.pid")
        try Data("#!/bin/sh\nsleep 60 &\necho $! > \(child.path)\nexit 7\n".utf8).write(to: script)
        chmod(script.path, 0o755)
        defer {
            if let text = try? String(contentsOf: child, encoding: .utf8), let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                kill(pid, SIGKILL)
            }
        }
        let started = Date()
        XCTAssertThrowsError(try HeadlessXorg(serverPath: script.path, timeout: 30)) { error in
            XCTAssertTrue("\(error)".contains("it exited with status 7"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 20, "not held until the child's 60 s are up")
    }

    func testValuatorScalingMapsPixelsOntoTheAxisRange() throws {
        let server = try HeadlessXorg.shared()
        XCTAssertEqual(server.touchscreen.valuatorX(0), 0)
        XCTAssertEqual(server.touchscreen.valuatorX(CGFloat(server.screenSize.width)), 65536)
        XCTAssertEqual(server.touchscreen.valuatorY(CGFloat(server.screenSize.height) / 2), 32768)
    }

    /// Every headless screen refreshes at 60 Hz, a 4K one too, whose dot clock is above
    /// the dummy driver's default limit and so raises it.
    func testEveryScreenSizesModeRefreshesAt60Hz() {
        for (width, height) in [(640, 480), (1024, 768), (1920, 1080), (3840, 2160)] {
            let mode = HeadlessXorg.refreshMode(width: width, height: height)
            let clock = Double(mode.clock)! * 1_000_000
            XCTAssertEqual(clock / Double(mode.horizontalTotal * mode.verticalTotal), 60, accuracy: 1e-4, "\(width)×\(height)")
            XCTAssertGreaterThan(Double(mode.maximumClock), Double(mode.clock)!)
        }
        XCTAssertEqual(HeadlessXorg.refreshMode(width: 1024, height: 768).clock, "69.035520")
        XCTAssertEqual(HeadlessXorg.refreshMode(width: 3840, height: 2160).maximumClock, 561)
    }
}
