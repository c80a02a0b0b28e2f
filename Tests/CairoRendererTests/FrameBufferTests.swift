import CairoRenderer
import CoreGraphics
import XCTest

/// Frame buffers of sizes Cairo cannot make are refused with an error naming the size,
/// never made empty.
final class FrameBufferTests: XCTestCase {
    func testASideBeyondCairosLimitThrowsNamingTheSizeAndTheLimit() {
        XCTAssertThrowsError(try FrameBuffer(validatingPointSize: CGSize(width: 16384, height: 64), scale: 2)) { error in
            XCTAssertEqual(error as? RendererError, .cannotCreateFrameBuffer(
                pointSize: CGSize(width: 16384, height: 64), scale: 2, reason: "each side must be 1 to 32767 device pixels"))
            XCTAssertEqual("\(error)",
                           "cannot make a frame buffer of 16384x64 points at scale 2: each side must be 1 to 32767 device pixels")
        }
    }

    func testTheLargestSideIsAccepted() throws {
        let buffer = try FrameBuffer(validatingPointSize: CGSize(width: 32767, height: 1), scale: 1)
        XCTAssertEqual(buffer.pixelWidth, 32767)
        XCTAssertEqual(buffer.pixelHeight, 1)
        XCTAssertEqual(buffer.stride, 32767 * 4)
    }

