@testable import TouchFuzzing
import TouchTestSupport
import UIKit
import XCTest

/// Over the fuzzer's random trees (hidden and faint views, interaction switched off,
/// hit-test overrides, path hit-testing, views moving without `.allowUserInteraction`),
/// the explanation's hit view is always `hitTest`'s, its hit view's step says so, and
/// every view it turned away is one `hitTest` did not answer.
@MainActor
final class HitTestExplanationPropertyTests: XCTestCase {
    override func tearDown() async throws {
        TestApplication.end()
    }

    func testTheExplanationsHitViewIsAlwaysHitTests() async {
        var random = SplitMix64(seed: 36_2026)
        var checked = 0, withReasons = 0, overridden = 0
        for seed in UInt64(1)...200 {
            let clock = TestApplication.begin(clockAt: 100)
            let scenario = FuzzScenario(randomTreeFrom: seed)
            // Half a second into the moves.
            clock.advance(by: 0.5)
            UIApplication.shared.animationEngine.tick()
            scenario.window.layoutIfNeeded()
            for _ in 0..<10 {
                let point = CGPoint(x: CGFloat.random(in: -10...330, using: &random), y: CGFloat.random(in: -10...490, using: &random))
                let expected = scenario.window.hitTest(point, with: nil)
                let explanation = UIKitDebug.explainHitTest(at: point, in: scenario.window)
                XCTAssertTrue(explanation.hitView === (expected ?? nil) || (expected == nil && explanation.hitView == nil),
                              "seed \(seed) at \(point): \(scenario.summary)")
                if let hit = explanation.hitView, let step = explanation.step(for: hit) {
                    XCTAssertEqual(step.verdict, .hit, "seed \(seed) at \(point)")
                }
                for step in explanation.steps {
                    if case .rejected = step.verdict {
                        XCTAssertFalse(step.view === explanation.hitView, "seed \(seed): a turned-away view is not the hit view")
                        withReasons += 1
                    }
                }
                overridden += explanation.overrides.count
                checked += 1
            }
            scenario.tearDown()
        }
        XCTAssertEqual(checked, 2000)
        XCTAssertGreaterThan(withReasons, 500, "the trees turn views away for their reasons")
        XCTAssertGreaterThan(overridden, 20, "and have overrides")
    }
}
