import Foundation
import QuartzCore
import XCTest

/// Implicit animations of standalone layers and the action search.
final class CALayerActionsTests: AnimationTestCase {
    func testChangingAPropertyOfALayerInATreeAnimatesFromItsOldValue() async {
        let (_, layer) = attachedLayer()
        layer.position = CGPoint(x: 100, y: 0)
        XCTAssertEqual(layer.position, CGPoint(x: 100, y: 0), "the model changes at once")
        let implicit = layer.animation(forKey: "position") as? CABasicAnimation
        XCTAssertEqual(implicit?.duration, 0.25)
        XCTAssertEqual(implicit?.fromValue as? CGPoint, .zero)
        XCTAssertNil(implicit?.toValue)
        clock.now = 10.125
        let expected = 100 * CAMediaTimingFunction(name: .default).solve(forInput: 0.5)
        XCTAssertEqual(Double(layer.presentation()!.position.x), expected, accuracy: 1e-6)
        tick(at: 10.25)
        XCTAssertNil(layer.animationKeys())
    }

    func testRetargetingMidAnimationStartsFromWhereItAppears() async {
        let (_, layer) = attachedLayer()
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.opacity = 0
        clock.now = 10.125
        layer.opacity = 1  // appears at 0.5 now
        XCTAssertEqual(layer.animation(forKey: "opacity").flatMap { ($0 as? CABasicAnimation)?.fromValue as? CGFloat }, 0.5)
        clock.now = 10.25
        XCTAssertEqual(layer.presentation()!.opacity, 0.75, accuracy: 1e-6)
    }

