@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The long-press-pan scene: both of Neuburg's variants, side by side, each dragged
/// after a press, at the same time if two fingers want.
final class LongPressPanSceneTests: ListingTestCase {
    private var scene: LongPressPanScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = LongPressPanScene()
        present(scene, size: UIScreen.main.bounds.size)
    }

    func testTheLegendsSitUnderTheSquaresClearOfTheHint() async throws {
        let squares = try [XCTUnwrap(scene.twoRecognizerSquare), XCTUnwrap(scene.oneRecognizerSquare)]
        XCTAssertFalse(squares[0].frame.intersects(squares[1].frame))
        let clear = safeArea(of: scene)
        for (square, legend) in zip(squares, scene.legends) {
            XCTAssertEqual(legend.center.x, square.center.x, accuracy: 1e-9)
            XCTAssertGreaterThan(legend.frame.minY, square.frame.maxY)
            XCTAssertTrue(clear.contains(legend.frame), "\(legend.frame) clear of the caption and the hint")
            XCTAssertTrue(clear.contains(square.frame))
        }
    }

    func testTwoFingersPressAndDragBothVariantsAtOnce() async throws {
        let two = try XCTUnwrap(scene.twoRecognizerSquare), one = try XCTUnwrap(scene.oneRecognizerSquare)
        let (start2, start1) = (two.center, one.center)
        let f2 = injector.touchDown(at: start2)
        let f1 = injector.touchDown(at: start1)
        injector.wait(0.5)
        XCTAssertNotNil(two.layer.animation(forKey: PulsingDragTarget.pulseKey))
        XCTAssertNotNil(one.layer.animation(forKey: PulsingDragTarget.pulseKey))
        // Up, not down: below the squares are their legends, which they cannot cover.
        injector.move(f2, to: CGPoint(x: start2.x - 30, y: start2.y - 120))
        injector.move(f1, to: CGPoint(x: start1.x + 50, y: start1.y - 60))
        injector.touchUp(f2, at: CGPoint(x: start2.x - 30, y: start2.y - 120))
        injector.touchUp(f1, at: CGPoint(x: start1.x + 50, y: start1.y - 60))
        XCTAssertEqualPoints(two.center, CGPoint(x: start2.x - 30, y: start2.y - 120))
        XCTAssertEqualPoints(one.center, CGPoint(x: start1.x + 50, y: start1.y - 60))
        XCTAssertNil(two.layer.animationKeys())
        XCTAssertNil(one.layer.animationKeys())
        XCTAssertTrue(window.subviews.first?.subviews.suffix(2).elementsEqual([two, one], by: ===) ?? false,
                      "the squares are above the legends")
    }

    /// After the press, a square goes down where the finger goes, to the line over the
    /// legends, and stops there: the limit is drawn.
    func testAPressedSquareFollowsTheFingerDownToTheLineOverTheLegends() async throws {
        let two = try XCTUnwrap(scene.twoRecognizerSquare), one = try XCTUnwrap(scene.oneRecognizerSquare)
        let line = scene.limitLine.frame
        XCTAssertLessThanOrEqual(line.maxY, scene.legends[0].frame.minY)
        for square in [two, one] {
            let start = square.center
            XCTAssertGreaterThanOrEqual(line.minY - square.frame.maxY, 100, "room to drag down")
            let finger = injector.touchDown(at: start)
            injector.wait(0.5)
            let down = CGPoint(x: start.x, y: start.y + 100)
            injector.move(finger, to: down)
            XCTAssertEqualPoints(square.center, down, "where the finger is")
            let far = CGPoint(x: start.x, y: start.y + 400)
            injector.move(finger, to: far)
            injector.touchUp(finger, at: far)
            XCTAssertEqual(square.frame.maxY, line.minY, accuracy: 1e-9, "held at the line")
        }
    }
}
