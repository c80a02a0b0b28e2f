import CairoRenderer
import TouchRecording
import UIKit
import XCTest
import TouchTestSupport

/// Replays in process, on a manual clock: step by step, deterministic, never leaving a
/// finger down.
@MainActor
final class TouchReplayTests: XCTestCase {
    private var clock: ManualClock!

    override func setUp() async throws {
        CairoDrawingEngine.install()
        clock = TestApplication.begin(clockAt: 100)
        GestureTrace.isEnabled = true
        GestureTrace.echoesToStandardError = false
        GestureTrace.clear()
    }

    override func tearDown() async throws {
        GestureTrace.isEnabled = false
        GestureTrace.clear()
        TestApplication.end()
    }

    /// A square dragged by a pan recognizer and tapped by a tap recognizer, as in
    /// `Examples/HelloTouch`, with every touch message it gets.
    private final class Square: UIView {
        var messages: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { messages.append("began") }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { messages.append("moved") }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { messages.append("ended") }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { messages.append("cancelled") }
    }

    @MainActor
    private final class Scene {
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 240))
        let square = Square(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        var taps = 0

        init() {
            square.backgroundColor = .blue
            window.backgroundColor = .white
            window.addSubview(square)
            window.makeKeyAndVisible()
            square.addGestureRecognizer(UIPanGestureRecognizer(target: self, action: Scene.pan))
            let tap = UITapGestureRecognizer(target: self, action: Scene.tap)
            square.addGestureRecognizer(tap)
        }

        func pan(_ pan: UIPanGestureRecognizer) {
            let move = pan.translation(in: window)
            square.center = CGPoint(x: square.center.x + move.x, y: square.center.y + move.y)
            pan.setTranslation(.zero, in: window)
        }

        func tap(_ tap: UITapGestureRecognizer) {
            taps += 1
        }
    }


    /// A drag of the square 100 points right, a pause, and a tap on it.
    private var dragThenTap: TouchRecording {
        var events: [TouchRecording.Event] = [.touches([TouchSample.finger(1, .began, 60, 60, at: 0.5, device: 4)])]
        for step in 1...10 {
            events.append(.touches([TouchSample.finger(1, .moved, 60 + CGFloat(step) * 10, 60, at: 0.5 + Double(step) * 0.016, device: 4)]))
        }
        events.append(.touches([TouchSample.finger(1, .ended, 160, 60, at: 0.7, device: 4)]))
        events.append(.touches([TouchSample.finger(2, .began, 160, 60, at: 1.5, device: 4)]))
        events.append(.touches([TouchSample.finger(2, .ended, 160, 60, at: 1.55, device: 4)]))
        return TouchRecording(header: TouchRecording.Header(size: CGSize(width: 320, height: 240), app: "test"), events: events)
    }

    func testAReplayStepsOnTheManualClock() async {
        let scene = Scene()
        let replay = TouchReplay(recording: dragThenTap, window: scene.window, clock: clock)
        XCTAssertEqual(replay.startTime, 100)
        replay.play(until: 0.4)
        XCTAssertEqual(scene.square.messages, [])
        XCTAssertEqual(clock.now, 100.4)
        replay.step()
        XCTAssertEqual(scene.square.messages, ["began"])
        XCTAssertEqual(clock.now, 100.5, "the clock moves to the event's time")
        replay.play(until: 0.7)
        XCTAssertEqual(scene.square.center, CGPoint(x: 160, y: 60), "the pan moved it by the fingers' 100 points")
        XCTAssertEqual(scene.taps, 0)
        replay.playToEnd()
        XCTAssertEqual(scene.taps, 1)
        XCTAssertTrue(replay.isFinished)
        XCTAssertEqual(replay.cancelledAtEnd, [])
        XCTAssertNil(replay.endNote)
    }

    /// Delayed calls falling due in a gap between recorded events run at their own
    /// deadlines, and one they schedule in the same gap too, as in a live run.
    func testDelayedCallsInAGapRunAtTheirOwnDeadlines() async {
        let scene = Scene()
        let replay = TouchReplay(recording: dragThenTap, window: scene.window, clock: clock)
        var ran: [String] = []
        UIApplication.shared.schedule(afterDelay: 0.15) {
            ran.append(String(format: "hold t=%.2f", CACurrentMediaTime()))
            UIApplication.shared.schedule(afterDelay: 0.1) { ran.append(String(format: "chained t=%.2f", CACurrentMediaTime())) }
        }
        replay.play(until: 0.4)
        XCTAssertEqual(ran, ["hold t=100.15", "chained t=100.25"])
        XCTAssertEqual(clock.now, 100.4)
    }

    func testTwoReplaysOfOneFileGiveIdenticalTracesAndFrames() async throws {
        let text = TouchRecordingFormat.text(of: dragThenTap)
        func replayOnce() throws -> (trace: [String], pixels: [UInt8], messages: [String]) {
            clock.now = 100
            TestApplication.next()
            GestureTrace.clear()
            let scene = Scene()
            let replay = TouchReplay(recording: try TouchRecordingReader.read(text).recording, window: scene.window, clock: clock)
            replay.play(until: 0.6)
            let frame = LayerSnapshot.frameBuffer(of: scene.window.layer)
            let pixels = [UInt8](UnsafeRawBufferPointer(start: frame.pixels, count: frame.stride * frame.pixelHeight))
            replay.playToEnd()
            return (Self.numberedByAppearance(GestureTrace.lines), pixels, scene.square.messages)
        }
        let first = try replayOnce(), second = try replayOnce()
        XCTAssertFalse(first.trace.isEmpty)
        XCTAssertEqual(first.trace, second.trace)
        XCTAssertEqual(first.messages, second.messages)
        XCTAssertTrue(first.pixels == second.pixels, "the frame mid-drag is identical")
    }

    /// The lines with each recognizer's process-wide serial number (`#12`) replaced by
    /// its order of first appearance (`#1`), so two runs in one process compare.
    private static func numberedByAppearance(_ lines: [String]) -> [String] {
        var order: [Substring: Int] = [:]
        return lines.map { line in
            var result = "", rest = line[...]
            while let hash = rest.firstIndex(of: "#") {
                result += rest[...hash]
                let digits = rest[rest.index(after: hash)...].prefix { $0.isNumber }
                let number = order[digits] ?? (order.count + 1)
                order[digits] = number
                result += String(number)
                rest = rest[digits.endIndex...]
            }
            return result + rest
        }
    }

    func testFingersLeftDownAtTheEndAreCancelledWhereTheyWere() async {
        let scene = Scene()
        let unfinished = TouchRecording(header: dragThenTap.header, events: [
            .touches([TouchSample.finger(1, .began, 60, 60, at: 0, device: 4)]),
            .touches([TouchSample.finger(1, .moved, 62, 60, at: 0.1, device: 4)]),
        ])
        var delivered: [[TouchSample]] = []
        let replay = TouchReplay(recording: unfinished, clock: clock) { batch in
            delivered.append(batch)
            scene.window.inject(batch)
        }
        replay.playToEnd()
        XCTAssertEqual(scene.square.messages, ["began", "moved", "cancelled"])
        XCTAssertEqual(replay.cancelledAtEnd, [TouchSample.ID(device: 4, number: 1)])
        XCTAssertEqual(delivered.last, [TouchSample.finger(1, .cancelled, 62, 60, at: 100.1, device: 4)])
        XCTAssertEqual(replay.endNote, "the recording left 1 finger down at its end; cancelled it")
        XCTAssertEqual(replay.summary, "replay finished: 2 events; the recording left 1 finger down at its end; cancelled it")
        replay.finish()
        XCTAssertEqual(delivered.count, 3, "finishing twice cancels once")
    }

    /// SIGTERM during a replay finishes it early: that is said, not "finished".
    func testAReplayEndedEarlySaysItWasInterruptedAndWhere() async {
        let scene = Scene()
        let replay = TouchReplay(recording: dragThenTap, clock: clock) { scene.window.inject($0) }
        replay.step()
        replay.step()
        replay.finish()
        XCTAssertFalse(replay.playedEveryEvent)
        XCTAssertEqual(replay.summary, "replay interrupted after 2 of \(dragThenTap.events.count) events, at \(String(format: "%.6f", dragThenTap.events[1].time)) s of \(String(format: "%.6f", dragThenTap.duration)) s; 1 finger was down; cancelled it")
    }

    func testKeysGoToOnKeyAndSpeedScalesTime() async {
        let recording = TouchRecording(header: dragThenTap.header, events: [
            .key(TouchRecording.Key(keysym: 0x73, text: "s"), time: 1),
            .touches([TouchSample.finger(1, .began, 5, 5, at: 2, device: 4), TouchSample.finger(2, .began, 9, 9, at: 2, device: 4)]),
            .touches([TouchSample.finger(1, .ended, 5, 5, at: 3, device: 4), TouchSample.finger(2, .ended, 9, 9, at: 3, device: 4)]),
        ])
        var keys: [String] = []
        var batches: [[TouchSample]] = []
        let replay = TouchReplay(recording: recording, clock: clock, speed: 2) { batches.append($0) }
        replay.onKey = { keys.append($0.text) }
        replay.step()
        XCTAssertEqual(keys, ["s"])
        XCTAssertEqual(clock.now, 100.5, "at twice the speed, 1 s in is half a second in")
        replay.playToEnd()
        XCTAssertEqual(batches.map { $0.map(\.timestamp) }, [[101, 101], [101.5, 101.5]], "batches stay whole")
    }
}
