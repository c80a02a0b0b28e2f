import CWebP
import CairoRenderer
import FileSafety
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Writes frame buffers as an animated WebP file, which browsers and GitHub show as a
/// moving image: a window recorded headless can be looked at without the sandbox.
///
/// Add frames in time order with `add(_:at:)`, then `finish(lastFrameDuration:)` (the
/// file's bytes) or `write(to:lastFrameDuration:)`. Each frame is encoded when it is
/// added, so memory stays at a few frames whatever the length of the recording.
///
/// What the file holds:
/// - Only what changed since the frame before is stored (the encoder cuts each frame to
///   the rectangle that differs), and a frame that changes nothing adds no frame at all:
///   the one before is shown longer. A recording that never changes is one still image,
///   with no timing. So the decoded animation may have fewer frames than were added,
///   but each moment shows what was added for it.
/// - Times are kept to the millisecond, the file's unit. The first frame starts the
///   animation whatever its time; each frame is shown until the next one's time, the
///   last for `lastFrameDuration`. The animation loops forever.
/// - Lossy frames (the default) may be off by a few levels of 255 per channel, and a
///   change of less than a few levels from one frame to the next may be dropped (the
///   encoder counts such pixels as unchanged); lossless frames are exact.
///
/// Encoder settings, chosen for UI screen recordings (mostly still frames with small
/// changes, flat colours and text):
/// - `minimize_size = 1`: the encoder tries both ways to stack each frame on the one
///   before (keep it, or clear the previous rectangle first) and keeps the smaller;
///   this costs encoding time only for the changed rectangle, which is small here.
/// - No key frames (`kmin`/`kmax` off, which `minimize_size` implies anyway): a key
///   frame repeats the whole window so a player can start from the middle, which
///   browsers never do with an animated image; here it would only cost size.
/// - `allow_mixed = 1` for lossy writers: each changed rectangle is encoded both lossy
///   and lossless and the smaller kept, because flat UI colours and text are often
///   smaller lossless, and sharper.
///
/// Measured on 50 frames of a 1024x768 UI (a bar, text, eight rows) with a 60-pixel
/// half-transparent spot moving 16 pixels a frame: 34 KB with these settings, 46 KB
/// with the encoder's defaults (neither `minimize_size` nor `allow_mixed`), 44 KB
/// lossless; at quality 50, 36 KB, at 90, 44 KB. One frame alone is a 5.8 KB still image.
///
/// Not thread-safe: use a writer from one thread at a time.
public final class AnimatedWebPWriter {
    /// The canvas size in pixels; every frame must have it.
    public let width: Int
    public let height: Int
    /// 0 to 100: for lossy frames the picture quality, for lossless frames the effort
    /// spent on making them small.
    public let quality: Float
    public let lossless: Bool

    /// The longest side, in pixels, of a WebP image.
    public static let maximumSide = Int(WEBP_MAX_DIMENSION)

    private let encoder: OpaquePointer
    private var config = WebPConfig()
    /// One picture, reused for every frame: the encoder copies its pixels on `add`.
    private var picture = WebPPicture()
    /// Frames added so far.
    private var frameCount = 0
    /// The last added frame's time, in seconds and in milliseconds.
    private var lastTime: TimeInterval = 0
    private var lastMilliseconds = 0
    private var finished = false

    /// A writer of `width` × `height` pixel frames, or an error when the size is not 1 to
    /// `maximumSide` a side or `quality` is not 0 to 100.
    public convenience init(width: Int, height: Int, quality: Float = 75, lossless: Bool = false)
        throws(AnimatedImageError)
    {
        var options = WebPAnimEncoderOptions()
        WebPAnimEncoderOptionsInit(&options)
        options.minimize_size = 1
        // kmax 0 would mean "every frame a key frame"; a kmin of 0 or less turns key
        // frames off (and minimize_size turns them off as well).
        options.kmin = 0
        options.kmax = Int32.max
        options.allow_mixed = lossless ? 0 : 1
        try self.init(width: width, height: height, quality: quality, lossless: lossless, options: options)
    }

    /// A writer with the encoder options given as they are (for measuring others).
    init(width: Int, height: Int, quality: Float, lossless: Bool, options: WebPAnimEncoderOptions)
        throws(AnimatedImageError)
    {
        guard (1...Self.maximumSide).contains(width), (1...Self.maximumSide).contains(height) else {
            throw AnimatedImageError(.invalidCanvasSize(width: width, height: height))
        }
        guard quality >= 0, quality <= 100 else { throw AnimatedImageError(.invalidQuality(quality)) }
        self.width = width
        self.height = height
        self.quality = quality
        self.lossless = lossless

        WebPConfigInit(&config)
        config.lossless = lossless ? 1 : 0
        // The default method (4 of 0 to 6) is kept: 6 made a 50-frame recording 6 %
        // smaller but took 2.5 times as long.
        config.quality = quality
        var options = options
        guard let encoder = WebPAnimEncoderNew(Int32(width), Int32(height), &options) else {
            throw AnimatedImageError(.encoderFailed("cannot create an encoder (out of memory)"))
        }
        self.encoder = encoder

        WebPPictureInit(&picture)
        picture.use_argb = 1
        picture.width = Int32(width)
        picture.height = Int32(height)
        guard WebPPictureAlloc(&picture) != 0 else {
            WebPAnimEncoderDelete(encoder)
            throw AnimatedImageError(.encoderFailed("cannot allocate a \(width)x\(height) frame (out of memory)"))
        }
    }

