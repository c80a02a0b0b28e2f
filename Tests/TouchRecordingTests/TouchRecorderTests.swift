import FileSafetyTesting
import Foundation
import TouchRecording
import UIKit
import XCTest
import TouchTestSupport

/// The recorder writes whole lines as it flushes, counts from its start, and closes a
/// file that reads back as what was recorded.
@MainActor
final class TouchRecorderTests: XCTestCase {
    private var folder: URL!

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("recorder-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() async throws {
        try? FileManager.default.removeItem(at: folder)
    }


    func testARecordingCountsFromItsStartAndReadsBackAsRecorded() async throws {
        let url = folder.appendingPathComponent("drag.touches")
        let header = TouchRecording.Header(size: CGSize(width: 640, height: 480), app: "test", devices: [.init(id: 3, name: "panel")])
        let recorder = try TouchRecorder(url: url, header: header, startTime: 500)
        recorder.record([TouchSample.finger(1, .began, 10, 50, at: 500.25, device: 3)])
        XCTAssertEqual(try String(contentsOf: url, encoding: .utf8), TouchRecordingFormat.headerLine(header) + "\n",
                       "nothing but the header before a flush")
        recorder.flush()
        recorder.record([TouchSample.finger(1, .moved, 20.5, 50, at: 500.5, device: 3)])
        recorder.record(TouchRecording.Key(keysym: 0x73, text: "s"), at: 500.75)
        recorder.record([TouchSample.finger(1, .ended, 20.5, 50, at: 501, device: 3)])
        recorder.finish()
        recorder.record([TouchSample.finger(2, .began, 1, 50, at: 502, device: 3)])
        XCTAssertFalse(recorder.isRecording)
        XCTAssertEqual([recorder.sampleCount, recorder.keyCount], [3, 1], "nothing after finish")

        let read = try TouchRecordingReader.read(contentsOf: url)
        XCTAssertNil(read.truncation)
        XCTAssertEqual(read.recording, TouchRecording(header: header, events: [
            .touches([TouchSample.finger(1, .began, 10, 50, at: 0.25, device: 3)]),
            .touches([TouchSample.finger(1, .moved, 20.5, 50, at: 0.5, device: 3)]),
            .key(TouchRecording.Key(keysym: 0x73, text: "s"), time: 0.75),
            .touches([TouchSample.finger(1, .ended, 20.5, 50, at: 1, device: 3)]),
        ]))
    }

    /// A sample stamped a little before the recording started (a server's time behind
    /// the clock), or before the one recorded last, is kept at the later time: a file's
    /// times never go back.
    func testTimesNeverGoBackInTheFile() async throws {
        let url = folder.appendingPathComponent("early.touches")
        let recorder = try TouchRecorder(url: url, header: TouchRecording.Header(size: CGSize(width: 64, height: 64), app: "test"),
                                         startTime: 500)
        recorder.record([TouchSample.finger(1, .began, 10, 50, at: 499.999998, device: 3)])
        recorder.record([TouchSample.finger(1, .moved, 11, 50, at: 500.5, device: 3)])
        recorder.record([TouchSample.finger(1, .ended, 11, 50, at: 500.4, device: 3)])
        recorder.record(TouchRecording.Key(keysym: 0x73, text: "s"), at: 500.3)
        recorder.finish()
        let read = try TouchRecordingReader.read(contentsOf: url).recording
        XCTAssertEqual(read.events.map(\.time), [0, 0.5, 0.5, 0.5])
    }

    func testAPathThatCannotBeWrittenIsOneLine() async {
        let url = folder.appendingPathComponent("no-such-folder/drag.touches")
        XCTAssertThrowsError(try TouchRecorder(url: url, header: TouchRecording.Header(size: CGSize(width: 1, height: 1), app: "t"),
                                               startTime: 0)) { error in
            XCTAssertEqual("\(error)", "\(url.path): cannot be written: the folder \(url.deletingLastPathComponent().path) does not exist; name a file in an existing folder")
        }
    }

