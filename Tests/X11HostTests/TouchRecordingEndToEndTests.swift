import FileSafetyTesting
import Foundation
import HeadlessXorg
import TouchRecording
import TouchSandbox
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// Recording real touches from the server's virtual touchscreen, and playing a file on
/// stage through the host's own input path.
final class TouchRecordingEndToEndTests: XCTestCase {
    private func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("recording-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        return folder.appendingPathComponent("session.touches")
    }

    func testRealTouchesAreRecordedAsTheAppGotThem() throws {
        let url = try temporaryFile()
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let recording = try harness.host.startRecording(to: url, app: "touch-sandbox", scene: "touch-spots")
            let start = recording.recorder.startTime
            let touchscreen = harness.server.touchscreen
            let a0 = CGPoint(x: 200.25, y: 200.5), a1 = CGPoint(x: 240.75, y: 190.125), b0 = CGPoint(x: 600, y: 400.5)
            try touchscreen.touches([(1, .begin, a0)])
            harness.waitForBatches(1)
            try touchscreen.touches([(1, .update, a1), (2, .begin, b0)])
            harness.waitForBatches(2)
            try touchscreen.touches([(1, .end, a1), (2, .end, b0)])
            harness.waitForBatches(3)
            recording.stop()
            XCTAssertFalse(recording.isRecording)
            XCTAssertFalse(harness.host.inputFilters.contains { $0 === recording }, "stopping leaves the chain")

            let read = try TouchRecordingReader.read(contentsOf: url)
            XCTAssertNil(read.truncation)
            let header = read.recording.header
            XCTAssertEqual(header.size, CGSize(width: 1024, height: 768))
            XCTAssertEqual(header.scale, 1)
            XCTAssertEqual([header.app, header.scene], ["touch-sandbox", "touch-spots"])
            XCTAssertTrue(header.devices.contains { $0.name == "touchscreen" && $0.id == harness.deviceID("touchscreen") })
            // Times from the start, to the microsecond, never going back (a server's
            // timestamp can be a little behind the clock that started the recording).
            var latest: TimeInterval = 0
            let expected: [TouchRecording.Event] = harness.batches.map { batch in
                .touches(batch.map { sample in
                    var relative = sample
                    latest = max(latest, sample.timestamp - start)
                    relative.timestamp = (latest * 1_000_000).rounded() / 1_000_000
                    return relative
                })
            }
            XCTAssertEqual(read.recording.events, expected, "every batch, whole, with its ids, phases and sub-pixel places")
        }
    }

    /// The disk fills under a running recording: the host logs one line, the recording
    /// leaves the chain, the app keeps its touches, and the file ends on a whole line.
    func testARecordingOnADiskThatFillsStopsWithOneLineAndTheAppCarriesOn() throws {
        let disk = try SmallDisk.mountedOrSkipped(kilobytes: 64)
        defer { disk.remove() }
        let url = disk.folder.appendingPathComponent("session.touches")
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            var lines: [String] = []
            harness.host.log = { lines.append($0) }
            let recording = try harness.host.startRecording(to: url, app: "touch-sandbox")
            var failures = 0
            recording.onFailure = { _ in failures += 1 }
            try harness.server.touchscreen.touches([(1, .begin, CGPoint(x: 200, y: 200))])
            harness.waitForBatches(1)
            recording.recorder.flush()
            try disk.fill(leaving: 0)
            for step in 1...40 {
                try harness.server.touchscreen.touches([(1, .update, CGPoint(x: 200 + CGFloat(step), y: 200))])
                harness.waitForBatches(1 + step)
            }
            recording.recorder.flush()
            XCTAssertFalse(recording.isRecording)
            XCTAssertEqual(failures, 1)
            XCTAssertFalse(harness.host.inputFilters.contains { $0 === recording }, "a stopped recording leaves the chain")
            XCTAssertEqual(lines.count, 1, "\(lines)")
            XCTAssertTrue(lines.first?.hasPrefix("\(url.path): recording stopped: No space left on device; free some space or name a file on another disk; the file keeps what was recorded up to ") ?? false, "\(lines)")
            try harness.server.touchscreen.touches([(1, .end, CGPoint(x: 240, y: 200))])
            harness.waitForBatches(42)
            XCTAssertEqual(harness.batches.last?.map(\.phase), [.ended], "the app still has its touches")
            let read = try TouchRecordingReader.read(contentsOf: url)
            XCTAssertNil(read.truncation, "whole lines only")
            XCTAssertEqual(read.recording.events.count, 1, "the begin flushed before the disk filled")
        }
    }

    func testAReplayOnStageGoesThroughTheInputPathWithItsSpots() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let id = TouchSample.ID(device: 2, number: 5)
            let held = CGPoint(x: 300, y: 300), moved = CGPoint(x: 340.5, y: 310.25)
            let recording = TouchRecording(header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "test"), events: [
                .touches([TouchSample(id: id, phase: .began, location: held, timestamp: 0.1)]),
                .touches([TouchSample(id: id, phase: .moved, location: moved, timestamp: 0.3)]),
                // Left down at the end: the replay cancels it.
            ])
            let replay = StageReplay(recording: recording, host: harness.host, speed: 0.5)
            var finished = false
            replay.onFinish = { _ in finished = true }
            let started = CACurrentMediaTime()
            replay.start()
            harness.waitForBatches(1)
            XCTAssertEqual(harness.batches[0].map(\.phase), [.began])
            XCTAssertEqual(harness.batches[0][0].timestamp, started + 0.2, accuracy: 0.01, "at half speed, 0.1 s in is 0.2 s in")
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(held)) {
                colorsMatch($0, SandboxHarness.spotFill(for: id))
            }, "a spot under the replayed finger, drawn by the debug layer in the input chain")
            XCTAssertTrue(harness.runLoop { finished })
            XCTAssertEqual(harness.batches.map { $0.map(\.phase) }, [[.began], [.moved], [.cancelled]])
            XCTAssertEqual(harness.batches[1][0].location, moved)
            XCTAssertEqual(harness.batches[2][0].location, moved, "cancelled where it was")
            XCTAssertEqual(replay.replay.cancelledAtEnd, [id])
            XCTAssertTrue(harness.waitForPixel(at: SandboxHarness.fillProbe(moved)) { $0 == SandboxHarness.background },
                          "the spot is gone with the cancelled finger")
        }
    }

    /// A gap of more than 71 minutes (÷ speed) overflowed the replay's sleep (useconds_t)
    /// and killed the headless run; it is now waited out, and a cancel ends the wait.
    func testAGapOfDaysIsWaitedOutAndACancelLiftsTheFingerDown() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let id = TouchSample.ID(device: 9, number: 1)
            let recording = TouchRecording(header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "test"), events: [
                .touches([TouchSample(id: id, phase: .began, location: CGPoint(x: 100, y: 200), timestamp: 0)]),
                .touches([TouchSample(id: id, phase: .ended, location: CGPoint(x: 100, y: 200), timestamp: 500_000)]),
            ])
            let replay = InputTestReplay(recording: recording, into: harness.server.touchscreen, speed: 1)
            var done = false
            replay.start { done = true }
            XCTAssertTrue(harness.runLoop { harness.batches.count == 1 })
            replay.cancel()
            XCTAssertTrue(harness.runLoop { done && harness.batches.count == 2 })
            XCTAssertEqual(harness.batches.map { $0.map(\.phase) }, [[.began], [.ended]])
            XCTAssertEqual(replay.sentBatches, 1)
            XCTAssertEqual(replay.liftedAtEnd, 1)
            XCTAssertNil(replay.failure)
        }
    }

    /// A file played into the server's virtual touchscreen reaches the app as real XI2
    /// input: the same batches, places and phases, at the recorded pace; a finger the
    /// file leaves down is lifted.
    func testAFilePlayedIntoTheVirtualTouchscreenArrivesAsRealInput() throws {
        try onMainActor {
            let harness = try SandboxHarness()
            defer { harness.close() }
            let id = TouchSample.ID(device: 9, number: 1), other = TouchSample.ID(device: 9, number: 2)
            let recording = TouchRecording(header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "test"), events: [
                .touches([TouchSample(id: id, phase: .began, location: CGPoint(x: 100.5, y: 200.25), timestamp: 0.05)]),
                .touches([TouchSample(id: id, phase: .moved, location: CGPoint(x: 130.75, y: 210), timestamp: 0.25),
                          TouchSample(id: other, phase: .began, location: CGPoint(x: 500, y: 300), timestamp: 0.25)]),
                .touches([TouchSample(id: id, phase: .ended, location: CGPoint(x: 130.75, y: 210), timestamp: 0.45)]),
            ])
            let replay = InputTestReplay(recording: recording, into: harness.server.touchscreen)
            var done = false
            replay.start { done = true }
            XCTAssertTrue(harness.runLoop { done && harness.batches.count == 4 })
            XCTAssertNil(replay.failure)
            XCTAssertEqual(replay.sentBatches, 3)
            XCTAssertEqual(replay.liftedAtEnd, 1)
            let device = try XCTUnwrap(harness.deviceID("touchscreen"))
            XCTAssertEqual(harness.batches.map { $0.map(\.phase) }, [[.began], [.moved, .began], [.ended], [.ended]])
            XCTAssertEqual(harness.batches.flatMap { $0.map(\.location) }, [
                CGPoint(x: 100.5, y: 200.25), CGPoint(x: 130.75, y: 210), CGPoint(x: 500, y: 300),
                CGPoint(x: 130.75, y: 210), CGPoint(x: 500, y: 300),
            ])
            XCTAssertTrue(harness.batches.allSatisfy { $0.allSatisfy { $0.id.device == device } }, "from the real device")
            let first = harness.batches[0][0].timestamp, second = harness.batches[1][0].timestamp
            XCTAssertEqual(second - first, 0.2, accuracy: 0.05, "at the recorded pace")
        }
    }
}

