import QuartzCore
import XCTest
import TouchTestSupport

/// Keyframe animations: even and explicit key times, discrete and paced modes,
/// per-stretch timing functions, and paths.
final class CAKeyframeAnimationTests: AnimationTestCase {
    private let layer = CALayer()

    private func keyframes(_ keyPath: String, _ configure: (CAKeyframeAnimation) -> Void) {
        attachKeyframes(keyPath, to: layer, configure)
    }

    private func x(at time: CFTimeInterval) -> CGFloat {
        clock.now = time
        return layer.presentation()!.position.x
    }

    func testLinearWithEvenlySpacedValues() async {
        keyframes("position.x") { $0.values = [0, 100, 40] }
        XCTAssertEqual(x(at: 10), 0, accuracy: 1e-6)
        XCTAssertEqual(x(at: 11), 50, accuracy: 1e-6)
        XCTAssertEqual(x(at: 12), 100, accuracy: 1e-6)
        XCTAssertEqual(x(at: 13), 70, accuracy: 1e-6)
        XCTAssertEqual(x(at: 14), 40, accuracy: 1e-6)
    }

    func testLinearWithKeyTimes() async {
        keyframes("position.x") {
            $0.values = [0, 100, 40]
            $0.keyTimes = [0, 0.25, 1]
        }
        XCTAssertEqual(x(at: 10.5), 50, accuracy: 1e-6)
        XCTAssertEqual(x(at: 11), 100, accuracy: 1e-6)
        XCTAssertEqual(x(at: 12.5), 70, accuracy: 1e-6)
    }

    func testKeyTimesThatDoNotStartAtZeroHoldTheFirstValue() async {
        keyframes("position.x") {
            $0.values = [10, 20]
            $0.keyTimes = [0.5, 1]
        }
        XCTAssertEqual(x(at: 11), 10, accuracy: 1e-6)
        XCTAssertEqual(x(at: 13), 15, accuracy: 1e-6)
    }

