import CairoRenderer
import CoreGraphics
@testable import TouchSandbox
import UIKit
import XCTest

/// The contact sheet shows a run's changes, not its clock: identical frames count once,
/// a burst of change gets the frames, the last change is shown once however long the
/// run idles after it, and each frame is large enough to read a scene's status line.
@MainActor
final class ContactSheetTests: XCTestCase {
    override func setUp() async throws {
        CairoDrawingEngine.install()
    }

    /// A 1024 × 768 window, dark, with a light square whose left edge is at `x`.
    private func frame(squareAt x: Int) -> CGImage {
        let bitmapInfo = CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue
        let context = CGContext(data: nil, width: 1024, height: 768, bitsPerComponent: 8, bytesPerRow: 0,
                                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: bitmapInfo)!
        context.setFillColor(CGColor(red: 0.11, green: 0.11, blue: 0.12, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 1024, height: 768))
        context.setFillColor(CGColor(red: 0.9, green: 0.5, blue: 0.1, alpha: 1))
        context.fill(CGRect(x: x, y: 300, width: 120, height: 120))
        return context.makeImage()!
    }

    func testIdenticalFramesCountOnceAndTheLastChangeShowsOnce() async {
        var sheet = ContactSheet()
        let still = frame(squareAt: 100), moved = frame(squareAt: 400)
        for time in [0, 0.1, 0.2] { sheet.framePresented(at: time) { still } }
        for time in [0.3, 0.4, 2.5, 4.0] { sheet.framePresented(at: time) { moved } }
        XCTAssertEqual(sheet.candidates.map(\.time), [0, 0.3])
        XCTAssertEqual(sheet.frames.map(\.time), [0, 0.3], "the idle seconds after add nothing")
    }

    /// Two seconds idle, a burst of twenty moves in a fifth of a second, two seconds idle:
    /// the frames are the first, then spread through the burst, each different.
    func testABurstOfChangeGetsTheFrames() async {
        var sheet = ContactSheet()
        sheet.framePresented(at: 0) { frame(squareAt: 0) }
        sheet.framePresented(at: 2) { frame(squareAt: 0) }
        for step in 1...20 {
            sheet.framePresented(at: 2 + Double(step) * 0.01) { frame(squareAt: step * 40) }
        }
        sheet.framePresented(at: 4.2) { frame(squareAt: 800) }
        let times = sheet.frames.map(\.time)
        XCTAssertEqual(times.count, ContactSheet.frameCount)
        XCTAssertEqual(times.first, 0)
        XCTAssertEqual(times.last, 2.2)
        XCTAssertTrue(times.dropFirst().allSatisfy { $0 > 2 && $0 <= 2.2 }, "\(times)")
        XCTAssertEqual(Set(times).count, times.count, "no frame twice")
    }

    func testFramesAreKeptLargeEnoughToReadAndTheirNumberIsBounded() async {
        var sheet = ContactSheet()
        for step in 0..<100 { sheet.framePresented(at: Double(step) * 0.04) { frame(squareAt: step * 9) } }
        XCTAssertLessThanOrEqual(sheet.candidates.count, ContactSheet.keptLimit)
        XCTAssertEqual(sheet.candidates.first?.time, 0)
        XCTAssertEqual(sheet.candidates.last?.time ?? 0, 99 * 0.04, accuracy: 1e-9, "the last change is kept")
        let image = sheet.frames[0].image
        XCTAssertEqual(image.width, 640, "0.625 of the window: 15-point text is 9 pixels high")
        XCTAssertEqual(image.height, 480)
    }
}
