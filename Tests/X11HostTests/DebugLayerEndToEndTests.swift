import CairoRenderer
import Foundation
import HeadlessXorg
import SandboxDebugging
import TouchRecording
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// An app of one's own, started as `UIApplicationMain` starts it, with the debug layer
/// on, driven by real touches on the headless server: the spots and the hit-view
/// outline appear over it, the handle summons the toolbar and its buttons work by
/// touch, and the app's own touches are exactly what they are without the layer.
final class DebugLayerEndToEndTests: XCTestCase {
    @MainActor
    private static func launch(_ configuration: DebugLayerConfiguration?) throws
        -> (HeadlessXorg, X11ApplicationRunner, X11ApplicationRunnerTests.Delegate, () -> Int, () -> FrameBuffer?) {
        let server = try HeadlessXorg.shared()
        let runner = X11ApplicationRunner(options: X11Host.Options(
            display: server.display, size: CGSize(width: 640, height: 480), debugLayer: configuration))
        let recorder = BatchRecorder()
        let watcher = FrameWatcher()
        var lastFrame: FrameBuffer?
        watcher.onFrame = { _, host in lastFrame = host.currentFrame }
        runner.configureHost = { host, _ in
            host.addInputFilter(recorder)
            host.addFrameStage(watcher)
        }
        let delegate = X11ApplicationRunnerTests.Delegate()
        runner.launch(delegate: delegate)
        return (server, runner, delegate, { recorder.batches.count }, { lastFrame })
    }

    private static func pixel(_ frame: FrameBuffer?, _ point: CGPoint) -> UInt32? {
        frame.map { $0.pixels.load(fromByteOffset: Int(point.y) * $0.stride + Int(point.x) * 4, as: UInt32.self) }
    }

    @MainActor
    private static func center(of view: UIView) -> CGPoint {
        let frame = view.convert(view.bounds, to: nil)
        return CGPoint(x: frame.midX.rounded(), y: frame.midY.rounded())
    }

