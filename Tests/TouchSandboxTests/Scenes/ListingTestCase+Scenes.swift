@testable import TouchSandbox
import UIKit
import XCTest

extension ListingTestCase {
    /// The two window sizes every scene's own tests use: the default and the README's
    /// screenshots.
    static let sceneSizes = [CGSize(width: 1024, height: 768), CGSize(width: 800, height: 500)]
    /// The smallest, the default and the largest window the gallery supports.
    static let supportedSizes = [CGSize(width: 640, height: 480), CGSize(width: 1024, height: 768), CGSize(width: 1920, height: 1080)]
    /// What the gallery gives every scene's controller: its caption bar above, its
    /// toolbar and hint line below.
    static let galleryInsets = UIEdgeInsets(top: 44, left: 0, bottom: 96, right: 0)

    /// Shows a new `S` as the root view controller of a key window of `size` (the
    /// screen size the host would give it), with the gallery's insets, laid out, with an
    /// injector for it.
    func show<S: Scene>(_ type: S.Type, size: CGSize = CGSize(width: 1024, height: 768)) -> S {
        let scene = S()
        present(scene, size: size)
        return scene
    }

    /// Shows `scene` as `show(_:size:)` does.
    func present(_ scene: UIViewController, size: CGSize) {
        let screen = UIScreen.main.bounds
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        defer { UIScreen.main.bounds = screen }
        window = UIWindow(frame: UIScreen.main.bounds)
        // The gallery's bars, as the window's own insets (as the sandbox sets them).
        window.screenSafeAreaInsets = Self.galleryInsets
        window.makeKeyAndVisible()
        window.rootViewController = scene
        window.layoutIfNeeded()
        injector = TouchInjector(window: window, clock: clock)
    }

    /// The part of the scene's view the gallery's bars leave clear, in its coordinates.
    func safeArea(of scene: UIViewController) -> CGRect {
        scene.view.bounds.inset(by: scene.view.safeAreaInsets)
    }

    /// Asserts that every view the scene's stage holds lies inside the part of the
    /// window the gallery's bars leave clear.
    func assertStageFitsClearArea(_ scene: UIViewController, file: StaticString = #filePath, line: UInt = #line) {
        let clear = safeArea(of: scene)
        XCTAssertEqual(clear, CGRect(x: 0, y: 44, width: window.bounds.width, height: window.bounds.height - 140), file: file, line: line)
        XCTAssertFalse(scene.view.subviews.isEmpty, file: file, line: line)
        for view in scene.view.subviews where !view.isHidden {
            XCTAssertTrue(clear.contains(view.frame), "\(type(of: view)) at \(view.frame) outside \(clear) in \(window.bounds.size)",
                          file: file, line: line)
        }
    }
}
