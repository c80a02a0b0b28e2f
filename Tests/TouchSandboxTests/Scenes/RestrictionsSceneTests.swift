@testable import TouchSandbox
import UIKit
import XCTest

/// The restrictions scene: each button switches one of Neuburg's restrictions, and the
/// target views count exactly the touches they are sent. Every switch is made by tapping
/// its button, as a person would.
final class RestrictionsSceneTests: ListingTestCase {
    private typealias Counts = TouchCountingView.Counts
    private var scene: RestrictionsScene!

    override func setUp() async throws {
        try await super.setUp()
        scene = RestrictionsScene()
        present(scene, size: UIScreen.main.bounds.size)
    }

    private var allTargets: [TouchCountingView] {
        [scene.interactionTarget, scene.interactionBehind, scene.hiddenTarget, scene.hiddenBehind, scene.alphaTarget,
         scene.alphaBehind, scene.multipleTouchTarget, scene.exclusiveView, scene.otherView]
    }

    private func tapped(_ count: Int) -> Counts {
        Counts(began: count, moved: 0, ended: count, cancelled: 0)
    }

    func testThePanelsFitTheClearAreaWithoutOverlapping() async throws {
        let savedBounds = UIScreen.main.bounds
        defer { UIScreen.main.bounds = savedBounds }
        for size in [CGSize(width: 1024, height: 768), CGSize(width: 800, height: 500)] {
            UIScreen.main.bounds = CGRect(origin: .zero, size: size)
            let scene = RestrictionsScene()
            present(scene, size: size)
            let clear = safeArea(of: scene)
            let views = scene.view.subviews
            for view in views {
                XCTAssertTrue(clear.contains(view.frame), "\(type(of: view)) \(view.frame) in \(clear) at \(size)")
            }
            // Only a target and the view behind it (and its outline) may overlap.
            let freeStanding = views.filter { $0 is UIButton || $0 is UILabel }
                + [scene.interactionBehind, scene.hiddenBehind, scene.alphaBehind, scene.multipleTouchTarget,
                   scene.exclusiveView, scene.otherView].map { $0 as UIView }
            for (index, view) in freeStanding.enumerated() {
                for other in freeStanding[(index + 1)...] {
                    // Sharing an edge is fine (Linux Foundation's `intersects` counts that).
                    let shared = view.frame.intersection(other.frame)
                    XCTAssertTrue(shared.width <= 0 || shared.height <= 0 || shared.isNull,
                                  "\(view.frame) and \(other.frame) at \(size)")
                }
            }
        }
    }

    /// At 640 × 480 a readout does not fit its panel on one line: it breaks in two at the
    /// separator that leaves the lines most even, never with "cancelled 0" alone.
    func testNarrowPanelsBreakTheirReadoutsEvenly() async throws {
        let savedBounds = UIScreen.main.bounds
        defer { UIScreen.main.bounds = savedBounds }
        let size = CGSize(width: 640, height: 480)
        UIScreen.main.bounds = CGRect(origin: .zero, size: size)
        let scene = RestrictionsScene()
        present(scene, size: size)
        let readouts = scene.view.subviews.compactMap { $0 as? UILabel }.filter { $0.text?.contains("began") ?? false }
        XCTAssertEqual(readouts.count, 9)
        for readout in readouts {
            let lines = (readout.text ?? "").split(separator: "\n")
            XCTAssertEqual(lines.count, 2, "\(readout.text ?? "")")
            XCTAssertFalse(lines.contains { $0.hasPrefix("cancelled") && !$0.contains("\u{B7}") }, "\(lines)")
            for line in lines {
                XCTAssertLessThanOrEqual(readout.font.lineHeight, readout.bounds.height / 2 + 1)
                let probe = UILabel(frame: .zero)
                probe.font = readout.font
                probe.text = String(line)
                XCTAssertLessThanOrEqual(probe.sizeThatFits(CGSize(width: 1000, height: 100)).width, readout.bounds.width,
                                         "\(line) fits its line")
            }
        }
        XCTAssertTrue(readouts.contains { $0.text == "target: began 0\nended 0 \u{B7} cancelled 0" },
                      "\(readouts.map { $0.text ?? "" })")
    }

