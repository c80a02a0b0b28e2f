import CairoRenderer
import SandboxDebugging
import TouchTestSupport
import UIKit
import XCTest

/// The setting of the overlays' tests: a manual clock at t = 100 s as the media clock,
/// a clean application, a visible 400 × 300 key window, the gesture trace cleared, and
/// frames drawn offscreen over the sandbox's dark background.
///
/// Test methods are `async` (XCTest on Linux cannot call sync main-actor methods).
@MainActor
class OverlayTestCase: XCTestCase {
    var clock: ManualClock!
    var window: UIWindow!
    let renderer = LayerRenderer()
    static let background = Canvas.Color(hex: 0x1C1C1E)

    override func setUp() async throws {
        clock = TestApplication.begin(clockAt: 100)
        GestureTrace.isEnabled = false
        GestureTrace.echoesToStandardError = false
        GestureTrace.clear()
        window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 300))
        window.makeKeyAndVisible()
    }

    override func tearDown() async throws {
        TestApplication.end()
        GestureTrace.isEnabled = false
        GestureTrace.clear()
    }

    /// A sample of finger `number`, stamped with the clock's time.
    func sample(_ number: UInt32, _ phase: TouchSample.Phase, _ x: CGFloat, _ y: CGFloat) -> TouchSample {
        .finger(number, phase, x, y, at: clock.now, device: 2)
    }

    /// Gives the window a batch, then the overlays, as the host does; returns the
    /// overlays' dirty rectangles.
    @discardableResult
    func send(_ batch: [TouchSample], to overlays: [any DebugOverlay]) -> [CGRect] {
        window.inject(batch)
        var dirty: [CGRect] = []
        for overlay in overlays { dirty += overlay.apply(batch) }
        for overlay in overlays { dirty += overlay.update(in: window) }
        return dirty
    }

    /// Draws a frame: the background, the window's layers when `scene`, then the overlays.
    func frame(_ overlays: [any DebugOverlay], scene: Bool = false) -> FrameBuffer {
        let buffer = FrameBuffer(pointSize: window.bounds.size, scale: 1)
        buffer.draw { canvas in
            canvas.fill(window.bounds, with: Self.background)
            if scene { renderer.render(window.layer, in: canvas) }
            for overlay in overlays { overlay.draw(in: canvas, window: window) }
        }
        return buffer
    }

    func image(_ overlays: [any DebugOverlay], scene: Bool = false) -> CGImage {
        frame(overlays, scene: scene).makeImage()
    }
}

/// A pixel as 0xRRGGBB (premultiplied components of an opaque frame are the colour).
func rgb(_ image: CGImage, _ x: Int, _ y: Int) -> UInt32 {
    let pixel = image.pixel(x: x, y: y)
    return UInt32(pixel.red) << 16 | UInt32(pixel.green) << 8 | UInt32(pixel.blue)
}

/// The colour `color` at `alpha` makes over `under` (both 0xRRGGBB), rounded as Cairo does.
func blend(_ color: Canvas.Color, alpha: Double, over under: Canvas.Color) -> UInt32 {
    func channel(_ top: Double, _ bottom: Double) -> UInt32 {
        UInt32(((top * alpha + bottom * (1 - alpha)) * 255).rounded())
    }
    return channel(color.red, under.red) << 16 | channel(color.green, under.green) << 8 | channel(color.blue, under.blue)
}

/// Whether two 0xRRGGBB colours differ by at most `tolerance` in every channel.
func colorsMatch(_ a: UInt32, _ b: UInt32, tolerance: Int32 = 3) -> Bool {
    (0..<3).allSatisfy { channel in
        let shift = UInt32(channel * 8)
        return abs(Int32((a >> shift) & 0xFF) - Int32((b >> shift) & 0xFF)) <= tolerance
    }
}

extension Canvas.Color {
    var rgb: UInt32 {
        UInt32((red * 255).rounded()) << 16 | UInt32((green * 255).rounded()) << 8 | UInt32((blue * 255).rounded())
    }
}
