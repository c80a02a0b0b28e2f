import CairoRenderer
import Testing
import UIKit
import UIKitTesting
import XCTest

/// Images attach as PNG files of their pixels, named with a `.png` extension, and the
/// value is Sendable (Swift Testing 6.3 drops the name of a non-Sendable attachment).
@MainActor
final class PNGImageTests: XCTestCase {
    private func greenImage() -> UIImage {
        CairoDrawingEngine.install()
        let format = UIGraphicsImageRendererFormat()
        format.scale = 2
        return UIGraphicsImageRenderer(size: CGSize(width: 3, height: 2), format: format).image { context in
            UIColor(red: 0, green: 1, blue: 0, alpha: 1).setFill()
            context.fill(CGRect(x: 0, y: 0, width: 3, height: 2))
        }
    }

    func testAUIImageAttachesAsThePNGOfItsPixels() async throws {
        let attachment = Attachment(greenImage(), named: "green")
        requireSendable(attachment)  // compiles only while the attachment is Sendable
        XCTAssertEqual(attachment.preferredName, "green.png")
        let png = try attachment.withUnsafeBytes { Data($0) }
        let decoded = try XCTUnwrap(UIImage(data: png)?.cgImage)
        XCTAssertEqual(decoded.width, 6)
        XCTAssertEqual(decoded.height, 4)
        XCTAssertTrue(decoded.pixel(x: 5, y: 3) == (0, 255, 0, 255))
    }

    func testACGImageAttachesAsPNGAndKeepsAnExtensionItWasGiven() async throws {
        let image = try XCTUnwrap(greenImage().cgImage)
        let attachment = Attachment(image, named: "already.PNG")
        XCTAssertEqual(attachment.preferredName, "already.PNG")
        let png = try attachment.withUnsafeBytes { Data($0) }
        XCTAssertEqual(try XCTUnwrap(UIImage(data: png)?.cgImage).width, 6)
    }

    func testAnImageWithoutPixelsIsRefusedWithAReason() async {
        let attachment = Attachment(UIImage(), named: "nothing")
        XCTAssertNil(attachment.attachableValue.estimatedAttachmentByteCount)
        XCTAssertThrowsError(try attachment.withUnsafeBytes { $0.count }) { error in
            XCTAssertEqual(
                String(describing: error),
                "the image has no pixels (its cgImage is nil): make it from a CGImage or a UIGraphicsImageRenderer")
        }
    }
}

/// A compile-time check: the call compiles only for a `Sendable` argument.
private func requireSendable<T: Sendable>(_ value: borrowing T) {}
