import CairoRenderer
import SandboxDebugging
import UIKit
import XCTest

/// Path hit regions: the tint covers exactly what the hit-test path contains, by its
/// fill rule, placed as hit-testing places it, and nothing else.
final class PathHitRegionOverlayTests: OverlayTestCase {
    private var overlay: PathHitRegionOverlay!

    override func setUp() async throws {
        try await super.setUp()
        overlay = PathHitRegionOverlay()
        overlay.isVisible = true
    }

    private var tint: UInt32 {
        blend(PathHitRegionOverlay.color, alpha: PathHitRegionOverlay.fillAlpha, over: OverlayTestCase.background)
    }

    func testACirclePathIsTintedInsideAndNotInTheBoundsCorners() async {
        let view = UIView(frame: CGRect(x: 50, y: 50, width: 100, height: 100))
        view.layer.hitTestPath = CGPath(ellipseIn: view.bounds, transform: nil)
        window.addSubview(view)
        XCTAssertEqual(overlay.regions(in: window).map { $0.layer === view.layer }, [true])

        let image = image([overlay])
        XCTAssertTrue(colorsMatch(rgb(image, 100, 100), tint, tolerance: 1), "the centre is tinted")
        XCTAssertTrue(colorsMatch(rgb(image, 60, 100), tint, tolerance: 1), "inside near the left edge")
        XCTAssertEqual(rgb(image, 56, 56), OverlayTestCase.background.rgb, "the bounds' corner is not hit, not tinted")
        XCTAssertEqual(rgb(image, 143, 143), OverlayTestCase.background.rgb)
        XCTAssertEqual(rgb(image, 30, 100), OverlayTestCase.background.rgb, "outside the view")
        // The hit-test agrees with the tint.
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 100), with: nil) === view)
        XCTAssertFalse(window.hitTest(CGPoint(x: 56, y: 56), with: nil) === view)
    }

    func testAShapeLayerByItsShapeUsesItsFillRuleAndOneByItsBoundsIsLeftAlone() async {
        // A 100 × 100 square with a 40 × 40 hole, even-odd, in a rotated-by-90° host.
        let ring = CGMutablePath()
        ring.addRect(CGRect(x: 0, y: 0, width: 100, height: 100))
        ring.addRect(CGRect(x: 30, y: 30, width: 40, height: 40))
        let host = UIView(frame: CGRect(x: 200, y: 100, width: 100, height: 100))
        host.transform = CGAffineTransform(rotationAngle: .pi / 2)
        window.addSubview(host)
        let byShape = CAShapeLayer()
        byShape.frame = CGRect(x: 0, y: 0, width: 100, height: 100)
        byShape.path = ring
        byShape.fillRule = .evenOdd
        byShape.hitTestsByShape = true
        host.layer.addSublayer(byShape)
        let byBounds = CAShapeLayer()
        byBounds.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        byBounds.path = CGPath(rect: CGRect(x: 0, y: 0, width: 40, height: 40), transform: nil)
        window.layer.addSublayer(byBounds)

        XCTAssertEqual(overlay.regions(in: window).map(\.rule), [.evenOdd])
        let image = image([overlay])
        XCTAssertTrue(colorsMatch(rgb(image, 210, 150), tint, tolerance: 1), "the ring's band")
        XCTAssertEqual(rgb(image, 250, 150), OverlayTestCase.background.rgb, "the hole")
        XCTAssertEqual(rgb(image, 20, 20), OverlayTestCase.background.rgb, "a shape layer hit-tested by bounds")
    }

    func testBelowAViewThatHitTestsItsPresentationTheTintFollowsTheAnimation() async {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 60, height: 60))
        view.layer.hitTestPath = CGPath(rect: CGRect(x: 10, y: 10, width: 40, height: 40), transform: nil)
        window.addSubview(view)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 230, y: 30)
        slide.toValue = CGPoint(x: 230, y: 30)
        slide.duration = 10
        view.layer.add(slide, forKey: "slide")

        XCTAssertTrue(colorsMatch(rgb(image([overlay]), 30, 30), tint, tolerance: 1), "by default, the model's place")
        window.hitTestsPresentation = true
        let image = image([overlay])
        XCTAssertEqual(rgb(image, 30, 30), OverlayTestCase.background.rgb)
        XCTAssertTrue(colorsMatch(rgb(image, 230, 30), tint, tolerance: 1), "the presentation's place")
        XCTAssertTrue(window.hitTest(CGPoint(x: 230, y: 30), with: nil) === view)
    }
}
