import Foundation
import TouchRecording
import UIKit
import X11Host
import TouchTestSupport
import X11TestSupport
import XCTest

/// The attract loop on a manual clock, with a UIKit window taking what the kiosk passes
/// on: the tour plays while idle, again and again, and a visitor's touch stops it with
/// the tour's finger cancelled at the view and its pan recognizer, tells the app it is
/// idle again, and is itself kept from the app.
@MainActor
final class KioskAttractLoopTests: XCTestCase {
    private final class Delegate: UIResponder, KioskApplicationDelegate {
        var onIdle: () -> Void = {}
        func applicationDidBecomeIdle(inKiosk application: UIApplication) { onIdle() }
    }

    /// Writes each touch message down in `log`, with the point in the view.
    private final class TracingView: UIView {
        var note: (String) -> Void = { _ in }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { trace("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { trace("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { trace("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { trace("cancelled", touches) }
        private func trace(_ phase: String, _ touches: Set<UITouch>) {
            for touch in touches {
                let point = touch.location(in: self)
                note("view.\(phase) (\(point.x), \(point.y))")
            }
        }
    }

    private var clock: ManualClock!

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
    }

    override func tearDown() async throws {
        TestApplication.end()
    }

    /// A one-finger drag of 0.3 s recorded in a 200 × 100 window on device 7, and a Q
    /// key pressed at its end.
    private var tour: TouchRecording {
        func at(_ t: TimeInterval, _ phase: TouchSample.Phase, _ x: CGFloat) -> TouchRecording.Event {
            .touches([TouchSample(id: TouchSample.ID(device: 7, number: 1), phase: phase, location: CGPoint(x: x, y: 50),
                                  timestamp: t)])
        }
        return TouchRecording(header: .init(size: CGSize(width: 200, height: 100), app: "test"),
                              events: [at(0, .began, 20), at(0.1, .moved, 60), at(0.2, .moved, 100), at(0.3, .ended, 100),
                                       .key(.init(keysym: 0x71, text: "q"), time: 0.3)])
    }

    /// A 400 × 200 kiosk whose view fills the window and has a pan recognizer that
    /// leaves the view its touches; `log` has every message in order. `deliver` is the
    /// host's part: a batch through the kiosk's filter, then to the window.
    private struct Kiosk {
        var session: KioskSession
        var deliver: ([TouchSample]) -> Void
        var window: UIWindow
    }

    private func makeKiosk(idleTimeout: TimeInterval, log: @escaping (String) -> Void) -> Kiosk {
        let delegate = Delegate()
        delegate.onIdle = { log("app.idle") }
        UIApplication.shared.delegate = delegate
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let view = TracingView(frame: window.bounds)
        view.note = log
        let pan = UIPanGestureRecognizer { recognizer in log("pan.\(recognizer.state)") }
        pan.cancelsTouchesInView = false
        view.addGestureRecognizer(pan)
        window.addSubview(view)
        window.makeKeyAndVisible()
        let session = KioskSession(configuration: KioskConfiguration(idleTimeout: idleTimeout),
                                   screenSize: CGSize(width: 400, height: 200))
        return Kiosk(session: session, deliver: { batch in
            let passed = session.handle(batch)
            if !passed.isEmpty { window.inject(passed) }
        }, window: window)
    }

    /// Runs every delayed call due up to `time`, each at its own time, as the run loop
    /// would.
    private func advance(to time: TimeInterval) {
        while let next = UIApplication.shared.nextTimerDeadline, next <= time {
            clock.now = max(clock.now, next)
            UIApplication.shared.runPendingTimers()
        }
        clock.now = time
    }

    func testTheTourLoopsWhileIdleAndAVisitorsTouchEndsItCleanly() async {
        var log: [String] = []
        let kiosk = makeKiosk(idleTimeout: 10) { log.append($0) }
        kiosk.session.playWhileIdle(tour, inject: kiosk.deliver)

        advance(to: 110.05)
        XCTAssertEqual(kiosk.session.attractLoop?.isRunning, true)
        // Twice through, scaled from 200 × 100 to 400 × 200; the recorded Q unplayed.
        advance(to: 110.0 + 0.3 + KioskAttractLoop.pause + 0.3 + 0.01)
        let onePlay = ["view.began (40.0, 100.0)", "pan.began", "view.moved (120.0, 100.0)",
                       "pan.changed", "view.moved (200.0, 100.0)", "pan.ended", "view.ended (200.0, 100.0)"]
        XCTAssertEqual(log, ["app.idle"] + onePlay + onePlay)
        XCTAssertEqual(kiosk.session.attractLoop?.completedPlays, 2)

        // Mid-way through the third play, a visitor touches.
        log.removeAll()
        advance(to: 110.0 + 2 * (0.3 + KioskAttractLoop.pause) + 0.15)
        XCTAssertEqual(log, Array(onePlay.prefix(3)))
        let visitor = TouchSample.ID(device: 3, number: 9)
        log.removeAll()
        kiosk.deliver([TouchSample(id: visitor, phase: .began, location: CGPoint(x: 300, y: 150), timestamp: clock.now)])
        XCTAssertEqual(log, ["pan.cancelled", "view.cancelled (120.0, 100.0)"],
                       "the tour's finger is cancelled where it was, at the recognizer and the view; the visitor's is not passed on")
        XCTAssertEqual(kiosk.session.attractLoop?.isRunning, false)
        advance(to: clock.now + 0.01)
        XCTAssertEqual(log.last, "app.idle", "told again, to put itself back")
        advance(to: clock.now + 5)
        XCTAssertEqual(log.count, 3, "and no tour while the visitor's finger rests")
        kiosk.deliver([TouchSample(id: visitor, phase: .ended, location: CGPoint(x: 300, y: 150), timestamp: clock.now)])
        XCTAssertEqual(log.count, 3, "the waking touch never reached the app")

        // The next touch is the visitor's to use; and 10 s after it, the tour again.
        log.removeAll()
        let next = TouchSample.ID(device: 3, number: 10)
        kiosk.deliver([TouchSample(id: next, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: clock.now)])
        kiosk.deliver([TouchSample(id: next, phase: .ended, location: CGPoint(x: 10, y: 10), timestamp: clock.now)])
        XCTAssertEqual(log, ["view.began (10.0, 10.0)", "view.ended (10.0, 10.0)"])
        advance(to: clock.now + 9.9)
        XCTAssertEqual(log.count, 2)
        advance(to: clock.now + 0.15)
        XCTAssertEqual(Array(log.suffix(2)), ["app.idle", "view.began (40.0, 100.0)"])
        XCTAssertEqual(kiosk.session.attractLoop?.isRunning, true)
    }

    /// A visitor's finger resting still for longer than the idle time is a visitor
    /// there: no idle, no tour, until it lifts and the time has passed again.
    func testAFingerRestingOnTheScreenKeepsTheKioskAwake() async {
        var log: [String] = []
        let kiosk = makeKiosk(idleTimeout: 10) { log.append($0) }
        kiosk.session.playWhileIdle(tour, inject: kiosk.deliver)
        let finger = TouchSample.ID(device: 3, number: 1)
        kiosk.deliver([TouchSample(id: finger, phase: .began, location: CGPoint(x: 50, y: 50), timestamp: clock.now)])
        advance(to: 130)
        XCTAssertEqual(log, ["view.began (50.0, 50.0)"])
        XCTAssertEqual(kiosk.session.idleCount, 0)
        kiosk.deliver([TouchSample(id: finger, phase: .ended, location: CGPoint(x: 50, y: 50), timestamp: clock.now)])
        advance(to: 139.9)
        XCTAssertEqual(kiosk.session.idleCount, 0, "ten seconds from the lift, not from the touch")
        advance(to: 140.05)
        XCTAssertEqual(kiosk.session.idleCount, 1)
        XCTAssertEqual(Array(log.suffix(2)), ["app.idle", "view.began (40.0, 100.0)"])
    }

    /// A runner shutting down (or a signal ending the program) mid-tour: the tour's
    /// finger ends cancelled.
    func testEndingTheLoopCancelsTheToursFingers() async {
        var log: [String] = []
        let kiosk = makeKiosk(idleTimeout: 10) { log.append($0) }
        kiosk.session.playWhileIdle(tour, inject: kiosk.deliver)
        advance(to: 110.15)
        XCTAssertEqual(Array(log.suffix(2)), ["pan.began", "view.moved (120.0, 100.0)"])
        kiosk.session.attractLoop?.end()
        XCTAssertEqual(Array(log.suffix(2)), ["pan.cancelled", "view.cancelled (120.0, 100.0)"])
        advance(to: 120)
        XCTAssertEqual(log.last, "view.cancelled (120.0, 100.0)", "and it stays stopped")
    }

    /// A tour that cannot be played is one line naming the file and what is wrong:
    /// missing, not a recording, or a recording without a touch (only a key).
    func testATourThatCannotBeReadIsOneLine() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("attract-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = folder.appendingPathComponent("missing.touches")
        let garbage = folder.appendingPathComponent("notes.txt")
        try Data("shopping list\n".utf8).write(to: garbage)
        let keysOnly = folder.appendingPathComponent("keys.touches")
        let recorder = try TouchRecorder(url: keysOnly, header: .init(size: CGSize(width: 200, height: 100), app: "test"),
                                         startTime: 0)
        recorder.record(TouchRecording.Key(keysym: 0x71, text: "q"), at: 0.5)
        recorder.finish()

        let hint = "; name a recording made in the kiosk with --record (or TOUCH_RECORD=FILE)"
        for (file, reason) in [(missing, "\(missing.path): "), (garbage, "\(garbage.path):1: "),
                               (keysOnly, "\(keysOnly.path): the recording has no touches")] {
            XCTAssertThrowsError(try KioskAttractLoop.load(file)) { error in
                let line = "\(error)"
                XCTAssertTrue(line.hasPrefix("kiosk: the attract tour cannot be played: \(reason)"), line)
                XCTAssertTrue(line.hasSuffix(hint), line)
                XCTAssertFalse(line.contains("\n"), line)
            }
        }
    }
}
