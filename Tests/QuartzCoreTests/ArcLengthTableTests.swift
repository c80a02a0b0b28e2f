import QuartzCore
import XCTest

/// `CAKeyframeAnimation`'s `.cubicPaced` mode: the cubic curve travelled at one constant
/// speed along its length.
///
/// Source: CAAnimationCalculationMode.cubicPaced — Apple Developer Documentation
/// ("Cubic keyframe values are interpolated to produce an even pace throughout the
/// animation … keyTimes and timingFunction are ignored").
final class ArcLengthTableTests: AnimationTestCase {
    private let layer = CALayer()

    private func cubicPaced(_ keyPath: String, _ configure: (CAKeyframeAnimation) -> Void) {
        attachKeyframes(keyPath, mode: .cubicPaced, to: layer, configure)
    }

    private func position(at time: CFTimeInterval) -> CGPoint {
        clock.now = time
        return layer.presentation()!.position
    }

    func testAMonotonicCurveOfNumbersMovesItsLengthEvenly() async {
        // 0, 10, 20, 30 on Catmull–Rom: the first segment is −5u³ + 10u² + 5u, slow
        // then fast, but it never turns back, so its length is the distance covered and
        // constant speed means 30 × progress. Key times and timing functions are ignored.
        cubicPaced("position.x") {
            $0.values = [0, 10, 20, 30]
            $0.keyTimes = [0, 0.9, 0.95, 1]
            $0.timingFunctions = [CAMediaTimingFunction(name: .easeIn)]
        }
        for (time, expected) in [(10.0, 0.0), (10.4, 3.0), (11.0, 7.5), (12.0, 15.0), (13.6, 27.0), (14.0, 30.0)] {
            XCTAssertEqual(Double(position(at: time).x), expected, accuracy: 1e-9, "t = \(time)")
        }
        XCTAssertTrue(QuartzCoreDebug.loggedLines.isEmpty, "ignoring key times is documented, not logged")
    }

    func testPointsMoveAtOneSpeedAroundTheBend() async {
        // A right-angle bend, symmetric about the line x + y = 100: halfway along the
        // curve is the middle keyframe.
        cubicPaced("position") { $0.values = [CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0), CGPoint(x: 100, y: 100)] }
        let middle = position(at: 12)
        XCTAssertEqual(middle.x, 100, accuracy: 1e-6)
        XCTAssertEqual(middle.y, 0, accuracy: 1e-6)
        // 400 equal steps of time cover equal stretches of the curve (chords of them
        // differ from the arcs by far less than the tolerance).
        let steps = 400
        let samples = (0...steps).map { position(at: 10 + 4 * Double($0) / Double(steps)) }
        let chords = zip(samples, samples.dropFirst()).map { Double(hypot($1.x - $0.x, $1.y - $0.y)) }
        let mean = chords.reduce(0, +) / Double(steps)
        for (index, chord) in chords.enumerated() {
            XCTAssertEqual(chord, mean, accuracy: mean * 1e-3, "step \(index)")
        }
    }

    func testAPathsCurveIsTravelledByLengthNotByItsParameter() async {
        // A cubic Bézier along the x axis with both controls at its start: x = 90u³. By
        // its parameter it would be at 90/8 halfway; by length it is at 45.
        let path = CGMutablePath()
        path.move(to: .zero)
        path.addCurve(to: CGPoint(x: 90, y: 0), control1: .zero, control2: .zero)
        cubicPaced("position") { $0.path = path }
        XCTAssertEqual(position(at: 12).x, 45, accuracy: 1e-9)
        XCTAssertEqual(position(at: 11).x, 22.5, accuracy: 1e-9)
    }

    func testACurveOfNoLengthStaysAtItsStart() async {
        cubicPaced("position.x") { $0.values = [7, 7, 7] }
        XCTAssertEqual(position(at: 11).x, 7)
    }
}
