import UIKit
import XCTest

final class TouchInjectorTests: UIKitTestCase {
    /// Records every delivered touch position in window coordinates.
    private final class PathView: UIView {
        var path: [String] = []
        private func note(_ phase: String, _ touches: Set<UITouch>) {
            for touch in touches.sorted(by: { $0.sampleID.number < $1.sampleID.number }) {
                let p = touch.location(in: nil)
                path.append(String(format: "%@ %u (%.1f, %.1f) t=%.2f", phase, touch.sampleID.number, p.x, p.y, touch.timestamp))
            }
        }
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
    }

    private var view: PathView!

    override func setUp() async throws {
        try await super.setUp()
        view = PathView(frame: window.bounds)
        view.isMultipleTouchEnabled = true
        window.addSubview(view)
    }

    func testDragStepsEvenlyAndMovesTheManualClock() async {
        injector.drag(from: CGPoint(x: 10, y: 10), to: CGPoint(x: 50, y: 30), duration: 0.4, steps: 4)
        XCTAssertEqual(view.path, [
            "began 1 (10.0, 10.0) t=100.00", "moved 1 (20.0, 15.0) t=100.10", "moved 1 (30.0, 20.0) t=100.20",
            "moved 1 (40.0, 25.0) t=100.30", "moved 1 (50.0, 30.0) t=100.40", "ended 1 (50.0, 30.0) t=100.40",
        ])
        XCTAssertEqual(clock.now, 100.4, accuracy: 1e-12)
    }

    /// A delayed call inside a long wait runs with the clock at its deadline, and one it
    /// schedules runs in the same wait at its own: as the host's run loop wakes for each.
    func testAWaitRunsEachDelayedCallAtItsOwnDeadline() async {
        var ran: [String] = []
        UIApplication.shared.schedule(afterDelay: 0.15) {
            ran.append(String(format: "hold t=%.2f", CACurrentMediaTime()))
            UIApplication.shared.schedule(afterDelay: 0.1) {
                ran.append(String(format: "chained t=%.2f", CACurrentMediaTime()))
            }
        }
        UIApplication.shared.schedule(afterDelay: 0.5) {
            ran.append(String(format: "later t=%.2f", CACurrentMediaTime()))
        }

        injector.wait(1)

        XCTAssertEqual(ran, ["hold t=100.15", "chained t=100.25", "later t=100.50"])
        XCTAssertEqual(clock.now, 101, accuracy: 1e-12)
    }

    /// A call that schedules itself again with no delay runs once per pump, not forever.
    func testACallReschedulingItselfAtOnceDoesNotSpin() async {
        var runs = 0
        func again() {
            runs += 1
            UIApplication.shared.schedule(afterDelay: 0) { again() }
        }
        UIApplication.shared.schedule(afterDelay: 0.1) { again() }

        injector.wait(1)

        XCTAssertEqual(runs, 2, "once at its deadline, once more in the final pump at the end of the wait")
    }

    func testPinchMovesTwoFingersSymmetricallyInOneEventPerStep() async {
        let ids = injector.pinch(center: CGPoint(x: 100, y: 100), from: 100, to: 20, duration: 0.2, steps: 2)
        XCTAssertEqual(ids.map(\.number), [1, 2])
        XCTAssertEqual(view.path, [
            "began 1 (50.0, 100.0) t=100.00", "began 2 (150.0, 100.0) t=100.00",
            "moved 1 (70.0, 100.0) t=100.10", "moved 2 (130.0, 100.0) t=100.10",
            "moved 1 (90.0, 100.0) t=100.20", "moved 2 (110.0, 100.0) t=100.20",
            "ended 1 (90.0, 100.0) t=100.20", "ended 2 (110.0, 100.0) t=100.20",
        ])
    }

    func testRotateTurnsTwoFingersAboutTheCentre() async {
        injector.rotate(center: CGPoint(x: 100, y: 100), radius: 50, by: .pi / 2, duration: 0.2, steps: 2)
        XCTAssertEqual(view.path, [
            "began 1 (50.0, 100.0) t=100.00", "began 2 (150.0, 100.0) t=100.00",
            "moved 1 (64.6, 64.6) t=100.10", "moved 2 (135.4, 135.4) t=100.10",
            "moved 1 (100.0, 50.0) t=100.20", "moved 2 (100.0, 150.0) t=100.20",
            "ended 1 (100.0, 50.0) t=100.20", "ended 2 (100.0, 150.0) t=100.20",
        ])
    }

    func testWithARealClockSamplesAreSpreadButSentAtOnce() async {
        let real = TouchInjector(window: window, clock: MonotonicClock(), device: 3)
        let before = MonotonicClock().now
        real.drag(from: CGPoint(x: 0, y: 0), to: CGPoint(x: 10, y: 0), duration: 60, steps: 2)
        XCTAssertLessThan(MonotonicClock().now - before, 5, "no waiting")
        XCTAssertEqual(view.path.count, 4)
        XCTAssertEqual(clock.now, 100, "the manual clock is not the injector's")
    }
}
