import CairoRenderer
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import XCTest

/// A user's UIKit program started the way `UIApplicationMain` starts it, fed real XI2
/// touches: the view under the finger gets exactly the UIKit messages, with locations in
/// its own coordinates.
final class X11ApplicationRunnerTests: XCTestCase {
    @MainActor
    final class RecordingView: UIView {
        var trace: [String] = []

        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { record("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { record("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { record("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { record("cancelled", touches) }

        private func record(_ phase: String, _ touches: Set<UITouch>) {
            for touch in touches {
                let point = touch.location(in: self)
                trace.append("\(phase) (\(point.x), \(point.y))")
            }
        }
    }

    @MainActor
    final class Delegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?
        let view = RecordingView(frame: CGRect(x: 100, y: 50, width: 300, height: 200))

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.addSubview(view)
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    func testAUserProgramReceivesRealTouches() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(display: server.display,
                                                                       size: CGSize(width: 640, height: 480)))
            defer { runner.shutdown() }
            var batches = 0
            runner.configureHost = { host, _ in
                let deliver = host.onBatch
                host.onBatch = { batch in
                    deliver?(batch)
                    batches += 1
                }
            }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            XCTAssertEqual(UIScreen.main.bounds, CGRect(x: 0, y: 0, width: 640, height: 480))
            XCTAssertEqual(runner.hosts.count, 1)

            try server.touchscreen.touches([(1, .begin, CGPoint(x: 150.5, y: 80.25))])
            XCTAssertTrue(runLoop { batches == 1 })
            try server.touchscreen.touches([(1, .update, CGPoint(x: 160, y: 90))])
            XCTAssertTrue(runLoop { batches == 2 })
            try server.touchscreen.touches([(1, .end, CGPoint(x: 160, y: 90))])
            XCTAssertTrue(runLoop { batches == 3 })
            XCTAssertEqual(delegate.view.trace, ["began (50.5, 30.25)", "moved (60.0, 40.0)", "ended (60.0, 40.0)"])

            // A touch outside the view reaches the window, not the view.
            try server.touchscreen.touches([(2, .begin, CGPoint(x: 500, y: 400)), (2, .end, CGPoint(x: 500, y: 400))])
            XCTAssertTrue(runLoop { batches == 4 })
            XCTAssertEqual(delegate.view.trace.count, 3)
        }
    }

    /// UIView animations run on the runner's frame clock: frames are drawn while the
    /// view moves, the completion runs at the end, and then the clock stops.
    func testAnimationsAdvanceOnTheFrameClockAndItStopsWhenTheyEnd() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(display: server.display,
                                                                       size: CGSize(width: 640, height: 480)))
            defer { runner.shutdown() }
            var frames = 0
            runner.configureHost = { host, _ in
                let presented = host.onFramePresented
                host.onFramePresented = { frame in
                    presented?(frame)
                    frames += 1
                }
            }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            XCTAssertTrue(runLoop { frames >= 1 }, "the first frame")
            let framesBefore = frames
            var finished: Bool?
            UIView.animate(withDuration: 0.3, animations: {
                delegate.view.center.x += 100
            }, completion: { finished = $0 })
            XCTAssertTrue(CAAnimationEngine.needsFrames)
            XCTAssertTrue(runLoop { finished != nil }, "the completion runs from a frame tick")
            XCTAssertEqual(finished, true)
            // 0.3 s at up to 60 Hz: several frames, however busy the machine.
            XCTAssertGreaterThanOrEqual(frames - framesBefore, 4)
            XCTAssertFalse(CAAnimationEngine.needsFrames, "nothing moves any more")
            XCTAssertTrue(delegate.view.layer.animationKeys()?.isEmpty ?? true)
        }
    }
}

extension X11ApplicationRunnerTests {
    /// A view that makes its content in `layoutSubviews`, as many UIKit views do.
    @MainActor
    final class LayingOutView: UIView {
        override func layoutSubviews() {
            super.layoutSubviews()
            guard subviews.isEmpty else { return }
            let content = UIView(frame: bounds.insetBy(dx: 10, dy: 10))
            content.backgroundColor = .red
            addSubview(content)
        }
    }

    @MainActor
    final class LayingOutDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.addSubview(LayingOutView(frame: CGRect(x: 100, y: 50, width: 200, height: 100)))
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    /// The window is laid out before its first frame, with no input needed: what
    /// `layoutSubviews` makes is in that frame (and so in `--screenshot`).
    func testTheFirstFrameShowsWhatLayoutMakes() throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let runner = X11ApplicationRunner(options: X11Host.Options(display: server.display,
                                                                       size: CGSize(width: 640, height: 480)))
            defer { runner.shutdown() }
            var firstFrame: [UInt8]?
            runner.configureHost = { host, _ in
                host.onFramePresented = { _ in
                    guard firstFrame == nil else { return }
                    let frame = host.currentFrame
                    // The pixel at (200, 100), inside the content: B, G, R, A in memory.
                    let bytes = frame.pixels.advanced(by: 100 * frame.stride + 200 * 4).assumingMemoryBound(to: UInt8.self)
                    firstFrame = (0..<4).map { bytes[$0] }
                }
            }
            runner.launch(delegate: LayingOutDelegate())
            XCTAssertTrue(runLoop { firstFrame != nil })
            XCTAssertEqual(firstFrame, [0, 0, 255, 255], "opaque red")
        }
    }
}

@MainActor
private func runLoop(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.002))
    }
    return true
}
