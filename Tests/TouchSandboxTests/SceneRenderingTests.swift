import CairoRenderer
import SandboxDebugging
@testable import TouchSandbox
import UIKit
import XCTest
import TouchTestSupport

/// Every scene opens and draws: the screen rendered offscreen (every window, by level)
/// at the README's 800 × 500, its stage shows its views (not just the background), the
/// caption bar shows the scene's caption, and the toolbar is there.
final class SceneRenderingTests: ListingTestCase {
    private let size = CGSize(width: 800, height: 500)

    func testEverySceneDrawsItsViewsCaptionAndToolbar() async throws {
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        let background = pixelValue(SandboxStyle.background.cgColor)
        for sceneType in SceneCatalog.all {
            TestApplication.next()
            window = UIWindow(frame: CGRect(origin: .zero, size: size))
            window.makeKeyAndVisible()
            window.rootViewController = sceneType.init()
            window.layoutIfNeeded()
            let app = SandboxApp(sceneType: sceneType)
            app.attach(window)
            for shown in UIApplication.shared.visibleWindows { shown.layoutIfNeeded() }
            let frame = app.debugLayer.snapshot(scale: 1)

            let name = sceneType.name
            XCTAssertEqual(rgb(frame, 400, 4), [0x2C, 0x2C, 0x2E], "\(name): the caption bar")
            XCTAssertGreaterThan(differing(frame, in: CGRect(x: 8, y: 12, width: 400, height: 20), from: [0x2C, 0x2C, 0x2E]), 40,
                                 "\(name): the caption's text")
            let toolbar = CGRect(x: 0, y: size.height - DebugStyle.toolbarHeight, width: size.width, height: DebugStyle.toolbarHeight)
            XCTAssertGreaterThan(differing(frame, in: toolbar, from: [0x2C, 0x2C, 0x2E]), 2_000, "\(name): the toolbar's buttons")
            // The stage: between the caption bar and the hint above the toolbar.
            let insets = GalleryView.sceneInsets
            let stage = CGRect(x: 0, y: insets.top, width: size.width, height: size.height - insets.top - insets.bottom)
            let shown = differing(frame, in: stage, from: background)
            if sceneType == TouchSpotsScene.self {
                XCTAssertEqual(shown, 0, "touch-spots shows nothing until a finger is down")
            } else {
                XCTAssertGreaterThan(shown, 1_000, "\(name): its views are drawn on the stage")
            }
        }
    }

    private func pixelValue(_ color: CGColor?) -> [Int] {
        let components = color?.components ?? [0, 0, 0]
        return components.prefix(3).map { Int(($0 * 255).rounded()) }
    }

    private func rgb(_ buffer: FrameBuffer, _ x: Int, _ y: Int) -> [Int] {
        let bytes = buffer.pixels.advanced(by: y * buffer.stride + x * 4).assumingMemoryBound(to: UInt8.self)
        return [Int(bytes[2]), Int(bytes[1]), Int(bytes[0])]  // Cairo's ARGB32 is BGRA in memory
    }

    /// How many pixels of `rect` (every second row and column) differ from `color`.
    private func differing(_ buffer: FrameBuffer, in rect: CGRect, from color: [Int]) -> Int {
        var count = 0
        for y in stride(from: Int(rect.minY), to: Int(rect.maxY), by: 2) {
            for x in stride(from: Int(rect.minX), to: Int(rect.maxX), by: 2) where rgb(buffer, x, y) != color {
                count += 1
            }
        }
        return count
    }
}
