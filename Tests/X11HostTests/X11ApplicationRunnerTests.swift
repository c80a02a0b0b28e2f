import CairoRenderer
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// A user's UIKit program started the way `UIApplicationMain` starts it, fed real XI2
/// touches: the view under the finger gets exactly the UIKit messages, with locations in
/// its own coordinates.
final class X11ApplicationRunnerTests: XCTestCase {
    typealias RecordingView = X11TestSupport.RecordingView

    /// The program: a `RecordingView` at (100, 50) (other end-to-end tests run it too).
    typealias Delegate = OneViewDelegate<RecordingView>

    func testAUserProgramReceivesRealTouches() throws {
        try onMainActor {
            let (server, runner) = try makeRunner()
            defer { runner.shutdown() }
            let recorder = BatchRecorder()
            var batches: Int { recorder.batches.count }
            runner.configureHost = { host, _ in host.addInputFilter(recorder) }
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
            let (_, runner) = try makeRunner()
            defer { runner.shutdown() }
            let watcher = FrameWatcher()
            var frames: Int { watcher.frames }
            runner.configureHost = { host, _ in host.addFrameStage(watcher) }
            let delegate = Delegate()
            runner.launch(delegate: delegate)
            XCTAssertTrue(runLoop { frames >= 1 }, "the first frame")
            let framesBefore = frames
            var finished: Bool?
            UIView.animate(withDuration: 0.3, animations: {
                delegate.view.center.x += 100
            }, completion: { finished = $0 })
            XCTAssertTrue(CAAnimationEngine.current.needsFrames)
            XCTAssertTrue(runLoop { finished != nil }, "the completion runs from a frame tick")
            XCTAssertEqual(finished, true)
            // 0.3 s at up to 60 Hz: several frames, however busy the machine.
            XCTAssertGreaterThanOrEqual(frames - framesBefore, 4)
            XCTAssertFalse(CAAnimationEngine.current.needsFrames, "nothing moves any more")
            XCTAssertTrue(delegate.view.layer.animationKeys()?.isEmpty ?? true)
        }
    }

    /// A view that places its subview only in `layoutSubviews`, as a button places its
    /// title.
    @MainActor
    final class LayingOutView: UIView {
        let child = UIView()

        override init(frame: CGRect) {
            super.init(frame: frame)
            backgroundColor = .blue
            child.backgroundColor = .red
            addSubview(child)
        }

        required init?(coder: NSCoder) { nil }

        override func layoutSubviews() {
            child.frame = bounds.insetBy(dx: 20, dy: 20)
        }
    }

    @MainActor
    final class LayoutDelegate: UIResponder, UIApplicationDelegate {
        var window: UIWindow?

        func application(_ application: UIApplication,
                         didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?) -> Bool {
            let window = UIWindow(frame: UIScreen.main.bounds)
            window.addSubview(LayingOutView(frame: CGRect(x: 100, y: 50, width: 300, height: 200)))
            window.makeKeyAndVisible()
            self.window = window
            return true
        }
    }

    /// The first frame is drawn while the window maps, before any input or timer: it
    /// must show the views laid out (a screenshot takes that frame).
    func testTheFirstFrameShowsTheViewsLaidOut() throws {
        try onMainActor {
            let (_, runner) = try makeRunner()
            defer { runner.shutdown() }
            var firstFramePixel: UInt32?
            let watcher = FrameWatcher()
            watcher.onFrame = { _, host in
                guard firstFramePixel == nil else { return }
                let frame = host.currentFrame
                // The middle of the view, inside the child once laid out: (250, 150).
                firstFramePixel = frame.pixels.load(fromByteOffset: 150 * frame.stride + 250 * 4, as: UInt32.self)
            }
            runner.configureHost = { host, _ in host.addFrameStage(watcher) }
            runner.launch(delegate: LayoutDelegate())
            XCTAssertTrue(runLoop { firstFramePixel != nil })
            XCTAssertEqual(firstFramePixel, 0xFFFF_0000, "red: the child placed by layoutSubviews, not the blue view under it")
        }
    }
}
