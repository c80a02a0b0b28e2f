import CairoRenderer
import TouchRecording
import TouchTestSupport
import UIKit
import XCTest

/// `RecordingReexecution`: a recording re-executed from its start to any instant, forwards
/// and backwards, gives the same pixels, states and app log as a run straight to that
/// instant, over a drag with an interrupted spring and a fling; an app that reads the
/// wall clock is caught by the layer-tree digest.
@MainActor
final class RecordingReexecutionTests: XCTestCase {
    override func tearDown() async throws {
        TestApplication.end()
    }

    /// The app: a square a pan drags, which springs home when let go (a new drag
    /// interrupts the spring), and a list that flings. Its log says what it did, and
    /// when, on its clock.
    private final class PlayWindow: UIWindow {
        let square = UIView(frame: CGRect(x: 20, y: 20, width: 80, height: 80))
        let list = UIScrollView(frame: CGRect(x: 0, y: 240, width: 320, height: 240))
        var log: [String] = []
        /// The app's time when the window was made: the run's time 0.
        let born = CACurrentMediaTime()
        /// Read by the square's drag: the wall clock, which no replay can repeat.
        var readsWallClock = false
        private var grabbedAt = CGPoint.zero

        init() {
            super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            backgroundColor = .white
            square.backgroundColor = .systemOrange
            addSubview(square)
            list.contentSize = CGSize(width: 320, height: 4000)
            for row in 0..<50 {
                let stripe = UIView(frame: CGRect(x: 0, y: CGFloat(row) * 80, width: 320, height: 40))
                stripe.backgroundColor = row.isMultiple(of: 2) ? .systemBlue : .systemGreen
                list.addSubview(stripe)
            }
            addSubview(list)
            let pan = UIPanGestureRecognizer()
            pan.addAction { [unowned self] sender in dragged(sender as! UIPanGestureRecognizer) }
            square.addGestureRecognizer(pan)
        }

        required init?(coder: NSCoder) { nil }

        private func dragged(_ pan: UIPanGestureRecognizer) {
            let stamp = String(format: "%.3f", CACurrentMediaTime() - born)
            switch pan.state {
            case .began:
                // Grabbed mid-spring: it stays where it is drawn.
                square.layer.removeAllAnimations()
                if let drawn = square.layer.presentation()?.position { square.center = drawn }
                grabbedAt = square.center
                log.append("grab \(stamp)")
            case .changed:
                let moved = pan.translation(in: self)
                square.center = CGPoint(x: grabbedAt.x + moved.x, y: grabbedAt.y + moved.y)
                if readsWallClock { square.alpha = 0.5 + 0.5 * CGFloat(Date().timeIntervalSince1970.truncatingRemainder(dividingBy: 1)) }
            case .ended, .cancelled:
                log.append("let go \(stamp)")
                UIView.animate(withDuration: 1.5, delay: 0, usingSpringWithDamping: 0.9, initialSpringVelocity: 0,
                               options: [.allowUserInteraction], animations: { self.square.center = CGPoint(x: 60, y: 60) },
                               completion: { [unowned self] finished in
                    log.append("home \(finished) \(String(format: "%.3f", CACurrentMediaTime() - born))")
                })
            default: break
            }
        }
    }

    /// Drag the square right (0–0.3 s), let go: it springs; grab it mid-spring (0.5 s),
    /// drag down, let go; then fling the list up (1.2–1.3 s) and let it coast.
    private static let recording: TouchRecording = {
        var events: [TouchRecording.Event] = []
        func stroke(_ number: UInt32, from start: CGPoint, to end: CGPoint, at time: TimeInterval, duration: TimeInterval, steps: Int) {
            events.append(.touches([.finger(number, .began, start.x, start.y, at: time, device: 2)]))
            for step in 1...steps {
                let f = CGFloat(step) / CGFloat(steps)
                let point = CGPoint(x: start.x + (end.x - start.x) * f, y: start.y + (end.y - start.y) * f)
                events.append(.touches([.finger(number, .moved, point.x, point.y, at: time + duration * Double(f), device: 2)]))
            }
            events.append(.touches([.finger(number, .ended, end.x, end.y, at: time + duration + 0.01, device: 2)]))
        }
        stroke(1, from: CGPoint(x: 60, y: 60), to: CGPoint(x: 260, y: 80), at: 0, duration: 0.3, steps: 12)
        // Where the model is (UIKit hit-tests it): home, while the spring is drawn on its way.
        stroke(2, from: CGPoint(x: 60, y: 60), to: CGPoint(x: 100, y: 200), at: 0.5, duration: 0.25, steps: 10)
        stroke(3, from: CGPoint(x: 160, y: 460), to: CGPoint(x: 160, y: 280), at: 1.2, duration: 0.1, steps: 6)
        // A last touch well after, so the recording lasts while the list coasts.
        events.append(.touches([.finger(4, .began, 10, 200, at: 3.5, device: 2)]))
        events.append(.touches([.finger(4, .ended, 10, 200, at: 3.55, device: 2)]))
        return TouchRecording(header: TouchRecording.Header(size: CGSize(width: 320, height: 480), app: "test"), events: events)
    }()

