import Foundation
import TouchRecording
import UIKit
import XCTest

/// Bad files are refused before anything plays, with the line and what is wrong; a file
/// cut short plays what is complete.
final class TouchRecordingReaderTests: XCTestCase {
    private let header = #"{"format":"touch-recording","version":1,"size":[640,480],"scale":1,"app":"test","devices":[]}"#
    private let began = #"{"t":0.100000,"batch":1,"device":1,"touch":1,"phase":"began","x":10,"y":20}"#
    private let moved = #"{"t":0.200000,"batch":2,"device":1,"touch":1,"phase":"moved","x":15,"y":20}"#

    private func problem(_ lines: [String], trailingNewline: Bool = true) -> String? {
        let text = lines.joined(separator: "\n") + (trailingNewline ? "\n" : "")
        do {
            _ = try TouchRecordingReader.read(text, file: "tap.touches")
            return nil
        } catch {
            return error.description
        }
    }

    func testEachKindOfBadLineIsNamedWithItsLine() {
        let cases: [([String], String)] = [
            ([], "tap.touches: is empty; a touch recording starts with its header line"),
            ([#"{"t":0}"#], #"tap.touches:1: not a touch recording: the first line must be its header, {"format":"touch-recording",…}"#),
            ([header, began, "{\"t\":0.3,"], "tap.touches:3: not a JSON object"),
            ([header, "", began], "tap.touches:2: empty line; every line is one JSON object"),
            ([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"x":10,"y":20}"#], #"tap.touches:2: no "phase" (began, moved, ended or cancelled)"#),
            ([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"down","x":10,"y":20}"#],
             #"tap.touches:2: "phase" is "down"; use began, moved, ended or cancelled"#),
            ([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":"ten","y":20}"#], #"tap.touches:2: "x" must be a finite number"#),
            ([header, #"{"t":0.1,"batch":1,"device":1,"touch":-1,"phase":"began","x":1,"y":20}"#], #"tap.touches:2: "touch" must be 0 to 4294967295, not -1"#),
            ([header, #"{"t":0.1,"batch":1.5,"device":1,"touch":1,"phase":"began","x":1,"y":20}"#], #"tap.touches:2: "batch" must be a whole number, not 1.5"#),
            ([header, moved, began], #"tap.touches:3: "t" goes back in time: 0.100000 after 0.200000"#),
            ([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2,"force":-0.5}"#],
             #"tap.touches:2: "force" must be 0 to 1000000, not -0.5"#),
            ([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2,"radius":"big"}"#],
             #"tap.touches:2: "radius" must be a finite number"#),
            ([header, #"{"t":0.1,"batch":2,"device":1,"touch":1,"phase":"began","x":1,"y":2}"#,
              #"{"t":0.2,"batch":1,"device":1,"touch":1,"phase":"ended","x":1,"y":2}"#], #"tap.touches:3: "batch" goes back: 1 after 2"#),
            ([#"{"format":"touch-recording","version":1,"size":[0,480],"app":"test"}"#], #"tap.touches:1: "size" must be [width, height] in points, each 1 to 32767"#),
            ([#"{"format":"touch-recording","version":1,"size":[640,480]}"#], #"tap.touches:1: no "app": the program that recorded it"#),
        ]
        for (lines, expected) in cases {
            XCTAssertEqual(problem(lines), expected, lines.joined(separator: " / "))
        }
    }

    func testAnUnknownVersionIsRefusedWithTheVersionsUnderstood() {
        XCTAssertEqual(problem([#"{"format":"touch-recording","version":2,"size":[640,480],"app":"test"}"#, began]),
                       "tap.touches:1: version 2 is not understood; this build reads version 1")
    }

    func testUnknownKeysAreIgnoredSoLaterVersionsMayAddSome() throws {
        let text = header + "\n" + #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":10,"y":20,"pressure":0.5}"# + "\n"
        XCTAssertEqual(try TouchRecordingReader.read(text).recording.sampleCount, 1)
    }

    func testAFileCutShortPlaysWhatIsCompleteAndSaysWhereItStopped() throws {
        let text = [header, began, moved, #"{"t":0.3,"batch":3,"devi"#].joined(separator: "\n")
        let result = try TouchRecordingReader.read(text, file: "tap.touches")
        XCTAssertEqual(result.recording.sampleCount, 2)
        XCTAssertEqual(result.truncation, "tap.touches:4: incomplete last line; read up to 0.200000 s")
        // A whole last line without its newline is no truncation.
        XCTAssertNil(try TouchRecordingReader.read([header, began].joined(separator: "\n")).truncation)
        // A broken line that is not the last is an error, whatever follows.
        XCTAssertEqual(problem([header, #"{"t":0.3,"batch":3,"devi"#, moved]), "tap.touches:2: not a JSON object")
    }

    func testAFileThatCannotBeReadSaysSo() {
        XCTAssertThrowsError(try TouchRecordingReader.read(contentsOf: URL(fileURLWithPath: "/nonexistent/tap.touches"))) { error in
            XCTAssertEqual("\(error)", "/nonexistent/tap.touches: cannot be read: there is no such file; give a recording made with --record")
        }
    }

    func testWindowsLineEndingsReadAsTheSameRecording() throws {
        let unix = [header, began, moved].joined(separator: "\n") + "\n"
        let windows = [header, began, moved].joined(separator: "\r\n") + "\r\n"
        let read = try TouchRecordingReader.read(windows, file: "tap.touches")
        XCTAssertEqual(read.recording, try TouchRecordingReader.read(unix).recording)
        XCTAssertNil(read.truncation)
        XCTAssertEqual(read.recording.sampleCount, 2)
    }

    /// A stopped program (SIGSTOP, then SIGCONT) read taps made over seconds in one go; an
    /// older recorder wrote them as one batch, which is read as one batch per gap.
    func testABatchWhoseSamplesLieMoreThanAFrameApartIsReadAsSeveral() throws {
        let lines = [header,
                     #"{"t":0.100000,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2}"#,
                     #"{"t":0.110000,"batch":1,"device":1,"touch":1,"phase":"ended","x":1,"y":2}"#,
                     #"{"t":1.500000,"batch":1,"device":1,"touch":2,"phase":"began","x":5,"y":6}"#,
                     #"{"t":1.505000,"batch":1,"device":1,"touch":2,"phase":"ended","x":5,"y":6}"#]
        let events = try TouchRecordingReader.read(lines.joined(separator: "\n") + "\n").recording.events
        XCTAssertEqual(events.map(\.time), [0.11, 1.505])
        guard case .touches(let first) = events[0], case .touches(let second) = events[1] else { return XCTFail("\(events)") }
        XCTAssertEqual(first.map(\.id.number), [1, 1])
        XCTAssertEqual(second.map(\.id.number), [2, 2])
    }

    func testHugeAndTinyNumbersAreRefusedWhereTheyAreRead() {
        XCTAssertEqual(problem([#"{"format":"touch-recording","version":1,"size":[1e308,1e308],"app":"test"}"#]),
                       #"tap.touches:1: "size" must be [width, height] in points, each 1 to 32767"#)
        XCTAssertEqual(problem([#"{"format":"touch-recording","version":1,"size":[640,480],"scale":1e300,"app":"test"}"#]),
                       #"tap.touches:1: "scale" must be above 0 and at most 16"#)
        XCTAssertEqual(problem([header, #"{"t":1e300,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2}"#, began]),
                       #"tap.touches:2: "t" must be at most 1000000 seconds (11 days), not 1e+300"#)
        // Code that makes a readout of a location converts it to Int, which traps past 2^63.
        XCTAssertEqual(problem([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":1e19,"y":2}"#]),
                       #"tap.touches:2: "x" and "y" must be within ±1000000 points, not 1e+19, 2"#)
        XCTAssertEqual(problem([header, #"{"t":0.1,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2,"radius":1e300}"#]),
                       #"tap.touches:2: "radius" must be 0 to 1000000, not 1e+300"#)
        XCTAssertEqual(problem([header, #"{"t":0.1,"batch":1,"device":4294967296,"touch":1,"phase":"began","x":1,"y":2}"#]),
                       #"tap.touches:2: "device" must be 0 to 2147483647, not 4294967296"#)
        XCTAssertEqual(problem([header, #"{"t":0.1,"key":1e15,"text":""}"#]),
                       #"tap.touches:2: "key" must be a keysym, 0 to 4294967295"#)
        XCTAssertEqual(problem([header, #"{"t":-5,"batch":1,"device":1,"touch":1,"phase":"began","x":1,"y":2}"#]),
                       #"tap.touches:2: "t" goes back in time: -5.000000 after 0.000000"#)
    }

    func testADeviceIsNamedAndAFIFOIsReadAsAStream() throws {
        XCTAssertThrowsError(try TouchRecordingReader.read(contentsOf: URL(fileURLWithPath: "/dev/zero"))) { error in
            XCTAssertEqual("\(error)", "/dev/zero: cannot be read: it is a character device, not a recording made with --record")
        }
        let fifo = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID()).touches").path
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { unlink(fifo) }
        let text = [header, began, moved].joined(separator: "\n") + "\n"
        let writer = Thread {
            let descriptor = open(fifo, O_WRONLY)
            _ = Array(text.utf8).withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            close(descriptor)
        }
        writer.start()
        XCTAssertEqual(try TouchRecordingReader.read(contentsOf: URL(fileURLWithPath: fifo)).recording.sampleCount, 2)
    }
}
