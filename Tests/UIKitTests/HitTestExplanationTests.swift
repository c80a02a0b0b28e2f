@testable import UIKit
import XCTest

/// `UIKitDebug.explainHitTest(at:in:)` on crafted hierarchies, one per reason the walk
/// turns a view away: the exact steps in visit order, the hit view (always `hitTest`'s),
/// and `whyNot(_:)` for the view one meant.
///
/// Sources: Neuburg, "Touches" ("Hit-Testing", "Restricting Touches", "Hit-testing
/// during animation"); Apple's `hitTest(_:with:)` reference (hidden, alpha below 0.01,
/// interaction disabled; `point(inside:with:)` first; subviews front to back).
final class HitTestExplanationTests: UIKitTestCase {
    /// "name verdict" per step, with the depth as indentation.
    private func lines(_ explanation: HitTestExplanation, names: [ObjectIdentifier: String]) -> [String] {
        explanation.steps.map { step in
            let name = names[ObjectIdentifier(step.view)] ?? "\(type(of: step.view))"
            let verdict: String = switch step.verdict {
            case .hit: "hit"
            case .descended: "descended"
            case .rejected(let reason): "rejected: \(reason)"
            case .replaced(let name): "replaced by \(name)'s override"
            }
            return String(repeating: "  ", count: step.depth) + "\(name) \(verdict)"
        }
    }

    private func view(_ frame: CGRect, in parent: UIView) -> UIView {
        let view = UIView(frame: frame)
        parent.addSubview(view)
        return view
    }

    private func explain(_ point: CGPoint, _ names: [UIView: String]) -> (HitTestExplanation, [String]) {
        let explanation = UIKitDebug.explainHitTest(at: point, in: window)
        XCTAssertTrue(explanation.hitView === window.hitTest(point, with: nil), "the explanation's hit view is hitTest's")
        let ids = Dictionary(uniqueKeysWithValues: names.map { (ObjectIdentifier($0.key), $0.value) }
            + [(ObjectIdentifier(window), "window")])
        return (explanation, lines(explanation, names: ids))
    }

    func testHiddenAndAlphaViewsAreTurnedAwayAndTheViewBehindIsHit() async {
        let back = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
        let faint = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
        let hidden = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
        faint.alpha = 0.005
        hidden.isHidden = true
        let (explanation, steps) = explain(CGPoint(x: 50, y: 50), [back: "back", faint: "faint", hidden: "hidden"])
        XCTAssertEqual(steps, ["window descended", "  hidden rejected: hidden", "  faint rejected: alpha 0.005", "  back hit"])
        XCTAssertTrue(explanation.hitView === back)
        XCTAssertEqual(explanation.whyNot(faint), .rejected(at: ObjectIdentifier(faint), .alpha(CGFloat(Float(0.005)))))
        XCTAssertEqual(explanation.whyNot(back), .isTheHitView)
        XCTAssertEqual(explanation.whyNot(window), .descendedTo(hit: ObjectIdentifier(back)), "the walk went through it to back")
    }

    /// A disabled ancestor turns its subtree away: the child is never asked, and "why
    /// not the child" names the ancestor.
    func testInteractionDisabledOnAnAncestorNamesTheAncestor() async {
        let container = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
        let child = view(CGRect(x: 10, y: 10, width: 100, height: 100), in: container)
        container.isUserInteractionEnabled = false
        let (explanation, steps) = explain(CGPoint(x: 50, y: 50), [container: "container", child: "child"])
        XCTAssertEqual(steps, ["window hit", "  container rejected: isUserInteractionEnabled false"],
                       "nothing inside took it: the window")
        XCTAssertTrue(explanation.hitView === window)
        XCTAssertEqual(explanation.whyNot(child), .rejected(at: ObjectIdentifier(container), .interactionDisabled))
    }

