import CairoRenderer
import TouchTestSupport
import UIKit
import XCTest

/// The common setting of rendering tests: the Cairo drawing engine installed, drawing
/// diagnostics captured in memory, and golden-image comparison.
///
/// Goldens live in `Tests/CairoRendererTests/Goldens/<name>.png`. To regenerate them
/// after a deliberate change, run the tests with `RECORD_GOLDENS=1` in the environment:
/// each golden test then writes its picture instead of comparing, and fails so that the
/// run is not mistaken for a pass; look at every rewritten PNG before committing it.
///
/// Test methods are `async`: XCTest on Linux cannot call a main-actor test method that
/// is not async.
@MainActor
class RenderingTestCase: XCTestCase {
    /// The most any colour component of a pixel may differ from the golden, out of 255:
    /// room for anti-aliasing that moves with the Cairo and FreeType versions.
    static let channelTolerance = 8
    /// The media clock, manual, at t = 100 s when the test begins.
    var clock: ManualClock!

    override func setUp() async throws {
        CairoDrawingEngine.install()
        // A clean application and engine on a manual clock. The scenes are built as
        // standalone layer trees, whose property changes would otherwise start implicit
        // animations and draw from the old values.
        clock = TestApplication.begin(clockAt: 100)
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        DrawingDebug.isLoggingEnabled = true
        DrawingDebug.echoesToStandardError = false
        DrawingDebug.clearLoggedLines()
    }

    override func tearDown() async throws {
        CATransaction.commit()
        TestApplication.end()
        DrawingDebug.isLoggingEnabled = false
        CairoDrawingEngine.install()
    }

    static let goldensDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Goldens")

    /// Renders `layer` at `scale` over white and compares it with the golden `name`.
    func assertMatchesGolden(_ layer: CALayer, named name: String, scale: CGFloat = 1,
                             file: StaticString = #filePath, line: UInt = #line) throws {
        let buffer = LayerSnapshot.frameBuffer(of: layer, scale: scale, background: .white)
        let url = Self.goldensDirectory.appendingPathComponent(name + ".png")
        if ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" {
            try buffer.writePNG(to: url)
            XCTFail("recorded the golden \(name).png; look at it, then run again without RECORD_GOLDENS", file: file, line: line)
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path),
              let golden = UIImage(data: data)?.cgImage
        else {
            return XCTFail("no golden \(url.path); record it with RECORD_GOLDENS=1", file: file, line: line)
        }
        let actual = buffer.makeImage()
        guard actual.width == golden.width, actual.height == golden.height else {
            return XCTFail("\(name): \(actual.width)×\(actual.height) drawn, golden is \(golden.width)×\(golden.height)",
                           file: file, line: line)
        }
        var worst = (difference: 0, x: 0, y: 0)
        for y in 0..<actual.height {
            for x in 0..<actual.width {
                let a = actual.pixel(x: x, y: y), g = golden.pixel(x: x, y: y)
                let difference = max(abs(Int(a.red) - Int(g.red)), abs(Int(a.green) - Int(g.green)),
                                     abs(Int(a.blue) - Int(g.blue)), abs(Int(a.alpha) - Int(g.alpha)))
                if difference > worst.difference { worst = (difference, x, y) }
            }
        }
        if worst.difference > Self.channelTolerance {
            let failed = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-actual-\(UUID()).png")
            try? buffer.writePNG(to: failed)
            XCTFail("\(name) differs from its golden by \(worst.difference) at (\(worst.x), \(worst.y)); drawn: \(failed.path)",
                    file: file, line: line)
        }
    }

    /// The premultiplied components of one pixel of what `layer` renders to, at scale 1
    /// over white unless `background` says otherwise.
    func pixel(of layer: CALayer, x: Int, y: Int, background: CGColor? = .white)
        -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        LayerSnapshot.frameBuffer(of: layer, background: background).makeImage().pixel(x: x, y: y)
    }
}

/// A layer with a frame and a background, for building scenes briefly.
@MainActor @discardableResult
func makeLayer(_ frame: CGRect, _ color: CGColor? = nil, in parent: CALayer? = nil) -> CALayer {
    let layer = CALayer()
    layer.frame = frame
    layer.backgroundColor = color
    parent?.addSublayer(layer)
    return layer
}

extension CGColor {
    static let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    static let green = CGColor(red: 0, green: 0.6, blue: 0, alpha: 1)
    static let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    static let gray = CGColor(gray: 0.85, alpha: 1)
}
