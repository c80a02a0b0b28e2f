import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// The hit-test overlay: each live touch's view outlined on its edges (a rotated view as
/// its four corners), named, and redrawn exactly when touches begin or end.
final class HitTestOverlayTests: OverlayTestCase {
    private var overlay: HitTestOverlay!
    private var plain: UIView!
    private var rotated: UIView!

    override func setUp() async throws {
        try await super.setUp()
        overlay = HitTestOverlay()
        overlay.isVisible = true
        plain = UIView(frame: CGRect(x: 40, y: 60, width: 120, height: 80))
        window.addSubview(plain)
        // An 80 × 80 square turned 45° about its centre (280, 150): a diamond whose
        // corners are 40√2 from the centre.
        rotated = UIView(frame: CGRect(x: 240, y: 110, width: 80, height: 80))
        rotated.transform = CGAffineTransform(rotationAngle: .pi / 4)
        window.addSubview(rotated)
    }

    private func color(_ number: UInt32) -> UInt32 {
        TouchSpotsOverlay.color(for: TouchSample.ID(device: 2, number: number)).rgb
    }

    func testThePlainViewsOutlineLiesOnItsEdgesAndItsLabelNamesIt() async {
        send([sample(1, .began, 100, 100)], to: [overlay])
        let outlines = overlay.outlines(in: window)
        XCTAssertEqual(outlines.map(\.touchIDs), [[TouchSample.ID(device: 2, number: 1)]])
        XCTAssertEqual(outlines[0].corners, [CGPoint(x: 40, y: 60), CGPoint(x: 160, y: 60), CGPoint(x: 160, y: 140),
                                             CGPoint(x: 40, y: 140)])
        XCTAssertEqual(outlines[0].label, "1 → UIView (40, 60, 120 × 80)")

        let image = image([overlay])
        let pink = color(1)
        // The 2-point stroke straddles each edge: rows 59–60 and 139–140, columns 39–40
        // and 159–160.
        for x in stride(from: 44, through: 156, by: 8) {
            XCTAssertEqual(rgb(image, x, 59), pink, "top edge at x \(x)")
            XCTAssertEqual(rgb(image, x, 60), pink)
            XCTAssertEqual(rgb(image, x, 140), pink, "bottom edge at x \(x)")
        }
        for y in stride(from: 64, through: 136, by: 8) {
            XCTAssertEqual(rgb(image, 39, y), pink, "left edge at y \(y)")
            XCTAssertEqual(rgb(image, 160, y), pink, "right edge at y \(y)")
        }
        XCTAssertEqual(rgb(image, 100, 100), OverlayTestCase.background.rgb, "only the outline is drawn")
        XCTAssertEqual(rgb(image, 100, 62), OverlayTestCase.background.rgb)
        // The label's plate sits on the outline's top-left, above it, with the touch's
        // colour as its edge.
        XCTAssertEqual(rgb(image, 41, 50), pink)
        XCTAssertEqual(rgb(image, 39, 50), OverlayTestCase.background.rgb)
    }

    /// A finger taken by a recognizer: the label names it after a dot, the navigation
    /// controller's back swipe by its name; a tap still possible is not named.
    func testALabelNamesTheRecognizerThatTookTheTouch() async {
        let first = UIViewController(), second = UIViewController()
        let navigation = UINavigationController(rootViewController: first)
        window.rootViewController = navigation
        navigation.pushViewController(second, animated: false)
        window.layoutIfNeeded()
        second.view.addGestureRecognizer(UITapGestureRecognizer())
        send([sample(1, .began, 5, 150)], to: [overlay])
        XCTAssertEqual(overlay.outlines(in: window).map(\.label), ["1 → UIView (0, 0, 400 × 300)"])
        send([sample(1, .moved, 60, 152)], to: [overlay])
        XCTAssertEqual(overlay.outlines(in: window).map(\.label), ["1 → UIView (55, 0, 400 × 300) \u{B7} Back swipe"],
                       "the screen under the finger follows it: 55 points in")
        send([sample(1, .ended, 60, 152)], to: [overlay])
    }