    /// What the app shows and did at the re-execution's instant: its pixels, the square's
    /// drawn frame, the list's offset, and its log.
    private struct Seen {
        var pixels: FrameBuffer
        var square: CGRect
        var offset: CGPoint
        var log: [String]
    }

    private func seen(_ replay: RecordingReexecution) throws -> Seen {
        let window = try XCTUnwrap(replay.window as? PlayWindow)
        let pixels = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        let renderer = LayerRenderer()
        replay.application.animationEngine.holdingTime {
            pixels.draw { canvas in renderer.render(window.layer, in: canvas) }
        }
        return Seen(pixels: pixels, square: window.square.layer.presentation()?.frame ?? .null,
                    offset: window.list.contentOffset, log: window.log)
    }

    private func makeReplay() -> RecordingReexecution {
        RecordingReexecution(recording: Self.recording, digestInterval: 6) { _ in PlayWindow() }
    }

    func testScrubbingForwardsAndBackwardsGivesWhatARunStraightToTheInstantGives() async throws {
        let instants: [TimeInterval] = [0.2, 0.65, 1.5, 0.4, 2.25, 0.55, 3.0, 1.31]
        // Each instant reached by a run of its own, straight from the start (each run
        // makes its app anew, hiding the one before: so all of them first).
        var straight: [TimeInterval: Seen] = [:]
        for instant in Set(instants) {
            let replay = makeReplay()
            try replay.run(to: instant)
            straight[instant] = try seen(replay)
        }
        let scrubbed = makeReplay()
        var sawSpringInterrupted = false, sawCoasting = false
        for instant in instants {
            try scrubbed.run(to: instant)
            XCTAssertEqual(scrubbed.time, instant)
            let got = try seen(scrubbed)
            let expected = try XCTUnwrap(straight[instant])
            XCTAssertEqual(got.pixels.largestChannelDifference(from: expected.pixels), 0, "pixels at \(instant)")
            XCTAssertEqual(got.square, expected.square, "the square at \(instant)")
            XCTAssertEqual(got.offset, expected.offset, "the list at \(instant)")
            XCTAssertEqual(got.log, expected.log, "the app's log at \(instant)")
            if got.log.contains(where: { $0.hasPrefix("home false") }) { sawSpringInterrupted = true }
            if instant == 1.5, got.offset.y > 0 { sawCoasting = true }
        }
        XCTAssertTrue(sawSpringInterrupted, "the first spring was interrupted by the grab at 0.5 s: \(straight[0.65]?.log ?? [])")
        XCTAssertTrue(sawCoasting, "the list was flung")
        XCTAssertEqual(scrubbed.runs, 4, "three steps back made the app anew three times")
        XCTAssertNil(scrubbed.divergence)
    }

