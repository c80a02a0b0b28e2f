import UIKit
import XCTest

/// Hit-testing a moving view: UIKit's model default, Neuburg's munging listing, and
/// the presentation opt-in.
final class UIViewPresentationHitTestingTests: UIKitTestCase {
    /// Neuburg, "Touches": "Hit-testing during animation": a superview that lets the
    /// user tap its animating subview where it appears. Repairs: Objective-C to Swift;
    /// `presentationLayer` is `presentation()` (here never nil, see
    /// `CALayer+Presentation.swift`), `==` on views and layers is `===`.
    private final class MungingView: TraceView {
        var v: UIView!

        override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
            // v is the animated subview
            let lay = v.layer.presentation()!
            let hitLayer = lay.hitTest(point)
            if hitLayer === lay {
                return v
            }
            let hitView = super.hitTest(point, with: event)
            if hitView === v {
                return self
            }
            return hitView
        }
    }

    private var superview: MungingView!
    private var mover: TraceView!

    override func setUp() async throws {
        try await super.setUp()
        superview = MungingView("super", frame: window.bounds, trace: trace)
        window.addSubview(superview)
        mover = TraceView("v", frame: CGRect(x: 0, y: 0, width: 50, height: 50), trace: trace)
        superview.addSubview(mover)
        superview.v = mover
    }

    /// Slides `mover` from x 0…50 to x 200…250 over 1 s, linearly.
    private func slide(options: UIView.AnimationOptions = .allowUserInteraction) {
        UIView.animate(withDuration: 1, delay: 0, options: options.union(.curveLinear), animations: {
            self.mover.center = CGPoint(x: 225, y: 25)
        })
    }

    func testMungingHitsTheViewWhereItAppears() async {
        slide()
        injector.wait(0.5)  // appears at x 100…150
        injector.tap(at: CGPoint(x: 120, y: 10))  // where it appears
        injector.tap(at: CGPoint(x: 220, y: 10))  // where it is in the model: the superview
        injector.tap(at: CGPoint(x: 10, y: 10))  // where it was
        XCTAssertEqual(trace.flush(), [
            "v.began(1)", "v.ended(1)", "super.began(2)", "super.ended(2)", "super.began(3)", "super.ended(3)",
        ])
        // At rest, the same code hits the view where it is.
        CAAnimationEngine.current.tick()
        injector.wait(1)
        CAAnimationEngine.current.tick()
        injector.tap(at: CGPoint(x: 220, y: 10))
        XCTAssertEqual(trace.flush(), ["v.began(4)", "v.ended(4)"])
    }

    func testDefaultHitTestingUsesTheModel() async {
        let plain = addTraceView("plain", CGRect(x: 0, y: 300, width: 50, height: 50))
        UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear], animations: {
            plain.center.x = 225
        })
        clock.now = 100.5
        XCTAssertTrue(window.hitTest(CGPoint(x: 220, y: 310), with: nil) === plain)
        XCTAssertFalse(window.hitTest(CGPoint(x: 120, y: 310), with: nil) === plain)
    }

    func testWindowOptInHitsWhatIsSeen() async {
        let plain = addTraceView("plain", CGRect(x: 0, y: 300, width: 50, height: 50))
        let inner = addTraceView("inner", CGRect(x: 0, y: 0, width: 10, height: 10), to: plain)
        window.hitTestsPresentation = true
        UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear], animations: {
            plain.center.x = 225
            plain.bounds.size = CGSize(width: 100, height: 50)
        })
        clock.now = 100.5
        // At 0.5 s: 75 wide, centred at x 125, so x 87.5…162.5.
        XCTAssertTrue(window.hitTest(CGPoint(x: 100, y: 310), with: nil) === plain)
        XCTAssertTrue(window.hitTest(CGPoint(x: 90, y: 305), with: nil) === inner, "subviews ride along")
        XCTAssertFalse(window.hitTest(CGPoint(x: 220, y: 310), with: nil) === plain, "not where the model is")
        XCTAssertFalse(window.hitTest(CGPoint(x: 85, y: 310), with: nil) === plain, "animated bounds")
        injector.tap(at: CGPoint(x: 150, y: 340))
        XCTAssertEqual(trace.flush(), ["plain.began(1)", "plain.ended(1)"])
        window.hitTestsPresentation = false
        XCTAssertTrue(window.hitTest(CGPoint(x: 220, y: 310), with: nil) === plain)
    }

    /// Source: Core Animation Programming Guide, "Pausing and Resuming Animations": the
    /// presentation of a paused tree stays where it was paused, so hit-testing by it does.
    func testHitsFollowAPausedAndResumedLayerTree() async {
        let plain = addTraceView("plain", CGRect(x: 0, y: 300, width: 50, height: 50))
        window.hitTestsPresentation = true
        UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear], animations: {
            plain.center.x = 225
        })
        clock.now = 100.25
        let pausedTime = window.layer.convertTime(CACurrentMediaTime(), from: nil)
        window.layer.speed = 0
        window.layer.timeOffset = pausedTime
        clock.now = 100.75
        // Frozen at 0.25 s: x 50…100.
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 310), with: nil) === plain)
        XCTAssertFalse(window.hitTest(CGPoint(x: 160, y: 310), with: nil) === plain, "where it would be by now")
        let resumeFrom = window.layer.timeOffset
        window.layer.speed = 1
        window.layer.timeOffset = 0
        window.layer.beginTime = 0
        window.layer.beginTime = window.layer.convertTime(CACurrentMediaTime(), from: nil) - resumeFrom
        clock.now = 101
        // 0.5 s of its time in: x 100…150.
        XCTAssertTrue(window.hitTest(CGPoint(x: 110, y: 310), with: nil) === plain)
        XCTAssertFalse(window.hitTest(CGPoint(x: 60, y: 310), with: nil) === plain)
    }

    func testViewOptInCoversItsSubtreeOnly() async {
        let left = addTraceView("left", CGRect(x: 0, y: 300, width: 150, height: 100))
        let right = addTraceView("right", CGRect(x: 160, y: 300, width: 150, height: 100))
        let a = addTraceView("a", CGRect(x: 0, y: 0, width: 20, height: 20), to: left)
        let b = addTraceView("b", CGRect(x: 0, y: 0, width: 20, height: 20), to: right)
        left.hitTestsPresentation = true
        UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear], animations: {
            a.center.x = 110
            b.center.x = 110
        })
        clock.now = 100.5  // both appear at x 50…70 of their superviews
        XCTAssertTrue(window.hitTest(CGPoint(x: 60, y: 310), with: nil) === a)
        XCTAssertTrue(window.hitTest(CGPoint(x: 160 + 60, y: 310), with: nil) === right)
        XCTAssertTrue(window.hitTest(CGPoint(x: 160 + 110, y: 310), with: nil) === b)
    }

    func testOptInStillHonoursRestrictionsAndNonInteractiveAnimations() async {
        let plain = addTraceView("plain", CGRect(x: 0, y: 300, width: 50, height: 50))
        window.hitTestsPresentation = true
        UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { plain.center.x = 225 })
        clock.now = 100.5
        XCTAssertTrue(window.hitTest(CGPoint(x: 125, y: 310), with: nil) === superview, "animating without interaction")
        CAAnimationEngine.current.tick()
        plain.layer.removeAllAnimations()
        UIView.animate(withDuration: 1, delay: 0, options: [.allowUserInteraction, .curveLinear], animations: {
            plain.alpha = 0
        })
        clock.now = 101.495
        XCTAssertTrue(window.hitTest(CGPoint(x: 225, y: 310), with: nil) === superview, "presented alpha below 0.01")
        clock.now = 101
        XCTAssertTrue(window.hitTest(CGPoint(x: 225, y: 310), with: nil) === plain)
    }
}
