import Foundation

/// Decides when the next frame may be drawn: new input is drawn at once when the loop is
/// idle, and otherwise frames come at most `maximumRate` times a second, and only when
/// something changed. Times are seconds on the monotonic clock.
struct FramePacer {
    var maximumRate: Double = 60
    private(set) var lastFrameTime: TimeInterval = -.infinity

    var minimumInterval: TimeInterval { 1 / maximumRate }

    /// The earliest time the next frame may be drawn.
    func earliestNextFrame() -> TimeInterval {
        lastFrameTime + minimumInterval
    }

    /// Whether a frame may be drawn now.
    func mayDraw(at now: TimeInterval) -> Bool {
        now >= earliestNextFrame()
    }

    mutating func didDraw(at now: TimeInterval) {
        lastFrameTime = now
    }
}