    deinit {
        WebPPictureFree(&picture)
        WebPAnimEncoderDelete(encoder)
    }

    /// Adds `frame`, shown from `time` (seconds, 0 or more) until the next frame's time.
    ///
    /// Errors, which leave the writer as it was: the frame is not the writer's size; the
    /// time is not a finite number of seconds from 0 to `Int32.max` milliseconds (about
    /// 24 days); the time is not at least one millisecond after the previous frame's;
    /// the animation is finished. Frames are numbered in the errors from 0, the first
    /// one added.
    public func add(_ frame: FrameBuffer, at time: TimeInterval) throws(AnimatedImageError) {
        guard !finished else { throw AnimatedImageError(.finished) }
        guard frame.pixelWidth == width, frame.pixelHeight == height else {
            throw AnimatedImageError(.frameSizeMismatch(
                frame: frameCount, width: frame.pixelWidth, height: frame.pixelHeight,
                canvasWidth: width, canvasHeight: height))
        }
        guard let milliseconds = Self.milliseconds(time) else {
            throw AnimatedImageError(.invalidFrameTime(frame: frameCount, time: time))
        }
        if frameCount > 0 {
            guard time > lastTime else {
                throw AnimatedImageError(.timesNotIncreasing(time: time, previous: lastTime))
            }
            // The file counts whole milliseconds: two frames in one would make a frame
            // of no duration, which players show for an arbitrary time.
            guard milliseconds > lastMilliseconds else {
                throw AnimatedImageError(.timesTooClose(time: time, previous: lastTime))
            }
        }
        copyUnpremultiplied(frame)
        guard WebPAnimEncoderAdd(encoder, &picture, Int32(milliseconds), &config) != 0 else {
            throw AnimatedImageError(.encoderFailed(encoderMessage()))
        }
        frameCount += 1
        lastTime = time
        lastMilliseconds = milliseconds
    }

    /// The animation's bytes, the last frame shown for `lastFrameDuration` seconds (at
    /// least a millisecond). Call once: afterwards the writer takes no frames and
    /// finishes no more. Errors: no frame was added; the duration is under a
    /// millisecond or ends beyond the last time `add` takes; already finished.
    public func finish(lastFrameDuration: TimeInterval = 0.1) throws(AnimatedImageError) -> Data {
        guard !finished else { throw AnimatedImageError(.finished) }
        guard frameCount > 0 else { throw AnimatedImageError(.noFrames) }
        guard let duration = Self.milliseconds(lastFrameDuration), duration >= 1,
              let end = Self.milliseconds(lastTime + lastFrameDuration), end > lastMilliseconds
        else {
            throw AnimatedImageError(.invalidLastFrameDuration(lastFrameDuration))
        }
        // A NULL frame tells the encoder when the last frame ends.
        guard WebPAnimEncoderAdd(encoder, nil, Int32(end), nil) != 0 else {
            throw AnimatedImageError(.encoderFailed(encoderMessage()))
        }
        finished = true
        var assembled = WebPData()
        WebPDataInit(&assembled)
        defer { WebPDataClear(&assembled) }
        guard WebPAnimEncoderAssemble(encoder, &assembled) != 0, let bytes = assembled.bytes else {
            throw AnimatedImageError(.encoderFailed(encoderMessage()))
        }
        return Data(bytes: bytes, count: assembled.size)
    }

    /// Finishes the animation (`finish(lastFrameDuration:)`, whose errors it throws) and
    /// writes it to `url`, whole or not at all (`OutputFile`: a regular file there is
    /// replaced; a link, FIFO, device or folder is refused). A file that cannot be written
    /// throws `cannotWrite` with the system's reason; the animation is finished either
    /// way, so write `finish`'s bytes yourself to be able to try again.
    public func write(to url: URL, lastFrameDuration: TimeInterval = 0.1) throws(AnimatedImageError) {
        let data = try finish(lastFrameDuration: lastFrameDuration)
        try Self.write(data, to: url.path)
    }

    // MARK: - Helpers

