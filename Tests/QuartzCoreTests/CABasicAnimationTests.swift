import QuartzCore
import XCTest
import TouchTestSupport

/// Presentation values of basic animations at exact times, for every key path and
/// every combination of from, to and by values.
final class CABasicAnimationTests: AnimationTestCase {
    /// A linear animation of `keyPath` over 2 s starting now, added to `layer`.
    private func animate(_ layer: CALayer, _ keyPath: String, from: Any?, to: Any?, by: Any? = nil) {
        let animation = CABasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.byValue = by
        animation.duration = 2
        layer.add(animation, forKey: keyPath)
    }

    /// `read` of the presentation a quarter of the way (0.5 s into 2 s).
    private func quarterWay<T>(_ layer: CALayer, _ read: (CALayer) -> T) -> T {
        clock.now = 10.5
        return read(layer.presentation()!)
    }

    func testScalarKeyPathsOfEveryLayer() async {
        let cases: [(String, (CALayer) -> CGFloat)] = [
            ("position.x", { $0.position.x }), ("position.y", { $0.position.y }),
            ("bounds.size.width", { $0.bounds.width }), ("bounds.size.height", { $0.bounds.height }),
            ("opacity", { CGFloat($0.opacity) }), ("cornerRadius", { $0.cornerRadius }),
            ("borderWidth", { $0.borderWidth }), ("shadowOpacity", { CGFloat($0.shadowOpacity) }),
            ("shadowRadius", { $0.shadowRadius }), ("zPosition", { $0.zPosition }),
        ]
        for (keyPath, read) in cases {
            clock.now = 10
            let layer = CALayer()
            // Each numeric type the values may come as.
            animate(layer, keyPath, from: Float(0.2), to: 1.0)
            XCTAssertEqual(quarterWay(layer, read), 0.4, accuracy: 1e-6, keyPath)
            clock.now = 10
            animate(layer, keyPath, from: 4, to: CGFloat(8))
            XCTAssertEqual(read(layer.presentation()!), 4, accuracy: 1e-6, keyPath)
            XCTAssertEqual(quarterWay(layer, read), 5, accuracy: 1e-6, keyPath)
        }
    }

