@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The hit-test-animation scene: while the views slide, a tap where a view is seen hits
/// it only in the presentation lanes, a tap where its model is hits it only in the
/// model lane, and the swallowed button's touches come through the recognizer alone.
final class HitTestAnimationSceneTests: ListingTestCase {
    private var scene: HitTestAnimationScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(HitTestAnimationScene.self)
    }

    private func lane(_ kind: HitTestAnimationScene.Kind) -> HitTestAnimationScene.Lane {
        scene.lanes.first { $0.kind == kind }!
    }

    /// Where the lane's view is seen now, in window coordinates.
    private func seen(_ kind: HitTestAnimationScene.Kind) -> CGPoint {
        let lane = lane(kind)
        return lane.track.convert(lane.mover.layer.presentation()!.position, to: window)
    }

    /// Where the lane's view is in the model, in window coordinates.
    private func model(_ kind: HitTestAnimationScene.Kind) -> CGPoint {
        lane(kind).track.convert(lane(kind).mover.center, to: window)
    }

    func testTheSceneFitsTheClearAreaAtBothSizes() async {
        for size in Self.sceneSizes {
            let scene = show(HitTestAnimationScene.self, size: size)
            assertStageFitsClearArea(scene)
            XCTAssertEqual(scene.lanes.map(\.kind), HitTestAnimationScene.Kind.allCases)
        }
    }

    func testTheViewsSlideBackAndForthForEver() async {
        let start = seen(.model)
        XCTAssertEqualPoints(model(.model), CGPoint(x: start.x + HitTestAnimationScene.travel(in: lane(.model).track), y: start.y))
        advance(HitTestAnimationScene.crossingDuration)
        XCTAssertEqualPoints(seen(.model), model(.model), accuracy: 1e-6)
        advance(HitTestAnimationScene.crossingDuration)
        XCTAssertEqualPoints(seen(.model), start, accuracy: 1e-6)
        advance(100 * HitTestAnimationScene.crossingDuration + 0.5)
        for lane in scene.lanes {
            XCTAssertNotNil(lane.mover.layer.animationKeys(), "\(lane.kind) still moving")
            XCTAssertEqual(lane.mover.layer.presentation()?.position.y, lane.mover.center.y)
        }
    }

    func testATapWhereTheViewIsSeenHitsItOnlyUnderPresentationHitTesting() async {
        advance(0.5)
        for kind in [HitTestAnimationScene.Kind.model, .munged, .presentation] {
            XCTAssertGreaterThan(model(kind).x - seen(kind).x, HitTestAnimationScene.moverSize.width, "apart")
            injector.tap(at: seen(kind))
        }
        XCTAssertEqual(scene.hits, [0, 1, 1, 0])
        XCTAssertEqual(scene.misses, [1, 0, 0, 0])
        XCTAssertEqual(lane(.model).result.text, "hits 0 \u{B7} misses 1")
        XCTAssertEqual(lane(.munged).result.text, "hits 1 \u{B7} misses 0")
        XCTAssertEqualPoints(lane(.munged).track.convert(lane(.munged).marker.center, to: window), seen(.munged))
        XCTAssertEqual(lane(.munged).marker.layer.borderColor, UIColor.systemGreen.cgColor)
        XCTAssertEqual(lane(.model).marker.layer.borderColor, UIColor.systemRed.cgColor)

        for kind in [HitTestAnimationScene.Kind.model, .munged, .presentation] {
            injector.tap(at: model(kind))
        }
        XCTAssertEqual(scene.hits, [1, 1, 1, 0])
        XCTAssertEqual(scene.misses, [1, 1, 1, 0])
        XCTAssertEqual(lane(.presentation).result.text, "hits 1 \u{B7} misses 1")
    }

    func testTheSwallowedButtonsTouchesComeThroughTheRecognizerOnly() async throws {
        let button = try XCTUnwrap(lane(.swallowed).mover as? UIButton)
        advance(0.5)
        injector.tap(at: seen(.swallowed), duration: 0.05)
        XCTAssertEqual(scene.recognizerHits, 1)
        XCTAssertEqual(scene.recognizerMisses, 0)
        XCTAssertEqual(scene.buttonActions, 0, "the animated button ignores touches")
        XCTAssertFalse(button.isHighlighted)
        XCTAssertEqual(lane(.swallowed).marker.layer.borderColor, UIColor.systemGreen.cgColor)

        injector.wait(1)
        injector.tap(at: model(.swallowed), duration: 0.05)
        XCTAssertEqual(scene.recognizerHits, 1)
        XCTAssertEqual(scene.recognizerMisses, 1, "the model's place is empty on screen")
        XCTAssertEqual(scene.buttonActions, 0)
        XCTAssertEqual(lane(.swallowed).result.text, "recognizer hits 1 \u{B7} button actions 0")

        // At rest the button takes its taps again.
        button.layer.removeAllAnimations()
        advance(0.1)
        injector.tap(at: model(.swallowed), duration: 0.05)
        XCTAssertEqual(scene.buttonActions, 1)
        XCTAssertEqual(scene.recognizerHits, 1, "the button wins over the lane's tap recognizer")
    }
}
