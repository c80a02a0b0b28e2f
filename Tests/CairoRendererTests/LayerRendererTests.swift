import CairoRenderer
import UIKit
import XCTest

/// What the renderer draws of a tree, by exact pixels: presentation over model, order,
/// what is skipped, drawn layers' backing stores.
final class LayerRendererTests: RenderingTestCase {
    /// Attaches animations that hold `layer`'s presentation 50 points right of its model
    /// and red at every time, as a running animation shows it.
    private func showMovedAndRed(_ layer: CALayer) {
        let move = CABasicAnimation(keyPath: "position.x")
        move.fromValue = layer.position.x + 50
        move.toValue = layer.position.x + 50
        let paint = CABasicAnimation(keyPath: "backgroundColor")
        paint.fromValue = CGColor.red
        paint.toValue = CGColor.red
        for (key, animation) in [("move", move), ("paint", paint)] {
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            layer.add(animation, forKey: key)
        }
    }

    func testEachLayerIsDrawnAsItsPresentationWithTheModelsSublayers() async {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 100, height: 40), .white)
        let animated = CALayer()
        animated.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
        animated.backgroundColor = .blue
        root.addSublayer(animated)
        showMovedAndRed(animated)
        makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), .green, in: animated)
        XCTAssertEqual(pixel(of: root, x: 20, y: 30).red, 255, "the model's place is empty")
        XCTAssertEqual(pixel(of: root, x: 20, y: 30).green, 255)
        let shown = pixel(of: root, x: 70, y: 30)
        XCTAssertEqual([shown.red, shown.green, shown.blue], [255, 0, 0], "the presentation, in its colour")
        XCTAssertEqual(pixel(of: root, x: 55, y: 5).green, 153, "the model's sublayer rides along")
    }

    func testZPositionOrdersSiblingsAndHiddenOrTransparentLayersAreSkipped() async {
        let root = makeLayer(CGRect(x: 0, y: 0, width: 30, height: 10), .white)
        let front = makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), .red, in: root)
        front.zPosition = 1
        makeLayer(CGRect(x: 0, y: 0, width: 10, height: 10), .blue, in: root)  // later, but lower z
        let hidden = makeLayer(CGRect(x: 10, y: 0, width: 10, height: 10), .red, in: root)
        hidden.isHidden = true
        let transparent = makeLayer(CGRect(x: 20, y: 0, width: 10, height: 10), .red, in: root)
        transparent.opacity = 0
        makeLayer(CGRect(x: 2, y: 2, width: 4, height: 4), .green, in: transparent)
        XCTAssertEqual(pixel(of: root, x: 5, y: 5).red, 255)
        XCTAssertEqual(pixel(of: root, x: 5, y: 5).blue, 0)
        XCTAssertEqual(pixel(of: root, x: 15, y: 5).blue, 255, "hidden: white shows")
        XCTAssertEqual(pixel(of: root, x: 24, y: 4).blue, 255, "zero opacity hides the sublayers too")
    }

    /// A layer drawing through `draw(in:)`, counting its draws.
    private final class CountingLayer: CALayer {
        var draws = 0
        override func draw(in ctx: CGContext) {
            draws += 1
            ctx.setFillColor(.blue)
            ctx.fill(CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height))
        }
    }

    func testDrawInIsCachedUntilSetNeedsDisplayAndSizedByContentsScale() async throws {
        let layer = CountingLayer()
        layer.frame = CGRect(x: 0, y: 0, width: 20, height: 10)
        XCTAssertEqual(pixel(of: layer, x: 5, y: 5).red, 255, "a layer that was never marked draws nothing")
        XCTAssertEqual(layer.draws, 0)
        layer.contentsScale = 2
        layer.setNeedsDisplay()
        XCTAssertEqual(pixel(of: layer, x: 5, y: 5).blue, 255)
        XCTAssertEqual(pixel(of: layer, x: 15, y: 5).red, 255, "the right half stays clear")
        XCTAssertEqual((layer.contents as? CGImage)?.width, 40, "the backing store is at contentsScale")
        _ = pixel(of: layer, x: 5, y: 5)
        XCTAssertEqual(layer.draws, 1, "kept until marked again")
        layer.needsDisplayOnBoundsChange = true
        layer.bounds.size.width = 30
        _ = pixel(of: layer, x: 5, y: 5)
        XCTAssertEqual(layer.draws, 2)
    }

    /// A view drawing a blue left half through `draw(_:)`.
    private final class HalfBlueView: UIView {
        override func draw(_ rect: CGRect) {
            UIColor.blue.setFill()
            UIBezierPath(rect: CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height)).fill()
        }
    }

    /// A drawing view's backing store is at the screen's scale whether or not it asked to
    /// be drawn before its first frame (a view that calls `setNeedsDisplay()` as it is
    /// made, as most do when their model is set, used to keep a 1× store on a 2× screen).
    func testADrawingViewsBackingStoreIsAtTheScreensScaleEvenWhenMarkedBeforeItsFirstFrame() async throws {
        let scale = UIScreen.main.scale
        UIScreen.main.scale = 2
        defer { UIScreen.main.scale = scale }
        let marked = HalfBlueView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        marked.setNeedsDisplay()
        let unmarked = HalfBlueView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        for view in [marked, unmarked] {
            XCTAssertEqual(pixel(of: view.layer, x: 5, y: 5).blue, 255)
            XCTAssertEqual(view.layer.contentsScale, 2)
            XCTAssertEqual((view.layer.contents as? CGImage).map { [$0.width, $0.height] }, [40, 20])
        }
    }

    func testSnapshotsAreAtTheirScaleAndWriteAPNG() async throws {
        let view = UIView(frame: CGRect(x: 5, y: 5, width: 30, height: 20))
        view.backgroundColor = .blue
        let buffer = LayerSnapshot.frameBuffer(of: view.layer, scale: 2)
        XCTAssertEqual([buffer.pixelWidth, buffer.pixelHeight], [60, 40])
        XCTAssertEqual(buffer.makeImage().pixel(x: 59, y: 39).blue, 255, "its own position is not applied")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("snapshot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("snapshot.png")
        try LayerSnapshot.writePNG(of: view.layer, to: url, scale: 2)
        XCTAssertEqual(UIImage(contentsOfFile: url.path)?.size, CGSize(width: 60, height: 40))
    }
}
