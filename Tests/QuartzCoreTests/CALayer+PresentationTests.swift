import QuartzCore
import XCTest

/// `presentation()` returns a new copy, never the model; the package's readers use
/// `presentationOrSelf()`, which copies only animated layers.
///
/// Source: CALayer.presentation() — Apple Developer Documentation ("Returns a copy of
/// the presentation layer object that represents the state of the layer as it currently
/// appears onscreen").
final class CALayerPresentationTests: AnimationTestCase {
    private func slide(_ layer: CALayer) {
        let animation = CABasicAnimation(keyPath: "position.x")
        animation.fromValue = 0
        animation.toValue = 100
        animation.duration = 1
        layer.add(animation, forKey: "slide")
    }

    func testACopyEvenWithNothingAttachedAndANewOneEachTime() async {
        let (_, layer) = attachedLayer()
        CATransaction.setDisableActions(true)
        layer.position = CGPoint(x: 7, y: 8)
        layer.opacity = 0.5
        layer.name = "plain"
        let shown = layer.presentation()!
        XCTAssertFalse(shown === layer)
        XCTAssertFalse(layer.presentation()! === shown)
        XCTAssertEqual(shown.position, CGPoint(x: 7, y: 8))
        XCTAssertEqual(shown.opacity, 0.5)
        XCTAssertEqual(shown.name, "plain")
        XCTAssertTrue(shown.model() === layer)
        XCTAssertTrue(shown.presentation()!.model() === layer, "a copy of the copy still names the model")
    }

    func testWritingToThePresentationNeverChangesTheModel() async {
        let root = CALayer()
        root.frame = CGRect(x: 0, y: 0, width: 200, height: 200)
        let tracker = root.startTrackingDamage(bounds: root.frame, scale: 1)
        let layer = CALayer()
        CATransaction.setDisableActions(true)
        layer.frame = CGRect(x: 0, y: 0, width: 10, height: 10)
        root.addSublayer(layer)
        _ = tracker.takeDamage()

        let still = layer.presentation()!
        still.position = CGPoint(x: 90, y: 90)
        still.opacity = 0
        still.backgroundColor = .black
        XCTAssertEqual(layer.position, CGPoint(x: 5, y: 5))
        XCTAssertEqual(layer.opacity, 1)
        XCTAssertNil(layer.backgroundColor)
        XCTAssertNil(layer.animationKeys(), "no action ran on the model")
        XCTAssertFalse(tracker.hasDamage, "nothing on screen changed")

        slide(layer)
        clock.now = 10.5
        _ = tracker.takeDamage()
        let moving = layer.presentation()!
        XCTAssertEqual(moving.position.x, 50)
        moving.position.x = 0
        XCTAssertEqual(layer.position.x, 5)
        XCTAssertEqual(layer.presentation()!.position.x, 50, "the next copy shows the animation again")
    }

    func testNeverNilEvenForALayerThatWasNeverInATree() async {
        XCTAssertNotNil(CALayer().presentation(), "computed from the model on demand: there is always one")
        XCTAssertNotNil(CAShapeLayer().presentation() as CAShapeLayer?)
    }

    func testThePackagesReadersCopyOnlyAnimatedLayers() async {
        let (_, layer) = attachedLayer()
        XCTAssertTrue(layer.presentationOrSelf() === layer, "not animated: read in place")
        slide(layer)
        clock.now = 10.25
        let shown = layer.presentationOrSelf()
        XCTAssertFalse(shown === layer)
        XCTAssertEqual(shown.position.x, 25)
    }
}