    /// `seconds` in whole milliseconds, or nil when that is not 0 to `Int32.max` (the
    /// encoder's timestamps are C ints).
    private static func milliseconds(_ seconds: TimeInterval) -> Int? {
        guard seconds.isFinite else { return nil }
        let milliseconds = (seconds * 1000).rounded()
        guard milliseconds >= 0, milliseconds <= Double(Int32.max) else { return nil }
        return Int(milliseconds)
    }

    /// libwebp's message for the last failure, without its closing full stop (ours go
    /// after a colon, mid-sentence).
    private func encoderMessage() -> String {
        var message = WebPAnimEncoderGetError(encoder).map { String(cString: $0) } ?? ""
        if message.hasSuffix(".") { message.removeLast() }
        return message.isEmpty ? "unknown encoder error" : message
    }

    /// Copies `frame` into `picture`, unpremultiplying: Cairo's pixels are premultiplied
    /// ARGB words, WebP's the same words with straight colour. Both are native-endian
    /// 32-bit words with alpha in the top byte, so only the colour needs work.
    private func copyUnpremultiplied(_ frame: FrameBuffer) {
        let source = frame.pixels
        let sourceStride = frame.stride
        let destination = picture.argb!
        let destinationStride = Int(picture.argb_stride)
        for y in 0..<height {
            let sourceRow = (source + y * sourceStride).assumingMemoryBound(to: UInt32.self)
            let destinationRow = destination + y * destinationStride
            for x in 0..<width {
                let pixel = sourceRow[x]
                let alpha = pixel >> 24
                if alpha == 255 {
                    destinationRow[x] = pixel
                } else if alpha == 0 {
                    destinationRow[x] = 0
                } else {
                    // Rounded, and capped: a premultiplied channel above its alpha (which
                    // Cairo never makes) would otherwise overflow its byte.
                    func straight(_ shift: UInt32) -> UInt32 {
                        let channel = (pixel >> shift) & 0xFF
                        return min(255, (channel * 255 + alpha / 2) / alpha) << shift
                    }
                    destinationRow[x] = alpha << 24 | straight(16) | straight(8) | straight(0)
                }
            }
        }
    }

    private static func write(_ data: Data, to path: String) throws(AnimatedImageError) {
        do throws(FileError) {
            try OutputFile.write(data, to: path)
        } catch {
            throw AnimatedImageError(.cannotWrite(path: path, reason: error.reason))
        }
    }
}

/// Why an animation could not be made or written, in one line naming the values.
public struct AnimatedImageError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Reason: Equatable, Sendable {
        /// A side outside 1 to `AnimatedWebPWriter.maximumSide`.
        case invalidCanvasSize(width: Int, height: Int)
        case invalidQuality(Float)
        /// `frame` (counted from 0) is not the animation's size.
        case frameSizeMismatch(frame: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int)
        /// Not finite, negative, or beyond `Int32.max` milliseconds.
        case invalidFrameTime(frame: Int, time: TimeInterval)
        /// `time` is not after `previous`.
        case timesNotIncreasing(time: TimeInterval, previous: TimeInterval)
        /// `time` is after `previous` by less than the file's millisecond.
        case timesTooClose(time: TimeInterval, previous: TimeInterval)
        case invalidLastFrameDuration(TimeInterval)
        case noFrames
        case finished
        /// libwebp failed, with its message.
        case encoderFailed(String)
        case cannotWrite(path: String, reason: String)
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case let .invalidCanvasSize(width, height):
            "an animation must be 1 to \(AnimatedWebPWriter.maximumSide) pixels a side, not \(width)x\(height)"
        case let .invalidQuality(quality):
            "quality must be 0 to 100, not \(Self.number(Double(quality)))"
        case let .frameSizeMismatch(frame, width, height, canvasWidth, canvasHeight):
            "frame \(frame) is \(width)x\(height), the animation is \(canvasWidth)x\(canvasHeight)"
        case let .invalidFrameTime(frame, time):
            "frame \(frame)'s time must be 0 to \(Int32.max / 1000) s, not \(Self.number(time)) s"
        case let .timesNotIncreasing(time, previous):
            "frame times must increase: \(Self.number(time)) s after \(Self.number(previous)) s"
        case let .timesTooClose(time, previous):
            "frame times must be at least 1 ms apart: \(Self.number(time)) s after \(Self.number(previous)) s"
        case let .invalidLastFrameDuration(duration):
            "the last frame must last at least 1 ms and end within \(Int32.max / 1000) s, not \(Self.number(duration)) s"
        case .noFrames:
            "an animation needs at least one frame"
        case .finished:
            "the animation is already finished"
        case let .encoderFailed(message):
            "cannot encode the animation: \(message)"
        case let .cannotWrite(path, reason):
            "cannot write \(path): \(reason)"
        }
    }

    /// `value` with up to six decimals and no trailing zeros: 1.5, 0.1, 2, 1.2004.
    private static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var text = String(format: "%.6f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
