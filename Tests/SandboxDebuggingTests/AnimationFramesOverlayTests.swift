import CairoRenderer
import SandboxDebugging
import UIKit
import XCTest

/// Model versus presentation: an animated layer's model frame dashed and its
/// presentation frame solid, where they are at a known clock time, through the tree's
/// transforms.
final class AnimationFramesOverlayTests: OverlayTestCase {
    private var overlay: AnimationFramesOverlay!
    private var view: UIView!

    override func setUp() async throws {
        try await super.setUp()
        overlay = AnimationFramesOverlay()
        overlay.isVisible = true
        // The model sits at x 290–390; the animation runs its centre from x 100 to 340
        // over one second, linearly, starting now (t = 100).
        view = UIView(frame: CGRect(x: 290, y: 50, width: 100, height: 60))
        window.addSubview(view)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 100, y: 80)
        slide.toValue = CGPoint(x: 340, y: 80)
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        view.layer.add(slide, forKey: "slide")
    }

    func testHalfwayThePresentationIsSolidAtTheAnimatedPlaceAndTheModelDashedAtItsOwn() async {
        clock.now = 100.5
        let frames = overlay.frames(in: window)
        XCTAssertEqual(frames.map(\.title), ["UIView"])
        XCTAssertEqual(frames[0].keys, ["slide"])
        XCTAssertEqual(frames[0].model, [CGPoint(x: 290, y: 50), CGPoint(x: 390, y: 50), CGPoint(x: 390, y: 110),
                                         CGPoint(x: 290, y: 110)])
        XCTAssertEqual(frames[0].presentation, [CGPoint(x: 170, y: 50), CGPoint(x: 270, y: 50), CGPoint(x: 270, y: 110),
                                                CGPoint(x: 170, y: 110)])

        let image = image([overlay])
        let cyan = AnimationFramesOverlay.presentationColor.rgb
        let yellow = AnimationFramesOverlay.modelColor.rgb
        // Solid: every pixel of the presentation's top edge (rows 49–50).
        for x in 172...268 {
            XCTAssertEqual(rgb(image, x, 49), cyan, "presentation top edge at x \(x)")
            XCTAssertEqual(rgb(image, x, 50), cyan)
        }
        // Dashed from the model's top-left corner: 6 on, 4 off.
        for x in 290...295 { XCTAssertEqual(rgb(image, x, 50), yellow, "model dash at x \(x)") }
        for x in 296...299 { XCTAssertEqual(rgb(image, x, 50), OverlayTestCase.background.rgb, "model gap at x \(x)") }
        for x in 300...305 { XCTAssertEqual(rgb(image, x, 50), yellow) }
        // Nothing where neither frame is.
        XCTAssertEqual(rgb(image, 140, 50), OverlayTestCase.background.rgb)
        XCTAssertEqual(rgb(image, 220, 30), OverlayTestCase.background.rgb)
    }

    /// A navigation push in flight: the pushed controller's view is drawn where it
    /// slides (presentation), its model already in place; the view under it likewise.
    func testAPushInFlightShowsModelAgainstPresentation() async throws {
        view.layer.removeAllAnimations()
        let first = UIViewController(), second = UIViewController()
        let navigation = UINavigationController(rootViewController: first)
        window.rootViewController = navigation
        window.layoutIfNeeded()
        navigation.pushViewController(second, animated: true)
        window.layoutIfNeeded()
        clock.now += 0.1
        let frames = overlay.frames(in: window)
        let pushed = try XCTUnwrap(frames.first { $0.model.first == CGPoint(x: 0, y: 0) && $0.presentation.first!.x > 0 })
        XCTAssertLessThan(pushed.presentation[0].x, window.bounds.width, "on its way in from the right")
        XCTAssertEqual(pushed.model[1], CGPoint(x: window.bounds.width, y: 0), "its model already fills the stack")
        XCTAssertTrue(frames.contains { $0.model.first!.x < 0 && $0.presentation.first!.x > $0.model.first!.x },
                      "the view under it: its model a third of the way left, its presentation on its way there")
    }

    func testFramesFollowTheAncestorsTransformsAndVanishWithTheAnimation() async {
        // Move the view into a container scaled by ½ about its centre (200, 150): the
        // container's bounds space maps x ↦ 100 + x/2, y ↦ 75 + y/2.
        let container = UIView(frame: window.bounds)
        container.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
        window.addSubview(container)
        container.addSubview(view)
        view.layer.add(view.layer.animation(forKey: "slide")!, forKey: "slide")
        clock.now = 100.25
        let frames = overlay.frames(in: window)
        XCTAssertEqual(frames.count, 1)
        XCTAssertEqual(frames[0].model.first, CGPoint(x: 100 + 290 / 2, y: 75 + 50 / 2))
        XCTAssertEqual(frames[0].presentation.first, CGPoint(x: 100 + 110 / 2, y: 75 + 50 / 2), "centre at x 160")
        XCTAssertEqual(frames[0].presentation[2], CGPoint(x: 100 + 210 / 2, y: 75 + 110 / 2))

        clock.now = 101.1
        CAAnimationEngine.current.tick()
        XCTAssertEqual(overlay.frames(in: window), [], "the finished animation was removed")
        XCTAssertEqual(rgb(image([overlay]), 200, 50), OverlayTestCase.background.rgb)
    }
}