    func testPixelSizeRoundsClampsToOnePixelAndRefusesWhatNoBufferCanHave() {
        XCTAssertTrue(FrameBuffer.pixelSize(forPointSize: CGSize(width: 400.3, height: 0), scale: 2)! == (801, 1))
        XCTAssertTrue(FrameBuffer.pixelSize(forPointSize: CGSize(width: 16383.5, height: 10), scale: 2)! == (32767, 20))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: 16384, height: 10), scale: 2))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: 10, height: 40000), scale: 1))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: CGFloat.nan, height: 10), scale: 1))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: 10, height: CGFloat.infinity), scale: 1))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: 10, height: 10), scale: 0))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: 10, height: 10), scale: -1))
        XCTAssertNil(FrameBuffer.pixelSize(forPointSize: CGSize(width: 10, height: 10), scale: .nan))
    }

    /// `draw(eachOf:)` runs the drawing once per rectangle, in window points, on a canvas
    /// whose extent is that rectangle (rounded out to device pixels), and changes nothing
    /// outside the rectangles; an overlap is drawn twice to the same pixels.
    func testDrawEachOfDrawsEveryRectangleOnItsOwnAndNothingElse() {
        let buffer = FrameBuffer(pointSize: CGSize(width: 20, height: 10), scale: 2)
        buffer.draw { canvas in canvas.fill(CGRect(x: 0, y: 0, width: 20, height: 10), with: Canvas.Color(hex: 0x0000FF)) }
        var extents: [CGRect?] = []
        buffer.draw(eachOf: [CGRect(x: 1.2, y: 1, width: 3, height: 2), CGRect(x: 3, y: 2, width: 4, height: 4)]) { canvas in
            extents.append(canvas.clipRectangles?.first)
            canvas.clear()
            // Translucent: drawn twice over the same backdrop it reads the same.
            canvas.fill(CGRect(x: 0, y: 0, width: 20, height: 10), with: Canvas.Color(hex: 0xFF0000).withAlpha(0.5))
        }
        XCTAssertEqual(extents, [CGRect(x: 1, y: 1, width: 3.5, height: 2), CGRect(x: 3, y: 2, width: 4, height: 4)])
        let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * buffer.stride / 4 + x] }
        XCTAssertEqual(pixel(0, 0), 0xFF00_00FF, "outside: untouched")
        XCTAssertEqual(pixel(2, 2), 0x8080_0000, "inside the first")
        XCTAssertEqual(pixel(7, 4), 0x8080_0000, "in the overlap")
        XCTAssertEqual(pixel(13, 11), 0x8080_0000, "inside the second")
        XCTAssertEqual(pixel(14, 11), 0xFF00_00FF, "just right of the second")
        XCTAssertEqual(pixel(9, 2), 0xFF00_00FF, "just right of the first, above the second")
    }

    /// A rectangle's covering pixels are rounded out and cut to the frame; one that
    /// leaves nothing, is null or has an edge that is not a number has none, and one
    /// far outside (or infinite) is cut like one just past the edge.
    func testThePixelsCoveringARectangle() {
        let buffer = FrameBuffer(pointSize: CGSize(width: 20, height: 10), scale: 2)
        XCTAssertEqual(buffer.pixelRect(covering: CGRect(x: 10.3, y: 5, width: 4.2, height: 3)),
                       FrameBuffer.PixelRect(x: 20, y: 10, width: 9, height: 6))
        XCTAssertEqual(buffer.pixelRect(covering: CGRect(x: -3, y: 8, width: 5, height: 10)),
                       FrameBuffer.PixelRect(x: 0, y: 16, width: 4, height: 4))
        XCTAssertEqual(buffer.pixelRect(covering: .infinite), FrameBuffer.PixelRect(x: 0, y: 0, width: 40, height: 20))
        XCTAssertEqual(buffer.pixelRect(covering: CGRect(x: -1e300, y: 0, width: 2e300, height: 1)),
                       FrameBuffer.PixelRect(x: 0, y: 0, width: 40, height: 2))
        XCTAssertNil(buffer.pixelRect(covering: CGRect(x: 20, y: 0, width: 5, height: 5)), "right of the frame")
        XCTAssertNil(buffer.pixelRect(covering: CGRect(x: 1e300, y: 0, width: 5, height: 5)))
        XCTAssertNil(buffer.pixelRect(covering: CGRect(x: -1e300, y: 0, width: 5, height: 5)))
        XCTAssertNil(buffer.pixelRect(covering: CGRect(x: 2, y: 2, width: 0, height: 5)), "empty")
        XCTAssertNil(buffer.pixelRect(covering: .null))
        XCTAssertNil(buffer.pixelRect(covering: CGRect(x: CGFloat.nan, y: 0, width: 5, height: 5)))
    }

    /// Drawing over rectangles keeps the frame's pixels under what is not drawn, draws
    /// once where they overlap (a translucent fill is not doubled), touches nothing
    /// outside their covering pixels, and hands those pixels back.
    func testDrawOverDrawsOnceWithinTheRectanglesOverTheFrame() {
        let buffer = FrameBuffer(pointSize: CGSize(width: 20, height: 10), scale: 2)
        buffer.draw { canvas in canvas.fill(CGRect(x: 0, y: 0, width: 20, height: 10), with: Canvas.Color(hex: 0x0000FF)) }
        var runs = 0
        let drawn = buffer.draw(over: [CGRect(x: 1.2, y: 1, width: 3, height: 2), CGRect(x: 3, y: 2, width: 4, height: 4),
                                       CGRect(x: 30, y: 0, width: 2, height: 2)]) { canvas in
            runs += 1
            canvas.fill(CGRect(x: 0, y: 0, width: 20, height: 10), with: Canvas.Color(hex: 0xFF0000).withAlpha(0.5))
        }
        XCTAssertEqual(runs, 1)
        XCTAssertEqual(drawn, [FrameBuffer.PixelRect(x: 2, y: 2, width: 7, height: 4),
                               FrameBuffer.PixelRect(x: 6, y: 4, width: 8, height: 8)])
        let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * buffer.stride / 4 + x] }
        // Half red over blue, premultiplied: the red half, the blue half left.
        let over = pixel(2, 2)
        XCTAssertEqual(over, 0xFF80_007F)
        XCTAssertEqual(pixel(7, 4), over, "in the overlap: once")
        XCTAssertEqual(pixel(13, 11), over, "inside the second")
        XCTAssertEqual(pixel(0, 0), 0xFF00_00FF, "outside: untouched")
        XCTAssertEqual(pixel(14, 11), 0xFF00_00FF, "just right of the second")
        XCTAssertEqual(pixel(9, 2), 0xFF00_00FF, "just right of the first, above the second")
        XCTAssertEqual(buffer.draw(over: [CGRect(x: 30, y: 0, width: 2, height: 2)]) { _ in runs += 1 }, [])
        XCTAssertEqual(runs, 1, "nothing to draw over: not run")
    }

    func testEachRectangleIsHandedOnInPixelsAsSoonAsItIsInTheFrameAndTheWholeFrameOnce() {
        let buffer = FrameBuffer(pointSize: CGSize(width: 20, height: 10), scale: 2)
        let pixels = buffer.pixels.assumingMemoryBound(to: UInt32.self)
        func pixel(_ x: Int, _ y: Int) -> UInt32 { pixels[y * buffer.stride / 4 + x] }
        var handed: [FrameBuffer.PixelRect] = []
        // What each hand-over finds at the rectangles' top-left pixels: the first drawn,
        // the second not yet.
        var seen: [[UInt32]] = []
        let red = Canvas.Color(hex: 0xFF0000)
        buffer.draw(eachOf: [CGRect(x: 1.2, y: 1, width: 3, height: 2), CGRect(x: 12, y: 5, width: 4, height: 4.6),
                             CGRect(x: 30, y: 0, width: 5, height: 5)],
                    drawn: { rect in
                        handed.append(rect)
                        seen.append([pixel(2, 2), pixel(24, 10)])
                    }) { canvas in
            canvas.fill(CGRect(x: 0, y: 0, width: 20, height: 10), with: red)
        }
        // Rounded out to whole pixels and cut to the frame; the one outside it is skipped.
        XCTAssertEqual(handed, [FrameBuffer.PixelRect(x: 2, y: 2, width: 7, height: 4),
                                FrameBuffer.PixelRect(x: 24, y: 10, width: 8, height: 10)])
        XCTAssertEqual(seen, [[0xFFFF_0000, 0], [0xFFFF_0000, 0xFFFF_0000]])

        handed = []
        buffer.draw(eachOf: [], drawn: { handed.append($0) }) { canvas in canvas.fill(CGRect(x: 0, y: 0, width: 1, height: 1), with: red) }
        XCTAssertEqual(handed, [FrameBuffer.PixelRect(x: 0, y: 0, width: 40, height: 20)])
    }

    /// Two frames' largest byte difference: none for the same drawing, the colour step
    /// for one pixel drawn apart.
    @MainActor
    func testTheLargestChannelDifferenceOfTwoFrames() async {
        func frame(_ grey: Double) -> FrameBuffer {
            let buffer = FrameBuffer(pointSize: CGSize(width: 8, height: 4), scale: 1)
            buffer.draw { canvas in
                canvas.fill(CGRect(x: 0, y: 0, width: 8, height: 4), with: .white)
                canvas.fill(CGRect(x: 5, y: 2, width: 1, height: 1), with: Canvas.Color(red: grey, green: grey, blue: grey))
            }
            return buffer
        }
        XCTAssertEqual(frame(1).largestChannelDifference(from: frame(1)), 0)
        XCTAssertEqual(frame(1).largestChannelDifference(from: frame(0.6)), 102, "255 against 153")
    }
}
