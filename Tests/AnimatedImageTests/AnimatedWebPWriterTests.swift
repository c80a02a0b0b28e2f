import AnimatedImage
import CairoRenderer
import CoreGraphics
import Foundation
import XCTest

/// Animations are checked by decoding them again with libwebp's own decoder: the
/// canvas, the frames and their times, and the pixels a viewer would see.
final class AnimatedWebPWriterTests: XCTestCase {
    typealias Pixel = DecodedAnimation.Pixel

    // MARK: - Round trips

    /// Lossless frames come back exactly, straight colour from Cairo's premultiplied
    /// pixels, each frame at its time and for its duration.
    func testLosslessFramesDecodeExactlyAtTheirTimes() throws {
        let writer = try AnimatedWebPWriter(width: 64, height: 48, lossless: true)
        // A half-transparent red, premultiplied: 0x80 alpha, 0x40 red is straight 0x80.
        let colours: [UInt32] = [0xFF_20_40_60, 0xFF_FF_FF_00, 0x80_40_00_00]
        for (index, colour) in colours.enumerated() {
            let frame = filledFrame(width: 64, height: 48, with: 0xFF_00_00_FF)
            fill(frame, x: 10 + index * 10, y: 5, width: 8, height: 8, with: colour)
            try writer.add(frame, at: [0, 0.25, 0.6][index])
        }
        let animation = try XCTUnwrap(DecodedAnimation(webP: writer.finish(lastFrameDuration: 0.15)))

        XCTAssertEqual(animation.width, 64)
        XCTAssertEqual(animation.height, 48)
        XCTAssertEqual(animation.loopCount, 0, "loops forever")
        XCTAssertEqual(animation.frames.map(\.time), [0, 0.25, 0.6])
        XCTAssertEqual(animation.frames.map(\.duration), [0.25, 0.35, 0.15])
        let blue = Pixel(red: 0, green: 0, blue: 255)
        let expected = [Pixel(red: 0x20, green: 0x40, blue: 0x60), Pixel(red: 255, green: 255, blue: 0),
                        Pixel(red: 0x80, green: 0, blue: 0, alpha: 0x80)]
        for (index, frame) in animation.frames.enumerated() {
            XCTAssertEqual(frame.pixel(x: 12 + index * 10, y: 8), expected[index], "frame \(index)")
            XCTAssertEqual(frame.pixel(x: 0, y: 0), blue, "frame \(index)")
            XCTAssertEqual(frame.pixel(x: 63, y: 47), blue, "frame \(index)")
            // The rectangle of the frame before is gone (each frame is the whole canvas).
            if index > 0 { XCTAssertEqual(frame.pixel(x: 2 + index * 10, y: 8), blue, "frame \(index)") }
        }
    }

    /// Lossy frames drawn with Cairo come back within a few levels; the first frame's
    /// time, whatever it is, is the animation's start.
    func testLossyDrawnFramesDecodeCloseToTheirColours() throws {
        let writer = try AnimatedWebPWriter(width: 200, height: 100)
        for step in 0..<4 {
            try writer.add(drawnFrame(width: 200, height: 100, spotAt: CGFloat(30 + step * 40)),
                           at: 1 + Double(step) * 0.1)
        }
        let animation = try XCTUnwrap(DecodedAnimation(webP: writer.finish()))

        XCTAssertEqual(animation.width, 200)
        XCTAssertEqual(animation.height, 100)
        XCTAssertEqual(animation.frames.map(\.time), [0, 0.1, 0.2, 0.3])
        XCTAssertEqual(animation.frames.map(\.duration), [0.1, 0.1, 0.1, 0.1])
        for (step, frame) in animation.frames.enumerated() {
            let spotX = 30 + step * 40
            assertClose(frame.pixel(x: spotX, y: 60), Pixel(red: 255, green: 59, blue: 48), "spot of frame \(step)")
            assertClose(frame.pixel(x: spotX, y: 10), Pixel(red: 0, green: 122, blue: 255), "bar of frame \(step)")
            assertClose(frame.pixel(x: spotX + 20, y: 90), Pixel(red: 242, green: 242, blue: 247),
                        "background of frame \(step)")
            if step > 0 {
                assertClose(frame.pixel(x: spotX - 40, y: 60), Pixel(red: 242, green: 242, blue: 247),
                            "where the spot was before frame \(step)")
            }
        }
    }