    func testARotatedViewIsOutlinedAsItsFourCornersNotItsFrame() async {
        send([sample(2, .began, 280, 150)], to: [overlay])
        let reach = 40 * 2.0.squareRoot()
        let corners = overlay.outlines(in: window)[0].corners
        let expected = [CGPoint(x: 280, y: 150 - reach), CGPoint(x: 280 + reach, y: 150), CGPoint(x: 280, y: 150 + reach),
                        CGPoint(x: 280 - reach, y: 150)]
        for (corner, wanted) in zip(corners, expected) {
            XCTAssertEqual(corner.x, wanted.x, accuracy: 1e-9)
            XCTAssertEqual(corner.y, wanted.y, accuracy: 1e-9)
        }
        XCTAssertEqual(overlay.outlines(in: window)[0].label, "2 → UIView (223.4, 93.4, 113.1 × 113.1)")

        let image = image([overlay])
        let green = TouchSpotsOverlay.color(for: TouchSample.ID(device: 2, number: 2))
        // Along each of the diamond's edges the stroke is mostly the touch's colour.
        for t in stride(from: 0.2, through: 0.8, by: 0.2) {
            for (from, to) in zip(expected, expected.dropFirst() + [expected[0]]) {
                let x = Int((from.x + t * (to.x - from.x)).rounded(.down))
                let y = Int((from.y + t * (to.y - from.y)).rounded(.down))
                let pixel = image.pixel(x: x, y: y)
                XCTAssertGreaterThan(Double(pixel.green), green.green * 255 * 0.5, "on the edge at (\(x), \(y))")
            }
        }
        // The corners of the frame (the diamond's bounding box) stay clear.
        for (x, y) in [(226, 96), (333, 96), (226, 203), (333, 203)] {
            XCTAssertEqual(rgb(image, x, y), OverlayTestCase.background.rgb, "frame corner (\(x), \(y)) is not drawn")
        }
    }

    /// The advance width of a label, as the overlay measures it.
    private func labelWidth(_ text: String) -> CGFloat {
        var width: CGFloat = 0
        FrameBuffer(pointSize: CGSize(width: 1, height: 1), scale: 1).draw { canvas in
            width = canvas.measureText(text, size: HitTestOverlay.labelSize)
        }
        return width
    }

    /// What the plain view's outline covers: its four edges as bands 3 points either side
    /// (the top and bottom across, the sides between them), then the label's plate (4
    /// points of padding either side of the text, 20 high for 13-point type, 2 above the
    /// outline).
    private func plainDamage(label: String) -> [CGRect] {
        [CGRect(x: 37, y: 57, width: 126, height: 6), CGRect(x: 37, y: 137, width: 126, height: 6),
         CGRect(x: 37, y: 63, width: 6, height: 74), CGRect(x: 157, y: 63, width: 6, height: 74),
         CGRect(x: 40, y: 38, width: labelWidth(label) + 8, height: 20)]
    }

    /// The overlay's damage for a batch as a host collects it: with the batch (where
    /// the outlines were and where their strokes are), then at the next frame (their
    /// labels, placed once for it).
    private func damage(_ batch: [TouchSample]) -> [CGRect] {
        send(batch, to: [overlay]) + overlay.damageForFrame(in: window)
    }

