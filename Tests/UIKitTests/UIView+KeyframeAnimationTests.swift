import UIKit
import XCTest

/// `UIView.animateKeyframes` and `addKeyframe` (Apple's UIView reference,
/// "animateKeyframes(withDuration:delay:options:animations:completion:)" and
/// "addKeyframe(withRelativeStartTime:relativeDuration:animations:)").
final class UIViewKeyframeAnimationTests: UIKitTestCase {
    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        view = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        window.addSubview(view)
    }

    private var shown: CALayer { view.layer.presentation()! }

    /// UIKit names no curve for keyframes; its curve bits work through the raw value.
    private let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)

    private func tick(at time: TimeInterval) {
        clock.now = time
        CAAnimationEngine.current.tick()
    }

    /// Each keyframe reaches its value at its end; between keyframes the value holds.
    func testKeyframesReachTheirValuesAtTheirEndsAndHoldBetween() async {
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.25) { self.view.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.75, relativeDuration: 0.25) { self.view.alpha = 0 }
        }, completion: { self.trace.note("done(\($0))") })
        XCTAssertEqual(view.alpha, 0, "the model takes the last value at once")
        let expected: [(TimeInterval, Float)] = [(100.1, 1), (100.375, 0.75), (100.6, 0.5), (100.875, 0.25)]
        for (time, alpha) in expected {
            clock.now = time
            XCTAssertEqual(shown.opacity, alpha, accuracy: 1e-6, "at \(time)")
        }
        tick(at: 101)
        XCTAssertEqual(trace.flush(), ["done(true)"])
        XCTAssertNil(view.layer.animationKeys())
        XCTAssertEqual(shown.opacity, 0)
    }

    /// Without curve bits the whole animation eases in and out, as UIKit's does.
    func testTheWholeAnimationEasesInAndOutByDefault() async {
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { self.view.center.x = 250 }
        })
        clock.now = 100.3
        let progress = CAMediaTimingFunction(name: .easeInEaseOut).solve(forInput: 0.3)
        XCTAssertEqual(Double(shown.position.x), 50 + 200 * progress, accuracy: 1e-5)
    }

    /// Two properties in overlapping keyframes, and a change outside any keyframe, which
    /// spans the whole duration.
    func testPropertiesAnimateSeparatelyAndChangesOutsideKeyframesSpanTheWhole() async {
        UIView.animateKeyframes(withDuration: 2, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { self.view.center.x = 150 }
            UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { self.view.center.x = 50 }
            UIView.addKeyframe(withRelativeStartTime: 0.25, relativeDuration: 0.5) { self.view.alpha = 0 }
            self.view.bounds.size.width = 300
        })
        XCTAssertEqual(Set(view.layer.animationKeys() ?? []), ["position", "opacity", "bounds"])
        clock.now = 100.5  // a quarter
        XCTAssertEqual(shown.position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(shown.opacity, 1, accuracy: 1e-6)
        XCTAssertEqual(shown.bounds.width, 150, accuracy: 1e-9)
        clock.now = 101.5  // three quarters
        XCTAssertEqual(shown.position.x, 100, accuracy: 1e-9)
        XCTAssertEqual(shown.opacity, 0, accuracy: 1e-6)
        XCTAssertEqual(shown.bounds.width, 250, accuracy: 1e-9)
    }

    /// Discrete: each value shows from its keyframe's start, unblended.
    func testDiscreteShowsEachValueFromItsKeyframesStart() async {
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear.union(.calculationModeDiscrete), animations: {
            UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.3) { self.view.alpha = 0.5 }
            UIView.addKeyframe(withRelativeStartTime: 0.6, relativeDuration: 0.2) { self.view.alpha = 0.25 }
        })
        let expected: [(TimeInterval, Float)] = [(100.1, 1), (100.3, 0.5), (100.55, 0.5), (100.7, 0.25), (100.95, 0.25)]
        for (time, alpha) in expected {
            clock.now = time
            XCTAssertEqual(shown.opacity, alpha, "at \(time)")
        }
    }

    /// A delay shows the old value; a keyframe added outside a keyframe block changes
    /// the view at once; animations disabled complete at the next tick, finished.
    func testDelayOutsideAndDisabled() async {
        UIView.animateKeyframes(withDuration: 1, delay: 0.5, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { self.view.alpha = 0 }
        })
        clock.now = 100.25
        XCTAssertEqual(shown.opacity, 1)
        clock.now = 101
        XCTAssertEqual(shown.opacity, 0.5, accuracy: 1e-6)

        let other = UIView(frame: .zero)
        window.addSubview(other)
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { other.alpha = 0.5 }
        XCTAssertNil(other.layer.animationKeys())
        XCTAssertEqual(other.layer.presentation()!.opacity, 0.5)

        UIView.setAnimationsEnabled(false)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { other.alpha = 0 }
        }, completion: { self.trace.note("disabled(\($0))") })
        XCTAssertNil(other.layer.animationKeys())
        tick(at: 101.01)
        XCTAssertEqual(trace.flush(), ["disabled(true)"])
    }

    /// While a keyframe block's animations run, the view ignores touches unless
    /// `.allowUserInteraction`, as with `UIView.animate`.
    func testTheAnimatingViewIgnoresTouchesUnlessAllowed() async {
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: linear, animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { self.view.alpha = 0.5 }
        })
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === window)
        tick(at: 101)
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
        UIView.animateKeyframes(withDuration: 1, delay: 0, options: [linear, .allowUserInteraction], animations: {
            UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 1) { self.view.alpha = 1 }
        })
        XCTAssertTrue(window.hitTest(CGPoint(x: 50, y: 50), with: nil) === view)
    }
}
