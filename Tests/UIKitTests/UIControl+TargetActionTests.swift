import UIKit
import XCTest

/// Target–action per event: unbound methods of both forms, closures, weak targets,
/// removal, and what several events sent at once do.
final class UIControlTargetActionTests: UIKitTestCase {
    /// A target with actions of both forms.
    @MainActor
    private final class Controller {
        var calls: [String] = []

        func buttonTapped(_ sender: UIButton) {
            calls.append("buttonTapped(\(sender.currentTitle ?? "-"))")
        }

        func touchedDown() {
            calls.append("touchedDown")
        }

        func sliderMoved(_ sender: UISlider) {
            calls.append("sliderMoved")
        }
    }

    /// UIKit's line, `addTarget(self, action: #selector(buttonTapped(_:)), for:
    /// .touchUpInside)`, with only the action rewritten, in both forms.
    private enum SenderForm {
        @MainActor
        final class ViewController {
            var taps: [String] = []

            init(button: UIButton) {
                button.addTarget(self, action: ViewController.buttonTapped, for: .touchUpInside)
            }

            func buttonTapped(_ sender: UIButton) {
                taps.append(sender.currentTitle ?? "-")
            }
        }
    }

    private enum PlainForm {
        @MainActor
        final class ViewController {
            var taps = 0

            init(button: UIButton) {
                button.addTarget(self, action: ViewController.buttonTapped, for: .touchUpInside)
            }

            func buttonTapped() {
                taps += 1
            }
        }
    }

    private var button: UIButton!

    override func setUp() async throws {
        try await super.setUp()
        button = UIButton(type: .system)
        button.frame = CGRect(x: 100, y: 100, width: 100, height: 40)
        button.setTitle("OK", for: .normal)
        window.addSubview(button)
    }

    func testUIKitsAddTargetLineCompilesInBothForms() async {
        let withSender = SenderForm.ViewController(button: button)
        let plain = PlainForm.ViewController(button: button)
        injector.tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(withSender.taps, ["OK"])
        XCTAssertEqual(plain.taps, 1)
    }

    func testUnboundMethodsOfBothFormsAreSentForTheirEvents() async {
        let controller = Controller()
        button.addTarget(controller, action: Controller.buttonTapped, for: .touchUpInside)
        button.addTarget(controller, action: Controller.touchedDown, for: .touchDown)
        injector.tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(controller.calls, ["touchedDown", "buttonTapped(OK)"])
        XCTAssertEqual(button.allControlEvents, [.touchDown, .touchUpInside])
    }

    func testTargetsAreHeldWeaklyAndDroppedWhenGone() async {
        var controller: Controller? = Controller()
        button.addTarget(controller!, action: Controller.buttonTapped, for: .touchUpInside)
        var closureCalls = 0
        button.addAction({ _ in closureCalls += 1 }, for: .touchUpInside)
        controller = nil
        injector.tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(closureCalls, 1)
        XCTAssertEqual(button.allControlEvents, .touchUpInside, "the target was not kept alive; only the closure is left")
    }

    func testAnActionWantingAnotherKindOfSenderIsSkippedAndLogged() async {
        let controller = Controller()
        button.addTarget(controller, action: Controller.sliderMoved, for: .touchUpInside)
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(controller.calls, [])
        XCTAssertEqual(logLines(containing: "action wants a UISlider").count, 1)
    }

    func testRemovingATargetForSomeEventsKeepsTheOthers() async {
        let controller = Controller()
        button.addTarget(controller, action: Controller.touchedDown, for: [.touchDown, .touchUpInside])
        button.removeTarget(controller, for: .touchDown)
        XCTAssertEqual(button.allControlEvents, .touchUpInside)
        button.sendActions(for: .touchDown)
        XCTAssertEqual(controller.calls, [])
        button.sendActions(for: .touchUpInside)
        XCTAssertEqual(controller.calls, ["touchedDown"])
        button.removeTarget(controller, for: .allEvents)
        XCTAssertEqual(button.allControlEvents, [])
    }

    func testRemovingTheNilTargetRemovesEveryPairAndClosure() async {
        let controller = Controller()
        button.addTarget(controller, action: Controller.touchedDown, for: .touchDown)
        button.addAction({ _ in XCTFail("removed") }, for: .touchUpInside)
        button.removeTarget(nil, for: .allEvents)
        XCTAssertEqual(button.allControlEvents, [])
        injector.tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(controller.calls, [])
    }

    func testAClosureIsRemovedByItsIdentifier() async {
        var calls: [String] = []
        let first = button.addAction({ _ in calls.append("first") }, for: [.touchDown, .touchUpInside])
        button.addAction({ _ in calls.append("second") }, for: .touchUpInside)
        button.removeAction(identifiedBy: first, for: .touchUpInside)
        injector.tap(at: CGPoint(x: 150, y: 120))
        XCTAssertEqual(calls, ["first", "second"], "first keeps touchDown only")
    }

    func testSeveralEventsSentAtOnceReachEachPairOnceInTheOrderAdded() async {
        var calls: [String] = []
        button.addAction({ _ in calls.append("a") }, for: [.touchDown, .touchUpInside])
        button.addAction({ _ in calls.append("b") }, for: .touchUpInside)
        button.addAction({ _ in calls.append("c") }, for: .valueChanged)
        button.sendActions(for: [.touchDown, .touchUpInside])
        XCTAssertEqual(calls, ["a", "b"])
    }

    func testTheClosureGetsTheControl() async {
        var sender: UIControl?
        button.addAction({ sender = $0 }, for: .primaryActionTriggered)
        injector.tap(at: CGPoint(x: 150, y: 120))
        XCTAssertTrue(sender === button)
    }
}