    /// A subview sticking out of its superview is drawn but not hit there: the
    /// superview turns the point away as outside its bounds.
    func testAPointOutsideTheSuperviewsBoundsNeverReachesTheSubview() async {
        let box = view(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
        let tab = view(CGRect(x: 60, y: 60, width: 80, height: 80), in: box)
        let (explanation, steps) = explain(CGPoint(x: 120, y: 120), [box: "box", tab: "tab"])
        XCTAssertEqual(steps, ["window hit", "  box rejected: outside its bounds at (120, 120)"])
        XCTAssertEqual(explanation.whyNot(tab), .rejected(at: ObjectIdentifier(box), .outsideBounds(CGPoint(x: 120, y: 120))))
    }

    func testALayerThatHitTestsByItsPathTurnsAwayItsCorners() async {
        let disc = view(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
        disc.layer.hitTestPath = CGPath(ellipseIn: disc.bounds, transform: nil)
        let (_, corner) = explain(CGPoint(x: 5, y: 5), [disc: "disc"])
        XCTAssertEqual(corner, ["window hit", "  disc rejected: outside its hit path at (5, 5)"])
        let (_, middle) = explain(CGPoint(x: 50, y: 50), [disc: "disc"])
        XCTAssertEqual(middle, ["window descended", "  disc hit"])
    }

    /// A later sibling in front takes the touch: the one behind is never visited, and
    /// "why not" says what covered it.
    func testALaterSiblingCoversTheOneBehind() async {
        let behind = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
        let front = view(CGRect(x: 0, y: 0, width: 200, height: 200), in: window)
        let (explanation, steps) = explain(CGPoint(x: 50, y: 50), [behind: "behind", front: "front"])
        XCTAssertEqual(steps, ["window descended", "  front hit"])
        XCTAssertEqual(explanation.whyNot(behind), .notReached(ancestor: ObjectIdentifier(behind), coveredBy: ObjectIdentifier(front)))
    }

    /// Overrides are inferred: one that never called `super`, one whose answer is not its
    /// default walk's, and a `point(inside:)` that says no where the bounds say yes.
    func testOverridesAreInferredFromTheWalk() async {
        final class Deaf: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? { nil }
        }
        final class Grabbing: UIView {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                super.hitTest(point, with: event) == nil ? nil : self
            }
        }
        final class Narrow: UIView {
            override func point(inside point: CGPoint, with event: UIEvent?) -> Bool { point.x < 10 }
        }
        let narrow = Narrow(frame: CGRect(x: 0, y: 0, width: 300, height: 100))
        window.addSubview(narrow)
        let grabbing = Grabbing(frame: CGRect(x: 0, y: 100, width: 300, height: 100))
        window.addSubview(grabbing)
        let inner = view(CGRect(x: 0, y: 0, width: 100, height: 100), in: grabbing)
        let deaf = Deaf(frame: CGRect(x: 0, y: 200, width: 300, height: 100))
        window.addSubview(deaf)

        let names: [UIView: String] = [deaf: "deaf", grabbing: "grabbing", inner: "inner", narrow: "narrow"]
        let (deafWalk, deafSteps) = explain(CGPoint(x: 50, y: 250), names)
        XCTAssertEqual(deafSteps, [
            "window hit",
            "  deaf rejected: hitTest overridden by Deaf, did not call super, returned nil",
            "  grabbing rejected: outside its bounds at (50, 150)",
            "  narrow rejected: outside its bounds at (50, 250)",
        ])
        XCTAssertEqual(deafWalk.whyNot(deaf), .rejected(at: ObjectIdentifier(deaf),
                                                         .hitTestOverridden(className: "Deaf", calledSuper: false, defaultAnswer: nil)))

        let (grabbed, grabSteps) = explain(CGPoint(x: 50, y: 150), names)
        XCTAssertEqual(grabSteps, [
            "window descended",
            "  deaf rejected: hitTest overridden by Deaf, did not call super, returned nil",
            "  grabbing hit",
            "    inner replaced by Grabbing's override",
        ])
        XCTAssertTrue(grabbed.hitView === grabbing)
        let changed = grabbed.overrides.filter { $0.calledSuper }
        XCTAssertEqual(changed.count, 1)
        XCTAssertTrue(changed.first?.view === grabbing && changed.first?.defaultAnswer === inner, "default inner, returned grabbing")

        let (_, narrowSteps) = explain(CGPoint(x: 50, y: 50), names)
        XCTAssertEqual(narrowSteps, [
            "window hit",
            "  deaf rejected: hitTest overridden by Deaf, did not call super, returned nil",
            "  grabbing rejected: outside its bounds at (50, -50)",
            "  narrow rejected: point(inside:) overridden by Narrow said no",
        ])
    }