    /// A full disk stops the recording: the file ends on its last whole line, reads back,
    /// and the failure says how far it goes, once.
    func testAFullDiskStopsTheRecordingOnAWholeLine() async throws {
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 64)
        defer { disk.remove() }
        let url = disk.folder.appendingPathComponent("r.touches")
        let header = TouchRecording.Header(size: CGSize(width: 640, height: 480), app: "test")
        let recorder = try TouchRecorder(url: url, header: header, startTime: 0)
        var failures: [String] = []
        recorder.onFailure = { failures.append("\($0)") }
        recorder.record([TouchSample.finger(1, .began, 10, 50, at: 0.5, device: 3)])
        recorder.flush()
        try disk.fill(leaving: 0)
        for index in 0..<2000 { recorder.record([TouchSample.finger(1, .moved, CGFloat(index), 50, at: 1 + Double(index) / 100, device: 3)]) }
        recorder.flush()
        XCTAssertFalse(recorder.isRecording)
        XCTAssertEqual(failures, ["\(url.path): recording stopped: No space left on device; free some space or name a file on another disk; the file keeps what was recorded up to 0.500000 s"])
        recorder.record([TouchSample.finger(1, .ended, 1, 50, at: 30, device: 3)])
        recorder.flush()
        recorder.finish()
        XCTAssertEqual(failures.count, 1)
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertTrue(text.hasSuffix("\n"))
        let read = try TouchRecordingReader.read(contentsOf: url)
        XCTAssertNil(read.truncation)
        XCTAssertEqual(read.recording, TouchRecording(header: header, events: [.touches([TouchSample.finger(1, .began, 10, 50, at: 0.5, device: 3)])]))
    }

    /// Not even the header fits: the recording is refused in one line and no empty file
    /// is left.
    func testAFullDiskBeforeTheHeaderLeavesNoFile() async throws {
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 64)
        defer { disk.remove() }
        try disk.fill(leaving: 0)
        let url = disk.folder.appendingPathComponent("r.touches")
        XCTAssertThrowsError(try TouchRecorder(url: url, header: TouchRecording.Header(size: CGSize(width: 640, height: 480), app: "t"),
                                               startTime: 0)) { error in
            XCTAssertEqual("\(error)", "\(url.path): cannot be written: No space left on device; free some space or name a file on another disk")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: disk.folder.path), ["filler"])
    }

    func testALinkAFIFOAndADeviceAreRefusedAndLeftAsTheyWere() async throws {
        let header = TouchRecording.Header(size: CGSize(width: 64, height: 64), app: "t")
        let target = folder.appendingPathComponent("target"), link = folder.appendingPathComponent("link.touches")
        try Data("keep".utf8).write(to: target)
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let fifo = folder.appendingPathComponent("fifo.touches")
        XCTAssertEqual(mkfifo(fifo.path, 0o600), 0)
        for (url, kind) in [(link, "a symbolic link, which is never written through; name the file itself"),
                            (fifo, "a FIFO, not a regular file, and is never replaced; name a regular file"),
                            (URL(fileURLWithPath: "/dev/null"), "a character device, not a regular file, and is never replaced; name a regular file")] {
            XCTAssertThrowsError(try TouchRecorder(url: url, header: header, startTime: 0)) { error in
                XCTAssertEqual("\(error)", "\(url.path): cannot be written: it is \(kind)")
            }
        }
        XCTAssertEqual(try Data(contentsOf: target), Data("keep".utf8))
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link.path), target.path)
    }

    /// After SIGSTOP and SIGCONT the host reads taps made over seconds in one go: they are
    /// written as batches split where samples lie more than a frame apart.
    func testABatchSpanningSecondsIsWrittenAsOneBatchPerGap() async throws {
        let url = folder.appendingPathComponent("stopped.touches")
        let recorder = try TouchRecorder(url: url, header: TouchRecording.Header(size: CGSize(width: 64, height: 64), app: "t"),
                                         startTime: 0)
        recorder.record([TouchSample.finger(1, .began, 1, 50, at: 1, device: 3), TouchSample.finger(1, .ended, 1, 50, at: 1.01, device: 3), TouchSample.finger(2, .began, 2, 50, at: 3, device: 3),
                         TouchSample.finger(2, .ended, 2, 50, at: 3.005, device: 3), TouchSample.finger(3, .began, 3, 50, at: 5, device: 3)])
        recorder.finish()
        let text = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(text.split(separator: "\n").dropFirst().map { $0.components(separatedBy: ",")[1] },
                       [#""batch":1"#, #""batch":1"#, #""batch":2"#, #""batch":2"#, #""batch":3"#])
        XCTAssertEqual(TouchRecorder.splitAtGaps([]).count, 0)
    }
}