    /// A frame identical to the one before adds nothing: the one before lasts longer.
    func testIdenticalFramesInARowBecomeOneLongerFrame() throws {
        let writer = try AnimatedWebPWriter(width: 32, height: 32, lossless: true)
        try writer.add(filledFrame(width: 32, height: 32, with: 0xFF_FF_00_00), at: 0)
        try writer.add(filledFrame(width: 32, height: 32, with: 0xFF_FF_00_00), at: 0.1)
        try writer.add(filledFrame(width: 32, height: 32, with: 0xFF_00_FF_00), at: 0.3)
        let data = try writer.finish(lastFrameDuration: 0.05)
        let animation = try XCTUnwrap(DecodedAnimation(webP: data))

        XCTAssertEqual(DecodedAnimation.frameCount(of: data), 2)
        XCTAssertEqual(animation.frames.map(\.time), [0, 0.3])
        XCTAssertEqual(animation.frames.map(\.duration), [0.3, 0.05])
        XCTAssertEqual(animation.frames[0].pixel(x: 16, y: 16), Pixel(red: 255, green: 0, blue: 0))
        XCTAssertEqual(animation.frames[1].pixel(x: 16, y: 16), Pixel(red: 0, green: 255, blue: 0))
    }

    /// A still recording costs one frame whatever its length; a moving spot costs each
    /// frame its change.
    func testAHundredIdenticalFramesAreMuchSmallerThanAHundredDifferentOnes() throws {
        let still = try AnimatedWebPWriter(width: 320, height: 240)
        let moving = try AnimatedWebPWriter(width: 320, height: 240)
        let unchanging = drawnFrame(width: 320, height: 240, spotAt: 40)
        for index in 0..<100 {
            try still.add(unchanging, at: Double(index) / 30)
            try moving.add(drawnFrame(width: 320, height: 240, spotAt: 40 + CGFloat(index * 2)), at: Double(index) / 30)
        }
        let stillData = try still.finish()
        let movingData = try moving.finish()

        XCTAssertEqual(DecodedAnimation.frameCount(of: stillData), 1)
        XCTAssertEqual(DecodedAnimation.frameCount(of: movingData), 100)
        XCTAssertLessThan(stillData.count * 20, movingData.count,
                          "still \(stillData.count) bytes, moving \(movingData.count) bytes")
    }

    func testWriteToAFileWritesTheAnimation() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("recording.webp")
        let writer = try AnimatedWebPWriter(width: 40, height: 30, lossless: true)
        try writer.add(filledFrame(width: 40, height: 30, with: 0xFF_00_00_00), at: 0)
        try writer.add(filledFrame(width: 40, height: 30, with: 0xFF_FF_FF_FF), at: 0.5)
        try writer.write(to: url, lastFrameDuration: 1)

