@testable import TouchSandbox
import UIKit
import XCTest

extension ListingTestCase {
    /// The two window sizes every scene must fit: the default and the README's
    /// screenshots.
    static let sceneSizes = [CGSize(width: 1024, height: 768), CGSize(width: 800, height: 500)]

    /// Shows a new `S` as the root view controller of a key window of `size` (the
    /// screen size the host would give it), laid out, with an injector for it.
    func show<S: Scene>(_ type: S.Type, size: CGSize = CGSize(width: 1024, height: 768)) -> S {
        let screen = UIScreen.main.bounds
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        defer { UIScreen.main.bounds = screen }
        let scene = S()
        window = UIWindow(frame: UIScreen.main.bounds)
        window.makeKeyAndVisible()
        window.rootViewController = scene
        window.layoutIfNeeded()
        injector = TouchInjector(window: window, clock: clock)
        return scene
    }

    /// Asserts that every view the scene's stage holds lies inside the part of the
    /// window the chrome leaves clear.
    func assertStageFitsClearArea(_ scene: UIViewController, file: StaticString = #filePath, line: UInt = #line) {
        let clear = SandboxChrome.clearArea(in: window.bounds.size)
        XCTAssertFalse(scene.view.subviews.isEmpty, file: file, line: line)
        for view in scene.view.subviews where !view.isHidden {
            XCTAssertTrue(clear.contains(view.frame), "\(type(of: view)) at \(view.frame) outside \(clear) in \(window.bounds.size)",
                          file: file, line: line)
        }
    }
}
