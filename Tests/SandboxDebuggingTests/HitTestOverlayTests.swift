import CairoRenderer
import SandboxDebugging
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

    func testOutlinesAreRedrawnWhenTouchesBeginOrEndButNotWhenTheyMove() async {
        let began = send([sample(1, .began, 100, 100)], to: [overlay])
        XCTAssertEqual(began.count, 1)
        XCTAssertTrue(began[0].contains(CGRect(x: 40, y: 60, width: 120, height: 80)), "the outline: \(began)")
        XCTAssertLessThan(began[0].minY, 60 - 17, "and its label above it")
        _ = image([overlay])
        XCTAssertEqual(send([sample(1, .moved, 120, 110)], to: [overlay]), [], "the view stays the touch's")

        // A second finger on the same view changes the label; one on the window adds an outline.
        let second = send([sample(3, .began, 60, 70)], to: [overlay])
        XCTAssertEqual(second.count, 2, "where the outline was and where it is")
        XCTAssertEqual(overlay.outlines(in: window).map(\.label), ["1, 3 → UIView (40, 60, 120 × 80)"])
        _ = image([overlay])

        let drawn = send([sample(1, .ended, 120, 110), sample(3, .ended, 60, 70)], to: [overlay])
        XCTAssertEqual(drawn.count, 1, "only where it was: no outline is left")
        XCTAssertTrue(drawn[0].contains(CGRect(x: 40, y: 60, width: 120, height: 80)))
        XCTAssertEqual(overlay.outlines(in: window), [])
        XCTAssertEqual(rgb(image([overlay]), 100, 59), OverlayTestCase.background.rgb)
    }

    func testATouchOnTheWindowOutlinesTheWindowAndAHiddenOverlayDrawsNothing() async {
        send([sample(1, .began, 390, 290)], to: [overlay])
        XCTAssertEqual(overlay.outlines(in: window).map(\.label), ["1 → UIWindow (0, 0, 400 × 300)"])
        overlay.isVisible = false
        XCTAssertEqual(send([sample(2, .began, 100, 100)], to: [overlay]), [])
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
}
