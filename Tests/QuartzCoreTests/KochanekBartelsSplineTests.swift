import QuartzCore
import XCTest

/// `CAKeyframeAnimation`'s `.cubic` mode: a Kochanek–Bartels spline through the values.
///
/// Sources: CAAnimationCalculationMode.cubic — Apple Developer Documentation
/// ("Intermediate frames are computed using a Catmull-Rom spline that passes through
/// the keyframes … tension, continuity, and bias values, which modify the spline using
/// the standard Kochanek-Bartels form"); CAKeyframeAnimation.tensionValues,
/// continuityValues, biasValues — Apple Developer Documentation ("If you do not specify
/// a value for a given control point, the value 0 is used"); Kochanek & Bartels,
/// SIGGRAPH 1984, for the tangent formulas. Expected values are worked out here with the
/// Hermite basis, not with the code under test.
final class KochanekBartelsSplineTests: AnimationTestCase {
    private let layer = CALayer()

    /// Four values, evenly spaced over 4 s from t = 10: keyframes at 10, 11⅓, 12⅔, 14,
    /// so a quarter into the middle segment is 11⅔.
    private let values: [CGFloat] = [0, 10, 30, 20]

    private func cubic(_ keyPath: String = "position.x", _ configure: (CAKeyframeAnimation) -> Void) {
        attachKeyframes(keyPath, mode: .cubic, to: layer, configure)
    }

    private func x(at time: CFTimeInterval) -> Double {
        clock.now = time
        return Double(layer.presentation()!.position.x)
    }

    /// The cubic Hermite segment from p0 (leaving with tangent m0) to p1 (arriving with
    /// m1) at u.
    private func hermite(_ p0: Double, _ m0: Double, _ p1: Double, _ m1: Double, _ u: Double) -> Double {
        let u2 = u * u, u3 = u2 * u
        return (2 * u3 - 3 * u2 + 1) * p0 + (u3 - 2 * u2 + u) * m0 + (-2 * u3 + 3 * u2) * p1 + (u3 - u2) * m1
    }

    func testCatmullRomMidpointsAndEndsWhoseMissingNeighbourIsTheEndItself() async {
        cubic { $0.values = values }
        let (p0, p1, p2, p3) = (0.0, 10.0, 30.0, 20.0)
        XCTAssertEqual(x(at: 10), p0, accuracy: 1e-9)
        XCTAssertEqual(x(at: 10 + 4.0 / 3), p1, accuracy: 1e-9)
        XCTAssertEqual(x(at: 10 + 8.0 / 3), p2, accuracy: 1e-9)
        // The middle segment's midpoint: (−p0 + 9p1 + 9p2 − p3)/16.
        XCTAssertEqual(x(at: 12), (-p0 + 9 * p1 + 9 * p2 - p3) / 16, accuracy: 1e-9)
        // The first segment: the missing p₋₁ is p0, so (−p0 + 9p0 + 9p1 − p2)/16.
        XCTAssertEqual(x(at: 10 + 4.0 / 6), (8 * p0 + 9 * p1 - p2) / 16, accuracy: 1e-9)
        // The last segment: the missing p₄ is p3, so (−p1 + 9p2 + 8p3)/16.
        XCTAssertEqual(x(at: 14 - 4.0 / 6), (-p1 + 9 * p2 + 8 * p3) / 16, accuracy: 1e-9)
        // A quarter into the middle segment, with Catmull–Rom's tangents.
        XCTAssertEqual(x(at: 11 + 2.0 / 3), hermite(p1, (p2 - p0) / 2, p2, (p3 - p1) / 2, 0.25), accuracy: 1e-9)
    }

    func testPointsSizesAndColoursFollowOneSplinePerComponent() async {
        cubic("position") {
            $0.values = [CGPoint(x: 0, y: 100), CGPoint(x: 10, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 20, y: 0)]
        }
        clock.now = 12
        let point = layer.presentation()!.position
        let midX: Double = (-0 + 9 * 10 + 9 * 30 - 20) / 16
        let midY: Double = (-100 + 9 * 0 + 9 * 40 - 0) / 16
        XCTAssertEqual(Double(point.x), midX, accuracy: 1e-9)
        XCTAssertEqual(Double(point.y), midY, accuracy: 1e-9)

        cubic("bounds.size") {
            $0.values = [CGSize(width: 0, height: 8), CGSize(width: 10, height: 8), CGSize(width: 30, height: 8),
                         CGSize(width: 20, height: 8)]
        }
        clock.now = 12
        XCTAssertEqual(Double(layer.presentation()!.bounds.width), 340.0 / 16, accuracy: 1e-9)
        XCTAssertEqual(layer.presentation()!.bounds.height, 8, accuracy: 1e-9)

        cubic("backgroundColor") {
            $0.values = [CGColor(gray: 0, alpha: 1), CGColor(gray: 0.1, alpha: 1), CGColor(gray: 0.3, alpha: 1),
                         CGColor(gray: 0.2, alpha: 1)]
        }
        clock.now = 12
        let color = layer.presentation()!.backgroundColor!
        XCTAssertEqual(Double(color.red), 0.2125, accuracy: 1e-9)
        XCTAssertEqual(Double(color.blue), 0.2125, accuracy: 1e-9)
        XCTAssertEqual(Double(color.alpha), 1, accuracy: 1e-9)
    }

