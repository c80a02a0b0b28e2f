import TouchTestSupport
import UIKit
import XCTest

/// The common setting of UIKit tests: an application of its own (`TestApplication`) on a
/// manual clock at t = 100 s, debug logging captured in memory, and a visible 320 × 480
/// key window with an injector for synthetic fingers.
///
/// Test methods are `async`: XCTest on Linux cannot call a main-actor test method that
/// is not async.
@MainActor
class UIKitTestCase: XCTestCase {
    var clock: ManualClock!
    var window: UIWindow!
    var injector: TouchInjector!
    var trace = Trace()
    /// The real run loop the frames run on (`frames(_:)`).
    var testRunLoop: TestRunLoop!

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        testRunLoop = TestRunLoop(clock: clock)
        UIKitDebug.isLoggingEnabled = true
        UIKitDebug.echoesToStandardError = false
        UIKitDebug.clearLoggedLines()
        trace = Trace()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        window.makeKeyAndVisible()
        injector = TouchInjector(window: window, clock: clock)
    }

    override func tearDown() async throws {
        testRunLoop.invalidate()
        TestApplication.end()
        UIKitDebug.isLoggingEnabled = false
    }

    /// A sample on the synthetic device, stamped with the clock's time unless given.
    func sample(_ number: UInt32, _ phase: TouchSample.Phase, _ x: CGFloat, _ y: CGFloat,
                at time: TimeInterval? = nil, device: Int = TouchInjector.defaultDevice) -> TouchSample {
        .finger(number, phase, x, y, at: time ?? clock.now, device: device)
    }

    /// Adds a recording view to `parent` (the window by default).
    @discardableResult
    func addTraceView(_ name: String, _ frame: CGRect, to parent: UIView? = nil) -> TraceView {
        let view = TraceView(name, frame: frame, trace: trace)
        (parent ?? window).addSubview(view)
        return view
    }

    /// Runs the frames the host would run in `seconds`, at 60 a second, on the real run
    /// loop (`TestRunLoop`): the clock moves, due timers fire, the animation engine ticks
    /// (display links, scroll motion), and windows lay out.
    func frames(_ seconds: TimeInterval) {
        testRunLoop.frames(seconds)
    }

    /// Logged lines that mention `text`.
    func logLines(containing text: String) -> [String] {
        UIKitDebug.loggedLines.filter { $0.contains(text) }
    }
}

