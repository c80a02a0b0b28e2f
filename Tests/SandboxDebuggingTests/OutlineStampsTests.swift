import CairoRenderer
@testable import SandboxDebugging
import UIKit
import XCTest

/// The frames overlay's model outlines, copied: the pixels of the dashed outline stroked
/// in place, one rendering per shape, and in place where a copy cannot be exact.
@MainActor
final class OutlineStampsTests: XCTestCase {
    private let yellow = Canvas.Color(red: 0.95, green: 0.8, blue: 0.1)
    private let dash = Canvas.Dash(on: 6, off: 4)

    private func frame(scale: CGFloat = 1, rects: [CGRect] = [], _ body: (Canvas) -> Void) -> FrameBuffer {
        let size = CGSize(width: 240, height: 200)
        let buffer = FrameBuffer(pointSize: size, scale: scale)
        buffer.draw(eachOf: rects) { canvas in
            canvas.fill(CGRect(origin: .zero, size: size), with: .white)
            body(canvas)
        }
        return buffer
    }

    /// On the quarter-pixel grid (a view at x.5, y.25, as the touch-spots scene puts
    /// them), the copy has the stroke's pixels within one level, at scale 1 and 2, and
    /// in every damage rectangle it is cut by.
    func testACopiedOutlineHasTheStrokedOutlinesPixels() async {
        // Sides that are no whole number of dash periods: the dashes show where they start.
        let quad = Quad(CGRect(x: 70.5, y: 40.25, width: 100, height: 73), through: .identity)
        let pieces = [CGRect(x: 60, y: 30, width: 52, height: 52), CGRect(x: 112, y: 30, width: 70, height: 130),
                      CGRect(x: 60, y: 82, width: 52, height: 78)]
        for scale in [1.0, 2.0] {
            for rects in [[], pieces] {
                let stamps = OutlineStamps(color: yellow, lineWidth: 2, dash: dash)
                let copied = frame(scale: scale, rects: rects) { stamps.draw(quad, in: $0) }
                let stroked = frame(scale: scale, rects: rects) {
                    $0.strokePolygon(quad, with: yellow, lineWidth: 2, dash: dash)
                }
                XCTAssertLessThanOrEqual(copied.largestChannelDifference(from: stroked), 1, "× \(scale), \(rects.count) rectangles")
                XCTAssertEqual(stamps.count, 1)
                XCTAssertNotEqual(copied.makeImage().pixel(x: Int(70.5 * scale), y: Int(60 * scale)).blue, 255,
                                  "the left side is drawn")
            }
        }
    }

    /// One rendering serves every outline of a shape, wherever it is; another shape, or
    /// the same size dashed from another corner, is another rendering; past `capacity`
    /// shapes all are dropped.
    func testOneRenderingPerShape() async {
        let stamps = OutlineStamps(color: yellow, lineWidth: 2, dash: dash)
        _ = frame {
            stamps.draw(Quad(CGRect(x: 10, y: 10, width: 100, height: 100), through: .identity), in: $0)
            stamps.draw(Quad(CGRect(x: 120, y: 60, width: 100, height: 100), through: .identity), in: $0)
        }
        XCTAssertEqual(stamps.count, 1)
        _ = frame {
            stamps.draw(Quad(CGRect(x: 10, y: 10, width: 60, height: 100), through: .identity), in: $0)
            // Flipped: the dashes start at another corner.
            stamps.draw(Quad(CGRect(x: 10, y: 10, width: 100, height: 100), through: CGAffineTransform(scaleX: -1, y: 1)
                .translatedBy(x: -200, y: 0)), in: $0)
        }
        XCTAssertEqual(stamps.count, 3)
        _ = frame { canvas in
            for width in 1...OutlineStamps.capacity {
                let rect = CGRect(x: 10, y: 10, width: CGFloat(width * 10), height: 40)
                stamps.draw(Quad(rect, through: .identity), in: canvas)
            }
        }
        XCTAssertLessThanOrEqual(stamps.count, OutlineStamps.capacity)
    }

    /// A rotated outline, and one too large to keep, are stroked in place: the same
    /// pixels exactly, and nothing kept.
    func testRotatedAndLargeOutlinesAreStrokedInPlace() async {
        let rotated = Quad(CGRect(x: -30, y: -20, width: 60, height: 40),
                           through: CGAffineTransform(rotationAngle: 0.4).concatenating(CGAffineTransform(translationX: 120, y: 100)))
        let large = Quad(CGRect(x: -20, y: 4, width: 280, height: 190), through: .identity)
        for quad in [rotated, large] {
            let stamps = OutlineStamps(color: yellow, lineWidth: 2, dash: dash)
            let drawn = frame { stamps.draw(quad, in: $0) }
            let stroked = frame { $0.strokePolygon(quad, with: yellow, lineWidth: 2, dash: dash) }
            XCTAssertEqual(drawn.largestChannelDifference(from: stroked), 0)
            XCTAssertEqual(stamps.count, 0)
        }
    }
}