    func testTensionScalesTheTangents() async {
        cubic { $0.values = values; $0.tensionValues = [1, 1, 1, 1] }
        // Tension 1: no tangent, so a smoothstep between keyframes.
        XCTAssertEqual(x(at: 11 + 2.0 / 3), hermite(10, 0, 30, 0, 0.25), accuracy: 1e-9)
        XCTAssertEqual(hermite(10, 0, 30, 0, 0.25), 13.125, accuracy: 1e-12)

        // Tension ½ on the second keyframe only; the array may be short.
        cubic { $0.values = values; $0.tensionValues = [0, 0.5] }
        XCTAssertEqual(x(at: 12), hermite(10, 0.5 * (30 - 0) / 2, 30, (20 - 10) / 2, 0.5), accuracy: 1e-9)
    }

    func testContinuityMinusOneMakesCornersAndPlusOneInvertsThem() async {
        // −1: each tangent is the chord on its side, so every segment is a straight line.
        cubic { $0.values = values; $0.continuityValues = [-1, -1, -1, -1] }
        XCTAssertEqual(x(at: 11 + 2.0 / 3), 15, accuracy: 1e-9)
        XCTAssertEqual(x(at: 10 + 1.0 / 3), 2.5, accuracy: 1e-9)
        // +1: the leaving tangent is the incoming chord and the arriving one the outgoing.
        cubic { $0.values = values; $0.continuityValues = [1, 1, 1, 1] }
        XCTAssertEqual(x(at: 12), hermite(10, 10 - 0, 30, 20 - 30, 0.5), accuracy: 1e-9)
    }

    func testBiasTakesTheTangentFromOneSide() async {
        // +1: both tangents at a keyframe are its incoming chord.
        cubic { $0.values = values; $0.biasValues = [1, 1, 1, 1] }
        XCTAssertEqual(x(at: 12), hermite(10, 10 - 0, 30, 30 - 10, 0.5), accuracy: 1e-9)
        // −1: both are its outgoing chord.
        cubic { $0.values = values; $0.biasValues = [-1, -1, -1, -1] }
        XCTAssertEqual(x(at: 12), hermite(10, 30 - 10, 30, 20 - 30, 0.5), accuracy: 1e-9)
    }

    func testUnevenKeyTimesAdjustTheTangents() async {
        cubic { $0.values = values; $0.keyTimes = [0, 0.25, 0.5, 1] }
        // Keyframe 1 sits between two stretches of 0.25: unscaled, (30 − 0)/2. Keyframe 2
        // between 0.25 and 0.5: Catmull–Rom's (20 − 10)/2, arriving × 2·0.25/0.75 and
        // leaving × 2·0.5/0.75. The last keyframe's tangent is half its chord.
        XCTAssertEqual(x(at: 11), 10, accuracy: 1e-9)
        XCTAssertEqual(x(at: 12), 30, accuracy: 1e-9)
        XCTAssertEqual(x(at: 11.5), hermite(10, 15, 30, 5 * 2 * 0.25 / 0.75, 0.5), accuracy: 1e-9)
        XCTAssertEqual(x(at: 13), hermite(30, 5 * 2 * 0.5 / 0.75, 20, (20 - 30) / 2, 0.5), accuracy: 1e-9)
    }

    func testTimingFunctionsPaceEachCubicSegment() async {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        cubic { $0.values = [0, 10, 30, 20]; $0.timingFunctions = [easeIn, easeIn, easeIn] }
        let u = easeIn.solve(forInput: 0.5)
        XCTAssertEqual(x(at: 12), hermite(10, 15, 30, 5, u), accuracy: 1e-9)
    }

    func testTransformsMoveAsInLinearMode() async {
        cubic("transform") {
            $0.values = [0, 10, 30, 20].map { CATransform3DMakeTranslation($0, 0, 0) }
        }
        clock.now = 12
        XCTAssertEqual(layer.presentation()!.transform.m41, 20, accuracy: 1e-9)
    }

    func testCopyKeepsTheSplineParameters() async {
        let animation = CAKeyframeAnimation(keyPath: "position.x")
        animation.tensionValues = [0.5]
        animation.continuityValues = [-1, 0]
        animation.biasValues = [0.25]
        let copy = animation.copy() as! CAKeyframeAnimation
        XCTAssertEqual(copy.tensionValues, [0.5])
        XCTAssertEqual(copy.continuityValues, [-1, 0])
        XCTAssertEqual(copy.biasValues, [0.25])
    }
}
