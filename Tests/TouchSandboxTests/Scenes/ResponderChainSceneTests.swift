@testable import TouchSandbox
import UIKit
import XCTest

/// The responder-chain scene: a tap climbs from the view it hit until a view keeps it;
/// each view it reached flashes in turn and the list names the chain in order.
final class ResponderChainSceneTests: ListingTestCase {
    private var scene: ResponderChainScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = show(ResponderChainScene.self)
    }

    func testTheSceneFitsTheClearAreaAtBothSizes() async {
        for size in Self.sceneSizes {
            let scene = show(ResponderChainScene.self, size: size)
            assertStageFitsClearArea(scene)
            XCTAssertFalse(scene.outer.frame.intersects(scene.listLabels[0].frame))
        }
    }

    func testUnderSlowAnimationsTheFlashesAreStaggeredOnTheLayerTreesClock() async throws {
        let (inner, middle) = (scene.inner!, scene.middle!)
        inner.handlesTouches = false
        middle.handlesTouches = true
        CAAnimationEngine.current.animationSpeed = 0.1
        defer { CAAnimationEngine.current.animationSpeed = 1 }
        advance(10)  // layer time now runs 1 s behind media time
        let start = CAAnimationEngine.current.currentTime
        XCTAssertEqual(start, CACurrentMediaTime() - 9, accuracy: 1e-9)
        injector.tap(at: inner.convert(CGPoint(x: inner.bounds.midX, y: inner.bounds.midY), to: window))
        let flashes = try [inner, middle].map {
            try XCTUnwrap($0.layer.animation(forKey: ResponderChainScene.flashKey))
        }
        XCTAssertEqual(flashes[0].beginTime, start, accuracy: 1e-9)
        XCTAssertEqual(flashes[1].beginTime, start + 0.15, accuracy: 1e-9)
    }

    func testATapOnTheInnerViewStopsAtTheOuterViewThatHandlesIt() async throws {
        let (inner, middle, outer) = (scene.inner!, scene.middle!, scene.outer!)
        inner.handlesTouches = false
        middle.handlesTouches = false
        outer.handlesTouches = true
        XCTAssertEqual(scene.listLabels[0].text, "none yet: tap a box")
        let start = CACurrentMediaTime()
        injector.tap(at: inner.convert(CGPoint(x: inner.bounds.midX, y: inner.bounds.midY), to: window))

        XCTAssertEqual(scene.chain.count, 3)
        XCTAssertTrue(scene.chain[0] === inner)
        XCTAssertTrue(scene.chain[1] === middle)
        XCTAssertTrue(scene.chain[2] === outer)
        XCTAssertTrue(scene.keeper === outer)
        XCTAssertEqual(scene.listLabels.map(\.text), [
            "1. inner view: passes it on", "2. middle view: passes it on", "3. outer view: handles it: the chain stops",
        ] + Array(repeating: nil, count: ResponderChainScene.listLines - 3))
        XCTAssertEqual(scene.listLabels[2].textColor, ResponderChainScene.keptColor)
        XCTAssertEqual(scene.listLabels[1].textColor, SandboxStyle.label)

        // Flashes on exactly the three views, in the order of the chain.
        let flashes = try [inner, middle, outer].map {
            try XCTUnwrap($0.layer.animation(forKey: ResponderChainScene.flashKey) as? CABasicAnimation)
        }
        XCTAssertNil(scene.stage.layer.animation(forKey: ResponderChainScene.flashKey))
        XCTAssertEqual(flashes.map(\.beginTime), [start, start + 0.15, start + 0.3])
        XCTAssertEqual(flashes.map { $0.fromValue as? CGColor }, [
            ResponderChainScene.passedColor.cgColor, ResponderChainScene.passedColor.cgColor, ResponderChainScene.keptColor.cgColor,
        ])
        XCTAssertEqual(flashes.map { $0.toValue as? CGColor }, [inner, middle, outer].map { $0.backgroundColor?.cgColor })

        // Each flash runs after the one before and then lets the view be.
        advance(0.2)
        XCTAssertEqual(outer.layer.presentation()?.backgroundColor, outer.backgroundColor?.cgColor, "not begun yet")
        XCTAssertNotEqual(middle.layer.presentation()?.backgroundColor, middle.backgroundColor?.cgColor, "flashing")
        advance(1)
        XCTAssertTrue([inner, middle, outer].allSatisfy { $0.layer.animationKeys() == nil })
    }

    /// The list of the chain names the scene, its window and the application: held
    /// strongly, it kept the scene (and its window) alive for good once a touch reached
    /// the scene (found by the fuzzer).
    func testAChainThroughTheSceneDoesNotKeepItAlive() async {
        weak var weakScene: ResponderChainScene?
        do {
            let scene = show(ResponderChainScene.self)
            scene.outer.handlesTouches = false
            injector.tap(at: scene.middle.convert(CGPoint(x: 20, y: scene.middle.bounds.maxY - 10), to: window))
            XCTAssertTrue(scene.chain.contains { $0 === scene })
            advance(2)
            weakScene = scene
            window.rootViewController = nil
            self.scene = nil
        }
        // The window holds its old root until its next layout pass, to tell it it
        // disappeared, as UIKit holds a transition's controllers until it ends; after
        // that nothing may keep it.
        window.layoutIfNeeded()
        XCTAssertNil(weakScene)
    }

    func testATouchNobodyKeepsRunsOffTheEndOfTheChain() async {
        scene.outer.handlesTouches = false
        let delegate = SandboxAppDelegate(sceneType: ResponderChainScene.self)
        UIApplication.shared.delegate = delegate
        injector.tap(at: scene.middle.convert(CGPoint(x: 20, y: scene.middle.bounds.maxY - 10), to: window))
        let expected: [UIResponder] = [scene.middle, scene.outer, scene.stage, scene, window, UIApplication.shared, delegate]
        XCTAssertEqual(scene.chain.map(ObjectIdentifier.init), expected.map(ObjectIdentifier.init))
        XCTAssertNil(scene.keeper)
        XCTAssertEqual(scene.listLabels.compactMap(\.text), [
            "1. middle view: passes it on", "2. outer view: passes it on", "3. stage (root view): passes it on",
            "4. scene (view controller): passes it on", "5. UIWindow: passes it on (default)",
            "6. UIApplication: passes it on (default)", "7. SandboxAppDelegate: passes it on (default)",
            "end of the chain: nobody kept it",
        ])
        XCTAssertNotNil(scene.stage.layer.animation(forKey: ResponderChainScene.flashKey))
        XCTAssertNil(scene.inner.layer.animation(forKey: ResponderChainScene.flashKey), "above the hit-test view")
    }

    func testTheButtonsSwitchTheirBoxAndKeepTheirOwnTouches() async throws {
        let middle = try XCTUnwrap(scene.middle)
        let toggle = try XCTUnwrap(scene.toggles[middle])
        XCTAssertEqual(toggle.currentTitle, "passes them on")
        injector.tap(at: toggle.convert(CGPoint(x: toggle.bounds.midX, y: toggle.bounds.midY), to: window))
        XCTAssertTrue(middle.handlesTouches)
        XCTAssertEqual(toggle.currentTitle, "handles touches")
        XCTAssertEqual(toggle.backgroundColor, ResponderChainScene.keptColor)
        XCTAssertTrue(scene.chain.isEmpty, "the button kept the tap")

        injector.wait(1)
        injector.tap(at: scene.inner.convert(CGPoint(x: 30, y: 80), to: window))
        XCTAssertEqual(scene.listLabels.compactMap(\.text), [
            "1. inner view: passes it on", "2. middle view: handles it: the chain stops",
        ])
    }
}
