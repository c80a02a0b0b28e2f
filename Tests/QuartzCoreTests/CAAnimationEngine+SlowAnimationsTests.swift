import QuartzCore
import XCTest

/// Slow animations stretch the layer tree's time, continuously, and only animations'.
final class CAAnimationEngineSlowAnimationsTests: AnimationTestCase {
    private final class StopRecorder: NSObject, CAAnimationDelegate {
        var stops: [CFTimeInterval] = []
        func animationDidStop(_ anim: CAAnimation, finished flag: Bool) { stops.append(CACurrentMediaTime()) }
    }

    private func fade(on layer: CALayer, duration: CFTimeInterval) {
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = duration
        layer.add(animation, forKey: "fade")
    }

    func testAtTheDefaultSpeedLayerTimeIsMediaTime() async {
        XCTAssertEqual(CAAnimationEngine.current.animationSpeed, 1)
        XCTAssertEqual(CAAnimationEngine.current.currentTime, 10)
        clock.now = 12.5
        XCTAssertEqual(CAAnimationEngine.current.currentTime, 12.5)
        XCTAssertEqual(CALayer().convertTime(CACurrentMediaTime(), from: nil), 12.5)
    }

    func testATenthOfTheSpeedRunsAnAnimationTenTimesLonger() async throws {
        CAAnimationEngine.current.animationSpeed = 0.1
        let layer = CALayer()
        let recorder = StopRecorder()
        let animation = CABasicAnimation(keyPath: "opacity")
        animation.fromValue = 0.0
        animation.toValue = 1.0
        animation.duration = 1
        animation.delegate = recorder
        layer.add(animation, forKey: "fade")

        tick(at: 15)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.5, accuracy: 1e-6, "5 media seconds are half a second")
        tick(at: 19.9)
        XCTAssertEqual(recorder.stops, [])
        tick(at: 20)
        XCTAssertEqual(recorder.stops, [20], "ends after 10 media seconds")
    }

    func testChangingTheSpeedMidAnimationNeverJumps() async throws {
        let layer = CALayer()
        fade(on: layer, duration: 1)
        tick(at: 10.4)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.4, accuracy: 1e-6)

        CAAnimationEngine.current.animationSpeed = 0.1
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.4, accuracy: 1e-6, "same frame, same picture")
        tick(at: 11.4)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.5, accuracy: 1e-6, "a media second is a tenth")

        CAAnimationEngine.current.animationSpeed = 1
        tick(at: 11.6)
        XCTAssertEqual(try XCTUnwrap(layer.presentation()).opacity, 0.7, accuracy: 1e-6, "full speed again")
        XCTAssertEqual(CAAnimationEngine.current.currentTime, 10.4 + 0.1 + 0.2, accuracy: 1e-9)
    }

    func testConvertTimeMapsBetweenTheMediaClockAndTheLayerTree() async {
        let layer = CALayer(), other = CALayer()
        clock.now = 20
        CAAnimationEngine.current.animationSpeed = 0.1
        XCTAssertEqual(layer.convertTime(30, from: nil), 21, accuracy: 1e-9)
        XCTAssertEqual(layer.convertTime(21, to: nil), 30, accuracy: 1e-9)
        XCTAssertEqual(layer.convertTime(21, from: other), 21, "layers share one time space")
        XCTAssertEqual(layer.convertTime(21, to: other), 21)
    }

    func testDisplayLinksKeepMediaTime() async {
        CAAnimationEngine.current.animationSpeed = 0.1
        var fired: [CFTimeInterval] = []
        let link = CADisplayLink { fired.append($0.timestamp) }
        link.add(to: .main, forMode: .common)
        tick(at: 11)
        tick(at: 12)
        XCTAssertEqual(fired, [11, 12])
        link.invalidate()
    }

    func testAnInvalidSpeedIsLoggedAndIgnored() async {
        CAAnimationEngine.current.animationSpeed = 0.1
        CAAnimationEngine.current.animationSpeed = 0
        CAAnimationEngine.current.animationSpeed = -Double.infinity
        CAAnimationEngine.current.animationSpeed = .nan
        XCTAssertEqual(CAAnimationEngine.current.animationSpeed, 0.1)
        XCTAssertEqual(QuartzCoreDebug.loggedLines.filter { $0.contains("animationSpeed") }.count, 3)
        XCTAssertTrue(QuartzCoreDebug.loggedLines.last?.hasSuffix("it must be a positive number such as 1 or 0.1") == true,
                      QuartzCoreDebug.loggedLines.last ?? "")
    }

    func testAnEngineOfItsOwnRunsInRealTimeBesideASlowedOne() async {
        clock.now = 20
        CAAnimationEngine.current.animationSpeed = 0.1
        clock.now = 30
        let own = CAAnimationEngine(clock: clock)
        XCTAssertEqual(own.animationSpeed, 1)
        XCTAssertEqual(own.currentTime, 30)
        XCTAssertEqual(CAAnimationEngine.current.currentTime, 21, accuracy: 1e-9)
    }
}