    func testOutlinesAreRedrawnWhenTouchesBeginOrEndButNotWhenTheyMove() async {
        // Exactly the bands the strokes lie in and the label, not the area inside.
        let began = damage([sample(1, .began, 100, 100)])
        XCTAssertEqual(began, plainDamage(label: "1 → UIView (40, 60, 120 × 80)"))
        _ = image([overlay])
        XCTAssertEqual(damage([sample(1, .moved, 120, 110)]), [], "the view stays the touch's")

        // A second finger on the same view changes the label: where the outline was and where it is.
        let second = damage([sample(3, .began, 60, 70)])
        XCTAssertEqual(second, plainDamage(label: "1 → UIView (40, 60, 120 × 80)")
            + plainDamage(label: "1, 3 → UIView (40, 60, 120 × 80)"))
        XCTAssertEqual(overlay.outlines(in: window).map(\.label), ["1, 3 → UIView (40, 60, 120 × 80)"])
        _ = image([overlay])

        let drawn = damage([sample(1, .ended, 120, 110), sample(3, .ended, 60, 70)])
        XCTAssertEqual(drawn, plainDamage(label: "1, 3 → UIView (40, 60, 120 × 80)"), "only where it was: no outline is left")
        XCTAssertEqual(overlay.outlines(in: window), [])
        XCTAssertEqual(rgb(image([overlay]), 100, 59), OverlayTestCase.background.rgb)
    }

    func testARotatedViewsOutlineDamagesEachEdgesBoxAndTheWindowsOutlineOnlyItsEdges() async {
        // The diamond: each edge's bounding box, 3 points out.
        let began = damage([sample(2, .began, 280, 150)])
        let reach = 40 * 2.0.squareRoot()
        let label = "2 → UIView (223.4, 93.4, 113.1 × 113.1)"
        let expected = [CGRect(x: 277, y: 147 - reach, width: reach + 6, height: reach + 6),
                        CGRect(x: 277, y: 147, width: reach + 6, height: reach + 6),
                        CGRect(x: 277 - reach, y: 147, width: reach + 6, height: reach + 6),
                        CGRect(x: 277 - reach, y: 147 - reach, width: reach + 6, height: reach + 6),
                        // Moved left to end at the window's right edge.
                        CGRect(x: 400 - labelWidth(label) - 8, y: 150 - reach - 22, width: labelWidth(label) + 8,
                               height: 20)]
        XCTAssertEqual(began.count, expected.count, "\(began)")
        for (rect, wanted) in zip(began, expected) {
            for (value, wantedValue) in [(rect.minX, wanted.minX), (rect.minY, wanted.minY), (rect.width, wanted.width),
                                         (rect.height, wanted.height)] {
                XCTAssertEqual(value, wantedValue, accuracy: 1e-9, "\(rect) against \(wanted)")
            }
        }
        send([sample(2, .ended, 280, 150)], to: [overlay])
        _ = image([overlay])

        // A touch on the window: four 6-point bands round the 400 × 300 window and the
        // label inside its top-left, where the overlay once damaged the whole window.
        let window = damage([sample(1, .began, 390, 290)])
        XCTAssertEqual(window, [CGRect(x: -3, y: -3, width: 406, height: 6), CGRect(x: -3, y: 297, width: 406, height: 6),
                                CGRect(x: -3, y: 3, width: 6, height: 294), CGRect(x: 397, y: 3, width: 6, height: 294),
                                CGRect(x: 0, y: 3, width: labelWidth("1 → UIWindow (0, 0, 400 × 300)") + 8, height: 20)])
    }

    func testEveryPixelAnOutlineDrawsLiesInItsDamage() async {
        // On the plain view, the rotated one, and the window, with two touches on each.
        for (first, second) in [((100.0, 100.0), (120.0, 90.0)), ((280.0, 150.0), (290.0, 160.0)),
                                ((390.0, 290.0), (10.0, 200.0))] {
            let blank = image([])
            let damaged = damage([sample(1, .began, first.0, first.1), sample(2, .began, second.0, second.1)])
            let drawn = image([overlay])
            var outside: [(Int, Int)] = []
            for y in 0..<300 {
                for x in 0..<400 where rgb(drawn, x, y) != rgb(blank, x, y) {
                    let pixel = CGRect(x: x, y: y, width: 1, height: 1)
                    // Damage is redrawn rounded out to whole pixels (`DamageRegion`).
                    if !damaged.contains(where: { $0.integral.contains(pixel) }) { outside.append((x, y)) }
                }
            }
            XCTAssertEqual(outside.count, 0, "drawn outside the damage \(damaged): \(outside.prefix(10))")
            send([sample(1, .ended, first.0, first.1), sample(2, .ended, second.0, second.1)], to: [overlay])
        }
    }

