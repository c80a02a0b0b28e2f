import Foundation
import TouchRecording
import UIKit

/// What recording and replaying cost, without a display:
///
/// - a moved touch recorded (`TouchRecorder.record(_:)`, what the recording filter does
///   on the input path), against the same moved touch not recorded: an app like
///   HelloTouch, a pan dragging a square, one finger moving back and forth;
/// - writing it (`flush()`: the lines formatted and written), per sample, amortised as
///   the host flushes (every half second, here every 30 moves, 60 Hz);
/// - in-process replay (`TouchReplay` into that app on a manual clock), samples per
///   second, and reading a file (`TouchRecordingReader`), samples per second;
/// - a headless tour's wall time, from start to written files (`touch-sandbox --headless`).
@MainActor
enum RecordingBenchmark {
    /// The app: a square a pan drags, in a 1024 × 768 window.
    @MainActor
    final class App {
        let window: UIWindow
        let id = TouchSample.ID(device: 1, number: 1)
        var x: CGFloat = 500
        var time: TimeInterval = 100

        init() {
            UIApplication.shared.discardAllState()
            window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
            window.addSubview(makeDraggedSquare())
            window.makeKeyAndVisible()
            window.inject([sample(.began, 500)])
            window.inject([sample(.moved, 530)])
        }

        func sample(_ phase: TouchSample.Phase, _ at: CGFloat) -> TouchSample {
            TouchSample(id: id, phase: phase, location: CGPoint(x: at, y: 380.25), timestamp: time)
        }

        /// The next move, a point back or forth, 1/60 s later.
        func nextMove() -> [TouchSample] {
            x = x == 530 ? 531 : 530
            time += 1.0 / 60
            return [sample(.moved, x + 0.5)]
        }
    }

