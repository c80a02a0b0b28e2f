import CairoRenderer
import Foundation
import SandboxDebugging
import TouchRecording
import TouchTestSupport
import UIKit
import XCTest

/// The Timeline tool over a running app: a recording opened on it is scrubbed forwards
/// and backwards, each instant the app as a run straight to it in an app of its own
/// shows it; a drag of the scrubber re-executes once a turn, not once a move; the panel's
/// buttons step frames and jump between touches; an app that reads the wall clock is
/// caught and the timeline goes forwards only; the chooser lists the folder's recordings.
@MainActor
final class TimelineToolTests: XCTestCase {
    private var clock: ManualClock!
    private var runLoop: TestRunLoop!
    private var layer: DebugLayer!
    private var folder: URL!

    /// The app: a square a pan drags, springing home when let go; its log says when.
    private final class SquareWindow: UIWindow {
        let square = UIView(frame: CGRect(x: 40, y: 40, width: 80, height: 80))
        let born = CACurrentMediaTime()
        var log: [String] = []
        var readsWallClock = false
        private var grabbedAt = CGPoint.zero

        init() {
            super.init(frame: CGRect(x: 0, y: 0, width: 640, height: 480))
            backgroundColor = .white
            square.backgroundColor = .systemOrange
            addSubview(square)
            let pan = UIPanGestureRecognizer()
            pan.addAction { [unowned self] sender in dragged(sender as! UIPanGestureRecognizer) }
            square.addGestureRecognizer(pan)
        }

        required init?(coder: NSCoder) { nil }

