import CWebP
import Foundation

/// A WebP file read back whole, each frame as the full canvas a player shows at that
/// moment: for checking what `AnimatedWebPWriter` wrote (tests, tools).
///
/// Every frame holds `width` × `height` × 4 bytes, so decode short or small animations
/// this way; `frameCount(of:)` reads the count without decoding.
public struct DecodedAnimation: Sendable {
    /// One pixel, straight (not premultiplied) colour, 0 to 255 a channel.
    public struct Pixel: Equatable, Sendable, CustomStringConvertible {
        public var red, green, blue, alpha: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// The largest difference of one channel between the two.
        public func distance(to other: Pixel) -> Int {
            max(abs(Int(red) - Int(other.red)), abs(Int(green) - Int(other.green)),
                abs(Int(blue) - Int(other.blue)), abs(Int(alpha) - Int(other.alpha)))
        }

        public var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
    }

    public struct Frame: Sendable {
        /// When the frame appears, in seconds from the animation's start, and how long
        /// it stays (both whole milliseconds, the file's unit).
        public let time: TimeInterval
        public let duration: TimeInterval
        /// Rows from the top, `width` RGBA pixels each, straight colour.
        public let rgba: [UInt8]
        let width: Int

        /// The pixel at `x`, `y` (from the top left); precondition: inside the canvas.
        public func pixel(x: Int, y: Int) -> Pixel {
            precondition(x >= 0 && x < width && y >= 0 && y * width * 4 < rgba.count,
                         "pixel \(x),\(y) is outside the canvas")
            let index = (y * width + x) * 4
            return Pixel(red: rgba[index], green: rgba[index + 1], blue: rgba[index + 2], alpha: rgba[index + 3])
        }
    }

    public let width: Int
    public let height: Int
    /// How many times the animation plays; 0 is forever.
    public let loopCount: Int
    public let frames: [Frame]

    /// The animation in `data` (a still WebP is one frame), or nil when `data` is not a
    /// WebP file libwebp can decode.
    public init?(webP data: Data) {
        var decoded: (width: Int, height: Int, loopCount: Int, frames: [Frame])?
        Self.withDecoder(data) { decoder, info in
            let width = Int(info.canvas_width), height = Int(info.canvas_height)
            var frames: [Frame] = []
            var start = 0
            var buffer: UnsafeMutablePointer<UInt8>?
            var end: Int32 = 0
            while WebPAnimDecoderHasMoreFrames(decoder) != 0 {
                // The timestamp the decoder gives is when the frame ends.
                guard WebPAnimDecoderGetNext(decoder, &buffer, &end) != 0, let buffer else { return }
                frames.append(Frame(
                    time: TimeInterval(start) / 1000, duration: TimeInterval(Int(end) - start) / 1000,
                    rgba: Array(UnsafeBufferPointer(start: buffer, count: width * height * 4)), width: width))
                start = Int(end)
            }
            decoded = (width, height, Int(info.loop_count), frames)
        }
        guard let decoded else { return nil }
        (width, height, loopCount, frames) = decoded
    }

    /// The number of frames in `data` as stored (identical frames in a row were merged
    /// when written), or nil when `data` is not a WebP file; decodes no pixels.
    public static func frameCount(of data: Data) -> Int? {
        var count: Int?
        withDecoder(data) { _, info in count = Int(info.frame_count) }
        return count
    }

    /// Runs `body` with a decoder of `data` and the animation's header, unless the
    /// header cannot be read.
    private static func withDecoder(_ data: Data, _ body: (OpaquePointer, WebPAnimInfo) -> Void) {
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var webPData = WebPData(bytes: base.assumingMemoryBound(to: UInt8.self), size: bytes.count)
            var options = WebPAnimDecoderOptions()
            guard WebPAnimDecoderOptionsInit(&options) != 0 else { return }
            options.color_mode = MODE_RGBA
            guard let decoder = WebPAnimDecoderNew(&webPData, &options) else { return }
            defer { WebPAnimDecoderDelete(decoder) }
            var info = WebPAnimInfo()
            guard WebPAnimDecoderGetInfo(decoder, &info) != 0 else { return }
            body(decoder, info)
        }
    }
}