    func testWithInteractionOffATapOnTheTargetReachesTheViewBehind() async throws {
        let target = try XCTUnwrap(scene.interactionTarget), behind = try XCTUnwrap(scene.interactionBehind)
        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(1))

        injector.tap(at: scene.interactionToggle.center)
        XCTAssertFalse(target.isUserInteractionEnabled)
        XCTAssertEqual(scene.interactionToggle.currentTitle, "isUserInteractionEnabled = false")
        XCTAssertEqual(scene.interactionToggle.currentTitleColor, .systemOrange, "a restricting value shows in orange")
        XCTAssertTrue(window.hitTest(target.center, with: nil) === behind)
        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(1), "the target heard nothing more")
        XCTAssertEqual(behind.counts, tapped(1))

        injector.tap(at: scene.interactionToggle.center)
        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(2))
        XCTAssertEqual(behind.counts, tapped(1))
    }

    func testAHiddenTargetLetsATapThroughToTheViewBehind() async throws {
        let target = try XCTUnwrap(scene.hiddenTarget), behind = try XCTUnwrap(scene.hiddenBehind)
        injector.tap(at: scene.hiddenToggle.center)
        XCTAssertTrue(target.isHidden)
        XCTAssertEqual(scene.hiddenToggle.currentTitle, "isHidden = true")
        XCTAssertTrue(window.hitTest(target.center, with: nil) === behind)
        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(0))
        XCTAssertEqual(behind.counts, tapped(1))
    }

    func testAlphaTwoHundredthsStillReceivesAndHalfAHundredthIsIgnored() async throws {
        let target = try XCTUnwrap(scene.alphaTarget), behind = try XCTUnwrap(scene.alphaBehind)
        injector.tap(at: scene.alphaToggle.center)
        XCTAssertEqual(target.alpha, 0.02, accuracy: 1e-6)
        XCTAssertEqual(scene.alphaToggle.currentTitle, "alpha = 0.02")
        XCTAssertEqual(scene.alphaToggle.currentTitleColor, SandboxStyle.label, "0.02 does not restrict")
        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(1), "all but invisible, still touchable")
        XCTAssertEqual(behind.counts, tapped(0))

        injector.tap(at: scene.alphaToggle.center)
        XCTAssertEqual(target.alpha, 0.005, accuracy: 1e-6)
        XCTAssertEqual(scene.alphaToggle.currentTitle, "alpha = 0.005 (< 0.01)")
        XCTAssertEqual(scene.alphaToggle.currentTitleColor, .systemOrange)
        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(1))
        XCTAssertEqual(behind.counts, tapped(1), "below 0.01 the touch falls through")

        injector.tap(at: scene.alphaToggle.center)
        XCTAssertEqual(target.alpha, 1)
        XCTAssertEqual(scene.alphaToggle.currentTitle, "alpha = 1")
    }

    func testWithoutMultipleTouchASecondFingerIsNeverDeliveredToTheTarget() async throws {
        let target = try XCTUnwrap(scene.multipleTouchTarget)
        XCTAssertFalse(target.isMultipleTouchEnabled, "UIKit's default")
        XCTAssertEqual(scene.multipleTouchToggle.currentTitle, "isMultipleTouchEnabled = false")
        let left = CGPoint(x: target.frame.minX + 30, y: target.center.y)
        let right = CGPoint(x: target.frame.maxX - 30, y: target.center.y)
        let first = injector.touchDown(at: left)
        let second = injector.touchDown(at: right)
        XCTAssertEqual(target.heldTouches, 1)
        injector.touchUp(first, at: left)
        injector.move(second, to: CGPoint(x: right.x, y: right.y + 10))
        injector.touchUp(second, at: CGPoint(x: right.x, y: right.y + 10))
        XCTAssertEqual(target.counts, tapped(1), "not even after the first finger lifted")

        injector.tap(at: scene.multipleTouchToggle.center)
        XCTAssertTrue(target.isMultipleTouchEnabled)
        let third = injector.touchDown(at: left)
        let fourth = injector.touchDown(at: right)
        XCTAssertEqual(target.heldTouches, 2)
        injector.touchUp(third, at: left)
        injector.touchUp(fourth, at: right)
        XCTAssertEqual(target.counts, tapped(3))
    }

    func testWhileTheExclusiveViewHoldsATouchNoOtherViewGetsANewOneAndTheReverse() async throws {
        let a = try XCTUnwrap(scene.exclusiveView), b = try XCTUnwrap(scene.otherView)
        // Not exclusive: both at once.
        let onA = injector.touchDown(at: a.center)
        injector.tap(at: b.center)
        injector.touchUp(onA, at: a.center)
        XCTAssertEqual(a.counts, tapped(1))
        XCTAssertEqual(b.counts, tapped(1))

        injector.tap(at: scene.exclusiveToggle.center)
        XCTAssertTrue(a.isExclusiveTouch)
        XCTAssertEqual(scene.exclusiveToggle.currentTitle, "A.isExclusiveTouch = true")
        let held = injector.touchDown(at: a.center)
        let onB = injector.touchDown(at: b.center)
        injector.touchUp(held, at: a.center)
        injector.touchUp(onB, at: b.center)
        XCTAssertEqual(a.counts, tapped(2))
        XCTAssertEqual(b.counts, tapped(1), "B's touch began while A held one: never delivered")

        let heldOnB = injector.touchDown(at: b.center)
        injector.tap(at: a.center)
        injector.touchUp(heldOnB, at: b.center)
        XCTAssertEqual(b.counts, tapped(2))
        XCTAssertEqual(a.counts, tapped(2), "A gets no touch while another view holds one")
    }

    func testATouchDuringTheIgnoreIntervalIsDeliveredToNobody() async throws {
        let target = try XCTUnwrap(scene.interactionTarget)
        injector.tap(at: scene.ignoreButton.center)
        XCTAssertTrue(UIApplication.shared.isIgnoringInteractionEvents)
        XCTAssertEqual(scene.ignoreButton.currentTitle, "ignoring touches: 3 s left")
        XCTAssertEqual(scene.ignoringReadout.text, "isIgnoringInteractionEvents = true")

        injector.wait(1)
        XCTAssertEqual(scene.ignoreButton.currentTitle, "ignoring touches: 2 s left")
        injector.tap(at: target.center)
        injector.tap(at: scene.interactionToggle.center)
        injector.drag(from: scene.otherView.center, to: scene.exclusiveView.center, duration: 0.3)
        // A finger that goes down now and lifts after the interval is dropped for its whole life.
        let straddling = injector.touchDown(at: target.center)
        injector.wait(0.75)  // 2.05 s in
        XCTAssertEqual(scene.ignoreButton.currentTitle, "ignoring touches: 1 s left")
        injector.wait(0.9)
        XCTAssertTrue(UIApplication.shared.isIgnoringInteractionEvents, "2.95 s in")
        injector.wait(0.1)
        XCTAssertFalse(UIApplication.shared.isIgnoringInteractionEvents, "it ends by itself after 3 s")
        XCTAssertEqual(scene.ignoreButton.currentTitle, "ignore touches for 3 s")
        XCTAssertEqual(scene.ignoringReadout.text, "isIgnoringInteractionEvents = false")
        injector.touchUp(straddling, at: target.center)
        XCTAssertEqual(allTargets.map(\.counts), Array(repeating: tapped(0), count: allTargets.count))
        XCTAssertTrue(target.isUserInteractionEnabled, "the toggle was not tapped either")

        injector.tap(at: target.center)
        XCTAssertEqual(target.counts, tapped(1))
    }

    func testBeginningToIgnoreCancelsTheTouchesUnderWay() async throws {
        let b = try XCTUnwrap(scene.otherView)
        let held = injector.touchDown(at: b.center)
        injector.tap(at: scene.ignoreButton.center)
        XCTAssertEqual(b.counts, Counts(began: 1, moved: 0, ended: 0, cancelled: 1))
        XCTAssertEqual(b.heldTouches, 0)
        injector.touchUp(held, at: b.center)
        XCTAssertEqual(b.counts, Counts(began: 1, moved: 0, ended: 0, cancelled: 1), "its end is not delivered")
    }
}
