import QuartzCore
import XCTest

/// Groups: children on the group's time line, clipped to it, with the group's delegate.
final class CAAnimationGroupTests: AnimationTestCase {
    func testChildrenRunOnTheGroupsTimeLineAndAreClippedToIt() async {
        let layer = CALayer()
        let fade = CABasicAnimation(keyPath: "opacity")
        fade.fromValue = 0
        fade.toValue = 1
        fade.duration = 4  // longer than the group: clipped, not scaled
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 0
        slide.toValue = 100
        slide.beginTime = 1  // relative to the group's start
        slide.duration = 1
        slide.fillMode = .forwards
        let grow = CABasicAnimation(keyPath: "bounds.size.width")
        grow.fromValue = 0
        grow.toValue = 10
        // duration 0 takes the group's.
        let group = CAAnimationGroup()
        group.animations = [fade, slide, grow]
        group.duration = 2
        group.beginTime = 11
        let log = DelegateLog()
        group.delegate = log.delegate("group")
        fade.delegate = log.delegate("child")  // ignored, as in Core Animation
        layer.add(group, forKey: "group")

        clock.now = 11.5
        var p = layer.presentation()!
        XCTAssertEqual(p.opacity, 0.125, accuracy: 1e-6)
        XCTAssertEqual(p.position.x, 0, accuracy: 1e-6, "not begun inside the group")
        XCTAssertEqual(p.bounds.width, 2.5, accuracy: 1e-6)
        clock.now = 12.5
        p = layer.presentation()!
        XCTAssertEqual(p.opacity, 0.375, accuracy: 1e-6)
        XCTAssertEqual(p.position.x, 50, accuracy: 1e-6)
        tick(at: 11)
        tick(at: 13)
        XCTAssertEqual(log.flush(), ["group.start", "group.stop(true)"])
        XCTAssertNil(layer.animationKeys())
    }

    func testTheGroupsTimingFunctionPacesItsChildren() async {
        let layer = CALayer()
        let slide = CAKeyframeAnimation(keyPath: "position.x")
        slide.values = [0, 100]
        let group = CAAnimationGroup()
        group.animations = [slide]
        group.duration = 1
        group.timingFunction = CAMediaTimingFunction(name: .easeIn)
        layer.add(group, forKey: nil)
        clock.now = 10.5
        let expected = 100 * CAMediaTimingFunction(name: .easeIn).solve(forInput: 0.5)
        XCTAssertEqual(Double(layer.presentation()!.position.x), expected, accuracy: 1e-6)
    }

    func testABadChildIsSkippedAndTheRestRun() async {
        let layer = CALayer()
        let bad = CABasicAnimation(keyPath: "nonsense")
        let good = CABasicAnimation(keyPath: "opacity")
        good.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [bad, good]
        group.duration = 1
        layer.add(group, forKey: nil)
        clock.now = 10.5
        XCTAssertEqual(layer.presentation()!.opacity, 0.5, accuracy: 1e-6)
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 1)
        XCTAssertTrue(QuartzCoreDebug.loggedLines[0].hasSuffix(
            "group: animations[0]: key path \"nonsense\" is not animatable on CALayer; skipped"))
    }

    func testTheAttachedGroupIsIndependentOfItsChildren() async {
        let layer = CALayer()
        let child = CABasicAnimation(keyPath: "opacity")
        child.toValue = 0
        let group = CAAnimationGroup()
        group.animations = [child]
        group.duration = 1
        layer.add(group, forKey: nil)
        child.toValue = 1
        clock.now = 10.5
        XCTAssertEqual(layer.presentation()!.opacity, 0.5, accuracy: 1e-6)
    }
}
