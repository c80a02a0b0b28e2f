import QuartzCore
import XCTest

/// The media-timing properties as animations apply them on a layer: begin times,
/// repeats, autoreverse, fill modes, speed and offset, and what shows after the end.
final class CAAnimationTests: AnimationTestCase {
    private let layer = CALayer()

    /// A linear `opacity` animation 0 → 1 over 1 s, configured by `configure`.
    @discardableResult
    private func fade(_ configure: (CABasicAnimation) -> Void = { _ in }) -> CABasicAnimation {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0
        animation.toValue = 1
        animation.duration = 1
        configure(animation)
        layer.opacity = 0.5
        layer.add(animation, forKey: "fade")
        return animation
    }

    /// The presented opacity at `time` (without ticking).
    private func opacity(at time: CFTimeInterval) -> Double {
        clock.now = time
        return Double(layer.presentation()!.opacity)
    }

    func testZeroBeginTimeBecomesTheTimeOfAdding() async {
        clock.now = 12
        let original = fade()
        XCTAssertEqual(original.beginTime, 0, "the caller's object is not changed")
        XCTAssertEqual(layer.animation(forKey: "fade")?.beginTime, 12)
        XCTAssertFalse(layer.animation(forKey: "fade") === original, "a copy is attached")
        XCTAssertEqual(opacity(at: 12.25), 0.25, accuracy: 1e-6)
    }

    func testChangingTheOriginalAfterAddingChangesNothing() async {
        let original = fade()
        original.toValue = 100
        original.duration = 50
        XCTAssertEqual(opacity(at: 10.5), 0.5, accuracy: 1e-6)
    }

