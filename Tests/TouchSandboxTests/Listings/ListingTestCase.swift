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
    /// The real run loop the frames run on (`advance(_:)`, `frames(_:)`).
    var testRunLoop: TestRunLoop!

    override func setUp() async throws {
        CairoDrawingEngine.install()  // PNG decoding for UIImage(named:)
        clock = TestApplication.begin(clockAt: 100)
        testRunLoop = TestRunLoop(clock: clock)
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.makeKeyAndVisible()
        injector = TouchInjector(window: window, clock: clock)
    }

    override func tearDown() async throws {
        testRunLoop.invalidate()
        TestApplication.end()
    }

    /// Advances the clock and runs the turns the run loop asked for by then, as the host
    /// would (`TestRunLoop`): due timers, the animation tick, layout.
    func advance(_ seconds: TimeInterval) {
        testRunLoop.advance(seconds)
    }

    /// Runs `seconds` of frames at 60 a second.
    func frames(_ seconds: TimeInterval) {
        testRunLoop.frames(seconds)
    }
}
