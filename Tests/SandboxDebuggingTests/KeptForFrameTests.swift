import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// What an overlay derives from the tree is made once per held frame, and never reused
/// outside it; overlays drawing a frame rectangle by rectangle from what they kept draw
/// the pixels they draw when made afresh for the whole window.
@MainActor
final class KeptForFrameTests: OverlayTestCase {
    /// A maker of 1, 2, 3… and how many it has made.
    private func counter() -> (make: () -> Int, made: () -> Int) {
        var made = 0
        return ({ made += 1; return made }, { made })
    }

    func testAValueIsMadeOncePerHeldFrameAndAgainInTheNext() async {
        var kept = KeptForFrame<Int>()
        let (make, made) = counter()
        CAAnimationEngine.current.holdingTime {
            XCTAssertEqual(kept.value(in: window, make), 1)
            XCTAssertEqual(kept.value(in: window, make), 1)
            // A nested hold is the same frame.
            CAAnimationEngine.current.holdingTime { XCTAssertEqual(kept.value(in: window, make), 1) }
        }
        CAAnimationEngine.current.holdingTime {
            XCTAssertEqual(kept.value(in: window, make), 2)
            XCTAssertEqual(kept.value(in: window, make), 2)
        }
        XCTAssertEqual(made(), 2)
    }

    func testNothingIsKeptOutsideAHeldFrameOrForAnotherWindow() async {
        var kept = KeptForFrame<Int>()
        let (make, _) = counter()
        XCTAssertEqual(kept.value(in: window, make), 1)
        XCTAssertEqual(kept.value(in: window, make), 2)
        let other = UIWindow(frame: window.frame)
        CAAnimationEngine.current.holdingTime {
            XCTAssertEqual(kept.value(in: window, make), 3)
            XCTAssertEqual(kept.value(in: other, make), 4)
            XCTAssertEqual(kept.value(in: other, make), 4)
        }
        // The frame is over: a tree changed since then is seen.
        XCTAssertEqual(kept.value(in: other, make), 5)
    }

    func testOverlaysDrawAHeldFrameFromWhatTheyKeptAsTheyDrawItAfresh() async {
        // An animated, rotated view under a finger: the frames overlay's outlines and
        // label, the hit-test outline and its label, and a spot, across three rectangles.
        let view = UIView(frame: CGRect(x: 60, y: 60, width: 120, height: 80))
        view.transform = CGAffineTransform(rotationAngle: 0.3)
        window.addSubview(view)
        UIView.animate(withDuration: 1) { view.center = CGPoint(x: 260, y: 170) }
        let frames = AnimationFramesOverlay(), hitTest = HitTestOverlay(), spots = TouchSpotsOverlay()
        let overlays: [any DebugOverlay] = [frames, hitTest, spots]
        for overlay in overlays { overlay.isVisible = true }
        send([sample(1, .began, 120, 100)], to: overlays)
        clock.advance(by: 0.4)

        let rects = [CGRect(x: 0, y: 0, width: 400, height: 90), CGRect(x: 0, y: 90, width: 170, height: 210),
                     CGRect(x: 170, y: 90, width: 230, height: 210)]
        func pieces() -> CGImage {
            let buffer = FrameBuffer(pointSize: window.bounds.size, scale: 1)
            buffer.draw(eachOf: rects) { canvas in
                canvas.fill(window.bounds, with: Self.background)
                renderer.render(window.layer, in: canvas)
                for overlay in overlays { overlay.draw(in: canvas, window: window) }
            }
            return buffer.makeImage()
        }
        // Outside a held frame every rectangle makes its drawings afresh.
        let fresh = pieces()
        let kept = CAAnimationEngine.current.holdingTime { pieces() }
        var differing = 0
        for y in 0..<300 {
            for x in 0..<400 where rgb(fresh, x, y) != rgb(kept, x, y) { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
        // Both drew the overlays: the spot at the finger, the frames' label plate under the
        // presentation, and the hit-test outline, none of them the bare scene.
        let scene = image([], scene: true)
        XCTAssertNotEqual(rgb(kept, 120, 100), rgb(scene, 120, 100))
        XCTAssertEqual(frames.frames(in: window).count, 1)
        XCTAssertEqual(hitTest.outlines(in: window).count, 1)
        let touched = (0..<300).flatMap { y in (0..<400).map { (x: $0, y: y) } }
            .filter { rgb(kept, $0.x, $0.y) != rgb(scene, $0.x, $0.y) }
        XCTAssertGreaterThan(touched.count, 2_000)
    }

    /// The damage a held frame's overlays give is taken from what they then keep to draw
    /// it: the same damage and the same pixels as overlays making both afresh.
    func testAHeldFrameDrawsWhatItsDamageWasTakenFrom() async {
        let view = UIView(frame: CGRect(x: 60, y: 60, width: 120, height: 80))
        window.addSubview(view)
        UIView.animate(withDuration: 1) { view.center = CGPoint(x: 260, y: 170) }
        func overlaySet() -> [any DebugOverlay] {
            let set: [any DebugOverlay] = [AnimationFramesOverlay(), HitTestOverlay(), PathHitRegionOverlay()]
            for overlay in set { overlay.isVisible = true }
            return set
        }
        let afresh = overlaySet(), held = overlaySet()
        let finger = [sample(1, .began, 120, 100)]
        send(finger, to: afresh)
        send(finger, to: held)
        let rects = [CGRect(x: 0, y: 0, width: 400, height: 90), CGRect(x: 0, y: 90, width: 400, height: 210)]
        func frame(_ overlays: [any DebugOverlay]) -> (damage: [CGRect], image: CGImage) {
            let damage = overlays.flatMap { $0.damageForFrame(in: window) }
            let buffer = FrameBuffer(pointSize: window.bounds.size, scale: 1)
            buffer.draw(eachOf: rects) { canvas in
                canvas.fill(window.bounds, with: Self.background)
                for overlay in overlays { overlay.draw(in: canvas, window: window) }
            }
            return (damage, buffer.makeImage())
        }
        clock.advance(by: 0.2)
        _ = frame(afresh)
        _ = CAAnimationEngine.current.holdingTime { frame(held) }
        // The view moves on: where the outlines were and will be is damaged.
        clock.advance(by: 0.2)
        let made = frame(afresh)
        let kept = CAAnimationEngine.current.holdingTime { frame(held) }
        XCTAssertFalse(made.damage.isEmpty)
        XCTAssertEqual(kept.damage, made.damage)
        var differing = 0
        for y in 0..<300 {
            for x in 0..<400 where rgb(made.image, x, y) != rgb(kept.image, x, y) { differing += 1 }
        }
        XCTAssertEqual(differing, 0)
    }
}
