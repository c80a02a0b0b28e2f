@testable import TouchSandbox
import UIKit
import XCTest

/// The animator-scrub scene: a pan scrubs a property animator, and the release goes on
/// or back; a tap runs it through.
final class AnimatorScrubSceneTests: ListingTestCase {
    private var scene: AnimatorScrubScene!
    private var card: UIView!
    private var left: CGPoint!
    private var right: CGPoint!

    override func setUp() async throws {
        try await super.setUp()
        scene = AnimatorScrubScene()
        present(scene, size: CGSize(width: 1024, height: 768))
        card = try XCTUnwrap(scene.card)
        left = scene.center(onTheRight: false)
        right = scene.center(onTheRight: true)
    }

    /// Where the card shows, in the track's coordinates.
    private var shownX: CGFloat { card.layer.presentation()!.position.x }

    /// A point in the track's coordinates, in the window's (where fingers go).
    private func onScreen(_ point: CGPoint) -> CGPoint {
        scene.track.convert(point, to: nil)
    }

    /// Runs frames until the animator is done (1 s at most, 60 frames a second).
    private func runOut() {
        for _ in 0..<60 where scene.animator != nil { advance(1.0 / 60) }
    }

    func testTheCardStartsOnTheLeftOfTheTrack() async {
        XCTAssertEqual(card.center, left)
        XCTAssertGreaterThan(scene.travel, 500)
        XCTAssertEqual(scene.status.text, "on the left")
        XCTAssertTrue(scene.track.bounds.contains(card.frame))
    }

    /// While the finger drags, the card is where the finger has taken it: scrubbing
    /// is linear, whatever the animator's curve.
    func testDraggingScrubsTheCardWithTheFinger() async {
        let id = injector.touchDown(at: onScreen(left))
        injector.wait(0.05)
        let third = scene.travel * 0.3
        for step in 1...6 {
            injector.wait(0.05)
            injector.move(id, to: onScreen(CGPoint(x: left.x + third * CGFloat(step) / 6, y: left.y)))
        }
        XCTAssertNotNil(scene.animator)
        XCTAssertEqual(scene.animator?.isRunning, false, "paused while the finger holds it")
        XCTAssertEqual(Double(scene.animator?.fractionComplete ?? -1), 0.3, accuracy: 0.02)
        XCTAssertEqual(shownX, left.x + third, accuracy: scene.travel * 0.02)
        XCTAssertEqual(scene.status.text, "scrubbing: fractionComplete 30 %")
        injector.wait(0.3)  // held still: no fling
        injector.touchUp(id, at: onScreen(CGPoint(x: left.x + third, y: left.y)))
        XCTAssertEqual(scene.status.text, "going back", "let go before halfway, slowly")
        runOut()
        XCTAssertNil(scene.animator)
        XCTAssertEqual(card.center, left)
        XCTAssertEqual(shownX, left.x)
        XCTAssertEqual(scene.status.text, "on the left")
    }

    func testLettingGoPastHalfwayGoesOnToTheRight() async {
        let id = injector.touchDown(at: onScreen(left))
        let end = CGPoint(x: left.x + scene.travel * 0.7, y: left.y)
        for step in 1...7 {
            injector.wait(0.05)
            injector.move(id, to: onScreen(CGPoint(x: left.x + (end.x - left.x) * CGFloat(step) / 7, y: left.y)))
        }
        injector.wait(0.3)  // held still: no fling
        injector.touchUp(id, at: onScreen(end))
        XCTAssertEqual(scene.status.text, "going on")
        runOut()
        XCTAssertEqual(card.center, right)
        XCTAssertEqual(shownX, right.x)
        XCTAssertTrue(scene.isOnTheRight)
        XCTAssertEqual(card.backgroundColor, AnimatorScrubScene.rightColor)
        XCTAssertEqual(scene.status.text, "on the right")
    }

    /// A fling back towards the start wins over the card's position past halfway.
    func testAFlingDecidesTheDirection() async {
        let id = injector.touchDown(at: onScreen(left))
        let far = CGPoint(x: left.x + scene.travel * 0.8, y: left.y)
        for step in 1...8 {
            injector.wait(0.05)
            injector.move(id, to: onScreen(CGPoint(x: left.x + (far.x - left.x) * CGFloat(step) / 8, y: left.y)))
        }
        // Held, then back 160 points in 40 ms: 4,000 points a second towards the left,
        // the card still past halfway.
        injector.wait(0.2)
        for step in 1...4 {
            injector.wait(0.01)
            injector.move(id, to: onScreen(CGPoint(x: far.x - 40 * CGFloat(step), y: left.y)))
        }
        XCTAssertGreaterThan(scene.animator?.fractionComplete ?? 0, 0.5)
        injector.touchUp(id, at: onScreen(CGPoint(x: far.x - 160, y: left.y)))
        XCTAssertEqual(scene.status.text, "going back")
        runOut()
        XCTAssertEqual(card.center, left)
    }

    func testATapRunsItThroughAndBack() async {
        _ = injector.tap(at: onScreen(left))
        injector.wait(0.4)  // past the tap's double-tap window
        XCTAssertEqual(scene.status.text, "running")
        runOut()
        XCTAssertEqual(card.center, right)
        _ = injector.tap(at: onScreen(right))
        injector.wait(0.4)
        runOut()
        XCTAssertEqual(card.center, left)
        XCTAssertEqual(scene.status.text, "on the left")
    }
}