    func testDefaultDurationIsAQuarterSecond() async {
        fade { $0.duration = 0 }
        XCTAssertEqual(opacity(at: 10.125), 0.5, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 10.25), 0.5, accuracy: 1e-6, "ended: the model shows")
    }

    func testBeginTimeInTheFutureShowsTheModelUntilThenUnlessFillingBackwards() async {
        fade { $0.beginTime = 12 }
        XCTAssertEqual(opacity(at: 11), 0.5, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 12.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 12.75), 0.75, accuracy: 1e-6)
        clock.now = 10
        fade { $0.beginTime = 12; $0.fillMode = .backwards }
        XCTAssertEqual(opacity(at: 11), 0, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 13.5), 0.5, accuracy: 1e-6, "no forward fill")
    }

    func testFillModesAfterTheEndWithTheAnimationKept() async {
        let cases: [(CAMediaTimingFillMode, before: Double, after: Double)] = [
            (.removed, 0.5, 0.5), (.forwards, 0.5, 1), (.backwards, 0, 0.5), (.both, 0, 1),
        ]
        for (mode, before, after) in cases {
            clock.now = 10
            fade { $0.beginTime = 11; $0.fillMode = mode; $0.isRemovedOnCompletion = false }
            XCTAssertEqual(opacity(at: 10.5), before, accuracy: 1e-6, mode.rawValue)
            XCTAssertEqual(opacity(at: 11.5), 0.5, accuracy: 1e-6, mode.rawValue)
            tick(at: 13)
            XCTAssertNotNil(layer.animation(forKey: "fade"), "kept: \(mode.rawValue)")
            XCTAssertEqual(opacity(at: 13), after, accuracy: 1e-6, mode.rawValue)
        }
    }

    func testRemovedOnCompletionDetachesAtTheTickSoTheForwardFillGoes() async {
        fade { $0.fillMode = .forwards }
        XCTAssertEqual(opacity(at: 11.5), 1, accuracy: 1e-6, "reads never finish an animation")
        tick(at: 11.5)
        XCTAssertNil(layer.animation(forKey: "fade"))
        XCTAssertNil(layer.animationKeys())
        XCTAssertTrue(layer.presentationOrSelf() === layer, "nothing attached: the layer is read as it is")
        XCTAssertEqual(opacity(at: 11.5), 0.5, accuracy: 1e-6)
    }

    func testRemovedOnCompletionFalseKeepsTheFinalValue() async {
        fade { $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        tick(at: 11)
        tick(at: 20)
        XCTAssertEqual(opacity(at: 20), 1, accuracy: 1e-6)
        XCTAssertEqual(layer.animationKeys(), ["fade"])
        XCTAssertFalse(CAAnimationEngine.current.needsFrames, "a finished, kept animation needs no frames")
    }

    func testFractionalRepeatCountEndsPartWayThroughACycle() async {
        fade { $0.repeatCount = 2.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        XCTAssertEqual(opacity(at: 10.25), 0.25, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 11.25), 0.25, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 12.4), 0.4, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 13), 0.5, accuracy: 1e-6, "held where it stopped, half way")
    }

    func testInfiniteRepeatNeverEnds() async {
        let log = DelegateLog()
        fade { $0.repeatCount = .infinity; $0.delegate = log.delegate("fade") }
        tick(at: 10)
        tick(at: 1_000_000.75)
        XCTAssertEqual(opacity(at: 1_000_000.75), 0.75, accuracy: 1e-6)
        XCTAssertEqual(log.flush(), ["fade.start"])
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
    }

    func testAutoreversePlaysBackwardsAndRepeatsCountWholeRoundTrips() async {
        fade { $0.autoreverses = true; $0.repeatCount = 2; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        XCTAssertEqual(opacity(at: 10.25), 0.25, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 11.25), 0.75, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 12.5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 13.9), 0.1, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 14), 0, accuracy: 1e-6, "ends where it started")
        tick(at: 13.9)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 14)
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testPulseRepeatsForeverUntilRemoved() async {
        // Neuburg's long-press pulse, in Swift: `HUGE_VALF` is `.infinity`, and the
        // NSValue wrappers go (values are plain `Any`).
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let anim = CABasicAnimation(keyPath: "transform")
        anim.toValue = CATransform3DMakeScale(1.1, 1.1, 1)
        anim.fromValue = CATransform3DIdentity
        anim.repeatCount = .infinity
        anim.autoreverses = true
        layer.add(anim, forKey: nil)
        XCTAssertNil(layer.animationKeys(), "added without a key")
        clock.now = 10.125
        XCTAssertEqual(layer.presentation()!.affineTransform().a, 1.05, accuracy: 1e-6)
        clock.now = 10 + 0.25 * 1001
        XCTAssertEqual(layer.presentation()!.affineTransform().a, 1.1, accuracy: 1e-6, "at the top of a pulse")
        clock.now += 0.125
        XCTAssertEqual(layer.presentation()!.affineTransform().d, 1.05, accuracy: 1e-6)
        layer.removeAllAnimations()
        XCTAssertEqual(layer.presentation()!.affineTransform(), .identity)
    }

    func testSpeedAndTimeOffset() async {
        fade { $0.speed = 2 }
        XCTAssertEqual(opacity(at: 10.25), 0.5, accuracy: 1e-6)
        clock.now = 10
        fade { $0.timeOffset = 0.5 }
        XCTAssertEqual(opacity(at: 10.25), 0.75, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 10.75), 0.25, accuracy: 1e-6, "wrapped round")
        clock.now = 10
        fade { $0.speed = 0; $0.timeOffset = 0.3 }
        XCTAssertEqual(opacity(at: 50), 0.3, accuracy: 1e-6, "paused at its offset")
    }

    func testRepeatDurationBoundsTheActiveTime() async {
        fade { $0.repeatDuration = 1.5; $0.fillMode = .forwards; $0.isRemovedOnCompletion = false }
        XCTAssertEqual(opacity(at: 11.25), 0.25, accuracy: 1e-6)
        XCTAssertEqual(opacity(at: 12), 0.5, accuracy: 1e-6)
    }
}
