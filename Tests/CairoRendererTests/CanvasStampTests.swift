import CairoRenderer
import UIKit
import XCTest

/// A stamp's copy against the same drawing made in place: the same pixels where the
/// anchor is on a quarter pixel, the same pixels in every damage rectangle, rendered
/// once per phase, and drawn in place where the canvas is rotated.
@MainActor
final class CanvasStampTests: XCTestCase {
    private let background = Canvas.Color(hex: 0x1C1C1E)

    private func disc(_ canvas: Canvas) {
        canvas.fillCircle(center: .zero, radius: 10, with: Canvas.Color(hex: 0x0A84FF, alpha: 0.45))
        canvas.strokeCircle(center: .zero, radius: 9, with: Canvas.Color(hex: 0x0A84FF), lineWidth: 2)
    }

    private func frame(scale: CGFloat = 1, rects: [CGRect] = [], _ body: (Canvas) -> Void) -> CGImage {
        drawnFrame(size: CGSize(width: 60, height: 40), scale: scale, rects: rects, background: background, body)
    }

    /// A stamp of `disc`, with how many times it has been rendered.
    private func countedDisc() -> (stamp: CanvasStamp, renders: () -> Int) {
        var renders = 0
        let stamp = CanvasStamp(reach: 11) { canvas in
            renders += 1
            self.disc(canvas)
        }
        return (stamp, { renders })
    }

    func testOnAQuarterPixelTheCopyIsTheDrawingAtOneLevelOfRounding() async {
        let (stamp, renders) = countedDisc()
        for (anchor, scale) in [(CGPoint(x: 20.25, y: 15.5), 1.0), (CGPoint(x: 31.75, y: 20), 2.0)] {
            let copied = frame(scale: scale) { $0.draw(stamp, at: anchor) }
            let drawn = frame(scale: scale) { canvas in
                canvas.withTransform(CGAffineTransform(translationX: anchor.x, y: anchor.y)) { self.disc(canvas) }
            }
            // Disc then rim composited in place, or together first: Porter-Duff "over" is
            // associative, up to 8-bit rounding.
            XCTAssertLessThanOrEqual(largestChannelDifference(copied, drawn), 1, "at \(anchor) × \(scale)")
            XCTAssertNotEqual(copied.pixel(x: Int(anchor.x * scale), y: Int(anchor.y * scale)).blue,
                              frame(scale: scale) { _ in }.pixel(x: 0, y: 0).blue)
        }
        XCTAssertEqual(renders(), 2)
    }

    func testTheCopyLandsOnTheNearestQuarterPixelAndIsRenderedOncePerPhase() async {
        let (stamp, renders) = countedDisc()
        let near = frame { $0.draw(stamp, at: CGPoint(x: 20.3, y: 15.55)) }
        let exact = frame { $0.draw(stamp, at: CGPoint(x: 20.25, y: 15.5)) }
        XCTAssertEqual(largestChannelDifference(near, exact), 0)
        XCTAssertEqual(renders(), 1)
        // Whole pixels apart: the same rendering, moved.
        let moved = frame { $0.draw(stamp, at: CGPoint(x: 37.25, y: 19.5)) }
        XCTAssertEqual(renders(), 1)
        for (dx, dy) in [(0, 0), (5, 3), (-9, 2), (3, -10)] {
            let a = moved.pixel(x: 37 + dx, y: 19 + dy), b = exact.pixel(x: 20 + dx, y: 15 + dy)
            XCTAssertEqual([a.red, a.green, a.blue], [b.red, b.green, b.blue])
        }
    }

    func testEveryDamageRectangleGetsTheSamePixelsAsTheWholeFrame() async {
        let stamp = CanvasStamp(reach: 11) { self.disc($0) }
        let anchor = CGPoint(x: 29.75, y: 20.25)
        let whole = frame { $0.draw(stamp, at: anchor) }
        // Sides cutting through the disc and its antialiased rim.
        let pieces = frame(rects: [CGRect(x: 0, y: 0, width: 27, height: 40), CGRect(x: 27, y: 0, width: 33, height: 18),
                                   CGRect(x: 27, y: 18, width: 33, height: 22)]) { $0.draw(stamp, at: anchor) }
        XCTAssertEqual(largestChannelDifference(whole, pieces), 0)
    }

    func testOnARotatedCanvasTheStampIsDrawnInPlace() async {
        let (stamp, renders) = countedDisc()
        let anchor = CGPoint(x: 10, y: 5)
        let turn = CGAffineTransform(rotationAngle: 0.5).concatenating(CGAffineTransform(translationX: 30, y: 20))
        let rotated = frame { canvas in
            canvas.withTransform(turn) { canvas.draw(stamp, at: anchor) }
        }
        let drawn = frame { canvas in
            canvas.withTransform(CGAffineTransform(translationX: anchor.x, y: anchor.y).concatenating(turn)) {
                self.disc(canvas)
            }
        }
        XCTAssertEqual(largestChannelDifference(rotated, drawn), 0)
        XCTAssertEqual(renders(), 1)
    }

    func testAScaleThatWouldMakeHugeRenderingsDrawsInPlace() async {
        let (stamp, renders) = countedDisc()
        // 11 points at scale 40 reach 440 device pixels: past `largestReach`.
        let zoom = CGAffineTransform(scaleX: 40, y: 40)
        let copied = frame { canvas in canvas.withTransform(zoom) { canvas.draw(stamp, at: CGPoint(x: 0.5, y: 0.5)) } }
        let drawn = frame { canvas in
            canvas.withTransform(CGAffineTransform(translationX: 0.5, y: 0.5).concatenating(zoom)) { self.disc(canvas) }
        }
        XCTAssertEqual(largestChannelDifference(copied, drawn), 0)
        XCTAssertEqual(renders(), 1)
    }
}
