@testable import TouchSandbox
import UIKit
import XCTest

/// The taps scene: Neuburg's delayed-performance view and its two tap recognizers side
/// by side, each pad naming the last tap it reported and counting them.
final class TapsSceneTests: ListingTestCase {
    private var scene: TapsScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = TapsScene()
        present(scene, size: UIScreen.main.bounds.size)
    }

    private func center(of side: TapsScene.Side) -> CGPoint {
        side == .delayedPerformance ? scene.delayedPad.center : scene.recognizerPad.center
    }

    private func shows(_ side: TapsScene.Side) -> [String?] {
        [scene.resultLabels[side.rawValue].text, scene.countLabels[side.rawValue].text]
    }

    func testThePadsStartWaitingSideBySide() async {
        XCTAssertFalse(scene.delayedPad.frame.intersects(scene.recognizerPad.frame))
        XCTAssertLessThan(scene.delayedPad.frame.maxX, scene.recognizerPad.frame.minX, "the listing on the left")
        for side in TapsScene.Side.allCases {
            XCTAssertEqual(shows(side), ["tap me", "single 0 \u{B7} double 0"])
        }
        XCTAssertEqual(scene.recognizerPad.gestureRecognizers?.count, 2)
        XCTAssertNil(scene.delayedPad.gestureRecognizers, "the listing needs no recognizer")
    }

    func testADoubleTapOnEachSideIsADoubleAndNeverASingle() async {
        for side in TapsScene.Side.allCases {
            let spot = center(of: side)
            injector.tap(at: spot, duration: 0.05)
            injector.wait(0.15)
            injector.tap(at: CGPoint(x: spot.x + 4, y: spot.y - 3), duration: 0.05)
            XCTAssertEqual(scene.log(of: side), ["double"], "\(side): at the second lift")
            XCTAssertEqual(shows(side), ["double", "single 0 \u{B7} double 1"])
            injector.wait(1)
            XCTAssertEqual(scene.log(of: side), ["double"], "\(side): no single follows")
        }
    }

    func testASingleTapIsReportedOnlyAfterEachSidesWait() async {
        let left = center(of: .delayedPerformance), right = center(of: .recognizers)
        // Both at once, a finger on each pad: each pad decides on its own.
        let a = injector.touchDown(at: left), b = injector.touchDown(at: right)
        injector.wait(0.05)
        injector.touchUp(a, at: left)
        injector.touchUp(b, at: right)
        XCTAssertEqual(scene.log(of: .delayedPerformance), [])
        XCTAssertEqual(scene.log(of: .recognizers), [])
        injector.wait(DelayedTapView.singleTapDelay - 0.01)
        XCTAssertEqual(scene.log(of: .delayedPerformance), [])
        injector.wait(0.02)
        XCTAssertEqual(scene.log(of: .delayedPerformance), ["single"], "the listing waits 0.3 s")
        XCTAssertEqual(scene.log(of: .recognizers), [], "the double tap has not failed yet")
        injector.wait(GestureThresholds.maximumIntervalBetweenTaps - DelayedTapView.singleTapDelay)
        XCTAssertEqual(scene.log(of: .recognizers), ["single"], "the double tap failed at 0.35 s")
        for side in TapsScene.Side.allCases {
            XCTAssertEqual(shows(side), ["single", "single 1 \u{B7} double 0"])
        }

        // A pad keeps taking taps while it flashes.
        XCTAssertNotNil(scene.recognizerPad.layer.animation(forKey: "backgroundColor"))
        injector.tap(at: right, duration: 0.05)
        injector.wait(1)
        XCTAssertEqual(scene.log(of: .recognizers), ["single", "single"])
        XCTAssertEqual(shows(.recognizers), ["single", "single 2 \u{B7} double 0"])
    }

    func testALongPressIsASingleOnlyToTheListing() async {
        for side in TapsScene.Side.allCases {
            injector.tap(at: center(of: side), duration: 0.8)
            injector.wait(1)
        }
        XCTAssertEqual(scene.log(of: .delayedPerformance), ["single"])
        XCTAssertEqual(scene.log(of: .recognizers), [], "held too long for a tap")
        XCTAssertEqual(shows(.recognizers), ["tap me", "single 0 \u{B7} double 0"])
    }

    func testAResizeKeepsWhatEachPadReported() async {
        injector.tap(at: center(of: .delayedPerformance), duration: 0.05)
        injector.tap(at: center(of: .recognizers), duration: 0.05)
        injector.wait(1)
        let before = [shows(.delayedPerformance), shows(.recognizers)]
        XCTAssertEqual(before, [["single", "single 1 \u{B7} double 0"], ["single", "single 1 \u{B7} double 0"]])
        let oldPad = scene.delayedPad
        window.frame = CGRect(x: 0, y: 0, width: 640, height: 480)
        window.layoutIfNeeded()
        XCTAssertFalse(scene.delayedPad === oldPad, "laid out anew for the new size")
        XCTAssertEqual([shows(.delayedPerformance), shows(.recognizers)], before)
        injector.tap(at: center(of: .delayedPerformance), duration: 0.05)
        injector.wait(1)
        XCTAssertEqual(scene.log(of: .delayedPerformance), ["single", "single"], "counting on after the resize")
        XCTAssertEqual(shows(.delayedPerformance), ["single", "single 2 \u{B7} double 0"])
    }
}

