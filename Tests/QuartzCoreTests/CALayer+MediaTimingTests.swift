import QuartzCore
import XCTest

/// Layers are `CAMediaTiming`: a time space per layer, nested through the tree, in which
/// the layer's animations run.
///
/// Sources: CAMediaTiming — Apple Developer Documentation (the defaults; "t = (tp −
/// begin) * speed + offset", in the header's comment on `timeOffset`); CALayer
/// convertTime(_:from:) / convertTime(_:to:) — Apple Developer Documentation (its
/// `offsetSlowMoLayer` example); Core Animation Programming
/// Guide, "Pausing and Resuming Animations", and Technical Q&A QA1673 "How to pause the
/// animation of a layer tree" (Listing 1), for the pause technique.
final class CALayerMediaTimingTests: AnimationTestCase {
    private let log = DelegateLog()

    private func move(_ name: String, duration: CFTimeInterval = 4) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = duration
        animation.delegate = log.delegate(name)
        return animation
    }

    private func x(_ layer: CALayer) -> CGFloat {
        layer.presentation()!.position.x
    }

    func testLayersAreMediaTimingWithCoreAnimationsDefaults() async {
        let timing: any CAMediaTiming = CALayer()
        XCTAssertEqual(timing.beginTime, 0)
        XCTAssertEqual(timing.duration, 0)
        XCTAssertEqual(timing.speed, 1)
        XCTAssertEqual(timing.timeOffset, 0)
        XCTAssertEqual(timing.repeatCount, 0)
        XCTAssertEqual(timing.repeatDuration, 0)
        XCTAssertFalse(timing.autoreverses)
        XCTAssertEqual(timing.fillMode, .removed)
    }

    func testEachLayersTimeIsDerivedFromItsSuperlayersAndConvertsBothWays() async {
        let (root, child) = attachedLayer()
        root.beginTime = 4
        root.speed = 2
        child.beginTime = 3
        child.speed = 0.5
        child.timeOffset = 1
        // At media time 10: the root's time is (10 − 4)·2 = 12, the child's (12 − 3)·0.5 + 1.
        XCTAssertEqual(root.convertTime(10, from: nil), 12)
        XCTAssertEqual(child.convertTime(10, from: nil), 5.5)
        XCTAssertEqual(child.convertTime(5.5, to: nil), 10)
        XCTAssertEqual(root.convertTime(5.5, from: child), 12)
        XCTAssertEqual(child.convertTime(12, from: root), 5.5)
        XCTAssertEqual(root.convertTime(5.5, from: child), child.convertTime(5.5, to: root))
        // A layer of another tree, with default timing, is on the media clock's time.
        XCTAssertEqual(CALayer().convertTime(5.5, from: child), 10)
    }

    func testAppleDocumentationsOffsetSlowMotionExample() async {
        let layer = CALayer()
        let offsetSlowMoLayer = CALayer()
        offsetSlowMoLayer.timeOffset = 1
        offsetSlowMoLayer.speed = 0.5
        layer.addSublayer(offsetSlowMoLayer)
        // (0.5 − 0)·0.5 + 1.
        XCTAssertEqual(offsetSlowMoLayer.convertTime(0.5, from: layer), 1.25)
        XCTAssertEqual(layer.convertTime(0.5, to: offsetSlowMoLayer), 1.25)
        XCTAssertEqual(layer.convertTime(1.25, from: offsetSlowMoLayer), 0.5)
    }

    func testTwoLayersUnderOnePausedAncestorStillConvertBetweenThem() async {
        let (root, a) = attachedLayer()
        let b = CALayer()
        root.addSublayer(b)
        root.speed = 0
        a.timeOffset = 2
        b.timeOffset = 5
        XCTAssertEqual(b.convertTime(1, from: a), 4, "through their shared superlayer, not through the frozen root")
    }

    func testAnAnimationRunsOnItsLayersTimeSoSpeedTwoFinishesInHalfTheTime() async {
        let (root, child) = attachedLayer()
        root.speed = 2
        child.add(move("m"), forKey: "m")
        XCTAssertEqual(child.animation(forKey: "m")?.beginTime, 20, "begin time 0 became the layer's time now")
        clock.now = 11
        XCTAssertEqual(x(child), 50)
        tick(at: 11.9)
        XCTAssertEqual(log.flush(), ["m.start"])
        tick(at: 12)
        XCTAssertEqual(log.flush(), ["m.stop(true)"])
        XCTAssertNil(child.animationKeys(), "removed on completion at the layer's end")
    }

    func testTimeOffsetShiftsTheLayersTimeForAnimationsAddedLater() async {
        let (_, child) = attachedLayer()
        child.timeOffset = 100
        child.add(move("m"), forKey: "m")
        XCTAssertEqual(child.animation(forKey: "m")?.beginTime, 110)
        XCTAssertEqual(child.convertTime(CACurrentMediaTime(), from: nil), 110)
    }

    func testPausingAndResumingFreezesTheSubtreeWhereItIsAndGoesOnWithoutAJump() async {
        let (root, child) = attachedLayer()
        let container = CALayer()
        root.addSublayer(container)
        container.addSublayer(child)
        container.add(move("container"), forKey: "m")
        child.add(move("child"), forKey: "m")
        tick(at: 10)
        XCTAssertEqual(log.flush(), ["container.start", "child.start"])

        // Pause (QA1673, Listing 1), one second in.
        clock.now = 11
        let pausedTime = container.convertTime(CACurrentMediaTime(), from: nil)
        container.speed = 0
        container.timeOffset = pausedTime
        XCTAssertEqual(x(container), 25)
        XCTAssertEqual(x(child), 25)
        tick(at: 20)
        XCTAssertEqual(x(container), 25, "frozen")
        XCTAssertEqual(x(child), 25, "frozen below it too")
        XCTAssertEqual(log.flush(), [], "a paused layer's animations never finish")
        XCTAssertFalse(CAAnimationEngine.current.needsFrames, "nothing moves, so no frames")

        // Resume, nineteen seconds later.
        clock.now = 30
        let resumedFrom = container.timeOffset
        container.speed = 1
        container.timeOffset = 0
        container.beginTime = 0
        let timeSincePause = container.convertTime(CACurrentMediaTime(), from: nil) - resumedFrom
        container.beginTime = timeSincePause
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        XCTAssertEqual(x(container), 25, "no jump")
        XCTAssertEqual(x(child), 25, "no jump")
        clock.now = 31
        XCTAssertEqual(x(child), 50)
        tick(at: 32.9)
        XCTAssertEqual(log.flush(), [])
        tick(at: 33)
        XCTAssertEqual(log.flush(), ["container.stop(true)", "child.stop(true)"], "four seconds of their time in all")
    }

    func testAPausedLayerStillTellsAStartThatIsDue() async {
        let (_, child) = attachedLayer()
        child.speed = 0
        child.add(move("m"), forKey: "m")
        XCTAssertTrue(CAAnimationEngine.current.needsFrames, "its start is due")
        tick(at: 10)
        XCTAssertEqual(log.flush(), ["m.start"])
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testSlowAnimationsComposeWithALayersSpeed() async {
        let (root, child) = attachedLayer()
        CAAnimationEngine.current.animationSpeed = 0.5
        root.speed = 4
        child.add(move("m"), forKey: "m")
        clock.now = 11
        XCTAssertEqual(x(child), 50, "a media second is half a second of the tree, two of the root's")
        tick(at: 12)
        XCTAssertEqual(log.flush(), ["m.start", "m.stop(true)"])
    }

    func testALayerWithADurationFoldsItsTime() async {
        let (_, layer) = attachedLayer()
        layer.duration = 2
        layer.autoreverses = true
        layer.repeatCount = 2
        layer.beginTime = 9
        // Active for two round trips of 4 s from media time 9.
        let times = [10.0, 12, 14, 15, 17, 30].map { time -> CFTimeInterval in
            clock.now = time
            return layer.convertTime(CACurrentMediaTime(), from: nil)
        }
        XCTAssertEqual(times, [1, 1, 1, 2, 0, 0])
        // Before its begin time it holds its start.
        layer.beginTime = 40
        XCTAssertEqual(layer.convertTime(30, from: nil), 0)
    }

    /// Outside its active period a layer is in the presentation only where its
    /// `fillMode` fills (CAMediaTiming.h on `fillMode`: "the element may be removed from
    /// the presentation"; the Fill Modes reference: `removed` "does not appear until it
    /// begins and is removed from the presentation when it is completed", `forwards`
    /// "remains visible in its final state", `backwards` appears in its initial state
    /// before it begins, `both` does both). The model is untouched.
    func testOutsideItsActivePeriodTheFillModeDecidesWhetherALayerIsPresented() async {
        let (_, layer) = attachedLayer()
        layer.duration = 2
        layer.beginTime = 9
        func shown(at time: CFTimeInterval) -> String {
            clock.now = time
            return layer.presentation()!.isHidden ? "gone" : "shown"
        }
        let modes: [CAMediaTimingFillMode] = [.removed, .forwards, .backwards, .both]
        let seen = modes.map { mode -> [String] in
            layer.fillMode = mode
            return [8, 10, 12].map(shown)
        }
        XCTAssertEqual(seen, [
            ["gone", "shown", "gone"],
            ["gone", "shown", "shown"],
            ["shown", "shown", "gone"],
            ["shown", "shown", "shown"],
        ])
        XCTAssertFalse(layer.isHidden, "the model is untouched")
        XCTAssertEqual(layer.fillMode, .both)
        layer.fillMode = .removed
        XCTAssertEqual(layer.convertTime(12, from: nil), 2, "its time still holds its end")
    }

    /// A layer without a duration lasts for ever from its `beginTime`: before it, it and
    /// its sublayers are out of the presentation unless it fills backwards (the Fill
    /// Modes reference, as above); with the default timing a layer is always presented.
    func testALayerDoesNotAppearBeforeItBeginsNorDoItsSublayers() async {
        let (_, layer) = attachedLayer()
        let sublayer = CALayer()
        layer.addSublayer(sublayer)
        clock.now = 10
        XCTAssertFalse(layer.presentation()!.isHidden)
        layer.beginTime = 11
        XCTAssertTrue(layer.presentation()!.isHidden)
        XCTAssertTrue(layer.snapshotTree().isHidden, "a snapshot shows it gone too")
        XCTAssertFalse(sublayer.presentation()!.isHidden, "its own timing is the default…")
        XCTAssertTrue(layer.presentation()!.isHidden, "…and it goes with the layer it hangs from")
        layer.fillMode = .backwards
        XCTAssertFalse(layer.presentation()!.isHidden)
        layer.fillMode = .removed
        clock.now = 11
        XCTAssertFalse(layer.presentation()!.isHidden, "from its begin time on")
        layer.speed = -1
        clock.now = 12
        XCTAssertTrue(layer.presentation()!.isHidden, "time running backwards stays before the begin")
    }

    /// The engine redraws a layer at the tick where it enters or leaves the
    /// presentation, and asks for frames only while one is still to come: no animation
    /// is attached to say so.
    func testTheEngineRedrawsALayerWhenItAppearsAndGoes() async {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let tracker = root.startTrackingDamage(bounds: root.frame, scale: 1)
        let layer = CALayer()
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        layer.backgroundColor = .black
        root.addSublayer(layer)
        clock.now = 10
        layer.beginTime = 10.5
        layer.duration = 1
        CATransaction.commit()
        _ = tracker.takeDamage()
        XCTAssertTrue(CAAnimationEngine.current.needsFrames, "it is to appear")

        tick(at: 10.25)
        XCTAssertFalse(tracker.hasDamage)
        tick(at: 10.5)
        XCTAssertEqual(tracker.takeDamage().rects, [layer.frame], "it appears")
        tick(at: 11)
        XCTAssertFalse(tracker.hasDamage)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames, "it is to go")
        tick(at: 11.5)
        XCTAssertEqual(tracker.takeDamage().rects, [layer.frame], "it goes")
        XCTAssertFalse(CAAnimationEngine.current.needsFrames, "nothing more will change")

        layer.fillMode = .forwards
        XCTAssertEqual(tracker.takeDamage().rects, [layer.frame], "filled forwards, it is back at once")
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testChangingTheTimingRedrawsTheSubtreeAndAPausedOneIsNotRedrawnEachFrame() async {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let tracker = root.startTrackingDamage(bounds: root.frame, scale: 1)
        let container = CALayer()
        container.frame = CGRect(x: 0, y: 0, width: 200, height: 100)
        let child = CALayer()
        child.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        child.backgroundColor = .black
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        root.addSublayer(container)
        container.addSublayer(child)
        CATransaction.commit()
        let slide = CABasicAnimation(keyPath: "position.x")
        slide.fromValue = 5
        slide.toValue = 105
        slide.duration = 1
        child.add(slide, forKey: "slide")
        _ = tracker.takeDamage()

        clock.now = 10.5
        let pausedTime = container.convertTime(CACurrentMediaTime(), from: nil)
        container.speed = 0
        container.timeOffset = pausedTime
        // The container's subtree, whose footprint is its bounds, is redrawn: the child
        // there at its paused place (x 50…60).
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 0, y: 0, width: 200, height: 100)])
        XCTAssertEqual(x(child), 55)
        tick(at: 11)
        XCTAssertFalse(tracker.hasDamage, "a frozen layer is not redrawn every frame")

        container.speed = 1
        container.timeOffset = 0
        container.beginTime = container.convertTime(CACurrentMediaTime(), from: nil) - pausedTime
        XCTAssertEqual(x(child), 55)
        XCTAssertEqual(tracker.takeDamage().rects, [CGRect(x: 0, y: 0, width: 200, height: 100)])
        clock.now = 11.25
        XCTAssertEqual(tracker.takeDamage().rects,
                       [CGRect(x: 50, y: 0, width: 10, height: 10), CGRect(x: 75, y: 0, width: 10, height: 10)],
                       "moving again")
    }
}
