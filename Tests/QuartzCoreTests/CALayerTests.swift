import QuartzCore
import XCTest

// Async test methods: XCTest on Linux cannot call a main-actor test method that is not async.
@MainActor
final class CALayerTests: XCTestCase {
    private func layer(frame: CGRect, _ name: String = "") -> CALayer {
        let layer = CALayer()
        layer.frame = frame
        layer.name = name
        return layer
    }

    func testFrameIsDerivedFromBoundsPositionAnchorAndTransform() async {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 50)
        layer.position = CGPoint(x: 200, y: 100)
        XCTAssertEqual(layer.frame, CGRect(x: 150, y: 75, width: 100, height: 50))
        layer.anchorPoint = .zero
        XCTAssertEqual(layer.frame, CGRect(x: 200, y: 100, width: 100, height: 50))
        layer.anchorPoint = CGPoint(x: 0.5, y: 0.5)
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        XCTAssertEqual(layer.frame, CGRect(x: 100, y: 50, width: 200, height: 100))
        layer.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        XCTAssertEqual(layer.frame.minX, 175, accuracy: 1e-9)
        XCTAssertEqual(layer.frame.width, 50, accuracy: 1e-9)
        XCTAssertEqual(layer.frame.height, 100, accuracy: 1e-9)
    }

    func testSettingFrameSetsPositionAndSizeAndKeepsBoundsOrigin() async {
        let layer = CALayer()
        layer.bounds.origin = CGPoint(x: 7, y: 9)
        layer.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        XCTAssertEqual(layer.position, CGPoint(x: 25, y: 40))
        XCTAssertEqual(layer.bounds, CGRect(x: 7, y: 9, width: 30, height: 40))
        // Scaled: the size is divided by the scale so the frame reads back as set.
        layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 4))
        layer.frame = CGRect(x: 0, y: 0, width: 60, height: 80)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 30, height: 20))
        XCTAssertEqual(layer.frame, CGRect(x: 0, y: 0, width: 60, height: 80))
        // Rotated: size kept, centre moved to the new frame's centre.
        layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.3))
        layer.frame = CGRect(x: 100, y: 100, width: 10, height: 10)
        XCTAssertEqual(layer.bounds.size, CGSize(width: 30, height: 20))
        XCTAssertEqual(layer.position.x, 105, accuracy: 1e-9)
        XCTAssertEqual(layer.position.y, 105, accuracy: 1e-9)
    }

    /// A layer added into itself or its own subtree is refused (a cycle); a leaf added
    /// at the bottom of a deep chain is taken without looking up the chain.
    func testALayerIsNeverAddedInsideItself() async {
        let root = CALayer(), middle = CALayer(), leaf = CALayer()
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        leaf.addSublayer(root)
        leaf.addSublayer(leaf)
        middle.addSublayer(middle)
        XCTAssertNil(root.superlayer)
        XCTAssertNil(leaf.sublayers)
        XCTAssertTrue(leaf.superlayer === middle)
        XCTAssertTrue(middle.superlayer === root)
        let deep = CALayer()
        leaf.addSublayer(deep)
        XCTAssertTrue(deep.isDescendant(of: root))
    }

    func testSublayerOrderingOperations() async {
        let root = CALayer()
        let a = layer(frame: .zero, "a")
        let b = layer(frame: .zero, "b")
        let c = layer(frame: .zero, "c")
        XCTAssertNil(root.sublayers)
        root.addSublayer(a)
        root.addSublayer(b)
        root.insertSublayer(c, at: 0)
        XCTAssertEqual(root.sublayers?.map(\.name), ["c", "a", "b"])
        root.insertSublayer(c, above: a)
        XCTAssertEqual(root.sublayers?.map(\.name), ["a", "c", "b"])
        root.insertSublayer(b, below: a)
        XCTAssertEqual(root.sublayers?.map(\.name), ["b", "a", "c"])
        root.insertSublayer(a, at: 99)
        XCTAssertEqual(root.sublayers?.map(\.name), ["b", "c", "a"])
        let d = layer(frame: .zero, "d")
        root.replaceSublayer(c, with: d)
        XCTAssertEqual(root.sublayers?.map(\.name), ["b", "d", "a"])
        XCTAssertNil(c.superlayer)
        XCTAssertTrue(d.superlayer === root)
        // Moving a layer to another parent takes it out of the first.
        let other = CALayer()
        other.addSublayer(d)
        XCTAssertEqual(root.sublayers?.map(\.name), ["b", "a"])
        a.removeFromSuperlayer()
        b.removeFromSuperlayer()
        XCTAssertNil(root.sublayers)
    }

    func testCyclesAreRefused() async {
        let root = CALayer()
        let child = CALayer()
        root.addSublayer(child)
        child.addSublayer(root)
        root.addSublayer(root)
        XCTAssertNil(root.superlayer)
        XCTAssertNil(child.sublayers)
        XCTAssertEqual(root.sublayers?.count, 1)
    }

    func testConvertThroughTransformedLayers() async {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let middle = layer(frame: CGRect(x: 100, y: 100, width: 200, height: 200))
        middle.setAffineTransform(CGAffineTransform(rotationAngle: .pi / 2))
        let leaf = layer(frame: CGRect(x: 10, y: 20, width: 50, height: 50))
        leaf.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
        root.addSublayer(middle)
        middle.addSublayer(leaf)
        // Leaf's centre (25, 25) is at (35, 45) in middle; middle's centre (100, 100) sits at
        // (200, 200) in root and a quarter turn takes the offset (-65, -55) to (55, -65).
        let centre = leaf.convert(CGPoint(x: 25, y: 25), to: root)
        XCTAssertEqual(centre.x, 255, accuracy: 1e-9)
        XCTAssertEqual(centre.y, 135, accuracy: 1e-9)
        let back = root.convert(centre, to: leaf)
        XCTAssertEqual(back.x, 25, accuracy: 1e-9)
        XCTAssertEqual(back.y, 25, accuracy: 1e-9)
        let corner = leaf.convert(CGPoint(x: 26, y: 25), to: root)
        // One point right in leaf is two points in middle, which is down in root.
        XCTAssertEqual(corner.x, 255, accuracy: 1e-9)
        XCTAssertEqual(corner.y, 137, accuracy: 1e-9)
        let rect = root.convert(CGRect(x: 0, y: 0, width: 10, height: 10), from: leaf)
        XCTAssertEqual(rect.width, 20, accuracy: 1e-9)
        XCTAssertEqual(rect.height, 20, accuracy: 1e-9)
    }

    func testHitTestTakesSuperlayerPointsAndSkipsHiddenAndMaskedOutsides() async {
        let root = layer(frame: CGRect(x: 0, y: 0, width: 100, height: 100), "root")
        let child = layer(frame: CGRect(x: 80, y: 80, width: 40, height: 40), "child")
        root.addSublayer(child)
        XCTAssertEqual(root.hitTest(CGPoint(x: 90, y: 90))?.name, "child")
        XCTAssertEqual(root.hitTest(CGPoint(x: 110, y: 110))?.name, "child")
        XCTAssertEqual(root.hitTest(CGPoint(x: 10, y: 10))?.name, "root")
        root.masksToBounds = true
        XCTAssertNil(root.hitTest(CGPoint(x: 110, y: 110)))
        child.isHidden = true
        XCTAssertEqual(root.hitTest(CGPoint(x: 90, y: 90))?.name, "root")
    }

    func testLayoutRunsOnlyOnDirtyPathsParentsFirst() async {
        final class Recorder: CALayerDelegate {
            var log: [String] = []
            func layoutSublayers(of layer: CALayer) { log.append(layer.name ?? "?") }
        }
        let recorder = Recorder()
        let root = layer(frame: CGRect(x: 0, y: 0, width: 10, height: 10), "root")
        let a = layer(frame: CGRect(x: 0, y: 0, width: 5, height: 5), "a")
        let b = layer(frame: CGRect(x: 0, y: 0, width: 5, height: 5), "b")
        let a1 = layer(frame: CGRect(x: 0, y: 0, width: 1, height: 1), "a1")
        for layer in [root, a, b, a1] { layer.delegate = recorder }
        root.addSublayer(a)
        root.addSublayer(b)
        a.addSublayer(a1)
        root.layoutIfNeeded()
        recorder.log.removeAll()
        root.layoutIfNeeded()
        XCTAssertEqual(recorder.log, [])
        a1.setNeedsLayout()
        root.setNeedsLayout()
        XCTAssertTrue(a1.needsLayout())
        root.layoutIfNeeded()
        XCTAssertEqual(recorder.log, ["root", "a1"])
        recorder.log.removeAll()
        // A size change makes layout due on the layer and on its superlayer, whose layout
        // may depend on it (UIKit's rule for a view, kept for a size set through the
        // layer): the parent first, then the resized layer.
        b.bounds.size = CGSize(width: 6, height: 6)
        root.layoutIfNeeded()
        XCTAssertEqual(recorder.log, ["root", "b"])
        recorder.log.removeAll()
        b.position.x += 1
        root.layoutIfNeeded()
        XCTAssertEqual(recorder.log, [], "a move is not a resize")
    }
}
