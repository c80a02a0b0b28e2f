import Foundation
import TouchRecording
import X11Host
import X11TestSupport
import XCTest

/// `TOUCH_RECORD`, `TOUCH_REPLAY` and `TOUCH_REPLAY_SPEED` fill what the app left unset.
final class RecordingEnvironmentTests: XCTestCase {
    func testTheVariablesFillTheOptions() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("environment-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("cut.touches")
        try Data(("""
            {"format":"touch-recording","version":1,"size":[640,480],"app":"test"}
            {"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2}
            """ + "\n" + #"{"t":0.2,"bat"#).utf8).write(to: file)
        var options = X11Host.Options()
        let recording = folder.appendingPathComponent("session.touches").path
        let chosenPath = folder.appendingPathComponent("mine.touches").path
        let note = try RecordingEnvironment.apply(["TOUCH_RECORD": recording, "TOUCH_REPLAY": file.path,
                                                   "TOUCH_REPLAY_SPEED": "2.5"], to: &options)
        XCTAssertEqual(options.recordingURL?.path, recording)
        XCTAssertEqual(options.replay?.sampleCount, 1)
        XCTAssertEqual(options.replaySpeed, 2.5)
        XCTAssertEqual(note, "\(file.path):3: incomplete last line; read up to 0.100000 s")

        var chosen = X11Host.Options(recordingURL: URL(fileURLWithPath: chosenPath))
        XCTAssertNil(try RecordingEnvironment.apply(["TOUCH_RECORD": recording], to: &chosen))
        XCTAssertEqual(chosen.recordingURL?.path, chosenPath, "what the app chose wins")
    }

    func testBadValuesAreOneLine() {
        var options = X11Host.Options()
        XCTAssertThrowsError(try RecordingEnvironment.apply(["TOUCH_REPLAY_SPEED": "fast"], to: &options)) { error in
            XCTAssertEqual("\(error)", "TOUCH_REPLAY_SPEED: 'fast' is not a speed; use a number from 0.1 to 100 (2 plays twice as fast)")
        }
        XCTAssertThrowsError(try RecordingEnvironment.apply(["TOUCH_REPLAY": "/nonexistent.touches"], to: &options)) { error in
            XCTAssertEqual("\(error)", "TOUCH_REPLAY: /nonexistent.touches: cannot be read: there is no such file; give a recording made with --record")
        }
    }
}
