import CoreGraphics
import FileSafety
import Foundation
import SandboxDebugging
import TouchRecording
import TouchSandbox
import UIKit
import X11Host

/// The parsers of what comes from outside the program, as fuzzing targets: each takes
/// damaged bytes and must not trap, must refuse what it cannot use with a typed error
/// whose description is one line, and must give only values in range when it accepts.
enum ParserTarget: String, CaseIterable, Sendable {
    /// `.touches` files, read from disk as `--replay` and `TOUCH_REPLAY` read them.
    case recordings
    /// The kiosk's state files (`TouchscreenMapping.parseState`).
    case kioskState = "kiosk-state"
    /// `TOUCH_KIOSK`, `TOUCH_DEBUG`, `TOUCH_LOG_LEVEL` and `TOUCH_REPLAY_SPEED` words.
    case words

    /// Real inputs to damage: the scenes' tours for recordings (found as the sandbox
    /// finds them), state files a kiosk writes, and documented words.
    @MainActor
    var corpus: [Data] {
        switch self {
        case .recordings:
            let tours = SceneCatalog.names.compactMap { SceneTours.file(for: $0) }.compactMap { try? Data(contentsOf: $0) }
            // Small ones mutate faster and reach the header more often.
            return tours.filter { $0.count < 20_000 } + [Data(ParserTarget.smallRecording.utf8)]
        case .kioskState:
            return [
                #"{"device":"touchscreen","display":":0","matrix":[1,0,0,0,1,0,0,0,1]}"#,
                #"{"device":"ILITEK-TP","display":":0","matrix":[0.5,0,0.5,0,1,0,0,0,1]}"#,
                #"{"device":"touchscreen-2","display":":0","matrix":[-0.4,0,1,0,-0.948,0.948,0,0,1]}"#,
            ].map { Data($0.utf8) }
        case .words:
            return ["monitor=HDMI-1,idle=90", "exit=corner,cursor,attract=tour.touches", "on", "monitor=primary,idle=0",
                    "spots,hit-views,toolbar", "all,no-handle", "debug,gestures=trace", "UIKit.delivery=debug,warning",
                    "2.5", "0.1"].map { Data($0.utf8) }
        }
    }

    static let smallRecording = """
        {"format":"touch-recording","version":1,"size":[640,480],"scale":1,"app":"fuzz","scene":"drag","devices":[{"id":2,"name":"panel"}]}
        {"t":0.000000,"batch":1,"device":2,"touch":7,"phase":"began","x":120.25,"y":88.5,"force":0.5,"maxForce":1}
        {"t":0.016000,"batch":2,"device":2,"touch":7,"phase":"moved","x":124,"y":90.75,"radius":12,"radiusTolerance":2}
        {"t":1.250000,"key":65307,"text":"\\u001b"}
        {"t":1.300000,"batch":3,"device":2,"touch":7,"phase":"ended","x":124,"y":90.75}

        """

    /// What is wrong with how the parser took `input`, or nil when it did what it must.
    /// `scratch` is a file path the recordings target writes its input to.
    @MainActor
    func check(_ input: Data, scratch: String) -> String? {
        switch self {
        case .recordings: Self.checkRecording(input, scratch: scratch)
        case .kioskState: Self.checkKioskState(input)
        case .words: Self.checkWords(String(decoding: input, as: UTF8.self))
        }
    }

    // MARK: - Targets

