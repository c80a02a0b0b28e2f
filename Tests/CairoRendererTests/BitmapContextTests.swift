import CairoRenderer
import UIKit
import XCTest

/// Bitmap contexts through the Cairo engine: layouts, orientation, copying back into the
/// caller's memory, and what happens without an engine.
final class BitmapContextTests: RenderingTestCase {
    private let rgba = CGImageAlphaInfo.premultipliedLast.rawValue

    func testRGBAContextIsYUpWithTheFirstRowAtTheTop() async throws {
        let context = try XCTUnwrap(CGContext(
            data: nil, width: 4, height: 4, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
        XCTAssertEqual(context.bytesPerRow, 16)
        XCTAssertEqual(context.alphaInfo, .premultipliedLast)
        context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
        context.fill(CGRect(x: 0, y: 0, width: 4, height: 1))  // y = 0 is the bottom row
        let bytes = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes + 3 * 16, count: 4)), [255, 0, 0, 255],
                       "RGBA bytes in the last row of memory")
        XCTAssertEqual(Array(UnsafeBufferPointer(start: bytes, count: 4)), [0, 0, 0, 0])
        let image = try XCTUnwrap(context.makeImage())
        XCTAssertEqual(image.pixel(x: 0, y: 3).red, 255, "an image's rows run from the top")
    }

    func testHalfTransparentPaintIsPremultiplied() async throws {
        var pixel: [UInt8] = [0, 0, 0, 0]
        try pixel.withUnsafeMutableBytes { buffer in
            let context = try XCTUnwrap(CGContext(
                data: buffer.baseAddress, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 4,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
            context.setFillColor(CGColor(red: 0, green: 0, blue: 1, alpha: 1))
            context.setAlpha(0.5)
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
        }
        XCTAssertEqual(pixel[0], 0)
        XCTAssertEqual(Int(pixel[2]), 128, accuracy: 1)
        XCTAssertEqual(Int(pixel[3]), 128, accuracy: 1)
    }

    func testAlphaOnlyContextWithOneByteRowsIsWrittenBackAfterEachPaint() async throws {
        // Cairo's rows are 4-byte aligned; this 3 × 2 bitmap's are 3 bytes.
        let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 6)
        defer { memory.deallocate() }
        memory.initialize(repeating: 7, count: 6)
        let context = try XCTUnwrap(CGContext(
            data: memory, width: 3, height: 2, bitsPerComponent: 8, bytesPerRow: 3, space: nil,
            bitmapInfo: CGImageAlphaInfo.alphaOnly.rawValue))
        context.setFillColor(CGColor(gray: 0, alpha: 1))
        context.fill(CGRect(x: 1, y: 0, width: 1, height: 1))  // bottom row, middle
        XCTAssertEqual(Array(UnsafeBufferPointer(start: memory, count: 6)), [7, 7, 7, 7, 255, 7],
                       "what was there is kept, the paint is in memory at once")
    }

    func testEveryByteOrderPutsTheComponentsWhereCoreGraphicsDoes() async throws {
        let cases: [(UInt32, CGImageAlphaInfo, [UInt8])] = [
            (CGImageAlphaInfo.premultipliedLast.rawValue, .premultipliedLast, [255, 0, 0, 255]),
            (CGImageAlphaInfo.premultipliedLast.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, .premultipliedLast,
             [255, 0, 0, 255].reversed()),
            (CGImageAlphaInfo.premultipliedFirst.rawValue, .premultipliedFirst, [255, 255, 0, 0]),
            (CGImageAlphaInfo.premultipliedFirst.rawValue | CGBitmapInfo.byteOrder32Little.rawValue, .premultipliedFirst,
             [0, 0, 255, 255]),
            (CGImageAlphaInfo.noneSkipLast.rawValue, .noneSkipLast, [255, 0, 0, 255]),
        ]
        for (info, alphaInfo, bytes) in cases {
            let context = try XCTUnwrap(CGContext(
                data: nil, width: 1, height: 1, bitsPerComponent: 8, bytesPerRow: 0,
                space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: info))
            XCTAssertEqual(context.alphaInfo, alphaInfo)
            context.setFillColor(CGColor(red: 1, green: 0, blue: 0, alpha: 1))
            context.fill(CGRect(x: 0, y: 0, width: 1, height: 1))
            let memory = try XCTUnwrap(context.data).assumingMemoryBound(to: UInt8.self)
            XCTAssertEqual(Array(UnsafeBufferPointer(start: memory, count: 4)), bytes, "bitmap info \(info)")
        }
    }

    func testUnsupportedLayoutsAreNilWithADebugLine() async {
        XCTAssertNil(CGContext(data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.last.rawValue))
        XCTAssertNil(CGContext(data: nil, width: 0, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
                               space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
        XCTAssertEqual(DrawingDebug.loggedLines.count, 2)
        XCTAssertTrue(DrawingDebug.loggedLines[0].contains("premultiplied alpha only"), DrawingDebug.loggedLines[0])
    }

    func testWithoutAnEngineAContextIsMadeThatDrawsNothing() async throws {
        CGContext.drawingEngine = nil
        let context = try XCTUnwrap(CGContext(
            data: nil, width: 2, height: 2, bitsPerComponent: 8, bytesPerRow: 0,
            space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: rgba))
        context.fill(CGRect(x: 0, y: 0, width: 2, height: 2))
        XCTAssertEqual(context.makeImage()?.pixel(x: 0, y: 0).alpha, 0)
        XCTAssertEqual(DrawingDebug.loggedLines.map { TouchLogging.parts(of: $0)?.text }, ["drawing: no drawing engine installed: the 2 × 2 bitmap context draws nothing"])
        let renderer = UIGraphicsImageRenderer(size: CGSize(width: 3, height: 3))
        XCTAssertEqual(renderer.image { $0.fill(CGRect(x: 0, y: 0, width: 3, height: 3)) }.size, CGSize(width: 3, height: 3),
                       "UIKit drawing still returns an image, a blank one")
    }

    func testImageContextsAreYDownPointsAtTheirScale() async throws {
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 10, height: 10), false, 2)
        UIColor.blue.setFill()
        UIBezierPath(rect: CGRect(x: 0, y: 0, width: 10, height: 2)).fill()  // the top strip
        let image = try XCTUnwrap(UIGraphicsGetImageFromCurrentImageContext())
        UIGraphicsEndImageContext()
        XCTAssertNil(UIGraphicsGetCurrentContext())
        XCTAssertEqual(image.size, CGSize(width: 10, height: 10))
        XCTAssertEqual(image.scale, 2)
        let cgImage = try XCTUnwrap(image.cgImage)
        XCTAssertEqual(cgImage.width, 20)
        XCTAssertEqual(cgImage.pixel(x: 10, y: 3).blue, 255, "the top strip is at the top")
        XCTAssertEqual(cgImage.pixel(x: 10, y: 5).alpha, 0)
    }

    func testImagesDrawUprightThroughUIImageAndCroppingKeepsTheRightPixels() async throws {
        let quadrants = try XCTUnwrap(TestImages.quadrants())
        let format = UIGraphicsImageRendererFormat()
        format.scale = 1
        let drawn = UIGraphicsImageRenderer(size: CGSize(width: 40, height: 20), format: format).image { _ in
            UIImage(cgImage: quadrants).draw(at: .zero)
        }
        let pixels = try XCTUnwrap(drawn.cgImage)
        XCTAssertEqual(pixels.pixel(x: 5, y: 5).red, 255, "red stays top left")
        XCTAssertEqual(pixels.pixel(x: 5, y: 15).blue, 255, "blue stays bottom left")
        let cropped = try XCTUnwrap(quadrants.cropping(to: CGRect(x: 20, y: 0, width: 20, height: 10)))
        XCTAssertEqual(cropped.width, 20)
        XCTAssertEqual(cropped.pixel(x: 0, y: 0).green, 255)
        XCTAssertNil(quadrants.cropping(to: CGRect(x: 50, y: 50, width: 5, height: 5)))
    }
}
