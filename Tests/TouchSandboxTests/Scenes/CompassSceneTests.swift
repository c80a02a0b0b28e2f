@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The compass scene answers every tap on the compass twice (the arrow layer's bounds,
/// the arrow's outline), shows both beside the compass and rings the tap.
final class CompassSceneTests: ListingTestCase {
    func testTheSceneFitsTheClearAreaAtBothSizes() async {
        for size in Self.sceneSizes {
            let scene = show(CompassScene.self, size: size)
            assertStageFitsClearArea(scene)
            XCTAssertFalse(scene.compass.frame.intersects(scene.answerLabel.frame))
        }
    }

    func testEachTapShowsBothAnswersAndIsMarked() async throws {
        let scene = show(CompassScene.self, size: CGSize(width: 800, height: 500))
        let compass = try XCTUnwrap(scene.compass)
        let arrow = compass.compassLayer.arrow
        XCTAssertTrue(scene.marker.isHidden)
        XCTAssertEqual(scene.answerLabel.text, "tap the compass")

        // Inside the arrow's bounding box, beside its shaft.
        let beside = arrow.convert(CGPoint(x: 6, y: 100), to: window.layer)
        injector.tap(at: beside)
        XCTAssertEqual(scene.answerLabel.text, "layer hit: yes \u{B7} path hit: no")
        XCTAssertEqual(scene.answerLabel.textColor, CompassScene.disagreeingColor)
        XCTAssertFalse(scene.marker.isHidden)
        XCTAssertEqualPoints(scene.marker.center, beside, accuracy: 1e-9)
        XCTAssertEqual(scene.marker.layer.borderColor, CompassScene.disagreeingColor.cgColor)

        // On the arrow.
        injector.wait(1)
        let onArrow = arrow.convert(CGPoint(x: 28, y: 60), to: window.layer)
        injector.tap(at: onArrow)
        XCTAssertEqual(scene.answerLabel.text, "layer hit: yes \u{B7} path hit: yes")
        XCTAssertEqual(scene.answerLabel.textColor, CompassScene.bothColor)
        XCTAssertEqualPoints(scene.marker.center, onArrow, accuracy: 1e-9)

        // On the compass, away from the arrow.
        injector.wait(1)
        let away = compass.convert(CGPoint(x: compass.bounds.width * 0.25, y: compass.bounds.height * 0.75), to: window)
        injector.tap(at: away)
        XCTAssertEqual(scene.answerLabel.text, "layer hit: no \u{B7} path hit: no")
        XCTAssertEqual(scene.marker.layer.borderColor, CompassScene.neitherColor.cgColor)
        XCTAssertEqualPoints(scene.marker.center, away, accuracy: 1e-9)

        // Off the compass: the compass's recognizer never sees it; nothing changes.
        injector.wait(1)
        injector.tap(at: CGPoint(x: compass.frame.minX - 10, y: compass.frame.minY - 10))
        XCTAssertEqual(scene.answerLabel.text, "layer hit: no \u{B7} path hit: no")
        XCTAssertEqualPoints(scene.marker.center, away, accuracy: 1e-9)
    }
}