    func testShapeLayerKeyPaths() async {
        let shape = CAShapeLayer()
        animate(shape, "strokeEnd", from: 0, to: 1)
        animate(shape, "strokeStart", from: 0.5, to: 0.9)
        animate(shape, "lineWidth", from: 2, to: 10)
        animate(shape, "fillColor", from: CGColor(red: 1, green: 0, blue: 0, alpha: 1), to: CGColor(red: 0, green: 0, blue: 1, alpha: 0))
        animate(shape, "strokeColor", from: CGColor.white, to: CGColor.black)
        let p = quarterWay(shape) { $0 as! CAShapeLayer }
        XCTAssertEqual(p.strokeEnd, 0.25, accuracy: 1e-6)
        XCTAssertEqual(p.strokeStart, 0.6, accuracy: 1e-6)
        XCTAssertEqual(p.lineWidth, 4, accuracy: 1e-6)
        XCTAssertEqual(p.fillColor, CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 0.75))
        XCTAssertEqual(p.strokeColor, CGColor(red: 0.75, green: 0.75, blue: 0.75, alpha: 1))
        // The model is untouched.
        XCTAssertEqual(shape.strokeEnd, 1)
        XCTAssertEqual(shape.lineWidth, 1)
    }

    func testShapeKeyPathOnAPlainLayerIsLoggedAndChangesNothing() async {
        let layer = CALayer()
        animate(layer, "strokeEnd", from: 0, to: 1)
        animate(layer, "opacity", from: CGPoint(x: 1, y: 2), to: 0)
        XCTAssertEqual(quarterWay(layer) { $0.opacity }, 1)
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 2)
        XCTAssertTrue(QuartzCoreDebug.loggedLines[0].hasSuffix(
            "animation: CABasicAnimation for key \"strokeEnd\" on CALayer: key path \"strokeEnd\" is not animatable on CALayer; it changes nothing"),
            QuartzCoreDebug.loggedLines[0])
        XCTAssertTrue(QuartzCoreDebug.loggedLines[1].contains("fromValue CGPoint(x: 1.0, y: 2.0) (CGPoint) is not a scalar for \"opacity\""),
            QuartzCoreDebug.loggedLines[1])
        // Reading the presentation again logs nothing more.
        _ = layer.presentation()
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 2)
    }

    func testGeometryKeyPaths() async {
        let layer = CALayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 10, height: 10)
        animate(layer, "position", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 100, y: -40))
        animate(layer, "bounds", from: CGRect(x: 0, y: 0, width: 10, height: 20), to: CGRect(x: 8, y: 4, width: 50, height: 60))
        animate(layer, "anchorPoint", from: CGPoint(x: 0, y: 0), to: CGPoint(x: 1, y: 1))
        animate(layer, "shadowOffset", from: CGSize(width: 0, height: 0), to: CGSize(width: 4, height: -8))
        let p = quarterWay(layer) { $0 }
        XCTAssertEqual(p.position, CGPoint(x: 25, y: -10))
        XCTAssertEqual(p.bounds, CGRect(x: 2, y: 1, width: 20, height: 30))
        XCTAssertEqual(p.anchorPoint, CGPoint(x: 0.25, y: 0.25))
        XCTAssertEqual(p.shadowOffset, CGSize(width: 1, height: -2))
        // The copy's hit-test mapping follows its animated geometry.
        XCTAssertEqual(p.frame, CGRect(x: 20, y: -17.5, width: 20, height: 30))
    }

    func testBoundsSizeAndOriginKeyPaths() async {
        let layer = CALayer()
        layer.bounds = CGRect(x: 3, y: 4, width: 10, height: 10)
        animate(layer, "bounds.size", from: CGSize(width: 0, height: 0), to: CGSize(width: 100, height: 200))
        animate(layer, "bounds.origin", from: CGPoint(x: 0, y: 0), to: CGPoint(x: -8, y: 8))
        XCTAssertEqual(quarterWay(layer) { $0.bounds }, CGRect(x: -2, y: 2, width: 25, height: 50))
    }

    func testColorKeyPaths() async {
        let layer = CALayer()
        let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
        let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
        animate(layer, "backgroundColor", from: red, to: blue)
        animate(layer, "borderColor", from: blue, to: red)
        animate(layer, "shadowColor", from: CGColor.clear, to: CGColor.white)
        let p = quarterWay(layer) { $0 }
        XCTAssertEqual(p.backgroundColor, CGColor(red: 0.75, green: 0, blue: 0.25, alpha: 1))
        XCTAssertEqual(p.borderColor, CGColor(red: 0.25, green: 0, blue: 0.75, alpha: 1))
        XCTAssertEqual(p.shadowColor, CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.25))
    }

    func testNilColorAnimatesFromTransparentBlack() async {
        let layer = CALayer()
        animate(layer, "backgroundColor", from: nil, to: CGColor.white)
        XCTAssertEqual(quarterWay(layer) { $0.backgroundColor }, CGColor(red: 0.25, green: 0.25, blue: 0.25, alpha: 0.25))
    }

    func testTransformInterpolatesByDecompositionNotEntries() async {
        let layer = CALayer()
        // A quarter turn halfway is an eighth of a turn of full size, not a shrunken matrix.
        animate(layer, "transform", from: CATransform3DIdentity, to: CATransform3DMakeRotation(.pi / 2, 0, 0, 1))
        clock.now = 11
        let t = layer.presentation()!.affineTransform()
        XCTAssertEqual(t.a, cos(.pi / 4), accuracy: 1e-6)
        XCTAssertEqual(t.b, sin(.pi / 4), accuracy: 1e-6)
        XCTAssertEqual(t.c, -sin(.pi / 4), accuracy: 1e-6)
        XCTAssertEqual(t.d, cos(.pi / 4), accuracy: 1e-6)
        // A CGAffineTransform is accepted too; scale and translation interpolate linearly.
        clock.now = 10
        animate(layer, "transform", from: CGAffineTransform.identity, to: CGAffineTransform(a: 3, b: 0, c: 0, d: 5, tx: 40, ty: 80))
        let q = quarterWay(layer) { $0.affineTransform() }
        XCTAssertEqual(q.a, 1.5, accuracy: 1e-6)
        XCTAssertEqual(q.d, 2, accuracy: 1e-6)
        XCTAssertEqual(q.tx, 10, accuracy: 1e-6)
        XCTAssertEqual(q.ty, 20, accuracy: 1e-6)
    }

    func testTransformComponentKeyPathsKeepTheOtherParts() async {
        let cases: [(String, Double, Double, (CGAffineTransform) -> CGFloat, CGFloat)] = [
            ("transform.rotation.z", 0, 2 * .pi, { atan2($0.b, $0.a) }, .pi / 2),
            ("transform.rotation", 0, .pi, { atan2($0.b, $0.a) }, .pi / 4),
            ("transform.scale", 1, 3, { $0.a }, 1.5),
            ("transform.scale.x", 1, 5, { $0.a }, 2),
            ("transform.scale.y", 1, 5, { $0.d }, 2),
            ("transform.translation.x", 0, 100, { $0.tx }, 25),
            ("transform.translation.y", 0, -100, { $0.ty }, -25),
        ]
        for (keyPath, from, to, read, expected) in cases {
            clock.now = 10
            let layer = CALayer()
            layer.setAffineTransform(CGAffineTransform(translationX: 7, y: 0))
            animate(layer, keyPath, from: from, to: to)
            let t = quarterWay(layer) { $0.affineTransform() }
            XCTAssertEqual(read(t), expected, accuracy: 1e-6, keyPath)
            if keyPath != "transform.translation.x" {
                XCTAssertEqual(t.tx, 7, accuracy: 1e-6, "\(keyPath) keeps the translation")
            }
        }
    }

    func testTheEightCombinationsOfFromToAndBy() async {
        let layer = CALayer()
        layer.position = CGPoint(x: 100, y: 0)
        func x(from: Any?, to: Any?, by: Any?) -> CGFloat {
            clock.now = 10
            animate(layer, "position.x", from: from, to: to, by: by)
            return quarterWay(layer) { $0.position.x }
        }
        XCTAssertEqual(x(from: 0, to: 40, by: nil), 10, accuracy: 1e-9)
        XCTAssertEqual(x(from: 0, to: nil, by: 40), 10, accuracy: 1e-9)  // 0 → 40
        XCTAssertEqual(x(from: nil, to: 40, by: 40), 10, accuracy: 1e-9)  // 0 → 40
        XCTAssertEqual(x(from: 0, to: nil, by: nil), 25, accuracy: 1e-9)  // 0 → model 100
        XCTAssertEqual(x(from: nil, to: 40, by: nil), 85, accuracy: 1e-9)  // 100 → 40
        XCTAssertEqual(x(from: nil, to: nil, by: 40), 110, accuracy: 1e-9)  // 100 → 140
        XCTAssertEqual(x(from: nil, to: nil, by: nil), 100, accuracy: 1e-9)  // nothing
        XCTAssertEqual(x(from: 0, to: 40, by: 1000), 10, accuracy: 1e-9)  // by ignored
    }

    func testAdditiveAddsToTheModelAndLaterAnimationsStackInOrder() async {
        let layer = CALayer()
        layer.position = CGPoint(x: 100, y: 50)
        let wobble = CABasicAnimation(keyPath: "position.x")
        wobble.fromValue = 0
        wobble.toValue = 20
        wobble.duration = 2
        wobble.isAdditive = true
        layer.add(wobble, forKey: "wobble")
        XCTAssertEqual(quarterWay(layer) { $0.position.x }, 105, accuracy: 1e-9)
        // A later non-additive animation replaces what is below it; a later additive one
        // adds to it.
        clock.now = 10
        let move = CABasicAnimation(keyPath: "position")
        move.toValue = CGPoint(x: 0, y: 0)
        move.duration = 2
        layer.add(move, forKey: "move")
        // Beneath `move` the x is 100 + 5 = 105 at 10.5; a quarter of the way to 0.
        XCTAssertEqualPoints(quarterWay(layer) { $0.position }, CGPoint(x: 78.75, y: 37.5), accuracy: 1e-6)
    }

    func testCumulativeRepeatsBuildOnEachOther() async {
        let layer = CALayer()
        let step = CABasicAnimation(keyPath: "position.x")
        step.fromValue = 0
        step.toValue = 10
        step.duration = 1
        step.repeatCount = 3
        step.isCumulative = true
        step.fillMode = .forwards
        step.isRemovedOnCompletion = false
        layer.add(step, forKey: nil)
        clock.now = 10.5
        XCTAssertEqual(layer.presentation()!.position.x, 5, accuracy: 1e-9)
        clock.now = 11.5
        XCTAssertEqual(layer.presentation()!.position.x, 15, accuracy: 1e-9)
        clock.now = 12.25
        XCTAssertEqual(layer.presentation()!.position.x, 22.5, accuracy: 1e-9)
        clock.now = 20
        XCTAssertEqual(layer.presentation()!.position.x, 30, accuracy: 1e-9)
    }

    // MARK: - Timing functions

    func testEveryNamedTimingFunctionAndControlPoints() async {
        // Expected y at x = 0.25, from the curves' control points (each solved
        // independently by bisection below, so this checks the engine applies them).
        func bezier(_ c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double, at x: Double) -> Double {
            func coordinate(_ p1: Double, _ p2: Double, _ t: Double) -> Double {
                3 * (1 - t) * (1 - t) * t * p1 + 3 * (1 - t) * t * t * p2 + t * t * t
            }
            var lo = 0.0, hi = 1.0
            for _ in 0..<200 {
                let mid = (lo + hi) / 2
                if coordinate(c1x, c2x, mid) < x { lo = mid } else { hi = mid }
            }
            return coordinate(c1y, c2y, (lo + hi) / 2)
        }
        let f = { (v: Float) in Double(v) }
        let cases: [(CAMediaTimingFunction?, Double)] = [
            (nil, 0.25),
            (CAMediaTimingFunction(name: .linear), 0.25),
            (CAMediaTimingFunction(name: .easeIn), bezier(f(0.42), 0, 1, 1, at: 0.25)),
            (CAMediaTimingFunction(name: .easeOut), bezier(0, 0, f(0.58), 1, at: 0.25)),
            (CAMediaTimingFunction(name: .easeInEaseOut), bezier(f(0.42), 0, f(0.58), 1, at: 0.25)),
            (CAMediaTimingFunction(name: .default), bezier(f(0.25), f(0.1), f(0.25), 1, at: 0.25)),
            (CAMediaTimingFunction(controlPoints: 0.5, -0.5, 0.5, 1.5), bezier(0.5, -0.5, 0.5, 1.5, at: 0.25)),
        ]
        for (index, (function, expected)) in cases.enumerated() {
            clock.now = 10
            let layer = CALayer()
            let animation = CABasicAnimation(keyPath: "opacity")
            animation.fromValue = 0
            animation.toValue = 1
            animation.duration = 2
            animation.timingFunction = function
            layer.add(animation, forKey: nil)
            clock.now = 10.5
            XCTAssertEqual(Double(layer.presentation()!.opacity), expected, accuracy: 1e-6, "case \(index)")
        }
        // The named curves differ from each other at x = 0.25, so a swapped curve fails.
        XCTAssertEqual(bezier(f(0.42), 0, 1, 1, at: 0.25), 0.0935, accuracy: 1e-3)
    }
}