    private static func checkRecording(_ input: Data, scratch: String) -> String? {
        do {
            try OutputFile.write(input, to: scratch)
        } catch {
            return "the fuzzer could not write its input: \(error)"
        }
        let result: TouchRecordingReader.Result
        do {
            result = try TouchRecordingReader.read(contentsOf: URL(fileURLWithPath: scratch))
        } catch {
            return problem(withLine: error.description, of: "the reader's error")
        }
        if let truncation = result.truncation, let problem = problem(withLine: truncation, of: "the truncation note") {
            return problem
        }
        let header = result.recording.header
        guard (1...TouchRecordingReader.maximumSide).contains(header.size.width),
              (1...TouchRecordingReader.maximumSide).contains(header.size.height) else { return "accepted the size \(header.size)" }
        guard header.scale > 0, header.scale <= TouchRecordingReader.maximumScale else { return "accepted the scale \(header.scale)" }
        var last: TimeInterval = 0
        for event in result.recording.events {
            guard event.time >= last, event.time <= TouchRecordingReader.maximumTime else { return "accepted the time \(event.time)" }
            last = event.time
            guard case .touches(let samples) = event else { continue }
            for (index, sample) in samples.enumerated() {
                let limit = TouchRecordingReader.maximumCoordinate
                guard abs(sample.location.x) <= limit, abs(sample.location.y) <= limit,
                      [sample.force, sample.maximumPossibleForce, sample.majorRadius, sample.majorRadiusTolerance]
                        .allSatisfy({ $0 >= 0 && $0 <= limit }) else { return "accepted the sample \(sample)" }
                if index > 0, TouchRecorder.isGap(from: samples[index - 1].timestamp, to: sample.timestamp) {
                    return "kept samples \(samples[index - 1].timestamp) and \(sample.timestamp) s in one batch"
                }
            }
        }
        return nil
    }

    private static func checkKioskState(_ input: Data) -> String? {
        switch TouchscreenMapping.parseState(input, display: ":0") {
        case .failure(let problem):
            return self.problem(withLine: problem.reason, of: "the state file's problem")
        case .success(let saved):
            if let problem = TouchscreenMapping.problem(with: saved.matrix) { return "accepted a matrix that \(problem)" }
            return saved.display == ":0" ? nil : "accepted a file for display \(saved.display)"
        }
    }

    @MainActor
    private static func checkWords(_ text: String) -> String? {
        do {
            if let kiosk = try KioskConfiguration(parsing: text) {
                guard KioskConfiguration.idleTimeouts.contains(kiosk.idleTimeout) else { return "TOUCH_KIOSK accepted idle \(kiosk.idleTimeout)" }
                if let monitor = kiosk.monitor, monitor.isEmpty { return "TOUCH_KIOSK accepted an empty monitor" }
            }
        } catch {
            if let problem = problem(withLine: error.description, of: "TOUCH_KIOSK's error") { return problem }
        }
        do {
            _ = try DebugLayerConfiguration(parsing: text)
        } catch {
            if let problem = problem(withLine: error.description, of: "TOUCH_DEBUG's error") { return problem }
        }
        for logProblem in TouchLogLevels.parse(text).problems {
            if let problem = problem(withLine: logProblem, of: "TOUCH_LOG_LEVEL's problem") { return problem }
        }
        do {
            let speed = try RecordingEnvironment.speed(text, source: RecordingEnvironment.speedVariable)
            guard RecordingEnvironment.speeds.contains(speed) else { return "TOUCH_REPLAY_SPEED accepted \(speed)" }
        } catch {
            if let problem = problem(withLine: error.description, of: "TOUCH_REPLAY_SPEED's error") { return problem }
        }
        return nil
    }

    /// The longest message a person should get for one bad input.
    static let longestLine = 1000

    /// Why `text` is not a one-line message, or nil when it is one.
    static func problem(withLine text: String, of what: String) -> String? {
        if text.isEmpty { return "\(what) is empty" }
        if text.count > longestLine { return "\(what) is \(text.count) characters long: \(String(text.prefix(200)).shownInOneLine(limit: 200))…" }
        let breaking = text.unicodeScalars.first { scalar in
            let category = scalar.properties.generalCategory
            return category == .control || category == .lineSeparator || category == .paragraphSeparator
        }
        if let breaking {
            return "\(what) holds U+\(String(breaking.value, radix: 16, uppercase: true)): \(text.shownInOneLine(limit: 300))"
        }
        return nil
    }
}
