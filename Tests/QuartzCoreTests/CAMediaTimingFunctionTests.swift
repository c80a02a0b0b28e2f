import QuartzCore
import XCTest

final class CAMediaTimingFunctionTests: XCTestCase {
    private func controlPoints(of function: CAMediaTimingFunction) -> [Float] {
        var values: [Float] = []
        for index in 0..<4 {
            var point: [Float] = [0, 0]
            function.getControlPoint(at: index, values: &point)
            values += point
        }
        return values
    }

    /// An independent reference: bisection on x(t) in Bernstein form, 200 halvings,
    /// from the control points read back through the public API.
    private func reference(_ function: CAMediaTimingFunction, _ x: Double) -> Double {
        let p = controlPoints(of: function).map(Double.init)
        func bezier(_ v1: Double, _ v2: Double, _ t: Double) -> Double {
            let s = 1 - t
            return 3 * s * s * t * v1 + 3 * s * t * t * v2 + t * t * t
        }
        var lo = 0.0
        var hi = 1.0
        for _ in 0..<200 {
            let mid = (lo + hi) / 2
            if bezier(p[2], p[4], mid) < x { lo = mid } else { hi = mid }
        }
        return bezier(p[3], p[5], (lo + hi) / 2)
    }

    func testPredefinedControlPointsAreCoreAnimations() {
        XCTAssertEqual(controlPoints(of: CAMediaTimingFunction(name: .linear)), [0, 0, 0, 0, 1, 1, 1, 1])
        XCTAssertEqual(controlPoints(of: CAMediaTimingFunction(name: .easeIn)), [0, 0, 0.42, 0, 1, 1, 1, 1])
        XCTAssertEqual(controlPoints(of: CAMediaTimingFunction(name: .easeOut)), [0, 0, 0, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(controlPoints(of: CAMediaTimingFunction(name: .easeInEaseOut)), [0, 0, 0.42, 0, 0.58, 1, 1, 1])
        XCTAssertEqual(controlPoints(of: CAMediaTimingFunction(name: .default)), [0, 0, 0.25, 0.1, 0.25, 1, 1, 1])
    }

    func testOutOfRangeControlPointIndexWritesNothing() {
        var point: [Float] = [7, 7]
        CAMediaTimingFunction(name: .easeIn).getControlPoint(at: 4, values: &point)
        XCTAssertEqual(point, [7, 7])
    }

    func testEveryNamedCurveMatchesTheBisectionReference() {
        let names: [CAMediaTimingFunctionName] = [.linear, .easeIn, .easeOut, .easeInEaseOut, .default]
        for name in names {
            let function = CAMediaTimingFunction(name: name)
            for step in 0...100 {
                let x = Double(step) / 100
                XCTAssertEqual(function.solve(forInput: x), reference(function, x), accuracy: 1e-9, "\(name.rawValue) at \(x)")
            }
        }
    }

    func testKnownValues() {
        XCTAssertEqual(CAMediaTimingFunction(name: .linear).solve(forInput: 0.3), 0.3, accuracy: 1e-12)
        // Symmetric in decimal, not quite in Float: 0.42 and 0.58 round differently.
        let easeInEaseOut = CAMediaTimingFunction(name: .easeInEaseOut)
        XCTAssertEqual(easeInEaseOut.solve(forInput: 0.5), 0.5, accuracy: 1e-7)
        XCTAssertNotEqual(easeInEaseOut.solve(forInput: 0.5), 0.5)
        for name in [CAMediaTimingFunctionName.easeIn, .easeOut, .default] {
            let function = CAMediaTimingFunction(name: name)
            XCTAssertEqual(function.solve(forInput: 0), 0)
            XCTAssertEqual(function.solve(forInput: 1), 1, accuracy: 1e-12)
            XCTAssertEqual(function.solve(forInput: -0.5), 0, "inputs are clamped")
            XCTAssertEqual(function.solve(forInput: 1.5), 1, accuracy: 1e-12)
        }
        // The ease-in starts slower than linear and the ease-out faster.
        XCTAssertLessThan(CAMediaTimingFunction(name: .easeIn).solve(forInput: 0.25), 0.25)
        XCTAssertGreaterThan(CAMediaTimingFunction(name: .easeOut).solve(forInput: 0.25), 0.25)
    }

    /// Control x at (1, 0): x′(½) = 0, where Newton stalls and bisection takes over.
    /// Right at ½ the tangent is vertical, so y is only as good as ∛(rounding of x)
    /// there, for any solver; everywhere else it matches the reference closely.
    func testSteepCurveNeedingTheBisectionFallback() {
        let function = CAMediaTimingFunction(controlPoints: 1, 0, 0, 1)
        for step in 0...50 where abs(step - 25) > 1 {
            let x = Double(step) / 50
            XCTAssertEqual(function.solve(forInput: x), reference(function, x), accuracy: 1e-9, "at \(x)")
        }
        XCTAssertEqual(function.solve(forInput: 0.5), 0.5, accuracy: 1e-4, "the curve is point-symmetric about ½")
    }

    func testOvershootingCurveLeavesZeroToOne() {
        let anticipate = CAMediaTimingFunction(controlPoints: 0.5, -0.6, 0.5, 1.6)
        XCTAssertLessThan(anticipate.solve(forInput: 0.1), 0)
        XCTAssertGreaterThan(anticipate.solve(forInput: 0.9), 1)
        XCTAssertEqual(anticipate.solve(forInput: 0.1), reference(anticipate, 0.1), accuracy: 1e-9)
    }
}
