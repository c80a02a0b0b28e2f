import Foundation
import HeadlessXorg
import TouchRecording
import UIKit
import X11Host
import XCTest

/// SIGTERM, SIGINT and SIGHUP end the sandbox cleanly: live touches are cancelled (the
/// gesture trace shows the recognizers hear it), one line says which signal, and the
/// exit status is 128 + the signal's number, as a shell reports a process the signal
/// ended — but the process exits, it is not killed.
final class TerminationSignalTests: XCTestCase {
    func testEachSignalEndsTheSandboxWithOneLineAndItsStatus() throws {
        let server = try HeadlessXorg.shared()
        for (signal, name) in [(SIGTERM, "SIGTERM"), (SIGINT, "SIGINT"), (SIGHUP, "SIGHUP")] {
            let sandbox = try SandboxProcess.start(["--display", server.display])
            // Logged once the signals are handled (the host's start).
            XCTAssertTrue(sandbox.waitForStandardError(containing: "touch device"), "the sandbox started")
            kill(sandbox.process.processIdentifier, signal)
            let result = try sandbox.wait(timeout: 10)
            XCTAssertFalse(result.terminatedBySignal, "\(name): the sandbox exits, it is not killed")
            XCTAssertEqual(result.status, 128 + signal, name)
            let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false)
            XCTAssertEqual(lines.suffix(2), ["touch-sandbox: terminated by \(name)", ""], name)
            XCTAssertEqual(lines.filter { $0.contains("terminated") }.count, 1, name)
        }
    }

    /// …and a recording in progress is closed as a valid file that holds the cancel.
    func testALiveTouchIsCancelledBeforeTheSandboxEnds() throws {
        let server = try HeadlessXorg.shared()
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("signal-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.touches")
        let sandbox = try SandboxProcess.start(["--display", server.display, "--scene", "gestures", "--trace-gestures",
                                                "--record", file.path])
        // The touch is sent once the window shows its first frame, so it lands on it.
        try waitForFirstFrame(on: server, besides: before)
        try server.touchscreen.touches([(3, .begin, CGPoint(x: 500, y: 400))])
        defer { try? server.touchscreen.touches([(3, .end, CGPoint(x: 500, y: 400))]) }
        XCTAssertTrue(sandbox.waitForStandardError(containing: "UITapGestureRecognizer"), "the touch reached the scene's recognizers")
        kill(sandbox.process.processIdentifier, SIGTERM)
        let result = try sandbox.wait(timeout: 10)
        XCTAssertFalse(result.terminatedBySignal)
        XCTAssertEqual(result.status, 143)
        let lines = result.standardError.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.last, "touch-sandbox: terminated by SIGTERM")
        // Every recognizer the touch reached heard it end before the process did.
        for recognizer in ["UITapGestureRecognizer#1", "UISwipeGestureRecognizer#2", "UISwipeGestureRecognizer#3"] {
            let events = lines.filter { $0.contains(" \(recognizer) (UIView): ") }.map { $0.components(separatedBy: "(UIView): ").last! }
            XCTAssertTrue(events.first?.hasPrefix("joined touch ") ?? false, "\(recognizer): \(events)")
            XCTAssertEqual(events.dropFirst(), ["possible \u{2192} failed: a touch was cancelled", "\u{2192} possible"], recognizer)
        }
        let recorded = try TouchRecordingReader.read(contentsOf: file)
        XCTAssertNil(recorded.truncation)
        XCTAssertEqual(recorded.recording.header.scene, "gestures")
        let phases = recorded.recording.events.compactMap { event -> [TouchSample.Phase]? in
            if case .touches(let samples) = event { return samples.map(\.phase) }
            return nil
        }
        XCTAssertEqual(phases, [[.began], [.cancelled]], "the file ends with the finger cancelled")
    }

    /// The quit key ends the sandbox through `exit`, and a recording in progress is
    /// still closed as a valid file, holding the key that ended it.
    func testTheQuitKeyClosesARecordingAsAValidFile() throws {
        let server = try HeadlessXorg.shared()
        let before = Set(WindowList.topLevelWindows(display: server.display))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("quit-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session.touches")
        let sandbox = try SandboxProcess.start(["--display", server.display, "--record", file.path])
        try waitForFirstFrame(on: server, besides: before)
        try server.touchscreen.touches([(4, .begin, CGPoint(x: 500, y: 400))])
        try server.touchscreen.touches([(4, .end, CGPoint(x: 510, y: 400))])
        usleep(200_000)
        // The window has the keyboard focus once it is mapped (no window manager here).
        let q: Int32 = 24
        try server.keyboard.send([.key(code: q, isPress: true), .key(code: q, isPress: false)])
        let result = try sandbox.wait(timeout: 10)
        XCTAssertEqual(result.status, 0, result.standardError)
        let recorded = try TouchRecordingReader.read(contentsOf: file)
        XCTAssertNil(recorded.truncation)
        // The lift may come in the same batch as the landing (the server read both at
        // once): what happened, in order, whatever the batches.
        let kinds = recorded.recording.events.flatMap { event -> [String] in
            switch event {
            case .touches(let samples): samples.map { "\($0.phase)" }
            case .key(let key, _): ["key \(key.text)"]
            }
        }
        XCTAssertEqual(kinds, ["began", "ended", "key q"])
    }
}
