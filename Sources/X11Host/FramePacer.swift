import Foundation

/// Decides when the next frame may be drawn. Times are seconds on the monotonic clock.
///
/// Two rates, because the two kinds of frame want different things:
///
/// - a frame that shows **new input** (a finger moved) is what touch-to-pixel latency
///   measures, so it may follow the previous frame after `inputInterval` (240 Hz): a
///   finger moving every 8 ms on a 120 Hz touchscreen gets each move drawn as it comes,
///   instead of waiting for a 60 Hz slot (up to 16.7 ms). Input is coalesced per read
///   of the connection, so a flood of moves still draws at most one frame per read and
///   never faster than this rate;
/// - every other frame (animations, timers, overlays fading) comes at most
///   `maximumRate` (60) times a second, which is what a desktop display shows and
///   keeps an idle animation from spending a core.
struct FramePacer {
    var maximumRate: Double = 60
    /// The fastest rate at which frames showing new input are drawn.
    var inputRate: Double = 240
    private(set) var lastFrameTime: TimeInterval = -.infinity

    var minimumInterval: TimeInterval { 1 / maximumRate }
    var inputInterval: TimeInterval { 1 / inputRate }

    /// The earliest time the next frame may be drawn; sooner when it shows new input.
    func earliestNextFrame(showingInput: Bool = false) -> TimeInterval {
        lastFrameTime + (showingInput ? inputInterval : minimumInterval)
    }

    /// When to schedule a frame wanted at `now`, or nil when the frame already scheduled
    /// (`pending`) comes no later. A frame showing input may come sooner than one
    /// already scheduled at the display rate (an animation's next frame): a finger that
    /// lifts just after the frame that showed it landing gets its own frame at the input
    /// rate, not the animation's slot up to 16.7 ms later.
    func frameTime(wantedAt now: TimeInterval, showingInput: Bool, pending: TimeInterval?) -> TimeInterval? {
        let time = max(now, earliestNextFrame(showingInput: showingInput))
        if let pending, pending <= time { return nil }
        return time
    }

    /// Whether a frame may be drawn now.
    func mayDraw(at now: TimeInterval, showingInput: Bool = false) -> Bool {
        now >= earliestNextFrame(showingInput: showingInput)
    }

    mutating func didDraw(at now: TimeInterval) {
        lastFrameTime = now
    }
}