        private func dragged(_ pan: UIPanGestureRecognizer) {
            let stamp = String(format: "%.3f", CACurrentMediaTime() - born)
            switch pan.state {
            case .began:
                grabbedAt = square.center
                log.append("grab \(stamp)")
            case .changed:
                let moved = pan.translation(in: self)
                square.center = CGPoint(x: grabbedAt.x + moved.x, y: grabbedAt.y + moved.y)
                if readsWallClock { square.alpha = 0.5 + 0.5 * CGFloat(Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)) }
            case .ended, .cancelled:
                log.append("let go \(stamp)")
                UIView.animate(withDuration: 0.8, delay: 0, usingSpringWithDamping: 0.6, initialSpringVelocity: 0, options: [],
                               animations: { self.square.center = CGPoint(x: 80, y: 80) })
            default: break
            }
        }
    }

    /// Two drags of the square: right (0–0.4 s) and, after it sprang home, down (1.5–1.8 s).
    private static let recording: TouchRecording = {
        var events: [TouchRecording.Event] = []
        func drag(_ number: UInt32, to end: CGPoint, at time: TimeInterval) {
            let start = CGPoint(x: 80, y: 80)
            events.append(.touches([.finger(number, .began, start.x, start.y, at: time, device: 2)]))
            for step in 1...12 {
                let f = CGFloat(step) / 12
                events.append(.touches([.finger(number, .moved, start.x + (end.x - start.x) * f, start.y + (end.y - start.y) * f,
                                                at: time + 0.3 * Double(f), device: 2)]))
            }
            events.append(.touches([.finger(number, .ended, end.x, end.y, at: time + 0.32, device: 2)]))
        }
        drag(1, to: CGPoint(x: 400, y: 100), at: 0.1)
        drag(2, to: CGPoint(x: 120, y: 380), at: 1.5)
        return TouchRecording(header: TouchRecording.Header(size: CGSize(width: 640, height: 480), app: "squares"), events: events)
    }()

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        runLoop = TestRunLoop(clock: clock)
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 640, height: 480)
        let first = SquareWindow()
        first.makeKeyAndVisible()
        layer = DebugLayer(configuration: DebugLayerConfiguration(tools: [.spots], showsHandle: false))
        layer.attach(to: first)
        layer.timelineRelaunch = { _, _ in SquareWindow() }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("timeline-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        layer.recordingsFolder = folder
    }

    override func tearDown() async throws {
        layer.closeTimeline()
        layer.detach()
        runLoop.invalidate()
        try? FileManager.default.removeItem(at: folder)
        TestApplication.end()
        UIScreen.main.bounds = CGRect(x: 0, y: 0, width: 1024, height: 768)
    }

    /// The app's window drawn alone.
    private func pixels(of window: UIWindow) -> FrameBuffer {
        let buffer = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        let renderer = LayerRenderer()
        window.application.animationEngine.holdingTime {
            buffer.draw { canvas in renderer.render(window.layer, in: canvas) }
        }
        return buffer
    }

    private var timeline: RecordingTimeline {
        get throws { try XCTUnwrap(layer.timeline) }
    }

    private var app: SquareWindow {
        get throws { try XCTUnwrap(layer.timeline?.reexecution.window as? SquareWindow) }
    }

    func testEachInstantScrubbedToIsWhatARunStraightToItShowsForwardsAndBackwards() async throws {
        let instants: [TimeInterval] = [0.3, 1.2, 0.6, 1.75, 0.05, 1.8]
        var straight: [TimeInterval: (pixels: FrameBuffer, log: [String])] = [:]
        for instant in Set(instants) {
            let replay = RecordingReexecution(recording: Self.recording) { _ in SquareWindow() }
            try replay.run(to: instant)
            let window = try XCTUnwrap(replay.window as? SquareWindow)
            straight[instant] = (pixels(of: window), window.log)
        }
        TestApplication.next()
        try await setUp()
        XCTAssertTrue(layer.openTimeline(Self.recording, name: "squares"))
        XCTAssertTrue(UIApplication.shared.isTimeFrozen, "the timeline owns the app's time")
        XCTAssertEqual(layer.view.timeline.titleLabel.text, "squares \u{B7} 0.000 s of 1.820 s")
        for instant in instants {
            try timeline.show(instant)
            let expected = try XCTUnwrap(straight[instant])
            XCTAssertEqual(pixels(of: try app).largestChannelDifference(from: expected.pixels), 0, "pixels at \(instant)")
            XCTAssertEqual(try app.log, expected.log, "the app's log at \(instant)")
            XCTAssertTrue(layer.overlays.window === (try app), "the overlays follow the app made anew")
        }
        XCTAssertEqual(try timeline.reexecution.runs, 3, "three steps back")
        XCTAssertEqual(UIApplication.shared.visibleWindows.filter { $0 is SquareWindow }.count, 1)
    }

    /// The app at the instant is the real app: Inspect picks its views where they stand.
    func testInspectWorksOnTheAppAtTheInstantShown() async throws {
        layer.openTimeline(Self.recording, name: "squares")
        try timeline.show(1.0)
        try timeline.show(0.42)
        let square = try app.square
        XCTAssertEqual(square.center.x, 80 + 320, accuracy: 1e-6, "dragged 320 pt right by the recording")
        layer.set(.inspect, on: true)
        layer.inspect(at: square.convert(CGPoint(x: 40, y: 40), to: nil))
        XCTAssertTrue(layer.inspection?.view === square, "the square of the run shown, made anew for the step back")
    }

    /// A step back drops what the app had under way, ignoring interaction events
    /// included, and keeps what the user set: slow animations.
    func testAStepBackDropsTheAppsPendingWorkAndKeepsSlowAnimations() async throws {
        layer.timelineRelaunch = { application, _ in
            let window = SquareWindow()
            // The app ignores touches for a while after it launches.
            application.beginIgnoringInteractionEvents()
            application.schedule(afterDelay: 0.3) { application.endIgnoringInteractionEvents() }
            return window
        }
        layer.set(.slow, on: true)
        layer.openTimeline(Self.recording, name: "squares")
        try timeline.show(0.2)
        XCTAssertTrue(UIApplication.shared.isIgnoringInteractionEvents)
        try timeline.show(0.1)
        XCTAssertTrue(UIApplication.shared.isIgnoringInteractionEvents, "made anew: ignoring from its launch again, once")
        try timeline.show(0.5)
        XCTAssertFalse(UIApplication.shared.isIgnoringInteractionEvents, "and its end ran at 0.3 s")
        XCTAssertTrue(layer.isOn(.slow), "slow animations stay on across runs")
        XCTAssertEqual(UIApplication.shared.animationEngine.animationSpeed, 0.1)
    }

    /// While the timeline holds the app's time, Freeze, Step and Speed say so and change
    /// nothing; the replayed finger's spot keeps its trail on the host's clock.
    func testTheTimelineHoldsTheAppsTimeAndTheOverlaysKeepTheirs() async throws {
        layer.openTimeline(Self.recording, name: "squares")
        try timeline.show(0.3)
        let held = try timeline.time
        layer.perform(.freeze)
        layer.step(frames: 10)
        layer.appSpeed = 0.25
        XCTAssertEqual(layer.view.status.text, "The timeline holds the app's time: close it to freeze, step or change the speed")
        XCTAssertEqual(try timeline.time, held)
        XCTAssertEqual(UIApplication.shared.timeSpeed, 1)
        XCTAssertTrue(UIApplication.shared.isTimeFrozen)
        let spot = try XCTUnwrap(layer.overlays.spots.spots.first, "the recorded finger is down at 0.3 s")
        XCTAssertGreaterThan(spot.trail.count, 1, "its trail shows: stamped now on the host's clock, not long expired")
    }

    func testADragOfTheScrubberReExecutesOnceATurnAtTheLatestInstant() async throws {
        layer.openTimeline(Self.recording, name: "squares")
        try timeline.show(1.8)
        for tenths in (2...17).reversed() { try timeline.scrub(to: Double(tenths) / 10) }
        XCTAssertEqual(try timeline.time, 1.8, "nothing until the run loop turns")
        runLoop.advance(0)
        XCTAssertEqual(try timeline.time, 0.2, accuracy: 1e-9)
        XCTAssertEqual(try timeline.reexecution.runs, 2, "sixteen moves, one step back")
        XCTAssertEqual(layer.view.timeline.titleLabel.text, "squares \u{B7} 0.200 s of 1.820 s")
    }

    func testTheButtonsStepFramesAndJumpBetweenTouchEvents() async throws {
        layer.openTimeline(Self.recording, name: "squares")
        let panel = layer.view.timeline
        XCTAssertEqual(try timeline.marks.map { ($0.time * 1000).rounded() }, [100, 420, 1500, 1820])
        XCTAssertEqual(try timeline.marks.map(\.isBegin), [true, false, true, false])
        panel.nextTouchButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(try timeline.time, 0.1)
        panel.nextTouchButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(try timeline.time, 0.42, accuracy: 1e-9)
        XCTAssertEqual(try app.log, ["grab 0.125", "let go 0.420"], "the pan began 10 pt in")
        panel.frameOnButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(try timeline.time, 26.0 / 60, accuracy: 1e-9, "the next frame on the grid")
        panel.frameBackButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(try timeline.time, 25.0 / 60, accuracy: 1e-9)
        panel.previousTouchButton.sendActions(for: .touchUpInside)
        XCTAssertEqual(try timeline.time, 0.1)
        XCTAssertEqual(try app.log, [], "before the pan began")
        panel.playButton.sendActions(for: .touchUpInside)
        XCTAssertTrue(try timeline.isPlaying)
        XCTAssertEqual(panel.playButton.title(for: .normal), "Pause")
        runLoop.frames(0.5)
        XCTAssertEqual(try timeline.time, 0.6, accuracy: 1.5 / 60, "half a second of play, in real time")
        panel.playButton.sendActions(for: .touchUpInside)
        XCTAssertFalse(try timeline.isPlaying)
        panel.closeButton.sendActions(for: .touchUpInside)
        XCTAssertNil(layer.timeline)
        XCTAssertTrue(panel.isHidden)
        XCTAssertTrue(UIApplication.shared.isTimeFrozen, "closed, the app stays at the instant, frozen")
        XCTAssertFalse(layer.view.timeStrip.isHidden, "and the time strip resumes it from there")
    }

    func testAnAppThatReadsTheWallClockIsCaughtAndTheTimelineGoesForwardsOnly() async throws {
        layer.timelineRelaunch = { _, _ in
            let window = SquareWindow()
            window.readsWallClock = true
            return window
        }
        layer.openTimeline(Self.recording, name: "squares")
        try timeline.show(1.0)
        usleep(13_000)
        try timeline.show(0.6)
        let message = try XCTUnwrap(try timeline.message)
        XCTAssertTrue(message.hasPrefix("did not replay the same from t=0."), message)
        XCTAssertTrue(message.hasSuffix("SquareWindow \u{203A} UIView"), message)
        XCTAssertEqual(layer.view.timeline.messageLabel.text, message)
        XCTAssertFalse(layer.view.timeline.frameBackButton.isEnabled)
        XCTAssertFalse(layer.view.timeline.previousTouchButton.isEnabled)
        let stoppedAt = try timeline.time
        try timeline.show(0.05)
        XCTAssertEqual(try timeline.time, stoppedAt, "backwards refused")
        try timeline.show(1.7)
        XCTAssertEqual(try timeline.time, 1.7, "forwards still")
    }

    func testTheChooserListsTheFoldersRecordingsAndOpensOne() async throws {
        try TouchRecordingFormat.text(of: Self.recording).write(to: folder.appendingPathComponent("b-squares.touches"), atomically: true, encoding: .utf8)
        try "not a recording\n".write(to: folder.appendingPathComponent("a-notes.touches"), atomically: true, encoding: .utf8)
        try "ignored\n".write(to: folder.appendingPathComponent("readme.txt"), atomically: true, encoding: .utf8)
        layer.perform(.timeline)
        let panel = layer.view.timeline
        XCTAssertFalse(panel.isHidden)
        XCTAssertTrue(layer.isOn(.timeline))
        XCTAssertEqual(panel.recordingButtons.map { $0.title(for: .normal) }, ["a-notes.touches", "b-squares.touches"])
        XCTAssertEqual(panel.titleLabel.text, "Open a recording to scrub through")
        panel.recordingButtons[0].sendActions(for: .touchUpInside)
        XCTAssertNil(layer.timeline)
        XCTAssertFalse(layer.view.status.isHidden)
        XCTAssertFalse((layer.view.status.text ?? "").contains("\n"), "one line: \(layer.view.status.text ?? "")")
        panel.recordingButtons[1].sendActions(for: .touchUpInside)
        XCTAssertEqual(layer.timeline?.name, "b-squares.touches")
        XCTAssertEqual(panel.titleLabel.text, "b-squares.touches \u{B7} 0.000 s of 1.820 s")
    }

    func testWithoutAWayToMakeTheAppAnewTheToolSaysSoAndOpensNothing() async throws {
        layer.timelineRelaunch = nil
        layer.perform(.timeline)
        XCTAssertTrue(layer.view.timeline.isHidden)
        XCTAssertEqual(layer.view.status.text, "The timeline makes the app anew for every step back: start it through UIApplicationMain")
        XCTAssertFalse(layer.openTimeline(Self.recording))
        XCTAssertEqual(try DebugLayerConfiguration(parsing: "timeline")?.tools, [.timeline])
    }

    /// The panel at the smallest, a middling and the largest window: every button
    /// finger-sized and inside it, the scrubber 44 points tall, the type 13 pt or more.
    func testThePanelFitsFingerSizedAtEverySize() async throws {
        for size in [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)] {
            layer.closeTimeline()
            UIScreen.main.bounds = CGRect(origin: .zero, size: size)
            layer.window.frame = UIScreen.main.bounds
            layer.openTimeline(Self.recording, name: "squares")
            try timeline.show(0.42)
            layer.setToolbarVisible(true)
            layer.window.layoutIfNeeded()
            let view = layer.view
            let panel = view.timeline.frame
            XCTAssertTrue(view.bounds.contains(panel), "\(size)")
            XCTAssertLessThanOrEqual(panel.maxY, view.toolbar.frame.minY, "\(size)")
            XCTAssertGreaterThanOrEqual(view.timeline.track.frame.height, 44)
            for button in view.timeline.controlButtons {
                let frame = button.convert(button.bounds, to: view)
                XCTAssertGreaterThanOrEqual(frame.height, 44, "\(size)")
                XCTAssertGreaterThanOrEqual(frame.width, 44, "\(size)")
                XCTAssertTrue(panel.contains(frame), "\(size): \(button.title(for: .normal) ?? "")")
                XCTAssertGreaterThanOrEqual(button.titleLabel?.font.pointSize ?? 0, 13)
            }
            XCTAssertTrue(view.timeStrip.isHidden, "the timeline says where time stands itself")
            if let out = ProcessInfo.processInfo.environment["TIMELINE_PICTURES"] {
                try layer.snapshot(scale: 1).writePNG(to: URL(fileURLWithPath: out).appendingPathComponent("timeline-\(Int(size.width)).png"))
            }
        }
    }
}
