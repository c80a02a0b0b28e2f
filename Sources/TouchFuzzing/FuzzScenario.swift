import Foundation
import UIKit

/// A window and what a fuzzing sequence plays on: a random tree of views, controls and
/// recognizers (or a scene supplied by the caller, such as one of the sandbox's), built
/// deterministically from a seed. It keeps every object it made, so steps can name them
/// by index, and hands out weak references so the fuzzer can check they all go.
@MainActor
public final class FuzzScenario {
    public let window: UIWindow
    /// Every view of the scenario, in the order made (for a supplied scene: its root
    /// view's subtree, depth first).
    public private(set) var views: [UIView] = []
    /// Every recognizer made (or found), attached or not.
    public private(set) var recognizers: [UIGestureRecognizer] = []
    /// Delegates, held here because recognizers hold theirs weakly.
    private var delegates: [FuzzDelegate] = []
    /// Whether steps may move a view under any other. Not for supplied scenes: their code
    /// is an app's, whose closures may hold a sibling view strongly (a readout label), and
    /// moving a view under that sibling makes a cycle no running app makes.
    public let allowsReparenting: Bool
    /// A one-line description of what was built, for reproductions.
    public private(set) var summary = ""

    public static let windowSize = CGSize(width: 320, height: 480)

    /// A random tree of 2–12 views with controls and 0–8 recognizers.
    public init(randomTreeFrom seed: UInt64) {
        var random = SplitMix64(seed: seed).derived(1)
        allowsReparenting = true
        window = UIWindow(frame: CGRect(origin: .zero, size: FuzzScenario.windowSize))
        window.makeKeyAndVisible()
        buildTree(using: &random)
        addRecognizers(using: &random)
        // On a stream of its own, so the trees and steps of earlier seeds stay as they
        // were: what makes hit-testing interesting.
        var hitTesting = SplitMix64(seed: seed).derived(3)
        varyHitTesting(using: &hitTesting)
        summary = "random tree: \(views.count) views, \(recognizers.count) recognizers"
    }

    /// Hidden views, faint ones, interaction switched off, hit-test overrides, path
    /// hit-testing and views moving without `.allowUserInteraction`, here and there.
    private func varyHitTesting(using random: inout SplitMix64) {
        for view in views {
            if random.chance(0.06) { view.isHidden = true }
            if random.chance(0.06) { view.alpha = [0, 0.005, 0.01, 0.5].randomElement(using: &random)! }
            if random.chance(0.05) { view.isUserInteractionEnabled = false }
            if let fuzz = view as? FuzzView, random.chance(0.15) {
                fuzz.hitTestOverride = FuzzHitTestOverride.allCases.randomElement(using: &random)!
            }
            if random.chance(0.1) { view.layer.hitTestPath = CGPath(ellipseIn: view.bounds, transform: nil) }
            if random.chance(0.08) {
                let target = CGPoint(x: view.center.x + CGFloat.random(in: -40...40, using: &random),
                                     y: view.center.y + CGFloat.random(in: -40...40, using: &random))
                UIView.animate(withDuration: 2) { view.center = target }
            }
        }
    }

    /// A supplied scene (a view controller) as the window's root.
    public init(scene: UIViewController, named name: String) {
        allowsReparenting = false
        window = UIWindow(frame: CGRect(origin: .zero, size: FuzzScenario.windowSize))
        window.rootViewController = scene
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        var stack: [UIView] = [scene.view]
        while let view = stack.popLast() {
            views.append(view)
            recognizers += view.gestureRecognizers ?? []
            stack += view.subviews.reversed()
        }
        summary = "scene \(name): \(views.count) views, \(recognizers.count) recognizers"
    }

    /// Takes the scenario down as an app would leave it: views out of the window, the
    /// window hidden. Afterwards nothing of it should stay alive.
    public func tearDown() {
        window.rootViewController = nil
        for view in window.subviews { view.removeFromSuperview() }
        window.isHidden = true
    }

    // MARK: - Building