        let data = try Data(contentsOf: url)
        XCTAssertEqual(data.prefix(4), Data("RIFF".utf8))
        XCTAssertEqual(data.dropFirst(8).prefix(4), Data("WEBP".utf8))
        let animation = try XCTUnwrap(DecodedAnimation(webP: data))
        XCTAssertEqual(animation.frames.map(\.duration), [0.5, 1])
        XCTAssertEqual(animation.frames[1].pixel(x: 39, y: 29), Pixel(red: 255, green: 255, blue: 255))
    }

    func testDataThatIsNotWebPDecodesToNil() {
        XCTAssertNil(DecodedAnimation(webP: Data("not an image".utf8)))
        XCTAssertNil(DecodedAnimation.frameCount(of: Data()))
    }

    // MARK: - Errors

    func testAFrameOfAnotherSizeIsRefusedNamingBothSizes() throws {
        let writer = try AnimatedWebPWriter(width: 1024, height: 768)
        try writer.add(filledFrame(width: 1024, height: 768, with: 0xFF_00_00_00), at: 0)
        try writer.add(filledFrame(width: 1024, height: 768, with: 0xFF_FF_00_00), at: 1)
        try writer.add(filledFrame(width: 1024, height: 768, with: 0xFF_00_FF_00), at: 2)
        assertError("frame 3 is 640x480, the animation is 1024x768") {
            try writer.add(filledFrame(width: 640, height: 480, with: 0xFF_00_00_00), at: 3)
        }
        // The refused frame changed nothing: the next one is still frame 3.
        try writer.add(filledFrame(width: 1024, height: 768, with: 0xFF_00_00_FF), at: 3)
        XCTAssertEqual(DecodedAnimation.frameCount(of: try writer.finish()), 4)
    }

    func testTimesThatDoNotIncreaseAreRefused() throws {
        let writer = try AnimatedWebPWriter(width: 8, height: 8)
        let frame = filledFrame(width: 8, height: 8, with: 0xFF_00_00_00)
        try writer.add(frame, at: 1.5)
        assertError("frame times must increase: 1.2 s after 1.5 s") { try writer.add(frame, at: 1.2) }
        assertError("frame times must increase: 1.5 s after 1.5 s") { try writer.add(frame, at: 1.5) }
        assertError("frame times must be at least 1 ms apart: 1.5004 s after 1.5 s") {
            try writer.add(frame, at: 1.5004)
        }
        assertError("frame 1's time must be 0 to 2147483 s, not -1 s") { try writer.add(frame, at: -1) }
        assertError("frame 1's time must be 0 to 2147483 s, not nan s") { try writer.add(frame, at: .nan) }
        try writer.add(frame, at: 1.501)
    }

    func testFinishingIsRefusedWithoutFramesTwiceOrWithoutADuration() throws {
        let empty = try AnimatedWebPWriter(width: 8, height: 8)
        assertError("an animation needs at least one frame") { _ = try empty.finish() }

        let writer = try AnimatedWebPWriter(width: 8, height: 8)
        let frame = filledFrame(width: 8, height: 8, with: 0xFF_00_00_00)
        try writer.add(frame, at: 0)
        assertError("the last frame must last at least 1 ms and end within 2147483 s, not 0 s") {
            _ = try writer.finish(lastFrameDuration: 0)
        }
        _ = try writer.finish(lastFrameDuration: 0.001)
        assertError("the animation is already finished") { _ = try writer.finish() }
        assertError("the animation is already finished") { try writer.add(frame, at: 1) }
    }

    func testSizesAndQualitiesOutOfRangeAreRefused() {
        assertError("an animation must be 1 to 16383 pixels a side, not 0x10") {
            _ = try AnimatedWebPWriter(width: 0, height: 10)
        }
        assertError("an animation must be 1 to 16383 pixels a side, not 16384x10") {
            _ = try AnimatedWebPWriter(width: 16384, height: 10)
        }
        assertError("quality must be 0 to 100, not 100.5") {
            _ = try AnimatedWebPWriter(width: 10, height: 10, quality: 100.5)
        }
    }

    func testAFileThatCannotBeWrittenIsNamedWithTheReason() throws {
        let path = "/nonexistent-\(UUID().uuidString)/recording.webp"
        let writer = try AnimatedWebPWriter(width: 8, height: 8)
        try writer.add(filledFrame(width: 8, height: 8, with: 0xFF_00_00_00), at: 0)
        assertError("cannot write \(path): the folder \((path as NSString).deletingLastPathComponent) does not exist; name a file in an existing folder") {
            try writer.write(to: URL(fileURLWithPath: path))
        }
    }

    // MARK: - Helpers

    /// A frame whose every pixel is `argb` (premultiplied, as Cairo stores it).
    private func filledFrame(width: Int, height: Int, with argb: UInt32) -> FrameBuffer {
        let frame = FrameBuffer(pointSize: CGSize(width: width, height: height), scale: 1)
        fill(frame, x: 0, y: 0, width: width, height: height, with: argb)
        return frame
    }

    private func fill(_ frame: FrameBuffer, x: Int, y: Int, width: Int, height: Int, with argb: UInt32) {
        for row in y..<(y + height) {
            let pixels = (frame.pixels + row * frame.stride).assumingMemoryBound(to: UInt32.self)
            for column in x..<(x + width) { pixels[column] = argb }
        }
    }

    /// A small UI: a background, a blue bar along the top and a red 30-point spot
    /// centred at (`spotX`, 60).
    private func drawnFrame(width: Int, height: Int, spotAt spotX: CGFloat) -> FrameBuffer {
        let frame = FrameBuffer(pointSize: CGSize(width: width, height: height), scale: 1)
        frame.draw { canvas in
            canvas.fill(CGRect(x: 0, y: 0, width: width, height: height), with: .init(hex: 0xF2F2F7))
            canvas.fill(CGRect(x: 0, y: 0, width: width, height: 20), with: .init(hex: 0x007AFF))
            canvas.fillCircle(center: CGPoint(x: spotX, y: 60), radius: 15, with: .init(hex: 0xFF3B30))
        }
        return frame
    }

    /// Lossy frames round colours a little: each channel within 8 of 255.
    private func assertClose(_ pixel: Pixel, _ expected: Pixel, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertLessThanOrEqual(pixel.distance(to: expected), 8, "\(message): \(pixel), expected \(expected)",
                                 file: file, line: line)
    }

    private func assertError(_ description: String, file: StaticString = #filePath, line: UInt = #line,
                             _ body: () throws -> Void) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertTrue(error is AnimatedImageError, "\(type(of: error))", file: file, line: line)
            XCTAssertEqual("\(error)", description, file: file, line: line)
        }
    }
}