    func testKeyTimesOfTheWrongCountAreIgnoredWithALogLine() async {
        keyframes("position.x") {
            $0.values = [0, 100, 40]
            $0.keyTimes = [0, 1]
        }
        XCTAssertEqual(x(at: 11), 50, accuracy: 1e-6)
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 1)
        XCTAssertTrue(QuartzCoreDebug.loggedLines[0].hasSuffix("2 keyTimes for 3 keyframes of \"position.x\": ignored"))
    }

    func testDiscreteHoldsEachValueForItsShare() async {
        keyframes("position.x") {
            $0.values = [0, 100, 40, 7]
            $0.calculationMode = .discrete
        }
        XCTAssertEqual(x(at: 10.99), 0, accuracy: 1e-6)
        XCTAssertEqual(x(at: 11), 100, accuracy: 1e-6)
        XCTAssertEqual(x(at: 12.5), 40, accuracy: 1e-6)
        XCTAssertEqual(x(at: 13.5), 7, accuracy: 1e-6)
        XCTAssertEqual(x(at: 20), 7, accuracy: 1e-6)
    }

    func testDiscreteWithKeyTimesOfEitherCount() async {
        keyframes("position.x") {
            $0.values = [1, 2, 3]
            $0.keyTimes = [0, 0.1, 0.9]
            $0.calculationMode = .discrete
        }
        XCTAssertEqual(x(at: 10.3), 1, accuracy: 1e-6)
        XCTAssertEqual(x(at: 10.5), 2, accuracy: 1e-6)
        XCTAssertEqual(x(at: 13.7), 3, accuracy: 1e-6)
        clock.now = 10
        keyframes("position.x") {
            $0.values = [1, 2, 3]
            $0.keyTimes = [0, 0.5, 0.75, 1]
            $0.calculationMode = .discrete
        }
        XCTAssertEqual(x(at: 11.9), 1, accuracy: 1e-6)
        XCTAssertEqual(x(at: 12.9), 2, accuracy: 1e-6)
        XCTAssertEqual(x(at: 13.1), 3, accuracy: 1e-6)
        XCTAssertTrue(QuartzCoreDebug.loggedLines.isEmpty)
    }

    func testPacedSpacesKeyTimesByDistance() async {
        keyframes("position") {
            $0.values = [CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 40), CGPoint(x: 30, y: 190)]
            $0.keyTimes = [0, 0.9, 1]  // ignored when paced
            $0.calculationMode = .paced
        }
        // Lengths 50 and 150: the first keyframe is reached a quarter of the way.
        clock.now = 11
        XCTAssertEqual(layer.presentation()!.position, CGPoint(x: 30, y: 40))
        clock.now = 12
        XCTAssertEqual(layer.presentation()!.position.y, 90, accuracy: 1e-6)
    }

    func testPerStretchTimingFunctionsAfterTheWholeAnimationsOwn() async {
        let easeIn = CAMediaTimingFunction(name: .easeIn)
        keyframes("position.x") {
            $0.values = [0, 100, 200]
            $0.timingFunctions = [easeIn, CAMediaTimingFunction(name: .linear)]
        }
        XCTAssertEqual(Double(x(at: 11)), 100 * easeIn.solve(forInput: 0.5), accuracy: 1e-6)
        XCTAssertEqual(x(at: 13), 150, accuracy: 1e-6)
    }

    func testColorsAndTransformsAsValues() async {
        keyframes("backgroundColor") { $0.values = [CGColor.black, CGColor.white] }
        clock.now = 11
        XCTAssertEqual(layer.presentation()!.backgroundColor, CGColor(gray: 0.25, alpha: 1))
        clock.now = 10
        keyframes("transform.scale") { $0.values = [1, 3] }
        clock.now = 11
        XCTAssertEqual(layer.presentation()!.affineTransform().a, 1.5, accuracy: 1e-6)
    }

    func testAValueOfTheWrongTypeMakesTheAnimationInert() async {
        keyframes("position.x") { $0.values = [0, "far"] }
        XCTAssertEqual(x(at: 12), 0)
        XCTAssertEqual(QuartzCoreDebug.loggedLines.count, 1)
        XCTAssertTrue(QuartzCoreDebug.loggedLines[0].contains("values[1] far (String) is not a scalar"))
    }

    func testPathLinesAndCurves() async {
        let path = CGMutablePath()
        path.move(to: CGPoint(x: 0, y: 0))
        path.addLine(to: CGPoint(x: 100, y: 0))
        path.addQuadCurve(to: CGPoint(x: 100, y: 100), control: CGPoint(x: 200, y: 50))
        keyframes("position") { $0.path = path }
        clock.now = 11
        XCTAssertEqual(layer.presentation()!.position, CGPoint(x: 50, y: 0))
        clock.now = 13
        // Half-way along the curve's parameter: ¼·start + ½·control + ¼·end.
        XCTAssertEqual(layer.presentation()!.position, CGPoint(x: 150, y: 50))
        clock.now = 14
        XCTAssertEqual(layer.presentation()!.position, CGPoint(x: 100, y: 100))
    }

    func testPathWithRotateAutoTurnsAlongTheDirectionOfTravel() async {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 0, y: 100))
        path.addLine(to: CGPoint(x: 100, y: 100))
        keyframes("position") {
            $0.path = path
            $0.rotationMode = .rotateAuto
        }
        clock.now = 11
        let down = layer.presentation()!.affineTransform()
        XCTAssertEqual(atan2(down.b, down.a), .pi / 2, accuracy: 1e-6)
        clock.now = 13
        let right = layer.presentation()!.affineTransform()
        XCTAssertEqual(atan2(right.b, right.a), 0, accuracy: 1e-6)
    }

    func testPacedPathAndClosingLine() async {
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addLine(to: CGPoint(x: 300, y: 0))
        path.addLine(to: CGPoint(x: 300, y: 100))
        path.closeSubpath()  // back along the 316.2… diagonal
        keyframes("position") {
            $0.path = path
            $0.calculationMode = .paced
        }
        let total = 400 + (300.0 * 300 + 100 * 100).squareRoot()
        clock.now = 10 + 4 * 300 / total
        XCTAssertEqualPoints(layer.presentation()!.position, CGPoint(x: 300, y: 0), accuracy: 1e-6)
        clock.now = 14
        XCTAssertEqualPoints(layer.presentation()!.position, .zero, accuracy: 1e-6)
    }
}
