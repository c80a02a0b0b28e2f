import CairoRenderer
import TouchTestSupport
import UIKit
import XCTest

/// The setting of the sandbox listings' tests: a manual clock at t = 100 s as the media
/// clock, a clean application, and a visible 400 × 400 key window with an injector.
/// Test methods are `async` (XCTest on Linux cannot call sync main-actor methods).
@MainActor
class ListingTestCase: XCTestCase {
    var clock: ManualClock!
    var window: UIWindow!
    var injector: TouchInjector!

    override func setUp() async throws {
        CairoDrawingEngine.install()  // PNG decoding for UIImage(named:)
        clock = ProcessWideState.reset(clockAt: 100)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.makeKeyAndVisible()
        injector = TouchInjector(window: window, clock: clock)
    }

    override func tearDown() async throws {
        ProcessWideState.restore()
    }

    /// Advances the clock and runs the frame the host would run.
    func advance(_ seconds: TimeInterval) {
        clock.advance(by: seconds)
        CAAnimationEngine.tick()
    }

    /// Runs `seconds` of frames at 60 a second.
    func frames(_ seconds: TimeInterval) {
        for _ in 0..<Int((seconds * 60).rounded()) { advance(1.0 / 60) }
    }
}
