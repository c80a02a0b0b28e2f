// This file imports Testing beside UIKit: that it compiles at all is the first check of
// the cross-import overlay modules (`_Testing_UIKit`, `_Testing_CoreGraphics`), without
// which the compiler stops at "no such module '_Testing_UIKit'".
import CairoRenderer
import Testing
import UIKit
import UIKitTesting
import XCTest

/// Views and windows attached as pictures: the bytes Swift Testing writes are a PNG of
/// what the view shows, at the screen's scale, with the name a person gave it.
@MainActor
final class AttachmentPNGImageTests: XCTestCase {
    private var scale: CGFloat { UIScreen.main.scale }

    /// A 20 × 10 red view with a blue square in its right half.
    private func redAndBlueView() -> UIView {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 20, height: 10))
        view.backgroundColor = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
        let square = UIView(frame: CGRect(x: 10, y: 0, width: 10, height: 10))
        square.backgroundColor = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
        view.addSubview(square)
        return view
    }

    private func decodedPicture(of attachment: borrowing Attachment<PNGImage>) throws -> CGImage {
        let png = try attachment.withUnsafeBytes { Data($0) }
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "a PNG signature")
        return try XCTUnwrap(UIImage(data: png)?.cgImage)
    }

    func testAViewAttachesAsAPNGOfWhatItShows() async throws {
        let attachment = Attachment(redAndBlueView(), named: "two halves")
        XCTAssertEqual(attachment.preferredName, "two halves.png")

        let picture = try decodedPicture(of: attachment)
        XCTAssertEqual(picture.width, Int(20 * scale))
        XCTAssertEqual(picture.height, Int(10 * scale))
        XCTAssertTrue(picture.pixel(x: Int(5 * scale), y: Int(5 * scale)) == (255, 0, 0, 255))
        XCTAssertTrue(picture.pixel(x: Int(15 * scale), y: Int(5 * scale)) == (0, 0, 255, 255))
    }

    /// A button laid out before the engine that measures text was there (a test that
    /// never drew anything before its first picture): the picture lays it out again, so
    /// its title is not cut to the estimate's width. Found when a kiosk flow's first
    /// picture showed "Coff…".
    func testTextLaidOutBeforeTheEngineIsMeasuredAgainForThePicture() async throws {
        let installed = CGContext.drawingEngine
        defer { CGContext.drawingEngine = installed }
        CGContext.drawingEngine = nil
        let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 420, height: 100))
        let button = UIButton(type: .system)
        button.setTitle("Coffee", for: .normal)
        button.titleLabel?.font = .boldSystemFont(ofSize: 24)
        button.frame = CGRect(x: 0, y: 0, width: 420, height: 64)
        window.addSubview(button)
        window.layoutIfNeeded()
        let estimated = try XCTUnwrap(button.titleLabel).frame.width

        CairoDrawingEngine.install()
        _ = Attachment(window, named: "coffee")
        let label = try XCTUnwrap(button.titleLabel)
        let measured = label.sizeThatFits(CGSize(width: 420, height: 64)).width
        XCTAssertNotEqual(measured, estimated, "the estimate differs from the engine's measure")
        XCTAssertEqual(label.frame.width, measured, "laid out again by the engine's measure")
    }

    func testAnUnnamedViewIsNamedAfterItsClass() async {
        XCTAssertEqual(Attachment(UIWindow(frame: CGRect(x: 0, y: 0, width: 4, height: 4))).preferredName, "UIWindow.png")
    }

    /// The picture shows where an animation has the view now, not where it will end: what
    /// a person looking at the failing screen saw.
    func testAnAnimatingViewIsPicturedWhereItShows() async throws {
        let clock = ManualClock(now: 100)
        CAAnimationEngine.current.clock = clock
        defer { CAAnimationEngine.current.clock = MonotonicClock() }
        let view = redAndBlueView()
        let square = view.subviews[0]
        UIView.animate(withDuration: 1, delay: 0, options: [.curveLinear], animations: {
            square.frame.origin.x = 0
        }, completion: nil)
        clock.advance(by: 0.5)

        let picture = try decodedPicture(of: Attachment(view))
        // Halfway, the blue square covers x 5…15: red at 2, blue at 7 and at 12, red at 17.
        XCTAssertTrue(picture.pixel(x: Int(2 * scale), y: Int(5 * scale)) == (255, 0, 0, 255))
        XCTAssertTrue(picture.pixel(x: Int(7 * scale), y: Int(5 * scale)) == (0, 0, 255, 255))
        XCTAssertTrue(picture.pixel(x: Int(12 * scale), y: Int(5 * scale)) == (0, 0, 255, 255))
        XCTAssertTrue(picture.pixel(x: Int(17 * scale), y: Int(5 * scale)) == (255, 0, 0, 255))
    }
}
