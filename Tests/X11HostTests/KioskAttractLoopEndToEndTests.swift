import Foundation
import HeadlessXorg
import TouchRecording
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// An app of one's own as a kiosk with an attract tour, on the headless server: once
/// idle the tour's finger reaches the app's view and recognizer through the host's
/// input path; a real finger on the touchscreen stops it, with the tour's finger
/// cancelled at both, and only wakes the kiosk; the visitor's next touch is the app's;
/// the program's recording holds the visitor's touches and none of the tour's.
final class KioskAttractLoopEndToEndTests: XCTestCase {
    @MainActor
    private final class Delegate: UIResponder, KioskApplicationDelegate {
        var window: UIWindow?
        let view = X11ApplicationRunnerTests.RecordingView(frame: CGRect(x: 100, y: 50, width: 300, height: 200))
        var idle = 0

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            let pan = UIPanGestureRecognizer { [view] recognizer in view.trace.append("pan.\(recognizer.state)") }
            // The view keeps its touches while the pan runs, so both hear the cancel.
            pan.cancelsTouchesInView = false
            view.addGestureRecognizer(pan)
            window.addSubview(view)
            window.makeKeyAndVisible()
            self.window = window
            return true
        }

        func applicationDidBecomeIdle(inKiosk application: UIApplication) { idle += 1 }
    }

    func testARealTouchStopsTheTourAndOnlyWakesTheKiosk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try onMainActor {
            // The tour, recorded at half the kiosk's size: a finger lands, moves 30 points
            // and rests for a minute (so the test finds it resting, whatever the load).
            let tourFile = folder.appendingPathComponent("tour.touches")
            let server = try HeadlessXorg.shared()
            let (width, height) = server.screenSize
            let recorder = try TouchRecorder(url: tourFile, header: .init(size: CGSize(width: width / 2, height: height / 2),
                                                                          app: "test"), startTime: 0)
            let finger = TouchSample.ID(device: 5, number: 1)
            recorder.record([TouchSample(id: finger, phase: .began, location: CGPoint(x: 100, y: 100), timestamp: 0)])
            recorder.record([TouchSample(id: finger, phase: .moved, location: CGPoint(x: 130, y: 100), timestamp: 0.05)])
            recorder.record([TouchSample(id: finger, phase: .ended, location: CGPoint(x: 130, y: 100), timestamp: 60)])
            recorder.finish()
            let recording = folder.appendingPathComponent("session.touches")

            let runner = X11ApplicationRunner(options: X11Host.Options(
                display: server.display, recordingURL: recording,
                kiosk: KioskConfiguration(idleTimeout: 0.5, attractTour: tourFile)))
            var shutDown = false
            defer { if !shutDown { runner.shutdown() } }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            XCTAssertEqual(runner.host?.size, CGSize(width: width, height: height), "the kiosk covers the screen")

            // Idle: the tour plays, at twice its size, into the view at (100, 50).
            XCTAssertTrue(runLoop { delegate.view.trace.count == 3 }, "\(delegate.view.trace)")
            XCTAssertEqual(delegate.idle, 1)
            XCTAssertEqual(delegate.view.trace, ["began (100.0, 150.0)", "pan.began", "moved (160.0, 150.0)"])

            // A visitor's finger, outside the view.
            delegate.view.trace.removeAll()
            let visitorPoint = CGPoint(x: 1000, y: 800)
            try server.touchscreen.touches([(1, .begin, visitorPoint)])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 2 })
            XCTAssertEqual(delegate.view.trace, ["pan.cancelled", "cancelled (160.0, 150.0)"],
                           "the tour's finger cancelled at the recognizer and the view")
            XCTAssertTrue(runLoop { delegate.idle == 2 }, "the app is told to put itself back")
            XCTAssertEqual(runner.kioskSession?.attractLoop?.isRunning, false)
            try server.touchscreen.touches([(1, .end, visitorPoint)])

            // The visitor's next touch, on the view, is the app's.
            let onView = CGPoint(x: 300, y: 200)
            try server.touchscreen.touches([(2, .begin, onView)])
            try server.touchscreen.touches([(2, .end, onView)])
            XCTAssertTrue(runLoop { delegate.view.trace.count == 4 })
            XCTAssertEqual(delegate.view.trace, ["pan.cancelled", "cancelled (160.0, 150.0)",
                                                 "began (200.0, 150.0)", "ended (200.0, 150.0)"])
            runner.shutdown()
            shutDown = true

            // The recording: the app's input, so the visitor's touch on the view and
            // neither the tour's nor the touch that only woke the kiosk (the app never
            // had it, and a replay must not hand it one).
            let recorded = try TouchRecordingReader.read(contentsOf: recording).recording
            let samples = recorded.events.flatMap { event -> [TouchSample] in
                if case .touches(let samples) = event { samples } else { [] }
            }
            XCTAssertEqual(samples.map(\.phase), [.began, .ended])
            XCTAssertEqual(samples.map(\.location), [onView, onView])
            XCTAssertFalse(samples.contains { $0.id.device == KioskAttractLoop.device })
        }
    }
}