    /// A window of the tools over the app: not the app's, so a run leaves it shown, and a
    /// finger on it goes on through every run.
    private final class ToolWindow: UIWindow {
        private final class Pad: UIView {
            var log: [String] = []
            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("began") }
            override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { log.append("cancelled") }
        }
        private let pad = Pad()
        var log: [String] { pad.log }
        override init(frame: CGRect) {
            super.init(frame: frame)
            isSystemWindow = true
            windowLevel = UIWindow.Level(1_000)
            pad.frame = bounds
            addSubview(pad)
        }
        required init?(coder: NSCoder) { nil }
    }

    func testOnTheRunningAppScrubbingGivesWhatAnOwnedRunGivesAndLeavesTheToolsFingerAlone() async throws {
        let instants: [TimeInterval] = [0.65, 1.5, 0.4, 2.25, 0.55]
        var straight: [TimeInterval: Seen] = [:]
        for instant in Set(instants) {
            let replay = makeReplay()
            try replay.run(to: instant)
            straight[instant] = try seen(replay)
        }
        TestApplication.begin(clockAt: 500)
        let application = UIApplication.shared
        let tools = ToolWindow(frame: CGRect(x: 0, y: 440, width: 320, height: 40))
        tools.makeKeyAndVisible()
        tools.inject([.finger(9, .began, 100, 20, at: 500, device: 2)])  // window points
        XCTAssertEqual(tools.log, ["began"])
        let stage = LiveReexecutionStage(application: application) { _ in PlayWindow() }
        let scrubbed = RecordingReexecution(recording: Self.recording, stage: stage, digestInterval: 6)
        for instant in instants {
            try scrubbed.run(to: instant)
            let got = try seen(scrubbed)
            let expected = try XCTUnwrap(straight[instant])
            // Its time line starts at another instant (500 s, not 1,000 s): the same to the
            // pixel, and to rounding in the values.
            XCTAssertEqual(got.pixels.largestChannelDifference(from: expected.pixels), 0, "pixels at \(instant)")
            XCTAssertEqual(got.square.minX, expected.square.minX, accuracy: 1e-6, "the square at \(instant)")
            XCTAssertEqual(got.square.minY, expected.square.minY, accuracy: 1e-6, "the square at \(instant)")
            XCTAssertEqual(got.offset.y, expected.offset.y, accuracy: 1e-6, "the list at \(instant)")
            XCTAssertEqual(got.log, expected.log, "the app's log at \(instant)")
            XCTAssertTrue(scrubbed.application === application, "the running app, made anew in place")
        }
        XCTAssertEqual(scrubbed.runs, 3)
        XCTAssertNil(scrubbed.divergence, "every run starts from the same instant: the digests agree bit for bit")
        XCTAssertTrue(application.isTimeFrozen, "the timeline owns the app's time")
        XCTAssertFalse(tools.isHidden)
        XCTAssertEqual(tools.log, ["began"], "the tools' finger was never cancelled")
        XCTAssertEqual(application.visibleWindows.filter { $0 is PlayWindow }.count, 1, "one app window shows: the last run's")
    }

    /// Counts its display link's firings, and shows the count as its width.
    private final class LinkCountingWindow: UIWindow {
        var firings: [CFTimeInterval] = []
        private var link: CADisplayLink?
        init() {
            super.init(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
            let link = CADisplayLink { [unowned self] link in firings.append(link.timestamp) }
            link.add(to: UIApplication.shared.animationEngine)
            self.link = link
        }
        required init?(coder: NSCoder) { nil }
        isolated deinit { link?.invalidate() }
    }

    /// Stopping between two frames fires no display link there: a run stopped off the
    /// grid and run on is a run straight through, firing for firing.
    func testStoppingBetweenFramesChangesNothingAfter() async throws {
        func firings(stoppingAt stops: [TimeInterval]) throws -> [CFTimeInterval] {
            let replay = RecordingReexecution(recording: Self.recording) { _ in LinkCountingWindow() }
            for stop in stops { try replay.run(to: stop) }
            let window = try XCTUnwrap(replay.window as? LinkCountingWindow)
            return window.firings.map { ($0 - window.firings[0]) }
        }
        let straight = try firings(stoppingAt: [1.0])
        XCTAssertEqual(straight.count, 60, "a firing a frame, frames 1 to 60")
        XCTAssertEqual(try firings(stoppingAt: [0.2583, 0.5001, 0.77, 1.0]), straight)
        XCTAssertEqual(try firings(stoppingAt: [0.1 + 0.32, 1.0]), straight, "0.42 s, off the grid however it was added up")
    }

    func testAStepBackMakesTheAppAnewAndItsLogStartsAgain() async throws {
        let replay = makeReplay()
        try replay.run(to: 1.0)
        let first = try XCTUnwrap(replay.window as? PlayWindow)
        XCTAssertEqual(first.log.first, "grab 0.025", "the pan began 10 pt in")
        try replay.run(to: 0.25)
        let second = try XCTUnwrap(replay.window as? PlayWindow)
        XCTAssertFalse(first === second, "a new window in a new application")
        XCTAssertFalse(first.application === second.application)
        XCTAssertEqual(second.log, ["grab 0.025"], "only what happened up to 0.25 s")
        XCTAssertTrue(first.isHidden, "the old run's window is hidden, letting its app go")
    }

    func testAnAppThatReadsTheWallClockIsCaughtByTheDigestAndOffersForwardOnly() async throws {
        var firstWindow: PlayWindow?
        let replay = RecordingReexecution(recording: Self.recording, digestInterval: 6) { _ in
            let window = PlayWindow()
            window.readsWallClock = true
            if firstWindow == nil { firstWindow = window }
            return window
        }
        try replay.run(to: 1.0)
        // The wall clock moves on between the runs.
        usleep(13_000)
        XCTAssertThrowsError(try replay.run(to: 0.6)) { error in
            let divergence = error as? RecordingReexecution.Divergence
            XCTAssertNotNil(divergence)
            XCTAssertEqual(divergence?.layer, "PlayWindow \u{203A} UIView", "the square, whose alpha read the date")
            XCTAssertTrue(divergence?.description.hasPrefix("did not replay the same from t=0.") ?? false, divergence?.description ?? "")
        }
        XCTAssertFalse(replay.canRunBackwards)
        XCTAssertThrowsError(try replay.run(to: 0.05), "backwards refused")
        XCTAssertNoThrow(try replay.run(to: 1.5), "forwards still works")
        XCTAssertEqual(replay.time, 1.5)
        XCTAssertNotNil(firstWindow)
    }

    func testInstantsBeforeTheStartAreTheStartAndPastTheEndTheAppGoesOnWithoutInput() async throws {
        let replay = makeReplay()
        try replay.run(to: -3)
        XCTAssertEqual(replay.time, 0)
        try replay.run(to: .nan)
        XCTAssertEqual(replay.time, 0)
        try replay.runToEnd()
        XCTAssertEqual(replay.time, Self.recording.duration)
        XCTAssertEqual(replay.window.activeTouches.count, 0)
        let window = try XCTUnwrap(replay.window as? PlayWindow)
        let springing = window.log.count
        try replay.run(to: Self.recording.duration + 2)
        XCTAssertEqual(replay.time, Self.recording.duration + 2)
        XCTAssertEqual(window.log.count, springing, "no input, nothing new in the log")
    }
}