    func testATouchOnTheWindowOutlinesTheWindowAndAHiddenOverlayDrawsNothing() async {
        send([sample(1, .began, 390, 290)], to: [overlay])
        XCTAssertEqual(overlay.outlines(in: window).map(\.label), ["1 → UIWindow (0, 0, 400 × 300)"])
        overlay.isVisible = false
        XCTAssertEqual(damage([sample(2, .began, 100, 100)]), [])
        XCTAssertEqual(rgb(image([overlay]), 100, 59), OverlayTestCase.background.rgb)
    }

    func testALabelThatWouldRiseAboveTheTopInsetGoesInsideTheOutlineBelowIt() async {
        overlay.topInset = 32
        send([sample(1, .began, 390, 290)], to: [overlay])  // the window: its top is y 0
        let pink = color(1)
        let image = image([overlay])
        // The plate's coloured edge (x 0–3) starts 3 points under the inset, not at the top.
        XCTAssertEqual(rgb(image, 1, 40), pink)
        XCTAssertEqual(rgb(image, 1, 30), OverlayTestCase.background.rgb)
        XCTAssertEqual(rgb(image, 1, 10), OverlayTestCase.background.rgb)
    }

    /// A scene's title where the window's label would go (inside its top, under the
    /// inset): the label goes inside the outline's bottom instead, off the title.
    func testALabelKeepsOffTheScenesTitleWhereThereIsRoom() async {
        overlay.topInset = 32
        let title = UILabel(frame: CGRect(x: 10, y: 34, width: 380, height: 22))
        title.text = "A scene's title, where the label would go"
        window.addSubview(title)
        window.backgroundColor = .white
        overlay.appContent = AppContentMap.rects(in: window)
        send([sample(1, .began, 390, 290)], to: [overlay])
        let image = image([overlay], scene: true)
        XCTAssertNotEqual(rgb(image, 1, 40), color(1), "not over the title")
        XCTAssertEqual(rgb(image, 1, 285), color(1), "inside the outline's bottom")
        let plate = rgb(image, 40, 279)
        XCTAssertTrue(plate != DebugPalette.opaquePlate.rgb && plate != 0xFFFFFF, "translucent, as it covers nothing: \(String(plate, radix: 16))")
    }

    /// Text in every place a label could go: it covers the least it can, on an opaque
    /// plate, so the app's text never shows through the label's.
    func testALabelWithNoFreePlaceIsDrawnOnAnOpaquePlate() async {
        overlay.topInset = 32
        for y in [34, 276] as [CGFloat] {
            let text = UILabel(frame: CGRect(x: 0, y: y, width: 400, height: 22))
            text.text = String(repeating: "text everywhere ", count: 8)
            window.addSubview(text)
        }
        window.backgroundColor = .white
        overlay.appContent = AppContentMap.rects(in: window)
        send([sample(1, .began, 390, 290)], to: [overlay])
        let image = image([overlay], scene: true)
        XCTAssertEqual(rgb(image, 1, 40), color(1), "the first place, the title's row")
        XCTAssertEqual(rgb(image, 40, 37), DebugPalette.opaquePlate.rgb, "on an opaque plate")
    }

    func testAFrameIsDescribedInWholeTenthsWithTheirSigns() async {
        XCTAssertEqual(HitTestOverlay.describe(CGRect(x: -0.46, y: -12.04, width: 0.05, height: 1e6 + 0.25)),
                       "(-0.5, -12, 0.1 × 1000000.3)")
        XCTAssertEqual(HitTestOverlay.describe(CGRect(x: -3.95, y: 7.949, width: 120, height: 80.96)),
                       "(-4, 7.9, 120 × 81)")
    }
}
