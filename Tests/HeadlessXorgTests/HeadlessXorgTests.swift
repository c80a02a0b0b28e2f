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

    func testValuatorScalingMapsPixelsOntoTheAxisRange() throws {
        let server = try HeadlessXorg.shared()
        XCTAssertEqual(server.touchscreen.valuatorX(0), 0)
        XCTAssertEqual(server.touchscreen.valuatorX(CGFloat(server.screenSize.width)), 65536)
        XCTAssertEqual(server.touchscreen.valuatorY(CGFloat(server.screenSize.height) / 2), 32768)
    }
}
