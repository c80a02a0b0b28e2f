import Testing
import UIKit
import UIKitTesting
@testable import HelloTouch

/// The app's own screen, driven by synthetic fingers on a manual clock: no window
/// system, no waiting. When a check fails, the test attaches a picture of the window as
/// it was (`swift test --attachments-path DIR` writes it there).
@MainActor
@Suite(.serialized)
struct ViewControllerTests {
    let window: UIWindow
    let controller = ViewController()
    let fingers: TouchInjector

    init() {
        // Each test runs in an application of its own, current from here on: one clock
        // for its touches, recognizers and animations, moved by the injector. The window
        // belongs to the application current when it is made.
        let application = UIApplication()
        application.clock = ManualClock(now: 100)
        application.makeCurrent()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 1024, height: 768))
        window.rootViewController = controller
        window.makeKeyAndVisible()
        fingers = TouchInjector(window: window)
    }

    /// Records what the window shows when `passed` is false, named after the check.
    private func attachScreen(unless passed: Bool, named name: String) {
        if !passed { Attachment.record(window, named: name) }
    }

    @Test func aDragCarriesTheSquareWithTheFinger() {
        let start = controller.square.center
        let end = CGPoint(x: start.x + 120, y: start.y + 60)
        fingers.drag(from: start, to: end)

        let center = controller.square.center
        #expect(center == end)
        // The pan took the finger: the tap recognizer did not fire.
        #expect(controller.square.backgroundColor == controller.colors[0])
        attachScreen(unless: center == end && controller.square.backgroundColor == controller.colors[0],
                     named: "after the drag")
    }

    @Test func aTapGivesTheSquareTheNextColour() {
        fingers.tap(at: controller.square.center)

        let colour = controller.square.backgroundColor
        #expect(colour == controller.colors[1])
        attachScreen(unless: colour == controller.colors[1], named: "after the tap")
    }

    @Test func aTapBesideTheSquareChangesNothing() {
        fingers.tap(at: CGPoint(x: 20, y: 700))

        #expect(controller.square.backgroundColor == controller.colors[0])
        #expect(controller.square.center == CGPoint(x: 512, y: 384))
    }
}
