import CairoRenderer
import SandboxDebugging
import TouchTestSupport
import UIKit
import XCTest

/// What the Why tool makes of a walk: which views are outlined under the finger and how
/// each is labelled ("covered by #N", "outside #N's bounds", drawn here and hit-tested
/// there), and the panel's rows (a run of views the point is outside of as one row; the
/// recognizers with what decides).
///
/// Sources: Neuburg, "Touches" ("Hit-Testing", "Hit-testing during animation"); Apple,
/// "Handling Touches in Your View" (`hitTest(_:with:)` walks subviews front to back).
final class WhyWalkTests: OverlayTestCase {
    private func walk(at point: CGPoint) -> WhyWalk {
        WhyWalk(UIKitDebug.explainHitTest(at: point, in: window), touchID: TouchSample.ID(device: 2, number: 1), over: window)
    }

    private func add(_ frame: CGRect, to parent: UIView) -> UIView {
        let view = UIView(frame: frame)
        parent.addSubview(view)
        return view
    }

    /// A view behind the one that took the touch is dashed and "covered by" the view in
    /// front: by its number in the walk.
    func testAViewBehindTheHitIsCoveredByItsNumber() async {
        let back = add(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let front = add(CGRect(x: 50, y: 50, width: 200, height: 200), to: window)
        let walk = walk(at: CGPoint(x: 100, y: 100))
        XCTAssertEqual(walk.marks.map(\.label), ["#2 UIView", "covered by #2"])
        XCTAssertEqual(walk.marks.map(\.kind), [.hit, .notReached])
        XCTAssertEqual(walk.marks.map(\.viewID), [ObjectIdentifier(front), ObjectIdentifier(back)])
        XCTAssertEqual(walk.rows.map(\.text), ["#1 UIWindow: went inside", "#2 UIView: hit",
                                               "Not reached (by geometry, not UIKit's walk)", "UIView: covered by #2"])
        XCTAssertEqual(walk.rows.map(\.style), [.view, .view, .heading, .view])
        XCTAssertEqual(walk.rows.map(\.depth), [0, 1, 0, 0])
    }

    /// A subview sticking out of its superview is drawn under the finger but never
    /// asked: "outside #N's bounds", N the superview the walk turned away.
    func testASubviewStickingOutIsOutsideItsSuperviewsBounds() async {
        let box = add(CGRect(x: 0, y: 0, width: 100, height: 100), to: window)
        box.layer.name = "box"
        let tab = add(CGRect(x: 60, y: 60, width: 80, height: 80), to: box)
        let walk = walk(at: CGPoint(x: 120, y: 120))
        XCTAssertEqual(walk.marks.map(\.label), ["#1 UIWindow", "outside #2's bounds"],
                       "the box itself is not outlined: the point is outside it")
        XCTAssertEqual(walk.marks.last?.viewID, ObjectIdentifier(tab))
        XCTAssertEqual(walk.rows.first { $0.text.hasPrefix("#2") }?.text, "#2 UIView \"box\": outside its bounds at (120, 120)")
    }

    /// A view moved by an animation: drawn under the finger, hit-tested at its model
    /// frame elsewhere. Both outlines are kept.
    func testAMovingViewShowsWhereItIsDrawnAndWhereItIsHitTested() async throws {
        let mover = add(CGRect(x: 290, y: 50, width: 100, height: 60), to: window)
        let slide = CABasicAnimation(keyPath: "position")
        slide.fromValue = CGPoint(x: 100, y: 80)
        slide.toValue = CGPoint(x: 340, y: 80)
        slide.duration = 1
        slide.timingFunction = CAMediaTimingFunction(name: .linear)
        mover.layer.add(slide, forKey: "slide")
        clock.now = 100.5  // the presentation's centre at x 220: drawn over 170–270
        let walk = walk(at: CGPoint(x: 200, y: 80))
        let mark = try XCTUnwrap(walk.marks.first { $0.viewID == ObjectIdentifier(mover) })
        XCTAssertEqual(mark.label, "#2 drawn here, hit-tested at the dashed frame")
        XCTAssertEqual(mark.corners, [CGPoint(x: 290, y: 50), CGPoint(x: 390, y: 50), CGPoint(x: 390, y: 110),
                                      CGPoint(x: 290, y: 110)])
        XCTAssertEqual(mark.drawnCorners, [CGPoint(x: 170, y: 50), CGPoint(x: 270, y: 50), CGPoint(x: 270, y: 110),
                                           CGPoint(x: 170, y: 110)])
        XCTAssertEqual(walk.rows[1].text, "#2 UIView: outside its bounds at (-90, 30), drawn at (170, 50) while hit-tested at its model frame")
    }

    /// A flat screen of many views: the ones the point is outside of are one row, and
    /// are not outlined.
    func testARunOfViewsThePointIsOutsideOfIsOneRow() async {
        let hit = add(CGRect(x: 0, y: 0, width: 20, height: 20), to: window)
        for index in 1...30 { _ = add(CGRect(x: CGFloat(index) * 10, y: 100, width: 8, height: 8), to: window) }
        let walk = walk(at: CGPoint(x: 10, y: 10))
        XCTAssertEqual(walk.rows.map(\.text), ["#1 UIWindow: went inside", "#2\u{2013}#31 30 views: the point is outside them",
                                               "#32 UIView: hit"])
        XCTAssertEqual(walk.marks.map(\.viewID), [ObjectIdentifier(hit)])
    }

    /// After the steps: the recognizers the touch goes to, nearest first, with what
    /// decides; a row for each.
    func testTheRecognizersAreListedWithWhatDecides() async {
        let card = add(CGRect(x: 0, y: 0, width: 200, height: 200), to: window)
        let pan = UIPanGestureRecognizer()
        window.addGestureRecognizer(pan)
        let tap = UITapGestureRecognizer()
        tap.delaysTouchesBegan = true
        tap.cancelsTouchesInView = false
        tap.require(toFail: pan)
        card.addGestureRecognizer(tap)
        let walk = walk(at: CGPoint(x: 10, y: 10))
        let recognizerRows = walk.rows.drop { $0.text != "Recognizers the touch goes to" }.dropFirst().map(\.text)
        // The serial numbers are the trace's, shared by every test: compared apart.
        let unnumbered = recognizerRows.map { $0.replacingOccurrences(of: #"#\d+"#, with: "#N", options: .regularExpression) }
        XCTAssertEqual(unnumbered, [
            "UITapGestureRecognizer#N on UIView \u{B7} does not cancel touches \u{B7} delays began \u{B7} delays ended \u{B7} waits for UIPanGestureRecognizer#N to fail",
            "UIPanGestureRecognizer#N on UIWindow \u{B7} cancels touches in view \u{B7} delays ended",
        ], "delaysTouchesEnded is on by default, as in UIKit")
        let panName = recognizerRows.last.map { String($0.prefix { $0 != " " }) } ?? ""
        XCTAssertTrue(recognizerRows.first?.contains("waits for \(panName) to fail") ?? false, "the pan, by its name")
    }

    /// The overlay draws the walk: the hit view in the finger's colour, a view turned
    /// away in red, and a highlighted view tinted white, at known pixels.
    func testTheOverlayDrawsTheWalkInItsColoursAndTheHighlight() async throws {
        let back = add(CGRect(x: 40, y: 40, width: 200, height: 160), to: window)
        let hidden = add(CGRect(x: 100, y: 100, width: 200, height: 150), to: window)
        hidden.isHidden = true
        let overlay = WhyOverlay()
        overlay.isVisible = true
        let walk = walk(at: CGPoint(x: 150, y: 150))
        XCTAssertEqual(walk.marks.map(\.label), ["#3 UIView", "#2 hidden"])
        let damage = overlay.show(walk)
        XCTAssertTrue(damage.contains { $0.contains(CGRect(x: 38, y: 38, width: 204, height: 164)) }, "the hit outline's reach")
        XCTAssertEqual(overlay.update(in: window), damage, "handed over at the next update")
        XCTAssertEqual(overlay.update(in: window), [])
        var image = image([overlay])
        // The 2-point strokes straddle the edges: the hit view's top at rows 39–40, the
        // hidden view's bottom at rows 249–250.
        XCTAssertEqual(rgb(image, 140, 40), TouchSpotsOverlay.color(for: walk.touchID).rgb, "the hit view's top edge")
        XCTAssertEqual(rgb(image, 200, 250), 0xFF453A, "the hidden view's bottom edge, red")
        XCTAssertEqual(rgb(image, 150, 180), Self.background.rgb, "inside: nothing drawn")
        let highlight = overlay.highlight(ObjectIdentifier(back))
        XCTAssertFalse(highlight.isEmpty)
        image = self.image([overlay])
        XCTAssertTrue(colorsMatch(rgb(image, 150, 180), blend(.white, alpha: 0.28, over: Self.background)),
                      "the highlighted view is tinted")
        XCTAssertEqual(rgb(image, 140, 40), 0xFFFFFF, "and outlined in white")
        overlay.show(nil)
        XCTAssertNil(overlay.walk)
        XCTAssertEqual(overlay.coveredRects, [])
    }
}
