import Foundation
import QuartzCore
import XCTest

/// Display links fire on engine ticks, with their timestamps, pausing and rates.
final class CADisplayLinkTests: AnimationTestCase {
    @MainActor
    private final class Ticker {
        var stamps: [CFTimeInterval] = []
        func step(_ link: CADisplayLink) {
            stamps.append(link.timestamp)
        }
    }

    func testTargetAndUnboundMethodFireOncePerTick() async {
        let ticker = Ticker()
        let link = CADisplayLink(target: ticker, selector: Ticker.step)
        tick(at: 10)
        XCTAssertEqual(ticker.stamps, [], "not added yet")
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
        link.add(to: .main, forMode: .common)
        link.add(to: .main, forMode: .default)
        XCTAssertTrue(CAAnimationEngine.current.needsFrames)
        tick(at: 10.5)
        tick(at: 11)
        XCTAssertEqual(ticker.stamps, [10.5, 11], "added twice, fired once per tick")
        XCTAssertEqual(link.duration, 1.0 / 60)
        XCTAssertEqual(link.targetTimestamp, 11 + 1.0 / 60, accuracy: 1e-12)
        link.isPaused = true
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
        tick(at: 12)
        link.isPaused = false
        link.invalidate()
        tick(at: 13)
        link.add(to: .main, forMode: .common)
        tick(at: 14)
        XCTAssertEqual(ticker.stamps, [10.5, 11], "paused, then invalidated for good")
        XCTAssertFalse(CAAnimationEngine.current.needsFrames)
    }

    func testPreferredFramesPerSecondSkipsFrames() async {
        var fired: [CFTimeInterval] = []
        let link = CADisplayLink { fired.append($0.timestamp) }
        link.preferredFramesPerSecond = 30
        link.add(to: .main, forMode: .common)
        for frame in 0..<6 { tick(at: 10 + Double(frame) / 60) }
        XCTAssertEqual(fired.count, 3)
        XCTAssertEqual(fired.map { (($0 - 10) * 60).rounded() }, [0, 2, 4])
        XCTAssertEqual(link.targetTimestamp - link.timestamp, 1.0 / 30, accuracy: 1e-12)
    }

    func testALinkDrivingAModelChangeShowsInTheSameTick() async {
        let layer = CALayer()
        let link = CADisplayLink { link in layer.position.x = CGFloat(link.timestamp) }
        link.add(to: .main, forMode: .common)
        tick(at: 12)
        XCTAssertEqual(layer.position.x, 12)
        link.remove(from: .main, forMode: .common)
        tick(at: 13)
        XCTAssertEqual(layer.position.x, 12)
    }
}