    private func buildTree(using random: inout SplitMix64) {
        let count = Int.random(in: 2...12, using: &random)
        for index in 0..<count {
            let parent: UIView = index == 0 || random.chance(0.3) ? window : views.randomElement(using: &random)!
            let size = parent.bounds.size
            let width = CGFloat.random(in: 20...max(21, size.width), using: &random)
            let height = CGFloat.random(in: 20...max(21, size.height), using: &random)
            let frame = CGRect(x: CGFloat.random(in: -20...max(-19, size.width - width / 2), using: &random),
                               y: CGFloat.random(in: -20...max(-19, size.height - height / 2), using: &random),
                               width: width, height: height)
            let view = makeView(frame: frame, using: &random)
            view.isMultipleTouchEnabled = random.chance(0.6)
            view.isExclusiveTouch = random.chance(0.1)
            view.isUserInteractionEnabled = !random.chance(0.05)
            view.clipsToBounds = random.chance(0.2)
            if random.chance(0.1) { view.transform = CGAffineTransform(rotationAngle: CGFloat.random(in: -1...1, using: &random)) }
            parent.addSubview(view)
            views.append(view)
        }
    }

    private func makeView(frame: CGRect, using random: inout SplitMix64) -> UIView {
        switch Int.random(in: 0..<10, using: &random) {
        case 0:
            let button = UIButton(frame: frame)
            if random.chance(0.3) { react(button, using: &random) }
            return button
        case 1:
            let slider = UISlider(frame: frame)
            if random.chance(0.3) { react(slider, using: &random) }
            return slider
        default:
            let view = FuzzView(frame: frame)
            view.forwardsToSuperview = random.chance(0.4)
            if random.chance(0.2) {
                view.reaction = [.cancelAllTouches, .removeFromSuperview, .hide, .disableInteraction].randomElement(using: &random)!
                view.reactsTo = [.began, .moved, .ended, .cancelled].randomElement(using: &random)!
            }
            return view
        }
    }

    private func react(_ control: UIControl, using random: inout SplitMix64) {
        let event: UIControl.Event = [.touchDown, .touchUpInside, .touchCancel, .valueChanged].randomElement(using: &random)!
        let once = Once()
        control.addAction({ _ in
            guard !once.hasHappened else { return }
            once.hasHappened = true
            UIApplication.shared.cancelAllTouches()
        }, for: event)
    }

    private func addRecognizers(using random: inout SplitMix64) {
        let count = Int.random(in: 0...8, using: &random)
        for _ in 0..<count {
            let recognizer = makeRecognizer(using: &random)
            recognizer.cancelsTouchesInView = !random.chance(0.2)
            recognizer.delaysTouchesBegan = random.chance(0.3)
            recognizer.delaysTouchesEnded = !random.chance(0.3)
            if random.chance(0.3) {
                let delegate = FuzzDelegate(allowsSimultaneity: random.chance(0.7), refusesEveryOtherTouch: random.chance(0.2))
                delegates.append(delegate)
                recognizer.delegate = delegate
            }
            if !recognizers.isEmpty, random.chance(0.25) {
                recognizer.require(toFail: recognizers.randomElement(using: &random)!)
            }
            if random.chance(0.2) {
                let reaction: FuzzReaction = [.cancelAllTouches, .removeFromSuperview, .hide, .disableRecognizer, .detachRecognizer]
                    .randomElement(using: &random)!
                let state: UIGestureRecognizer.State = [.began, .changed, .ended, .cancelled].randomElement(using: &random)!
                recognizer.fuzzReact(reaction, at: state)
            }
            let host: UIView = random.chance(0.15) ? window : views.randomElement(using: &random)!
            host.addGestureRecognizer(recognizer)
            recognizers.append(recognizer)
        }
    }

    private func makeRecognizer(using random: inout SplitMix64) -> UIGestureRecognizer {
        switch Int.random(in: 0..<6, using: &random) {
        case 0:
            let tap = UITapGestureRecognizer()
            tap.numberOfTapsRequired = Int.random(in: 1...3, using: &random)
            tap.numberOfTouchesRequired = random.chance(0.8) ? 1 : 2
            return tap
        case 1:
            let press = UILongPressGestureRecognizer()
            press.numberOfTapsRequired = random.chance(0.8) ? 0 : 1
            press.numberOfTouchesRequired = random.chance(0.8) ? 1 : 2
            press.minimumPressDuration = [0.1, 0.5, 1].randomElement(using: &random)!
            return press
        case 2:
            let pan = UIPanGestureRecognizer()
            pan.minimumNumberOfTouches = random.chance(0.8) ? 1 : 2
            pan.maximumNumberOfTouches = random.chance(0.8) ? Int.max : 2
            return pan
        case 3:
            let swipe = UISwipeGestureRecognizer()
            swipe.direction = [.right, .left, .up, .down, [.left, .right]].randomElement(using: &random)!
            swipe.numberOfTouchesRequired = random.chance(0.8) ? 1 : 2
            return swipe
        case 4:
            return UIPinchGestureRecognizer()
        default:
            return UIRotationGestureRecognizer()
        }
    }
}