    /// A view animating without `.allowUserInteraction` is turned away, and the step
    /// says where it is drawn while it is hit-tested at its model frame.
    func testAViewAnimatingWithoutInteractionIsTurnedAwayAndShowsWhereItIsDrawn() async {
        let mover = view(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
        UIView.animate(withDuration: 1) { mover.center = CGPoint(x: 250, y: 50) }
        frames(0.5)
        let (explanation, steps) = explain(CGPoint(x: 250, y: 50), [mover: "mover"])
        XCTAssertEqual(steps, ["window hit", "  mover rejected: animating without .allowUserInteraction"])
        let drawn = try! XCTUnwrap(explanation.step(for: mover)?.drawnFrame)
        XCTAssertNotEqual(drawn, mover.frame, "drawn between, hit-tested at the end")
        XCTAssertEqual(mover.frame.midX, 250)
    }

    /// From the screen: the window in front is asked first; one whose views let the
    /// point through leaves it to the window behind.
    func testTheWalkStartsWithTheFrontWindow() async {
        let front = UIWindow(frame: window.frame)
        front.windowLevel = .alert
        final class PassThrough: UIWindow {
            override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
                let hit = super.hitTest(point, with: event)
                return hit === self ? nil : hit
            }
        }
        let overlay = PassThrough(frame: window.frame)
        overlay.windowLevel = .statusBar
        overlay.isHidden = false
        let target = view(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
        let (explanation, steps) = explain(CGPoint(x: 50, y: 50), [overlay: "overlay", target: "target"])
        XCTAssertEqual(steps, ["overlay rejected: hitTest overridden by PassThrough: default PassThrough, returned nil",
                               "window descended", "  target hit"])
        XCTAssertTrue(explanation.hitWindow === window)
        XCTAssertTrue(explanation.hitView === target)
        _ = front
        overlay.isHidden = true
    }

    /// After the hit view: the recognizers the touch goes to, nearest first, with what
    /// decides its fate; and the views under the point the walk never asked.
    func testTheRecognizersOnThePathAndTheViewsNotReached() async {
        final class Card: UIView {}
        final class Table: UIView {}
        let table = Table(frame: CGRect(x: 0, y: 0, width: 300, height: 300))
        window.addSubview(table)
        let hiddenBehind = view(CGRect(x: 0, y: 0, width: 300, height: 300), in: table)
        let card = Card(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
        table.addSubview(card)
        card.isExclusiveTouch = true
        let pan = UIPanGestureRecognizer()
        table.addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer()
        tap.delaysTouchesBegan = true
        tap.require(toFail: pan)
        card.addGestureRecognizer(tap)
        let disabled = view(CGRect(x: 0, y: 0, width: 100, height: 100), in: window)
        let insideDisabled = view(CGRect(x: 0, y: 0, width: 50, height: 50), in: disabled)
        disabled.isUserInteractionEnabled = false

        let explanation = UIKitDebug.explainHitTest(at: CGPoint(x: 20, y: 20), in: window)
        XCTAssertTrue(explanation.hitView === card)
        XCTAssertEqual(explanation.recognizers.map(\.viewClass), ["Card", "Table"], "nearest first")
        XCTAssertEqual(explanation.recognizers.first?.name, tap.traceName)
        XCTAssertEqual(explanation.recognizers.first?.delaysTouchesBegan, true)
        XCTAssertEqual(explanation.recognizers.first?.cancelsTouchesInView, true)
        XCTAssertEqual(explanation.recognizers.first?.waitsToFail, [pan.traceName])
        XCTAssertEqual(explanation.recognizers.last?.waitsToFail, [])
        XCTAssertEqual(explanation.deliveryNotes, [], "no touch is down")
        let notReached = explanation.notReached.map { "\($0.view === hiddenBehind ? "behind" : $0.view === insideDisabled ? "inside" : "?"): \($0.why)" }
        XCTAssertEqual(notReached, ["behind: covered by Card, which took the touch first",
                                    "inside: inside UIView, which the walk turned away"], "in the hierarchy's order")
    }

    /// With a finger down elsewhere, an exclusive hit view will not get the new touch.
    func testDeliveryNotesComeFromTheTouchesDown() async {
        final class Exclusive: UIView {}
        let exclusive = Exclusive(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        exclusive.isExclusiveTouch = true
        window.addSubview(exclusive)
        let other = view(CGRect(x: 200, y: 200, width: 100, height: 100), in: window)
        window.inject([sample(1, .began, 250, 250)])
        XCTAssertTrue(window.activeTouches.first?.view === other)
        let explanation = UIKitDebug.explainHitTest(at: CGPoint(x: 50, y: 50), in: window)
        XCTAssertTrue(explanation.hitView === exclusive)
        XCTAssertEqual(explanation.deliveryNotes, ["Exclusive isExclusiveTouch while other views hold touches: it does not get this one"])
        window.inject([sample(1, .ended, 250, 250)])
    }
}
