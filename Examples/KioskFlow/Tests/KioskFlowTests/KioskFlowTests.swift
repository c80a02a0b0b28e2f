import Testing
import UIKit
import UIKitTesting
@testable import KioskFlow

/// The flow by synthetic fingers on a manual clock: taps move it on, the back swipe from
/// the left edge takes it back, and the kiosk's idle report starts it over.
@MainActor
@Suite(.serialized)
struct KioskFlowTests {
    let window: UIWindow
    let delegate = AppDelegate()
    let fingers: TouchInjector
    let clock = ManualClock(now: 100)

    init() {
        let application = UIApplication()
        application.clock = clock
        application.makeCurrent()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        window.rootViewController = delegate.flow.navigation
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        fingers = TouchInjector(window: window, clock: clock)
    }

    /// Runs the frames of `seconds`: the slides play out and the layout passes run.
    private func run(_ seconds: TimeInterval) {
        for _ in 0..<Int(seconds * 60) {
            clock.advance(by: 1.0 / 60)
            UIApplication.shared.animationEngine.tick()
            window.layoutIfNeeded()
        }
    }

    private func tap(_ title: String) {
        guard let button = delegate.flow.screens.last?.buttons.first(where: { $0.currentTitle == title }) else {
            Issue.record("no \(title) button on \(delegate.flow.screens.last?.title ?? "?")")
            return
        }
        let frame = button.convert(button.bounds, to: window)
        fingers.tap(at: CGPoint(x: frame.midX, y: frame.midY))
        run(0.5)
    }

    private var titles: [String?] { delegate.flow.screens.map(\.title) }

    @Test func theBarIsHiddenAndTheButtonsAreFingerSized() {
        #expect(delegate.flow.navigation.isNavigationBarHidden)
        #expect(titles == ["Welcome"])
        for button in delegate.flow.screens[0].buttons { #expect(button.bounds.height >= 64) }
    }

    @Test func aVisitGoesThroughTheFourScreensAndBack() {
        tap("Start")
        tap("Tea")
        #expect(titles == ["Welcome", "Choose", "Confirm"])
        tap("Yes")
        #expect(titles == ["Welcome", "Choose", "Confirm", "Thank you"])
        tap("Done")
        #expect(titles == ["Welcome"])
    }

    @Test func theBackSwipeTakesTheVisitorBackAScreen() {
        tap("Start")
        tap("Coffee")
        fingers.drag(from: CGPoint(x: 5, y: 400), to: CGPoint(x: 700, y: 400), duration: 0.4, steps: 8)
        run(0.6)
        #expect(titles == ["Welcome", "Choose"])
    }

    @Test func whenTheKioskIsIdleTheFlowStartsOver() {
        tap("Start")
        tap("Water")
        delegate.applicationDidBecomeIdle(inKiosk: UIApplication.shared)
        run(0.6)
        #expect(titles == ["Welcome"])
        #expect(delegate.flow.navigation.topViewController?.view.window === window)
    }
}
