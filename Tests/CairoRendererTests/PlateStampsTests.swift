@testable import CairoRenderer
import UIKit
import XCTest

/// A plate copied from its rendering against the rounded rectangle filled in place: the
/// same pixels on whole pixels, each side snapped to the nearest pixel elsewhere, the
/// same pixels in every damage rectangle, one rendering per size and colour, and filled
/// in place where the canvas is rotated.
@MainActor
final class PlateStampsTests: XCTestCase {
    private let background = Canvas.Color(hex: 0x1C1C1E)
    private let plate = Canvas.Color(hex: 0x2C2C2E, alpha: 0.92)

    private func frame(scale: CGFloat = 1, rects: [CGRect] = [], _ body: (Canvas) -> Void) -> CGImage {
        drawnFrame(size: CGSize(width: 80, height: 40), scale: scale, rects: rects, background: background, body)
    }

    func testOnWholePixelsThePlateIsTheRoundedRectangleFilledInPlace() async {
        for scale in [1.0, 2.0] {
            let rect = CGRect(x: 10, y: 6, width: 50, height: 20)
            let copied = frame(scale: scale) { $0.fillPlate(rect, radius: 4, with: plate) }
            let filled = frame(scale: scale) { $0.fillRoundedRect(rect, radius: 4, with: plate) }
            XCTAssertLessThanOrEqual(largestChannelDifference(copied, filled), 1, "× \(scale)")
            XCTAssertNotEqual(copied.pixel(x: Int(30 * scale), y: Int(15 * scale)).red,
                              copied.pixel(x: 2, y: 2).red, "the plate is there")
        }
    }

    func testEachSideSnapsToTheNearestPixel() async {
        let snapped = frame { $0.fillPlate(CGRect(x: 10.3, y: 5.6, width: 30.4, height: 12.2), radius: 3, with: plate) }
        // Left 10.3 → 10, top 5.6 → 6, right 40.7 → 41, bottom 17.8 → 18.
        let whole = frame { $0.fillPlate(CGRect(x: 10, y: 6, width: 31, height: 12), radius: 3, with: plate) }
        XCTAssertEqual(largestChannelDifference(snapped, whole), 0)
        let ground = snapped.pixel(x: 0, y: 0)
        for (x, y) in [(9, 12), (41, 12), (25, 5), (25, 18)] {
            let pixel = snapped.pixel(x: x, y: y)
            XCTAssertEqual([pixel.red, pixel.green, pixel.blue], [ground.red, ground.green, ground.blue], "(\(x), \(y)) is outside")
        }
        for (x, y) in [(10, 12), (40, 12), (25, 6), (25, 17)] {
            XCTAssertNotEqual(snapped.pixel(x: x, y: y).red, ground.red, "(\(x), \(y)) is inside")
        }
        // At scale 2 the sides snap to device pixels: 10.3 points is 20.6 pixels, so 21.
        let doubled = frame(scale: 2) { $0.fillPlate(CGRect(x: 10.3, y: 5.6, width: 30.4, height: 12.2), radius: 3, with: plate) }
        XCTAssertEqual(doubled.pixel(x: 20, y: 24).red, doubled.pixel(x: 0, y: 0).red)
        XCTAssertNotEqual(doubled.pixel(x: 21, y: 24).red, doubled.pixel(x: 0, y: 0).red)
    }

    func testEveryDamageRectangleGetsTheSamePixelsAsTheWholeFrame() async {
        // Sides cutting through the plate and its corners; in the second plate, sides
        // halfway between two pixels, which a piece's canvas sees half a pixel before
        // its own origin (-0.5) where the whole frame sees 12.5 and 7.5.
        for rect in [CGRect(x: 12.4, y: 7.7, width: 47.3, height: 19.6), CGRect(x: 12.5, y: 7.5, width: 47, height: 20)] {
            let whole = frame { $0.fillPlate(rect, radius: 4, with: plate) }
            let pieces = frame(rects: [CGRect(x: 0, y: 0, width: 13, height: 40), CGRect(x: 13, y: 0, width: 67, height: 8),
                                       CGRect(x: 13, y: 8, width: 67, height: 32)]) { $0.fillPlate(rect, radius: 4, with: plate) }
            XCTAssertEqual(largestChannelDifference(whole, pieces), 0, "\(rect)")
        }
    }

    func testAPlateOfTheSameSizeRadiusAndColourIsRenderedOnce() async {
        let stamps = PlateStamps()
        let size = CGSize(width: 61, height: 17)
        _ = frame(rects: [CGRect(x: 0, y: 0, width: 30, height: 40), CGRect(x: 30, y: 0, width: 50, height: 40)]) { canvas in
            stamps.fill(CGRect(origin: CGPoint(x: 3, y: 4), size: size), radius: 4, color: plate, in: canvas)
        }
        XCTAssertEqual(stamps.renderCount, 1, "drawn in two rectangles, rendered once")
        _ = frame { stamps.fill(CGRect(origin: CGPoint(x: 11.2, y: 20.9), size: size), radius: 4, color: plate, in: $0) }
        XCTAssertEqual(stamps.renderCount, 1, "the same size elsewhere: copied")
        _ = frame { stamps.fill(CGRect(origin: CGPoint(x: 3, y: 4), size: size), radius: 4, color: plate.withAlpha(0.5), in: $0) }
        _ = frame { stamps.fill(CGRect(x: 3, y: 4, width: 62, height: 17), radius: 4, color: plate, in: $0) }
        _ = frame { stamps.fill(CGRect(origin: CGPoint(x: 3, y: 4), size: size), radius: 3, color: plate, in: $0) }
        XCTAssertEqual(stamps.renderCount, 4, "another colour, size or radius: rendered")
    }

    func testAPlateTooLargeToKeepOrWithFiguresNotFiniteIsFilledInPlace() async {
        let stamps = PlateStamps()
        let large = CGRect(x: 0.3, y: 0.3, width: 79, height: 39)
        let scaled = frame(scale: 8) { stamps.fill(large, radius: 4, color: plate, in: $0) }
        let filled = frame(scale: 8) { $0.fillRoundedRect(large, radius: 4, with: plate) }
        XCTAssertEqual(largestChannelDifference(scaled, filled), 0, "632 × 312 pixels: in place, unsnapped")
        let odd = frame { stamps.fill(CGRect(x: 3, y: 4, width: 20, height: 10), radius: .nan, color: plate, in: $0) }
        XCTAssertEqual(odd.width, 80)
        XCTAssertEqual(stamps.renderCount, 0)
    }

    func testOnARotatedCanvasThePlateIsFilledInPlace() async {
        let rect = CGRect(x: 2.3, y: 3.1, width: 30, height: 12)
        let turn = CGAffineTransform(rotationAngle: 0.4).concatenating(CGAffineTransform(translationX: 30, y: 8))
        let copied = frame { canvas in canvas.withTransform(turn) { canvas.fillPlate(rect, radius: 4, with: plate) } }
        let filled = frame { canvas in canvas.withTransform(turn) { canvas.fillRoundedRect(rect, radius: 4, with: plate) } }
        XCTAssertEqual(largestChannelDifference(copied, filled), 0)
    }
}
