import SandboxDebugging
@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The scene built to be explained: each tile's tap goes where its lesson says, the
/// line at the bottom names the view that got it, and the explanation of that tap holds
/// the tile's reason (every reason of `HitTestExplanation.Reason` but a `hitTest` that
/// answers nil occurs, an override's answer as a replacement, and the moving target's
/// drawn frame).
final class WhyThisViewSceneTests: ListingTestCase {
    func testTheTilesFitTheClearAreaWithFingerSizedTargetsAtEverySize() async {
        for size in Self.supportedSizes {
            let scene = show(WhyThisViewScene.self, size: size)
            assertStageFitsClearArea(scene)
            XCTAssertEqual(scene.tiles.count, 10)
            for (puzzle, target) in scene.targets {
                XCTAssertGreaterThanOrEqual(min(target.bounds.width, target.bounds.height), 44, "\(puzzle) at \(size)")
            }
            for tile in scene.tiles.values {
                for label in tile.subviews.compactMap({ $0 as? UILabel }) {
                    XCTAssertGreaterThanOrEqual(label.font.pointSize, 13)
                    let needed = label.sizeThatFits(CGSize(width: label.bounds.width, height: 1000))
                    XCTAssertLessThanOrEqual(needed.height, label.bounds.height + 0.5, "\(label.text ?? "") fits its tile at \(size)")
                    XCTAssertLessThanOrEqual(label.frame.maxY, tile.bounds.height, "\(size)")
                }
            }
        }
    }

    /// A tap at a point of a puzzle's target (in its unit square), delivered; returns
    /// the line and the explanation of the same point, taken just before.
    private func tap(_ scene: WhyThisViewScene, _ puzzle: WhyThisViewScene.Puzzle, at unit: CGPoint)
        -> (line: String, explanation: HitTestExplanation) {
        guard let target = scene.targets[puzzle] else {
            XCTFail("no target for \(puzzle)")
            return ("", UIKitDebug.explainHitTest(at: .zero, in: window))
        }
        let point = target.convert(CGPoint(x: target.bounds.width * unit.x, y: target.bounds.height * unit.y), to: window)
        let explanation = UIKitDebug.explainHitTest(at: point, in: window)
        injector.tap(at: point)
        return (scene.reachedLine.text ?? "", explanation)
    }

    private func reasons(_ explanation: HitTestExplanation) -> [HitTestExplanation.Reason] {
        explanation.steps.compactMap { step in
            if case .rejected(let reason) = step.verdict { return reason }
            return nil
        }
    }

    func testEveryTileSendsItsTapWhereItsLessonSays() async throws {
        let scene = show(WhyThisViewScene.self)
        var (line, explanation) = tap(scene, .hidden, at: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(line, "reached: target of tile 1", "the hidden cover is skipped")
        XCTAssertTrue(reasons(explanation).contains(.hidden))

        (line, explanation) = tap(scene, .alpha, at: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(line, "reached: target of tile 2", "the faint glass is skipped")
        XCTAssertTrue(reasons(explanation).contains(.alpha(CGFloat(Float(0.005)))))

        (line, explanation) = tap(scene, .interactionOff, at: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(line, "reached: tile 3")
        XCTAssertTrue(reasons(explanation).contains(.interactionDisabled))
        let disabledBox = try XCTUnwrap(scene.obstacles[.interactionOff])
        XCTAssertEqual(explanation.whyNot(try XCTUnwrap(scene.targets[.interactionOff])),
                       .rejected(at: ObjectIdentifier(disabledBox), .interactionDisabled))

        (line, explanation) = tap(scene, .outsideBounds, at: CGPoint(x: 0.8, y: 0.8))
        XCTAssertEqual(line, "reached: tile 4", "drawn there, never reached")
        XCTAssertTrue(reasons(explanation).contains { if case .outsideBounds = $0 { true } else { false } })
        XCTAssertTrue(explanation.notReached.contains { $0.view === scene.targets[.outsideBounds] })

        (line, explanation) = tap(scene, .covered, at: CGPoint(x: 0.8, y: 0.5))
        XCTAssertEqual(line, "reached: clear pane")
        XCTAssertTrue(explanation.notReached.contains { $0.view === scene.targets[.covered] })
        (line, _) = tap(scene, .covered, at: CGPoint(x: 0.2, y: 0.5))
        XCTAssertEqual(line, "reached: target of tile 5", "the half the pane leaves")

        (line, explanation) = tap(scene, .pointInside, at: CGPoint(x: 0.8, y: 0.5))
        XCTAssertEqual(line, "reached: tile 6")
        XCTAssertTrue(reasons(explanation).contains(.pointInsideOverridden(className: "NotchedTargetView")))
        (line, _) = tap(scene, .pointInside, at: CGPoint(x: 0.2, y: 0.5))
        XCTAssertEqual(line, "reached: target of tile 6", "its live half")

        (line, explanation) = tap(scene, .hitTestOverride, at: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(line, "reached: shield")
        XCTAssertEqual(explanation.step(for: try XCTUnwrap(scene.targets[.hitTestOverride]))?.verdict,
                       .replaced(byOverrideOf: "ShieldView"))

        (line, explanation) = tap(scene, .hitPath, at: CGPoint(x: 0.08, y: 0.08))
        XCTAssertEqual(line, "reached: tile 8", "its box's corner is outside its circle")
        XCTAssertTrue(reasons(explanation).contains { if case .outsideHitPath = $0 { true } else { false } })

        (line, explanation) = tap(scene, .animating, at: CGPoint(x: 0.5, y: 0.5))
        XCTAssertEqual(line, "reached: tile 9")
        XCTAssertTrue(reasons(explanation).contains(.nonInteractiveAnimation))
    }

    /// Half a leg in, the target that allows interaction is drawn midway and hit-tested
    /// at the far end of its slide: a tap where it is drawn reaches the tile, one at the
    /// far end reaches the target.
    func testTheSlidingTargetIsHitTestedAtItsModelFrameNotWhereItIsDrawn() async throws {
        let scene = show(WhyThisViewScene.self)
        frames(WhyThisViewScene.slideDuration / 2)
        let mover = try XCTUnwrap(scene.targets[.drawnElsewhere])
        let tile = try XCTUnwrap(scene.tiles[.drawnElsewhere])
        let drawn = try XCTUnwrap(mover.layer.presentation()).frame
        XCTAssertGreaterThan(mover.frame.minX - drawn.minX, 20, "drawn well short of its model frame")
        let whereDrawn = tile.convert(CGPoint(x: drawn.midX, y: drawn.midY), to: window)
        let explanation = UIKitDebug.explainHitTest(at: whereDrawn, in: window)
        XCTAssertNotNil(explanation.step(for: mover)?.drawnFrame, "the step says where it is drawn")
        injector.tap(at: whereDrawn)
        XCTAssertEqual(scene.reachedLine.text, "reached: tile 10")
        injector.tap(at: tile.convert(CGPoint(x: mover.frame.midX, y: mover.frame.midY), to: window))
        XCTAssertEqual(scene.reachedLine.text, "reached: target of tile 10", "where the model is")
    }
}
