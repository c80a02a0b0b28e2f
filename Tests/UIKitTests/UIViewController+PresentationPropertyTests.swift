@testable import UIKit
import XCTest

/// Random presentations, dismissals, root changes, window hiding and fingers, from a
/// seeded generator (a failure names its seed), on the manual clock:
///
/// - every controller's appearance calls follow UIKit's state diagram (disappeared →
///   appearing → appeared → disappearing → disappeared, appearing ⇄ disappearing), and
///   `viewIsAppearing` comes only while appearing, once;
/// - every touch a view began ends there exactly once, ended or cancelled, and every
///   pan recognizer is possible again once the fingers are up;
/// - at rest, the controllers on screen (the root and the chain down to the last full
///   screen presentation) have appeared and every other one has disappeared, and the
///   window holds exactly their views.
///
/// To look into a failing seed: `PRESENTATION_SEED=N` starts from it and
/// `PRESENTATION_STEPS=1` prints each step with the chain and the screens' states.
final class UIViewControllerPresentationPropertyTests: UIKitTestCase {
    private static let sequenceCount = 2_000

    /// A screen that checks its own appearance calls and records its touches.
    private final class Screen: UIViewController {
        let number: Int
        private(set) var state = "disappeared"
        private(set) var failures: [String] = []
        private var heardIsAppearing = false
        let pan = UIPanGestureRecognizer()
        var touchLog: [TouchSample.ID: [String]] = [:]

        init(_ number: Int) {
            self.number = number
            super.init(nibName: nil, bundle: nil)
        }

        required init?(coder: NSCoder) { nil }

        override func loadView() {
            let touchView = TouchView(frame: UIScreen.main.bounds)
            touchView.screen = self
            view = touchView
            view.addGestureRecognizer(pan)
        }

        private func move(_ call: String, from allowed: [String], to next: String) {
            if ProcessInfo.processInfo.environment["PRESENTATION_STEPS"] != nil { print("  screen \(number).\(call)") }
            if !allowed.contains(state) { failures.append("screen \(number): \(call) while \(state)") }
            state = next
        }

        override func viewWillAppear(_ animated: Bool) {
            move("willAppear", from: ["disappeared", "disappearing"], to: "appearing")
            heardIsAppearing = false
        }
        override func viewIsAppearing(_ animated: Bool) {
            if state != "appearing" || heardIsAppearing { failures.append("screen \(number): isAppearing while \(state)") }
            heardIsAppearing = true
        }
        override func viewDidAppear(_ animated: Bool) {
            if !heardIsAppearing { failures.append("screen \(number): didAppear without isAppearing") }
            move("didAppear", from: ["appearing"], to: "appeared")
        }
        override func viewWillDisappear(_ animated: Bool) {
            move("willDisappear", from: ["appeared", "appearing"], to: "disappearing")
        }
        override func viewDidDisappear(_ animated: Bool) {
            move("didDisappear", from: ["disappearing"], to: "disappeared")
        }
    }