    /// The value a retargeted property starts from comes from the animations that write
    /// it, under a key path (`bounds.size.width`) or in a group, and not from those of
    /// other properties.
    func testRetargetingStartsFromTheAnimationsOfThatPropertyOnly() async {
        let (_, layer) = attachedLayer()
        CATransaction.setDisableActions(true)
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.opacity = 1
        CATransaction.setDisableActions(false)
        let width = CABasicAnimation(keyPath: "bounds.size.width")
        width.fromValue = 0
        width.toValue = 100
        width.duration = 1
        width.timingFunction = CAMediaTimingFunction(name: .linear)
        layer.add(width, forKey: "width")
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 1
        fade.timingFunction = CAMediaTimingFunction(name: .linear)
        let group = CAAnimationGroup()
        group.animations = [fade]
        group.duration = 1
        layer.add(group, forKey: "group")
        let spin = CABasicAnimation(keyPath: "transform.rotation.z")
        spin.toValue = Double.pi
        spin.duration = 1
        layer.add(spin, forKey: "spin")
        clock.now = 10.25
        CATransaction.setAnimationTimingFunction(CAMediaTimingFunction(name: .linear))
        layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 50)
        layer.opacity = 0.5
        layer.cornerRadius = 4
        func from(_ key: String) -> Any? { (layer.animation(forKey: key) as? CABasicAnimation)?.fromValue }
        let bounds = from("bounds") as? CGRect
        XCTAssertEqual(Double(bounds?.width ?? .nan), 25, accuracy: 1e-9, "the width's key path")
        XCTAssertEqual(bounds?.height, 50)
        XCTAssertEqual(Double(from("opacity") as? CGFloat ?? .nan), 0.25, accuracy: 1e-9, "the group's fade")
        XCTAssertEqual(from("cornerRadius") as? CGFloat, 0, "nothing animates it: the model's old value")
    }

    func testEveryAnimatablePropertyHasAnImplicitAnimation() async {
        let (_, layer) = attachedLayer()
        let shape = CAShapeLayer()
        layer.addSublayer(shape)
        layer.bounds = CGRect(x: 0, y: 0, width: 5, height: 5)
        layer.anchorPoint = .zero
        layer.transform = CATransform3DMakeScale(2, 2, 1)
        layer.backgroundColor = .white
        layer.borderWidth = 2
        layer.borderColor = .white
        layer.cornerRadius = 3
        layer.shadowOpacity = 1
        layer.shadowRadius = 1
        layer.shadowOffset = .zero
        layer.shadowColor = .white
        layer.zPosition = 4
        shape.strokeEnd = 0.5
        shape.strokeStart = 0.1
        shape.lineWidth = 3
        shape.fillColor = nil
        shape.strokeColor = .white
        layer.masksToBounds = true  // not animatable
        layer.name = "x"
        XCTAssertEqual(layer.animationKeys(), [
            "bounds", "anchorPoint", "transform", "backgroundColor", "borderWidth", "borderColor", "cornerRadius",
            "shadowOpacity", "shadowRadius", "shadowOffset", "shadowColor", "zPosition",
        ])
        XCTAssertEqual(shape.animationKeys(), ["strokeEnd", "strokeStart", "lineWidth", "fillColor", "strokeColor"])
        // From nil, a colour animates from transparent black.
        XCTAssertEqual((layer.animation(forKey: "backgroundColor") as? CABasicAnimation)?.fromValue as? CGColor, .clear)
        XCTAssertTrue(QuartzCoreDebug.loggedLines.isEmpty, "\(QuartzCoreDebug.loggedLines)")
    }

    func testAStandaloneLayerOutsideATreeDoesNotAnimate() async {
        let layer = CALayer()
        layer.position = CGPoint(x: 10, y: 10)
        XCTAssertNil(layer.animationKeys())
    }

    func testActionSearchOrderDelegateThenActionsThenDefault() async {
        final class Delegate: CALayerDelegate {
            var answers: [String: any CAAction] = [:]
            func action(for layer: CALayer, forKey event: String) -> (any CAAction)? { answers[event] }
        }
        final class Recorder: CAAction {
            var runs: [String] = []
            func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
                runs.append("\(event) previous \(dict?[CAActionArgument.previousValue] ?? "?")")
            }
        }
        let (_, layer) = attachedLayer()
        let delegate = Delegate()
        let fromDelegate = Recorder(), fromActions = Recorder()
        layer.delegate = delegate
        delegate.answers["opacity"] = fromDelegate
        delegate.answers["cornerRadius"] = NSNull()
        layer.actions = ["opacity": fromActions, "zPosition": fromActions, "borderWidth": NSNull()]
        layer.opacity = 0.5
        layer.zPosition = 2
        layer.cornerRadius = 4
        layer.borderWidth = 1
        layer.shadowRadius = 6
        XCTAssertEqual(fromDelegate.runs, ["opacity previous 1.0"])
        XCTAssertEqual(fromActions.runs, ["zPosition previous 0.0"])
        XCTAssertEqual(layer.animationKeys(), ["shadowRadius"], "NSNull stops the search; shadowRadius falls to the default")
        XCTAssertNil(layer.action(forKey: "cornerRadius"))
        XCTAssertTrue(layer.action(forKey: "zPosition") === fromActions)
        XCTAssertTrue(CALayer.defaultAction(forKey: "position") is CABasicAnimation)
        XCTAssertNil(CALayer.defaultAction(forKey: "name"))
    }

    func testAnActionsAnimationRunsWithItsOwnTimingAndFillsItsStart() async {
        let (_, layer) = attachedLayer()
        let slow = CABasicAnimation()
        slow.duration = 2
        layer.actions = ["position": slow]
        layer.position = CGPoint(x: 80, y: 0)
        clock.now = 11
        XCTAssertEqual(layer.presentation()!.position.x, 40, accuracy: 1e-6)
    }

    func testAnOverriddenActionForKey() async {
        final class Quiet: CALayer {
            override func action(forKey event: String) -> (any CAAction)? {
                event == "opacity" ? nil : super.action(forKey: event)
            }
        }
        let root = CALayer()
        let layer = Quiet()
        root.addSublayer(layer)
        layer.opacity = 0
        layer.position = CGPoint(x: 1, y: 1)
        XCTAssertEqual(layer.animationKeys(), ["position"])
        let presented = layer.presentation()!
        XCTAssertFalse(presented === layer)
        XCTAssertTrue(type(of: presented) == Quiet.self, "the copy has the layer's class")
    }
}
