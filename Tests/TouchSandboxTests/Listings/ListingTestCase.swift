import CairoRenderer
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
        clock = ManualClock(now: 100)
        CAMediaClock.current = clock
        UIApplication.shared.resetForTesting()
        CAAnimationEngine.resetForTesting()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        window.makeKeyAndVisible()
        injector = TouchInjector(window: window, clock: clock)
    }

    override func tearDown() async throws {
        UIApplication.shared.resetForTesting()
        CAAnimationEngine.resetForTesting()
        CAMediaClock.current = MonotonicClock()
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

func XCTAssertEqualPoints(_ p: CGPoint?, _ q: CGPoint, accuracy: CGFloat = 1e-9, _ message: String = "",
                          file: StaticString = #filePath, line: UInt = #line) {
    guard let p else { return XCTFail("no point \(message)", file: file, line: line) }
    XCTAssertEqual(p.x, q.x, accuracy: accuracy, "x of \(p) vs \(q) \(message)", file: file, line: line)
    XCTAssertEqual(p.y, q.y, accuracy: accuracy, "y of \(p) vs \(q) \(message)", file: file, line: line)
}
