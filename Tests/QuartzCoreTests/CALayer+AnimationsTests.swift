import QuartzCore
import XCTest

/// Attaching, replacing and removing animations, and the order of what delegates hear.
final class CALayerAnimationsTests: AnimationTestCase {
    private let log = DelegateLog()

    private func move(_ name: String, duration: CFTimeInterval = 1, begin: CFTimeInterval = 0) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = duration
        animation.beginTime = begin
        animation.delegate = log.delegate(name)
        return animation
    }

    func testStartAndStopAreToldOnTicksInTheOrderAdded() async {
        let a = CALayer(), b = CALayer()
        b.add(move("b1", duration: 2), forKey: "x")
        a.add(move("a1", duration: 1), forKey: "x")
        a.add(move("a2", duration: 1, begin: 10.5), forKey: "y")
        b.add(move("b2", duration: 1), forKey: "y")
        XCTAssertEqual(log.flush(), [], "nothing is told when adding")
        tick(at: 10)
        XCTAssertEqual(log.flush(), ["b1.start", "a1.start", "b2.start"])
        tick(at: 10.5)
        XCTAssertEqual(log.flush(), ["a2.start"])
        // Reading the presentation after the end stops nothing.
        clock.now = 11.2
        _ = a.presentation()
        XCTAssertEqual(log.flush(), [])
        tick(at: 11.2)
        XCTAssertEqual(log.flush(), ["a1.stop(true)", "b2.stop(true)"])
        XCTAssertEqual(a.animationKeys(), ["y"])
        tick(at: 12)
        XCTAssertEqual(log.flush(), ["b1.stop(true)", "a2.stop(true)"])
        XCTAssertNil(a.animationKeys())
        XCTAssertNil(b.animationKeys())
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testAnAnimationThatBeginsAndEndsBetweenTicksStartsThenStops() async {
        let layer = CALayer()
        layer.add(move("quick", duration: 0.1), forKey: nil)
        tick(at: 11)
        XCTAssertEqual(log.flush(), ["quick.start", "quick.stop(true)"])
    }

    func testSameKeyReplacesAndTheReplacedOneStopsUnfinished() async {
        let layer = CALayer()
        layer.add(move("first"), forKey: "x")
        tick(at: 10.2)
        layer.add(move("second"), forKey: "x")
        XCTAssertEqual(log.flush(), ["first.start", "first.stop(false)"])
        XCTAssertEqual(layer.animationKeys(), ["x"])
        tick(at: 10.3)
        tick(at: 11.2)
        XCTAssertEqual(log.flush(), ["second.start", "second.stop(true)"])
    }

    func testRemovalStopsUnfinishedAtOnceAndOnlyOnce() async {
        let layer = CALayer()
        layer.add(move("a"), forKey: "a")
        layer.add(move("b"), forKey: "b")
        layer.add(move("c"), forKey: nil)
        tick(at: 10.1)
        log.lines.removeAll()
        layer.removeAnimation(forKey: "b")
        XCTAssertEqual(log.flush(), ["b.stop(false)"])
        layer.removeAnimation(forKey: "b")
        layer.removeAnimation(forKey: "missing")
        XCTAssertEqual(log.flush(), [])
        layer.removeAllAnimations()
        XCTAssertEqual(log.flush(), ["a.stop(false)", "c.stop(false)"])
        tick(at: 12)
        XCTAssertEqual(log.flush(), [])
    }

    func testAnAnimationRemovedBeforeItBeganOnlyStops() async {
        let layer = CALayer()
        layer.add(move("later", begin: 20), forKey: "x")
        tick(at: 11)
        layer.removeAnimation(forKey: "x")
        XCTAssertEqual(log.flush(), ["later.stop(false)"])
    }

    func testAKeptAnimationIsNotStoppedAgainWhenRemoved() async {
        let layer = CALayer()
        let kept = move("kept")
        kept.isRemovedOnCompletion = false
        layer.add(kept, forKey: "x")
        tick(at: 12)
        layer.removeAnimation(forKey: "x")
        XCTAssertEqual(log.flush(), ["kept.start", "kept.stop(true)"])
    }

    func testADelegateMayChainTheNextAnimationForTheSameKeyInItsStop() async {
        let layer = CALayer()
        final class Chainer: CAAnimationDelegate {
            let layer: CALayer
            let next: CAAnimation
            init(layer: CALayer, next: CAAnimation) { self.layer = layer; self.next = next }
            func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { layer.add(next, forKey: "x") }
        }
        let first = move("first")
        first.delegate = Chainer(layer: layer, next: move("second", duration: 5))
        layer.add(first, forKey: "x")
        tick(at: 11.5)
        XCTAssertNotNil(layer.animation(forKey: "x"), "the chained animation survives the removal of the first")
        tick(at: 12)
        XCTAssertEqual(log.flush(), ["second.start"])
    }

    func testDamageOnAddAndTicksOnlyWhileAnimating() async {
        let root = CALayer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        root.position = CGPoint(x: 100, y: 50)
        let layer = CALayer()
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        let tracker = root.startTrackingDamage(bounds: root.bounds, scale: 1)
        _ = tracker.takeDamage()
        XCTAssertFalse(tracker.hasDamage)
        layer.add(move("a"), forKey: "x")
        XCTAssertTrue(tracker.hasDamage)
        _ = tracker.takeDamage()
        _ = layer.presentation()
        XCTAssertTrue(tracker.hasDamage, "a running animation damages every frame")
        tick(at: 10.5)
        XCTAssertFalse(tracker.takeDamage().isEmpty)
        tick(at: 12)
        XCTAssertFalse(tracker.takeDamage().isEmpty, "the stop is drawn once")
        tick(at: 13)
        XCTAssertFalse(tracker.hasDamage, "idle ticks change nothing")
        XCTAssertTrue(tracker.takeDamage().isEmpty)
    }

    func testPresentationIsADetachedCopyOfTheSameClassWithItsModel() async {
        let root = CALayer()
        let shape = CAShapeLayer()
        shape.addSublayer(CALayer())
        shape.lineWidth = 3
        shape.path = CGPath(rect: CGRect(x: 0, y: 0, width: 5, height: 5), transform: nil)
        shape.hitTestsByShape = true
        shape.name = "shape"
        // Configured before joining a tree, so without implicit animations.
        root.addSublayer(shape)
        XCTAssertFalse(shape.presentation() === shape, "a copy, even with nothing attached")
        shape.add(move("m"), forKey: "m")
        clock.now = 10.25
        let p = shape.presentation()!
        XCTAssertFalse(p === shape)
        XCTAssertNil(p.superlayer)
        XCTAssertNil(p.sublayers)
        XCTAssertNil(p.delegate)
        XCTAssertEqual(p.position.x, 25)
        XCTAssertEqual(p.lineWidth, 3)
        XCTAssertEqual(p.path, shape.path)
        XCTAssertTrue(p.hitTestsByShape)
        XCTAssertEqual(p.name, "shape")
        XCTAssertTrue(p.model() === shape)
        XCTAssertTrue(shape.model() === shape)
        XCTAssertFalse(shape.presentation() === p, "a new copy on every read")
        XCTAssertNil(p.animationKeys())
    }

    func testPresentationHitTestListingOnLayers() async {
        // The core of Neuburg's munging listing: the presentation layer hit-tests where
        // it is seen.
        let root = CALayer()
        let moving = CALayer()
        moving.frame = CGRect(x: 0, y: 0, width: 50, height: 50)
        root.addSublayer(moving)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 25, y: 25)
        slide.toValue = CGPoint(x: 225, y: 25)
        slide.duration = 1
        moving.add(slide, forKey: nil)
        clock.now = 10.5
        let lay = moving.presentation()!
        XCTAssertTrue(lay.hitTest(CGPoint(x: 110, y: 10)) === lay, "where it appears")
        XCTAssertNil(lay.hitTest(CGPoint(x: 10, y: 10)), "where the model is")
        XCTAssertTrue(moving.hitTest(CGPoint(x: 10, y: 10)) === moving, "the model layer hit-tests the model")
    }
}