    static func folder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("recording-bench-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func makeRecorder(in folder: URL) -> TouchRecorder {
        do {
            return try TouchRecorder(url: folder.appendingPathComponent("bench.touches"),
                                     header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "bench"),
                                     startTime: 100)
        } catch {
            fail("\(error)")
        }
    }

    /// One operation, for callgrind and timing: "move" (not recorded), "record" (the
    /// move recorded), "record-flush" (recorded and written every 30 moves).
    static func operation(_ name: String) -> (@MainActor () -> Void)? {
        let app = App()
        switch name {
        case "move":
            return { app.window.inject(app.nextMove()) }
        case "record":
            // Kept in memory for the whole run: the writing is measured on its own below.
            let recorder = makeRecorder(in: folder())
            return {
                let batch = app.nextMove()
                recorder.record(batch)
                app.window.inject(batch)
            }
        case "record-flush":
            let recorder = makeRecorder(in: folder())
            var count = 0
            return {
                let batch = app.nextMove()
                recorder.record(batch)
                app.window.inject(batch)
                count += 1
                if count % 30 == 0 { recorder.flush() }
            }
        default:
            return nil
        }
    }

    static func runOnly(_ name: String, count: Int) {
        guard let run = operation(name) else { fail("unknown recording operation \(name)") }
        for _ in 0..<count { run() }
    }

    static func printTable(executable: URL) {
        print("| operation | instructions / op | ns / op (median of 9 alternating rounds) | cost over a moved touch |")
        print("|---|---|---|---|")
        let names = ["move", "record", "record-flush"]
        var instructions: [String: Double] = [:]
        for name in names {
            instructions[name] = callgrindInstructionsPerRun("recording-op", name, few: 1_000, many: 6_000,
                                                             executable: executable)
        }
        var samples: [String: [Double]] = [:]
        for _ in 0..<9 {
            for name in names {
                guard let run = operation(name) else { continue }
                for _ in 0..<500 { run() }
                let start = DispatchTime.now().uptimeNanoseconds
                for _ in 0..<20_000 { run() }
                samples[name, default: []].append(Double(DispatchTime.now().uptimeNanoseconds - start) / 20_000)
            }
        }
        let ns = samples.mapValues { $0.sorted()[$0.count / 2] }
        let labels = ["move": "moved touch, not recorded", "record": "moved touch, recorded (kept, as on the input path)",
                      "record-flush": "moved touch, recorded and written (flushed every 30)"]
        for name in names {
            let count = instructions[name].map { String(format: "%.0f", $0) } ?? "n/a"
            let over = name == "move" ? "" : String(format: "+%.0f instructions, +%.0f ns",
                                                     (instructions[name] ?? .nan) - (instructions["move"] ?? .nan),
                                                     (ns[name] ?? .nan) - (ns["move"] ?? .nan))
            print(String(format: "| %@ | %@ | %.0f | %@ |", labels[name]!, count, ns[name] ?? .nan, over))
        }
        printReplaySpeed()
        printHeadlessWallTime(directory: executable.deletingLastPathComponent())
    }

    /// Replays and reads of a 60,000-sample recording (about 17 minutes at 60 Hz).
    private static func printReplaySpeed() {
        let app = App()
        var events: [TouchRecording.Event] = [.touches([app.sample(.began, 500)])]
        for index in 0..<60_000 {
            events.append(.touches([TouchSample(id: app.id, phase: .moved,
                                                location: CGPoint(x: 500 + CGFloat(index % 2) * 31 + 0.25, y: 380.5),
                                                timestamp: Double(index + 1) / 60)]))
        }
        events.append(.touches([TouchSample(id: app.id, phase: .ended, location: CGPoint(x: 500, y: 380.5), timestamp: 1001)]))
        let recording = TouchRecording(header: TouchRecording.Header(size: CGSize(width: 1024, height: 768), app: "bench"),
                                       events: events)
        let text = TouchRecordingFormat.text(of: recording)
        var replayRates: [Double] = [], readRates: [Double] = []
        for _ in 0..<5 {
            let clock = ManualClock(now: 0)
            CAAnimationEngine.current.clock = clock
            let fresh = App()
            let replay = TouchReplay(recording: recording, window: fresh.window, clock: clock)
            let start = DispatchTime.now().uptimeNanoseconds
            replay.playToEnd()
            replayRates.append(Double(recording.sampleCount) / (Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9))
            let readStart = DispatchTime.now().uptimeNanoseconds
            _ = try? TouchRecordingReader.read(text)
            readRates.append(Double(recording.sampleCount) / (Double(DispatchTime.now().uptimeNanoseconds - readStart) / 1e9))
        }
        CAAnimationEngine.current.clock = MonotonicClock()
        print("")
        print("| replay (60,002 samples, best of 5) | samples / s |")
        print("|---|---|")
        print(String(format: "| in-process replay into the app (TouchReplay, manual clock) | %.0f |", replayRates.max() ?? .nan))
        print(String(format: "| reading the file (TouchRecordingReader, %d KB) | %.0f |", text.utf8.count / 1024, readRates.max() ?? .nan))
    }

    /// `touch-sandbox --headless` on the default scene's tour, start to exit, three runs.
    private static func printHeadlessWallTime(directory: URL) {
        let sandbox = directory.appendingPathComponent("touch-sandbox")
        guard FileManager.default.isExecutableFile(atPath: sandbox.path) else { return }
        print("")
        print("| headless run (touch-spots tour) | wall s | tour s | wall − tour s | animation KB |")
        print("|---|---|---|---|---|")
        for _ in 0..<3 {
            let output = folder()
            defer { try? FileManager.default.removeItem(at: output) }
            let process = Process()
            process.executableURL = sandbox
            process.arguments = ["--headless", "--output", output.path]
            let errors = Pipe()
            process.standardError = errors
            let start = DispatchTime.now().uptimeNanoseconds
            guard (try? process.run()) != nil else { return }
            let text = String(decoding: (try? errors.fileHandleForReading.readToEnd()) ?? Data(), as: UTF8.self)
            process.waitUntilExit()
            let wall = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            let tour = text.components(separatedBy: "tour headless (").last?.components(separatedBy: " s,").first.flatMap(Double.init) ?? .nan
            let size = (try? FileManager.default.attributesOfItem(atPath: output.appendingPathComponent("touch-sandbox-touch-spots.webp").path)[.size] as? Int) ?? 0
            print(String(format: "| run | %.2f | %.1f | %.2f | %d |", wall, tour, wall - tour, size / 1024))
        }
    }
}
