@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Leaving a scene frees it: after the sandbox switches away (as the scene list and the
/// arrow keys do) and time passes, nothing of the old scene is alive — its view
/// controller, views, recognizers and layers — so no endless animation of it is left
/// running in the layer engine. Checked through weak references, not memory figures or
/// timing: a retain cycle keeps an object alive however long one waits.
final class SceneLifetimeTests: ListingTestCase {
    private let size = CGSize(width: 1024, height: 768)

    /// Weak references to everything a scene built.
    private struct Remnants {
        final class Weak {
            weak var object: AnyObject?
            let name: String
            init(_ object: AnyObject, _ name: String) {
                self.object = object
                self.name = name
            }
        }

        var references: [Weak] = []

        @MainActor
        mutating func collect(_ scene: UIViewController) {
            references.append(Weak(scene, "\(type(of: scene))"))
            collect(scene.view)
            collect(scene.view.layer)
        }

        @MainActor
        private mutating func collect(_ view: UIView) {
            references.append(Weak(view, "\(type(of: view))"))
            for recognizer in view.gestureRecognizers ?? [] {
                references.append(Weak(recognizer, "\(type(of: recognizer)) on \(type(of: view))"))
            }
            for subview in view.subviews { collect(subview) }
        }

        /// Every layer of the tree, the views' own and the layers added to them.
        @MainActor
        private mutating func collect(_ layer: CALayer) {
            references.append(Weak(layer, "\(type(of: layer)) of \(layer.delegate.map { "\(type(of: $0))" } ?? "no view")"))
            for sublayer in layer.sublayers ?? [] { collect(sublayer) }
        }

        /// What is still alive, by name.
        var survivors: [String] { references.filter { $0.object != nil }.map(\.name) }
    }

    /// Opens the scene at `index` in a sandbox, plays with it, switches to `next`, and
    /// returns weak references to everything the first scene held.
    private func visit(sceneAt index: Int, thenOpen next: Int) -> Remnants {
        // What an earlier scene left behind must not count against this one.
        TestApplication.next()
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        injector = TouchInjector(window: window, clock: clock)
        let app = SandboxApp(sceneType: SceneCatalog.all[index])
        app.attach(window)
        var remnants = Remnants()
        do {
            app.openScene(at: index)
            window.layoutIfNeeded()
            guard let scene = window.rootViewController else {
                XCTFail("\(SceneCatalog.all[index].name) opened no view controller")
                return remnants
            }
            let stage = scene.view!
            advance(0.1)
            // A tap and a drag on each of the stage's views, so every handler and
            // recognizer has run and captured what it captures.
            for view in stage.subviews where !view.isHidden {
                let center = stage.convert(CGPoint(x: view.bounds.midX, y: view.bounds.midY), from: view)
                let point = window.convert(center, from: stage)
                injector.tap(at: point, duration: 0.05)
                injector.drag(from: point, to: CGPoint(x: point.x + 60, y: point.y + 30), duration: 0.2, steps: 4)
                advance(0.1)
            }
            // Fingers left down at the switch: the switch cancels them.
            _ = injector.touchDown(at: CGPoint(x: size.width / 2, y: size.height / 2))
            _ = injector.touchDown(at: CGPoint(x: size.width / 3, y: size.height / 2))
            advance(0.1)
            remnants.collect(scene)
        }
        app.openScene(at: next)
        window.layoutIfNeeded()
        // Time passes: delayed calls run, finite animations end, the engine ticks.
        for _ in 0..<40 {
            injector.wait(0.25)
            CAAnimationEngine.current.tick()
        }
        return remnants
    }

    func testEverySceneIsFreedWhenTheSandboxSwitchesAway() async {
        let idle = SceneCatalog.all.firstIndex { $0 == TouchSpotsScene.self }!
        for (index, type) in SceneCatalog.all.enumerated() {
            // The scene switched to is one that animates nothing while no finger is down.
            let next = index == idle ? SceneCatalog.all.firstIndex { $0 == DragScene.self }! : idle
            let remnants = visit(sceneAt: index, thenOpen: next)
            XCTAssertGreaterThan(remnants.references.count, 3, type.name)
            XCTAssertEqual(remnants.survivors, [], "\(type.name) left these alive")
            XCTAssertFalse(CAAnimationEngine.current.needsFrames, "\(type.name) left work for the layer engine")
        }
    }
}
