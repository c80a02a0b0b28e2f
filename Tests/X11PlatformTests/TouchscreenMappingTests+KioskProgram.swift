import CX11
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// `touch-sandbox --kiosk --monitor RIGHT`, a kiosk program of its own, maps both
/// touchscreens to RIGHT and puts their matrices back however it ends cleanly: by a
/// signal (SIGTERM closes its host) and by the exit gesture's Leave (which calls
/// `exit(0)`, so the mapping's `atexit` hook puts them back).
extension TouchscreenMappingTests {
    func testAKioskProgramEndedBySIGTERMPutsTheMatricesBack() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let kiosk = try Self.startKioskProgram(on: server)
            defer { if kiosk.process.isRunning { kiosk.process.terminate() } }
            try Self.waitUntilMappedToRight(server, probe)

            kill(kiosk.process.processIdentifier, SIGTERM)
            let status = Self.waitForExit(kiosk.process)
            XCTAssertEqual(status, 143, "ended by the signal, as a shell reports it")
            Self.assertPutBack(server, probe, errors: kiosk.errors)
        }
    }

    func testAKioskProgramLeftByTheExitGesturePutsTheMatricesBack() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let before = Set(WindowList.topLevelWindows(display: server.display))
            let kiosk = try Self.startKioskProgram(on: server)
            defer { if kiosk.process.isRunning { kiosk.process.terminate() } }
            try Self.waitUntilMappedToRight(server, probe)
            let (width, height) = server.screenSize
            let window = try XCTUnwrap(Self.waitForNewWindow(on: server, besides: before))
            let pixels = try WindowPixelReader(displayName: server.display)

            // Mapped to RIGHT, the device's (x, y) is the window's (x / 2, y): five taps
            // in the window's top left corner ask the question, whose veil dims the scene.
            let touchscreen = server.touchscreen
            for tap in 0..<5 {
                let corner = CGPoint(x: 2 * (20 + CGFloat(tap)), y: 20)
                try touchscreen.touches([(UInt32(40 + tap), .begin, corner)])
                try touchscreen.touches([(UInt32(40 + tap), .end, corner)])
                usleep(60_000)
            }
            let scene: UInt32 = 0x1C1C1E
            XCTAssertNotEqual(pixels.waitForPixel(of: window, x: 5, y: height / 2, timeout: 5) { $0 != scene }, scene,
                              "the question shows")

            // The question's Leave button, laid out as the kiosk lays it out on RIGHT.
            let question = KioskExitConfirmation(frame: CGRect(x: 0, y: 0, width: width / 2, height: height))
            question.layoutIfNeeded()
            let leave = question.leaveButton.convert(CGPoint(x: question.leaveButton.bounds.midX,
                                                             y: question.leaveButton.bounds.midY), to: question)
            let onDevice = CGPoint(x: 2 * leave.x, y: leave.y)
            try touchscreen.touches([(50, .begin, onDevice)])
            try touchscreen.touches([(50, .end, onDevice)])
            XCTAssertEqual(Self.waitForExit(kiosk.process), 0, "Leave ends the kiosk with status 0")
            let errors = Self.assertPutBack(server, probe, errors: kiosk.errors)
            XCTAssertTrue(errors.contains("touch-sandbox: kiosk: left by the exit gesture\n"), errors)
        }
    }

    // MARK: - Helpers

    /// The sandbox, built beside the test bundle, as a kiosk on RIGHT; its standard
    /// error is read after it exits.
    private static func startKioskProgram(on server: HeadlessXorg) throws -> (process: Process, errors: Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("touch-sandbox")
        process.arguments = ["--display", server.display, "--kiosk", "--monitor", "RIGHT", "--idle", "0"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    /// Waits (5 s at most) for both touchscreens to have RIGHT's matrix and a state file.
    private static func waitUntilMappedToRight(_ server: HeadlessXorg, _ probe: OpaquePointer,
                                               file: StaticString = #filePath, line: UInt = #line) throws {
        let right = halves(of: server)[1]
        let mapped = TouchscreenMapping.matrix(for: right, screen: server.screenSize)
        let deadline = Date().addingTimeInterval(5)
        while devices.contains(where: { matrix(probe, $0) != mapped }), Date() < deadline { usleep(10_000) }
        for device in devices {
            XCTAssertEqual(matrix(probe, device), mapped, "\(device) mapped to RIGHT by the kiosk", file: file, line: line)
            XCTAssertTrue(FileManager.default.fileExists(
                atPath: TouchscreenMapping.stateFile(display: server.display, device: device).path), device, file: file, line: line)
        }
    }

    /// The process's exit status, once it exited (10 s at most; nil if it did not).
    private static func waitForExit(_ process: Process) -> Int32? {
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        guard !process.isRunning else { return nil }
        return process.terminationStatus
    }

    /// Asserts both touchscreens have their original matrix (the identity) and no
    /// state file; returns what the program wrote to standard error.
    @discardableResult
    private static func assertPutBack(_ server: HeadlessXorg, _ probe: OpaquePointer, errors: Pipe,
                                      file: StaticString = #filePath, line: UInt = #line) -> String {
        expectEveryMatrixPutBack(server: server, probe: probe, file: file, line: line)
        return String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    }

    /// The program's window: the top-level window that is not in `before` (5 s at most).
    private static func waitForNewWindow(on server: HeadlessXorg, besides before: Set<UInt>) -> UInt? {
        let deadline = Date().addingTimeInterval(5)
        while Date() < deadline {
            if let window = WindowList.topLevelWindows(display: server.display).first(where: { !before.contains($0) }) {
                return window
            }
            usleep(10_000)
        }
        return nil
    }
}
