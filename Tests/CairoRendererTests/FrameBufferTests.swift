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
}