    private final class TouchView: UIView {
        weak var screen: Screen?
        override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) { note("began", touches) }
        override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent?) { note("moved", touches) }
        override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent?) { note("ended", touches) }
        override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent?) { note("cancelled", touches) }
        private func note(_ phase: String, _ touches: Set<UITouch>) {
            for touch in touches { screen?.touchLog[touch.sampleID, default: []].append(phase) }
        }
    }

    func testRandomPresentationsKeepTheLifecycleAndEveryTouch() async {
        UIKitDebug.isLoggingEnabled = false
        let first = UInt64(ProcessInfo.processInfo.environment["PRESENTATION_SEED"] ?? "1") ?? 1
        for seed in first...UInt64(Self.sequenceCount) {
            var random = SplitMix64(seed: seed)
            let failures = runSequence(&random)
            if !failures.isEmpty {
                XCTFail("seed \(seed): \(failures.prefix(5).joined(separator: "; "))")
                return
            }
        }
    }

    private func runSequence(_ random: inout SplitMix64) -> [String] {
        var screens: [Screen] = []
        func makeScreen() -> Screen {
            let screen = Screen(screens.count)
            screen.modalPresentationStyle = [.fullScreen, .overFullScreen, .pageSheet, .automatic].randomElement(using: &random)!
            screen.modalTransitionStyle = random.chance(0.5) ? .coverVertical : .crossDissolve
            screens.append(screen)
            return screen
        }
        /// A screen, or one in a navigation controller (three in ten).
        func makeShown() -> UIViewController {
            let screen = makeScreen()
            guard random.chance(0.3) else { return screen }
            let navigation = UINavigationController(rootViewController: screen)
            navigation.modalPresentationStyle = screen.modalPresentationStyle
            return navigation
        }
        window.isHidden = false
        window.rootViewController = makeShown()
        var fingers: [TouchSample.ID] = []
        for _ in 0..<random.int(in: 5...30) {
            let chain = window.rootViewController.map { ModalTransition.chain(from: $0) } ?? []
            let choice = random.int(in: 0...9)
            if ProcessInfo.processInfo.environment["PRESENTATION_STEPS"] != nil {
                print("step \(choice) chain \(chain.map { c -> String in if let n = c as? UINavigationController { return "nav(\(n.appearanceState))\(n.viewControllers.map { ($0 as? Screen)?.number ?? -1 }) shown \((n.shown as? Screen)?.number ?? -1) t \(n.transition != nil)" }; return "\((c as? Screen)?.number ?? -1)\(c.modalPresentationStyle.rawValue)" }) hidden \(window.isHidden) transition \(window.modalTransition != nil) screens \(screens.map { "\($0.number):\($0.state)" })")
            }
            switch choice {
            case 0, 1:
                if random.chance(0.2) {
                    // An alert or an action sheet, whose buttons the fingers may tap.
                    let alert = UIAlertController(title: "Alert", message: nil,
                                                  preferredStyle: random.chance(0.5) ? .alert : .actionSheet)
                    alert.addAction(UIAlertAction(title: "OK", style: .default))
                    if random.chance(0.7) { alert.addAction(UIAlertAction(title: "Cancel", style: .cancel)) }
                    chain.randomElement(using: &random)?.present(alert, animated: random.chance(0.6))
                } else {
                    chain.randomElement(using: &random)?.present(makeShown(), animated: random.chance(0.6))
                }
            case 2:
                if random.chance(0.3) {
                    chain.last?.presentationController?.dismissByUser(animated: random.chance(0.6))
                } else {
                    chain.randomElement(using: &random)?.dismiss(animated: random.chance(0.6))
                }
            case 3:
                if random.chance(0.3) { window.rootViewController = makeShown() } else { window.isHidden.toggle() }
            case 4, 5:
                if fingers.count < 4 {
                    // One in four at the left edge, where the back swipe starts.
                    let x = random.chance(0.25) ? random.int(in: 0...15) : random.int(in: 0...319)
                    fingers.append(injector.touchDown(at: CGPoint(x: x, y: random.int(in: 0...479))))
                }
            case 6:
                if let finger = fingers.randomElement(using: &random) {
                    injector.move(finger, to: CGPoint(x: random.int(in: 0...319), y: random.int(in: 0...479)))
                }
            case 7:
                if !fingers.isEmpty {
                    let finger = fingers.remove(at: random.int(in: 0...fingers.count - 1))
                    injector.touchUp(finger, at: CGPoint(x: random.int(in: 0...319), y: random.int(in: 0...479)))
                }
            case 8 where random.chance(0.5):
                guard let navigation = chain.compactMap({ $0 as? UINavigationController }).randomElement(using: &random) else { break }
                switch random.int(in: 0...3) {
                case 0, 1: navigation.pushViewController(makeScreen(), animated: random.chance(0.6))
                case 2: navigation.popViewController(animated: random.chance(0.6))
                default: navigation.popToRootViewController(animated: random.chance(0.6))
                }
            default:
                frames(Double(random.int(in: 0...30)) / 60)
            }
        }
        for finger in fingers { injector.touchUp(finger, at: CGPoint(x: 10, y: 10)) }
        window.isHidden = false
        frames(1)

        var failures = screens.flatMap(\.failures)
        for screen in screens {
            for (_, phases) in screen.touchLog {
                let ends = phases.filter { $0 == "ended" || $0 == "cancelled" }.count
                if phases.first != "began" || ends != 1 || !(phases.last == "ended" || phases.last == "cancelled") {
                    failures.append("screen \(screen.number): a touch went \(phases)")
                }
            }
            if screen.pan.state != .possible { failures.append("screen \(screen.number): pan \(screen.pan.state) at rest") }
        }
        if let root = window.rootViewController {
            let shown = ModalTransition.onScreen(ModalTransition.chain(from: root), in: window)
            for alert in shown.compactMap({ $0 as? UIAlertController }) where alert.viewIfLoaded?.window !== window {
                failures.append("an alert on screen has its view out of the window")
            }
            // A navigation controller on screen shows its top controller.
            let shownScreens = shown.map { ($0 as? UINavigationController)?.topViewController ?? $0 }
            for screen in screens {
                let onScreen = shownScreens.contains { $0 === screen }
                if screen.state != (onScreen ? "appeared" : "disappeared") {
                    failures.append("screen \(screen.number) \(screen.state) at rest, \(onScreen ? "on" : "off") screen")
                }
            }
            let expected = shown.map { $0 === root ? $0.view! : $0.presentationController?.containerView ?? UIView() }
            if window.subviews.count != expected.count || !zip(window.subviews, expected).allSatisfy({ $0 === $1 }) {
                failures.append("the window holds \(window.subviews.count) views, \(expected.count) expected")
            }
        }
        // The next sequence starts clean.
        window.rootViewController = nil
        window.layoutIfNeeded()
        return failures
    }
}
