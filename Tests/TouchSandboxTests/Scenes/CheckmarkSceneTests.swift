@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// The checkmark scene: listing 1-8's recognizer on a canvas that draws the stroke,
/// marks the recognized checkmark's midpoint and says whether it was one.
final class CheckmarkSceneTests: ListingTestCase {
    private var scene: CheckmarkScene!
    private var canvas: StrokeCanvas!

    override func setUp() async throws {
        try await super.setUp()
        scene = CheckmarkScene()
        present(scene, size: UIScreen.main.bounds.size)
        canvas = try XCTUnwrap(scene.canvas)
    }

    /// A stroke through `points`, given in the canvas's coordinates, one move every
    /// 0.02 s.
    private func stroke(_ points: [CGPoint]) {
        let inWindow = points.map { canvas.convert($0, to: window) }
        let id = injector.touchDown(at: inWindow[0])
        for point in inWindow.dropFirst() {
            injector.wait(0.02)
            injector.move(id, to: point)
        }
        injector.touchUp(id, at: inWindow.last!)
    }

    func testTheCanvasStartsEmptyAndSaysWhatToDo() async {
        XCTAssertEqual(scene.statusLabel.text, "draw a checkmark on this canvas")
        XCTAssertTrue(scene.marker.isHidden)
        XCTAssertNil(canvas.shapeLayer.path)
        XCTAssertFalse(scene.checkmark.delaysTouchesEnded, "the canvas hears lifts at once")
    }

    func testACheckmarkIsRecognizedAndItsMidpointMarked() async {
        let points = [
            CGPoint(x: 100, y: 100), CGPoint(x: 130, y: 130), CGPoint(x: 160, y: 160),
            CGPoint(x: 220, y: 100), CGPoint(x: 280, y: 40),
        ]
        let id = injector.touchDown(at: canvas.convert(points[0], to: window))
        XCTAssertEqual(scene.verdict, .drawing)
        XCTAssertEqual(scene.statusLabel.text, "drawing\u{2026}")
        for point in points.dropFirst() {
            injector.wait(0.02)
            injector.move(id, to: canvas.convert(point, to: window))
        }
        injector.touchUp(id, at: canvas.convert(points.last!, to: window))

        // Where the downstroke ended and the upstroke began.
        XCTAssertEqual(scene.verdict, .recognized(midPoint: CGPoint(x: 160, y: 160)))
        XCTAssertEqual(scene.statusLabel.text, "recognized: midPoint (160, 160)")
        XCTAssertFalse(scene.marker.isHidden)
        XCTAssertEqualPoints(scene.marker.center, CGPoint(x: 160, y: 160), accuracy: 0)
        XCTAssertEqual(canvas.points, points, "the whole stroke is drawn")
        XCTAssertEqual(canvas.shapeLayer.strokeColor, CheckmarkScene.recognizedColor.cgColor)
    }

    func testAStraightLineIsNoCheckmark() async {
        let line = (0...5).map { CGPoint(x: 100 + CGFloat($0) * 40, y: 200) }
        stroke(line)
        XCTAssertEqual(scene.verdict, .notACheckmark, "known at the lift")
        XCTAssertEqual(scene.statusLabel.text, "not a checkmark")
        XCTAssertTrue(scene.marker.isHidden)
        XCTAssertEqual(canvas.points, line)
        XCTAssertEqual(canvas.shapeLayer.strokeColor, CheckmarkScene.failedColor.cgColor)
        injector.wait(GestureThresholds.undecidedGestureTimeout)
        XCTAssertEqual(scene.verdict, .notACheckmark, "the recognizer's late failure changes nothing")

        // A new stroke clears the verdict, and a checkmark still works after.
        stroke([CGPoint(x: 300, y: 100), CGPoint(x: 320, y: 130), CGPoint(x: 360, y: 60)])
        XCTAssertEqual(scene.verdict, .recognized(midPoint: CGPoint(x: 320, y: 130)))
        XCTAssertEqualPoints(scene.marker.center, CGPoint(x: 320, y: 130), accuracy: 0)
    }

    func testALeftwardStrokeFailsAtOnceAndTheMarkerGoes() async {
        stroke([CGPoint(x: 300, y: 100), CGPoint(x: 320, y: 130), CGPoint(x: 360, y: 60)])
        XCTAssertFalse(scene.marker.isHidden)
        stroke([CGPoint(x: 300, y: 100), CGPoint(x: 260, y: 140), CGPoint(x: 220, y: 100)])
        XCTAssertEqual(scene.verdict, .notACheckmark)
        XCTAssertTrue(scene.marker.isHidden)
    }
}
