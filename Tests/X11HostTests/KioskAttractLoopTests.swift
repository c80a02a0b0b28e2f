import Foundation
import TouchRecording
import UIKit
import X11Host
import XCTest

/// The attract loop on a manual clock, with a UIKit window taking what the kiosk passes
/// on: the tour plays while idle, again and again, and a visitor's touch stops it with
/// the tour's finger cancelled at the view, tells the app it is idle again, and is
/// itself kept from the app.
@MainActor
final class KioskAttractLoopTests: XCTestCase {
    private final class Delegate: UIResponder, KioskApplicationDelegate {
        var idle = 0
        func applicationDidBecomeIdle(inKiosk application: UIApplication) { idle += 1 }
    }

    /// Writes down each touch message with its device ("tour" or "visitor").
    private final class TracingView: UIView {
        var log: [String] = []
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches) }
        private func note(_ phase: String, _ touches: Set<UITouch>) {
            for touch in touches {
                let point = touch.location(in: self)
                log.append("\(phase) (\(point.x), \(point.y))")
            }
        }
    }

    private var clock: ManualClock!

    override func setUp() async throws {
        clock = ManualClock(now: 100)
        CAMediaClock.current = clock
        UIApplication.shared.resetForTesting()
    }

    override func tearDown() async throws {
        UIApplication.shared.resetForTesting()
        CAMediaClock.current = MonotonicClock()
    }

    /// A one-finger drag of 0.3 s recorded in a 200 × 100 window on device 7.
    private var tour: TouchRecording {
        func at(_ t: TimeInterval, _ phase: TouchSample.Phase, _ x: CGFloat) -> TouchRecording.Event {
            .touches([TouchSample(id: TouchSample.ID(device: 7, number: 1), phase: phase, location: CGPoint(x: x, y: 50),
                                  timestamp: t)])
        }
        return TouchRecording(header: .init(size: CGSize(width: 200, height: 100), app: "test"),
                              events: [at(0, .began, 20), at(0.1, .moved, 60), at(0.2, .moved, 100), at(0.3, .ended, 100),
                                       .key(.init(keysym: 0x71, text: "q"), time: 0.3)])
    }

    func testTheTourLoopsWhileIdleAndAVisitorsTouchEndsItCleanly() async {
        let delegate = Delegate()
        UIApplication.shared.delegate = delegate
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 200))
        let view = TracingView(frame: window.bounds)
        window.addSubview(view)
        window.makeKeyAndVisible()
        let session = KioskSession(configuration: KioskConfiguration(idleTimeout: 10),
                                   screenSize: CGSize(width: 400, height: 200))
        // What the host does with a batch: through the kiosk's filter to the window.
        func deliver(_ batch: [TouchSample]) {
            let passed = session.handle(batch)
            if !passed.isEmpty { window.inject(passed) }
        }
        session.playWhileIdle(tour, inject: deliver)
        func advance(to time: TimeInterval) {
            while let next = UIApplication.shared.nextTimerDeadline, next <= time {
                clock.now = max(clock.now, next)
                UIApplication.shared.runPendingTimers()
            }
            clock.now = time
        }

        advance(to: 110.05)
        XCTAssertEqual(delegate.idle, 1)
        XCTAssertEqual(session.attractLoop?.isRunning, true)
        // Twice through, scaled from 200 × 100 to 400 × 200; the recorded Q key unplayed.
        advance(to: 110.0 + 0.3 + KioskAttractLoop.pause + 0.3 + 0.01)
        let onePlay = ["began (40.0, 100.0)", "moved (120.0, 100.0)", "moved (200.0, 100.0)", "ended (200.0, 100.0)"]
        XCTAssertEqual(view.log, onePlay + onePlay)
        XCTAssertEqual(session.attractLoop?.completedPlays, 2)
        XCTAssertEqual(delegate.idle, 1, "the tour is not a visitor: still the one idle spell")

        // Mid-way through the third play, a visitor touches.
        view.log.removeAll()
        advance(to: 110.0 + 2 * (0.3 + KioskAttractLoop.pause) + 0.15)
        XCTAssertEqual(view.log, ["began (40.0, 100.0)", "moved (120.0, 100.0)"])
        let visitor = TouchSample.ID(device: 3, number: 9)
        deliver([TouchSample(id: visitor, phase: .began, location: CGPoint(x: 300, y: 150), timestamp: clock.now)])
        XCTAssertEqual(view.log, ["began (40.0, 100.0)", "moved (120.0, 100.0)", "cancelled (120.0, 100.0)"],
                       "the tour's finger is cancelled where it was; the visitor's is not passed on")
        XCTAssertEqual(session.attractLoop?.isRunning, false)
        advance(to: clock.now + 0.01)
        XCTAssertEqual(delegate.idle, 2, "told again, to put itself back")
        deliver([TouchSample(id: visitor, phase: .ended, location: CGPoint(x: 300, y: 150), timestamp: clock.now)])
        XCTAssertEqual(view.log.count, 3, "the waking touch never reached the app")

        // The next touch is the visitor's to use; and 10 s after it, the tour again.
        let next = TouchSample.ID(device: 3, number: 10)
        deliver([TouchSample(id: next, phase: .began, location: CGPoint(x: 10, y: 10), timestamp: clock.now)])
        deliver([TouchSample(id: next, phase: .ended, location: CGPoint(x: 10, y: 10), timestamp: clock.now)])
        XCTAssertEqual(Array(view.log.suffix(2)), ["began (10.0, 10.0)", "ended (10.0, 10.0)"])
        advance(to: clock.now + 10.05)
        XCTAssertEqual(delegate.idle, 3)
        XCTAssertEqual(session.attractLoop?.isRunning, true)
    }

    func testATourThatCannotBeReadIsOneLine() {
        let missing = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString).touches")
        XCTAssertThrowsError(try KioskAttractLoop.load(missing)) { error in
            XCTAssertTrue("\(error)".hasPrefix("kiosk: the attract tour cannot be played: "), "\(error)")
            XCTAssertTrue("\(error)".hasSuffix("record one with --record (or touch-sandbox-tours) and name it with attract=FILE"))
            XCTAssertFalse("\(error)".contains("\n"))
        }
    }
}