    func testSpotsAndTheHitViewOutlineShowOverAnAppOfOnesOwn() throws {
        try onMainActor {
            let (server, runner, delegate, batches, frame) = try Self.launch(DebugLayerConfiguration(tools: [.spots, .hitViews]))
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            XCTAssertTrue(layer.isOn(.spots) && layer.isOn(.hitViews) && !layer.isOn(.gestures))
            XCTAssertFalse(layer.isToolbarVisible)
            XCTAssertTrue(runLoop { frame() != nil })
            let before = Self.pixel(frame(), CGPoint(x: 200, y: 150))

            try server.touchscreen.touches([(1, .begin, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { batches() == 1 && Self.pixel(frame(), CGPoint(x: 200, y: 150)) != before },
                          "the spot under the finger")
            // The hit view (the recording view, 100…400 × 50…250) outlined: its left edge.
            XCTAssertTrue(runLoop { Self.pixel(frame(), CGPoint(x: 100, y: 150)) != Self.pixel(frame(), CGPoint(x: 90, y: 150)) })
            XCTAssertEqual(layer.overlays.hitTest.isVisible, true)
            try server.touchscreen.touches([(1, .end, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { batches() == 2 && Self.pixel(frame(), CGPoint(x: 200, y: 150)) == before },
                          "the spot gone with the finger")
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 100.0)", "ended (100.0, 100.0)"])
        }
    }

    /// The Why tool over an app of one's own, with a hidden sibling over its view: a real
    /// finger draws its numbered walk (the hidden cover outlined in red, the hit view in
    /// the finger's colour) and lists it in the panel, and the app's touches are what
    /// they are without the tool.
    func testTheWhyToolDrawsTheWalkOverAnAppOfOnesOwn() throws {
        try onMainActor {
            let (server, runner, delegate, batches, frame) = try Self.launch(try XCTUnwrap(DebugLayerConfiguration(parsing: "why")))
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            XCTAssertTrue(layer.isOn(.why))
            // The recording view is 100…400 × 50…250; the cover 120…420 × 70…270, hidden.
            let cover = UIView(frame: CGRect(x: 120, y: 70, width: 300, height: 200))
            cover.backgroundColor = .systemRed
            cover.isHidden = true
            try XCTUnwrap(delegate.window).addSubview(cover)
            XCTAssertTrue(runLoop { frame() != nil })
            let before = Self.pixel(frame(), CGPoint(x: 120, y: 200))

            try server.touchscreen.touches([(4, .begin, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { batches() == 1 && layer.overlays.why.walk != nil })
            let walk = try XCTUnwrap(layer.overlays.why.walk)
            XCTAssertEqual(walk.marks.map(\.label), ["#3 RecordingView", "#2 hidden"])
            XCTAssertEqual(walk.rows.map(\.text), ["The tools' windows (DebugWindow) let the touch through", "#1 UIWindow: went inside",
                                                   "#2 UIView: hidden", "#3 RecordingView: hit"],
                           "the layer's own window is passed through first, in one line")
            XCTAssertTrue(runLoop { Self.pixel(frame(), CGPoint(x: 120, y: 200)) == 0xFFFF_453A },
                          "the hidden cover's left edge in red, over the app")
            XCTAssertNotEqual(before, 0xFFFF_453A)
            XCTAssertTrue(runLoop { !layer.view.why.isHidden })
            XCTAssertEqual(layer.view.why.titleLabel.text, "Why RecordingView?")
            try server.touchscreen.touches([(4, .end, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { batches() == 2 })
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 100.0)", "ended (100.0, 100.0)"], "as without the tool")
            XCTAssertNotNil(layer.overlays.why.walk, "the walk stays after the finger lifts, until the next")
        }
    }

    /// The Inspect tool over an app of one's own, by a real finger: it selects the view
    /// drawn under the finger, hidden ones included, the panel shows it, and the app gets
    /// no touch until the tool is off.
    func testInspectSelectsTheViewDrawnUnderARealFingerAndKeepsTheTouchFromTheApp() throws {
        try onMainActor {
            let (server, runner, delegate, batches, frame) = try Self.launch(try XCTUnwrap(DebugLayerConfiguration(parsing: "inspect")))
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            let cover = UIView(frame: CGRect(x: 120, y: 70, width: 300, height: 200))
            cover.layer.name = "cover"
            cover.isHidden = true
            try XCTUnwrap(delegate.window).addSubview(cover)
            XCTAssertTrue(runLoop { frame() != nil })

            try server.touchscreen.touches([(5, .begin, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { batches() == 1 && layer.inspection != nil })
            XCTAssertTrue(layer.inspection?.view === cover, "the hidden cover, by geometry")
            XCTAssertTrue(runLoop { !layer.view.inspector.isHidden })
            XCTAssertEqual(layer.view.inspector.titleLabel.text, "UIView \"cover\"")
            try server.touchscreen.touches([(5, .end, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { batches() == 2 })
            XCTAssertEqual(delegate.view.trace, [], "the app got no touch")

            layer.set(.inspect, on: false)
            try server.touchscreen.touches([(6, .begin, CGPoint(x: 200, y: 150)), (6, .end, CGPoint(x: 200, y: 150))])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 2 })
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 100.0)", "ended (100.0, 100.0)"])
        }
    }

    /// A new finger's spot is on the screen before the app has the touch (the debug
    /// layer's echo), as the next frame draws it there; without the spots there is no
    /// echo. The screen is read by another client, at the chrome stage of the input
    /// chain: after the debug layer's stage, before UIKit.
    func testANewFingersSpotIsOnScreenBeforeTheAppHasTheTouch() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, size: CGSize(width: 640, height: 480),
                debugLayer: DebugLayerConfiguration(tools: [.spots])))
            let reader = try WindowPixelReader(displayName: server.display)
            let screen = ScreenBeforeTheApp(reader: reader)
            let watcher = FrameWatcher()
            runner.configureHost = { host, _ in
                screen.window = UInt(host.window.id)
                host.addInputFilter(screen)
                host.addFrameStage(watcher)
            }
            let delegate = X11ApplicationRunnerTests.Delegate()
            runner.launch(delegate: delegate)
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            XCTAssertTrue(runLoop { watcher.frames >= 1 })
            _ = runLoop(timeout: 0.2) { false }
            // A point of the spot above its number, as the latency probe reads it.
            let touch = CGPoint(x: 200, y: 150), probe = (x: 200, y: 138)
            let before = try XCTUnwrap(screen.pixel(x: probe.x, y: probe.y))

            screen.watched = probe
            let framesBeforeTheTouch = watcher.frames
            try server.touchscreen.touches([(1, .begin, touch)])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 1 && watcher.frames > framesBeforeTheTouch })
            let echoed = try XCTUnwrap(screen.seen.last)
            XCTAssertNotEqual(echoed, before, "the spot, before UIKit had the touch")
            XCTAssertEqual(screen.pixel(x: probe.x, y: probe.y), echoed, "the frame draws the spot as the echo did")
            try server.touchscreen.touches([(1, .end, touch)])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 2 && screen.pixel(x: probe.x, y: probe.y) == before })

            let framesWithSpots = watcher.frames
            layer.set(.spots, on: false)
            XCTAssertTrue(runLoop { watcher.frames > framesWithSpots })
            _ = runLoop(timeout: 0.2) { false }
            try server.touchscreen.touches([(2, .begin, touch)])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 3 })
            XCTAssertEqual(screen.seen.count, 2)
            XCTAssertEqual(screen.seen.last, before, "no spots, no echo")
            try server.touchscreen.touches([(2, .end, touch)])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 4 })
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 100.0)", "ended (100.0, 100.0)",
                                                 "began (100.0, 100.0)", "ended (100.0, 100.0)"])
        }
    }

    /// At the chrome stage, reads what the screen shows at `watched` in every batch in
    /// which a finger lands.
    @MainActor
    private final class ScreenBeforeTheApp: InputFilter {
        let stage = InputFilterStage.chrome
        let reader: WindowPixelReader
        var window: UInt?
        var watched: (x: Int, y: Int)?
        private(set) var seen: [UInt32] = []

        init(reader: WindowPixelReader) {
            self.reader = reader
        }

        func pixel(x: Int, y: Int) -> UInt32? {
            window.flatMap { reader.pixel(of: $0, x: x, y: y) }
        }

        func filter(_ batch: [TouchSample], in host: X11Host) -> [TouchSample] {
            if let watched, batch.contains(where: { $0.phase == .began }),
               let pixel = pixel(x: watched.x, y: watched.y) {
                seen.append(pixel)
            }
            return batch
        }
    }

    func testTheHandleSummonsTheToolbarAndItsButtonsWorkByTouch() throws {
        try onMainActor {
            let (server, runner, delegate, batches, _) = try Self.launch(DebugLayerConfiguration(tools: [.spots]))
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            layer.window.layoutIfNeeded()
            let handle = Self.center(of: layer.view.handle)
            XCTAssertGreaterThanOrEqual(layer.view.handle.frame.height, 44)

            try server.touchscreen.touches([(1, .begin, handle)])
            XCTAssertTrue(runLoop { batches() == 1 })
            try server.touchscreen.touches([(1, .end, handle)])
            XCTAssertTrue(runLoop { batches() == 2 })
            XCTAssertTrue(layer.isToolbarVisible, "a tap on the handle opens the toolbar")
            XCTAssertTrue(delegate.view.trace.isEmpty, "the app saw nothing of it")

            layer.window.layoutIfNeeded()
            let spotsButton = layer.view.toolbar.buttons[0]
            XCTAssertEqual(spotsButton.currentTitle, "Spots \u{B7} S")
            XCTAssertFalse(spotsButton.isHidden || spotsButton.superview !== layer.view.toolbar)
            XCTAssertGreaterThanOrEqual(spotsButton.frame.height, 44)
            let spots = Self.center(of: spotsButton)
            try server.touchscreen.touches([(2, .begin, spots)])
            XCTAssertTrue(runLoop { batches() == 3 })
            try server.touchscreen.touches([(2, .end, spots)])
            XCTAssertTrue(runLoop { batches() == 4 })
            XCTAssertFalse(layer.isOn(.spots), "the Spots button turned the spots off")
            XCTAssertTrue(delegate.view.trace.isEmpty)
        }
    }

    /// An app of one's own frozen by its toolbar button mid-animation, by real touches on
    /// the server: the square stands where it was drawn while the host runs on, a finger
    /// where its model is reaches it (a finger where it is drawn does not), and the time
    /// strip's Step button moves it exactly one frame of app time.
    func testAnAppFrozenByItsToolbarButtonMidAnimationIsTouchedAndStepped() throws {
        try onMainActor {
            let (server, runner, _, batches, frame) = try Self.launch(try XCTUnwrap(DebugLayerConfiguration(parsing: "toolbar,frames")))
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            let window = try XCTUnwrap(layer.overlays.window)
            // Between the recording view and the time strip: a square sliding 0 → 500 pt
            // in 10 s, 50 pt/s.
            let square = TouchCountingSquare(frame: CGRect(x: 0, y: 256, width: 40, height: 40))
            square.backgroundColor = .systemGreen
            window.addSubview(square)
            UIView.animate(withDuration: 10, delay: 0, options: [.curveLinear, .allowUserInteraction],
                           animations: { square.frame.origin.x = 500 })
            XCTAssertTrue(runLoop { (square.layer.presentation()?.frame.minX ?? 0) > 20 })
            var touches = 0
            @MainActor func tap(_ point: CGPoint) throws {
                touches += 1
                let id = UInt32(10 + touches)
                try server.touchscreen.touches([(id, .begin, point)])
                XCTAssertTrue(runLoop { batches() == 2 * touches - 1 })
                try server.touchscreen.touches([(id, .end, point)])
                XCTAssertTrue(runLoop { batches() == 2 * touches })
            }
            // Freeze is past the 640-point row: More, then Freeze.
            layer.window.layoutIfNeeded()
            try tap(Self.center(of: layer.view.toolbar.moreButton))
            layer.window.layoutIfNeeded()
            let freeze = try XCTUnwrap(layer.view.toolbar.buttons.first { $0.currentTitle == "Freeze \u{B7} Z" })
            try tap(Self.center(of: freeze))
            XCTAssertTrue(layer.isFrozen, "the Freeze button froze the app")
            try tap(Self.center(of: layer.view.toolbar.moreButton))
            XCTAssertTrue(layer.view.toolbar.overflowPanel.isHidden, "More again closes the overflow")
            let heldX = try XCTUnwrap(square.layer.presentation()).frame.minX
            XCTAssertTrue(runLoop { !layer.view.timeStrip.isHidden && frame() != nil })
            XCTAssertGreaterThan(layer.view.timeStrip.frame.minY, 296, "the strip clear of the square")
            // Off the frames overlay: its outline on the edges, its join through the centre.
            let drawn = CGPoint(x: (heldX + 10).rounded(), y: 266)
            XCTAssertTrue(runLoop { Self.pixel(frame(), drawn) == 0xFF34_C759 }, "the square drawn where it was frozen")
            // A quarter second of the host's time: nothing moves.
            let until = Date().addingTimeInterval(0.25)
            XCTAssertTrue(runLoop { Date() >= until })
            XCTAssertEqual(try XCTUnwrap(square.layer.presentation()).frame.minX, heldX)
            XCTAssertEqual(Self.pixel(frame(), drawn), 0xFF34_C759)

            try tap(drawn)
            XCTAssertEqual(square.touchCount, 0, "where it is drawn: UIKit hit-tests the model")
            try tap(CGPoint(x: 520, y: 276))
            XCTAssertEqual(square.touchCount, 1, "where the model is, the square takes the finger")

            layer.window.layoutIfNeeded()
            try tap(Self.center(of: layer.view.timeStrip.stepButton))
            let frameInterval = UIApplication.shared.animationEngine.frameInterval
            XCTAssertTrue(runLoop { (square.layer.presentation()?.frame.minX ?? 0) > heldX })
            XCTAssertEqual(try XCTUnwrap(square.layer.presentation()).frame.minX - heldX, 50 * frameInterval, accuracy: 1e-6,
                           "one frame of app time")
            XCTAssertEqual(layer.view.timeStrip.summaryLabel.text, "Frozen \u{B7} 1 frame stepped")
            XCTAssertTrue(layer.isFrozen)
        }
    }

    /// The app of the timeline test: each launch a new window whose square a pan drags.
    @MainActor
    private final class DragSquareDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        var square: UIView?
        var launches = 0

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            launches += 1
            let window = Self.makeWindow()
            square = window.subviews.first
            window.makeKeyAndVisible()
            self.window = window
            return true
        }

        /// A 640 × 480 window with a 60-point square at (70, 100) that follows a pan.
        static func makeWindow() -> UIWindow {
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 640, height: 480))
            let square = UIView(frame: CGRect(x: 70, y: 100, width: 60, height: 60))
            square.backgroundColor = .systemGreen
            window.addSubview(square)
            var grabbedAt = CGPoint.zero
            let pan = UIPanGestureRecognizer()
            pan.addAction { [unowned window, unowned square] sender in
                guard let pan = sender as? UIPanGestureRecognizer else { return }
                if pan.state == .began { grabbedAt = square.center }
                let moved = pan.translation(in: window)
                square.center = CGPoint(x: grabbedAt.x + moved.x, y: grabbedAt.y + moved.y)
            }
            square.addGestureRecognizer(pan)
            return window
        }
    }

    /// TOUCH_DEBUG=timeline with a replay, over an app of one's own on the real server: the
    /// recording opens on the timeline instead of playing; a real finger drags the
    /// scrubber to the end and back, and the app, made anew by launching its delegate
    /// again, stands at the instant as a run straight to it in an app of its own puts it.
    func testTheTimelineOpensTheReplayAndARealFingerScrubsItBackAndForth() throws {
        // A drag of the square 300 pt right, 0.1 s to 0.4 s.
        var events: [TouchRecording.Event] = [.touches([.init(id: .init(device: 2, number: 1), phase: .began,
                                                               location: CGPoint(x: 100, y: 130), timestamp: 0.1)])]
        for step in 1...15 {
            events.append(.touches([.init(id: .init(device: 2, number: 1), phase: .moved,
                                          location: CGPoint(x: 100 + 20 * CGFloat(step), y: 130), timestamp: 0.1 + 0.02 * Double(step))]))
        }
        events.append(.touches([.init(id: .init(device: 2, number: 1), phase: .ended, location: CGPoint(x: 400, y: 130), timestamp: 0.42)]))
        let recording = TouchRecording(header: .init(size: CGSize(width: 640, height: 480), app: "squares"), events: events)
        var reached: (time: TimeInterval, center: CGPoint)?
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, size: CGSize(width: 640, height: 480),
                debugLayer: try XCTUnwrap(DebugLayerConfiguration(parsing: "timeline")), replay: recording))
            let recorder = BatchRecorder()
            runner.configureHost = { host, _ in host.addInputFilter(recorder) }
            let delegate = DragSquareDelegate()
            runner.launch(delegate: delegate)
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            let timeline = try XCTUnwrap(layer.timeline, "the replay opened on the timeline, not played")
            XCTAssertEqual(timeline.time, 0)
            XCTAssertEqual(delegate.launches, 2, "launched, then made anew at the recording's start")
            XCTAssertTrue(UIApplication.shared.isTimeFrozen)
            layer.window.layoutIfNeeded()
            let track = layer.view.timeline.track
            @MainActor func screenPoint(at instant: TimeInterval) -> CGPoint {
                track.convert(CGPoint(x: track.x(of: instant), y: track.bounds.midY), to: nil)
            }
            try server.touchscreen.touches([(7, .begin, screenPoint(at: 0.05))])
            XCTAssertTrue(runLoop { recorder.batches.count == 1 })
            try server.touchscreen.touches([(7, .update, screenPoint(at: 0.42))])
            XCTAssertTrue(runLoop { timeline.time > 0.4 }, "dragged to the end: the drag ran")
            let atEnd = try XCTUnwrap(delegate.square?.center)
            XCTAssertEqual(atEnd.x, 400, accuracy: 1e-6, "the square followed the recorded finger 300 pt")
            let launchesBefore = delegate.launches
            try server.touchscreen.touches([(7, .update, screenPoint(at: 0.25))])
            XCTAssertTrue(runLoop { timeline.time < 0.3 }, "dragged back")
            XCTAssertEqual(delegate.launches, launchesBefore + 1, "back: the app made anew, once")
            try server.touchscreen.touches([(7, .end, screenPoint(at: 0.25))])
            XCTAssertTrue(runLoop { recorder.batches.count >= 4 })
            XCTAssertTrue(layer.overlays.window === delegate.window, "the overlays on the app made anew")
            reached = (timeline.time, try XCTUnwrap(delegate.square?.center))
        }
        // The same instant, straight from the start in an app of its own.
        try onMainActor {
            let (time, center) = try XCTUnwrap(reached)
            let straight = RecordingReexecution(recording: recording) { _ in DragSquareDelegate.makeWindow() }
            try straight.run(to: time)
            let square = try XCTUnwrap(straight.window.subviews.first)
            XCTAssertEqual(square.center.x, center.x, accuracy: 1e-6)
            XCTAssertEqual(square.center.y, center.y, accuracy: 1e-6)
            XCTAssertGreaterThan(center.x, 110, "part of the way")
            XCTAssertLessThan(center.x, 400)
            for window in UIApplication.shared.visibleWindows { window.isHidden = true }
            UIApplication().makeCurrent()
        }
    }

    /// The Record button records the app's touches to a file while it is lit, with a
    /// badge on screen, and its second tap closes the file.
    func testTheRecordButtonRecordsTheAppsTouchesToAFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("record-button-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMainActor {
            let (server, runner, delegate, batches, _) = try Self.launch(DebugLayerConfiguration(showsToolbar: true))
            defer { runner.shutdown() }
            let layer = try XCTUnwrap(runner.debugLayer)
            layer.screenshotFolder = folder
            layer.window.layoutIfNeeded()
            var sent = 0
            // One batch per frame sent: the finger lands, then lifts.
            @MainActor func tap(_ point: CGPoint) throws {
                try server.touchscreen.touches([(1, .begin, point)])
                sent += 1
                XCTAssertTrue(runLoop { batches() == sent })
                try server.touchscreen.touches([(1, .end, point)])
                sent += 1
                XCTAssertTrue(runLoop { batches() == sent })
            }
            @MainActor func pressRecord() throws {
                let found = layer.view.toolbar.items.firstIndex { $0.title == "Record" }
                let index = try XCTUnwrap(found, "a Record button")
                // Beyond the row it sits in the overflow panel, which More opens.
                if !layer.view.toolbar.rowIndices.contains(index), layer.view.toolbar.overflowPanel.isHidden {
                    try tap(Self.center(of: layer.view.toolbar.moreButton))
                    layer.window.layoutIfNeeded()
                }
                let button = layer.view.toolbar.buttons[index]
                XCTAssertGreaterThanOrEqual(button.frame.height, 44)
                try tap(Self.center(of: button))
            }

            try pressRecord()
            XCTAssertTrue(runLoop { layer.isOn(.record) }, "the button started a recording")
            XCTAssertFalse(layer.view.recordingBadge.isHidden, "the badge says so")
            try tap(CGPoint(x: 200, y: 150))
            XCTAssertTrue(runLoop { delegate.view.trace.count == 2 })
            try pressRecord()
            XCTAssertTrue(runLoop { !layer.isOn(.record) })
            XCTAssertTrue(layer.view.recordingBadge.isHidden)

            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".touches") }
            XCTAssertEqual(files.count, 1)
            let recording = try TouchRecordingReader.read(contentsOf: folder.appendingPathComponent(files[0])).recording
            let places = recording.events.compactMap { event -> [String]? in
                guard case .touches(let samples) = event else { return nil }
                return samples.map { "\($0.phase) \(Int($0.location.x)),\(Int($0.location.y))" }
            }
            XCTAssertTrue(places.contains(["began 200,150"]) && places.contains(["ended 200,150"]), "\(places)")
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 100.0)", "ended (100.0, 100.0)"])
        }
    }

    /// With the layer on but showing nothing but its handle, the app's touches are the
    /// same messages, in the same order, at the same places as with no layer at all.
    func testTheAppsOwnTouchesAreUnaffectedByALayerThatIsOnButHidden() throws {
        try onMainActor {
            var traces: [[String]] = []
            for configuration in [nil, DebugLayerConfiguration()] as [DebugLayerConfiguration?] {
                let (server, runner, delegate, batches, _) = try Self.launch(configuration)
                XCTAssertEqual(runner.debugLayer == nil, configuration == nil)
                delegate.view.isMultipleTouchEnabled = true
                try server.touchscreen.touches([(1, .begin, CGPoint(x: 150, y: 80)), (2, .begin, CGPoint(x: 300, y: 200))])
                XCTAssertTrue(runLoop { batches() == 1 })
                try server.touchscreen.touches([(1, .update, CGPoint(x: 160, y: 90)), (2, .update, CGPoint(x: 310, y: 210))])
                XCTAssertTrue(runLoop { batches() == 2 })
                try server.touchscreen.touches([(1, .end, CGPoint(x: 160, y: 90)), (2, .end, CGPoint(x: 310, y: 210))])
                XCTAssertTrue(runLoop { batches() == 3 })
                // Each event holds both fingers, told in a set's order: sorted per event.
                let trace = delegate.view.trace
                traces.append(stride(from: 0, to: trace.count, by: 2).flatMap { trace[$0..<min($0 + 2, trace.count)].sorted() })
                runner.shutdown()
            }
            XCTAssertEqual(traces[0].count, 6)
            XCTAssertEqual(traces[1], traces[0])
        }
    }
}

/// Counts the touches that began on it.
@MainActor
private final class TouchCountingSquare: UIView {
    var touchCount = 0
    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { touchCount += touches.count }
}
