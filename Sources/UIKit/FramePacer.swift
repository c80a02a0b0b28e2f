import Foundation

/// Decides when the next frame may be drawn: `ApplicationRunLoop`'s, when its presenter
/// says at what rate the display refreshes. Times are seconds on the media clock.
///
/// Two kinds of frame, because they want different things:
///
/// - every frame that does not show new input (animations, timers, overlays fading)
///   starts on a **fixed grid** at the display's refresh interval, its slots starting
///   at the display's vertical blanks when the display reports them
///   (`align(toVblankAt:)`), else counted from the first frame's start: at most one
///   such frame per slot, started within the first
///   half of it. A frame whose work overruns past the middle of the next slot makes the
///   next one wait for the slot after; it never moves the grid. (Counting each
///   interval from the end of the frame before, as this pacer once did, added every
///   frame's drawing time to every interval: 1,000 animating views whose frames took
///   7 ms ran at 40 frames a second instead of 60.)
/// - a frame that shows **new input** (a finger moved) is what touch-to-pixel latency
///   measures, so it may start `inputInterval` (240 Hz) after the previous frame's
///   start, off the grid: a finger moving every 8 ms on a 120 Hz touchscreen gets each
///   move drawn as it comes, instead of waiting for a 60 Hz slot (up to 16.7 ms). Input
///   is coalesced per read of the connection, so a flood of moves still draws at most
///   one frame per read and never faster than this rate. Such a frame takes the slot it
///   falls in, so the grid's next frame comes at the following slot.
struct FramePacer {
    /// The display's refresh interval: the grid's step (1/60 s unless the display says
    /// otherwise).
    var refreshInterval: TimeInterval = 1.0 / 60
    /// The fastest rate at which frames showing new input are drawn.
    var inputRate: Double = 240
    /// Slot 0's start: the display's vertical blank it was last aligned to
    /// (`align(toVblankAt:)`), else the first frame's start.
    private(set) var gridOrigin: TimeInterval?
    private(set) var lastFrameStart: TimeInterval = -.infinity
    /// The slot the last frame took.
    private(set) var lastSlot: Int?

    var inputInterval: TimeInterval { 1 / inputRate }

    /// The start of slot `slot` of the grid.
    func time(ofSlot slot: Int) -> TimeInterval {
        (gridOrigin ?? 0) + Double(slot) * refreshInterval
    }

    /// The slot that `time` falls in (a start a few microseconds early, as timers round,
    /// counts as on time).
    func slot(containing time: TimeInterval) -> Int {
        let position = (time - (gridOrigin ?? time)) / refreshInterval
        guard position.isFinite else { return 0 }
        return Int((position + 1e-4).rounded(.down))
    }

    /// The earliest time the next frame may start; sooner when it shows new input.
    func earliestNextFrame(showingInput: Bool = false) -> TimeInterval {
        if showingInput { return lastFrameStart + inputInterval }
        guard let lastSlot else { return -.infinity }
        return time(ofSlot: lastSlot + 1)
    }

    /// When to schedule a frame wanted at `now`, or nil when the frame already scheduled
    /// (`pending`) comes no later. A frame not showing input goes at the first slot it
    /// may take, now or later; one showing input may come sooner than one already
    /// scheduled at a slot (an animation's next frame): a finger that lifts just after
    /// the frame that showed it landing gets its own frame at the input rate, not the
    /// animation's slot up to 16.7 ms later.
    func frameTime(wantedAt now: TimeInterval, showingInput: Bool, pending: TimeInterval?) -> TimeInterval? {
        var when = max(now, earliestNextFrame(showingInput: showingInput))
        if !showingInput, gridOrigin != nil, !mayStartInItsSlot(when) {
            when = time(ofSlot: slot(containing: when) + 1)
        }
        if let pending, pending <= when { return nil }
        return when
    }

    /// Whether a frame may start now.
    func mayDraw(at now: TimeInterval, showingInput: Bool = false) -> Bool {
        guard !showingInput else { return now >= earliestNextFrame(showingInput: true) }
        return mayStartInItsSlot(now)
    }

    /// Whether a grid frame may start at `time`: its slot is not taken, and no more than
    /// half of it has passed (a turn that ran a little after the slot began still makes
    /// that slot's frame; a frame that overran past the middle of the next slot waits
    /// for the one after).
    private func mayStartInItsSlot(_ time: TimeInterval) -> Bool {
        guard let lastSlot else { return true }
        let index = slot(containing: time)
        return index > lastSlot && time - self.time(ofSlot: index) <= refreshInterval / 2
    }

    /// How long from `now` until a frame not showing input may start: 0 when one may
    /// start now. The run loop wakes its animations then, so their turns meet the grid.
    func delayToNextGridFrame(from now: TimeInterval) -> TimeInterval {
        max(0, (frameTime(wantedAt: now, showingInput: false, pending: nil) ?? now) - now)
    }

    /// The start of the slot after the one `time` falls in (one interval on before the
    /// first frame).
    func startOfSlot(after time: TimeInterval) -> TimeInterval {
        guard gridOrigin != nil else { return time + refreshInterval }
        return self.time(ofSlot: slot(containing: time) + 1)
    }

    /// The time a frame starting at `start` is for, at which its animations are
    /// sampled: its target presentation time. A grid frame shows when the display next
    /// refreshes, at the end of its slot (as `CADisplayLink.targetTimestamp` says on
    /// iOS), so frames a slot apart show motion a slot apart even when one turn woke
    /// late; and since a grid frame starts within the first half of its slot, the time
    /// is never before the turn, so an animation added before it (by a timer, a
    /// main-queue block) has begun by then. A frame showing new input is sent at once,
    /// off the grid, and is for its start.
    func presentationTime(ofFrameStartingAt start: TimeInterval, showingInput: Bool) -> TimeInterval {
        showingInput ? start : startOfSlot(after: start)
    }

    /// Starts the grid's slots at the display's vertical blanks, one of which fell at
    /// `vblank` (the X server's Present extension reports them; aligned again each time
    /// a new one comes, so a display whose rate differs a little from its mode's never
    /// drifts off). The last frame keeps the slot it falls in on the new grid, so the
    /// next grid frame still takes a later one.
    mutating func align(toVblankAt vblank: TimeInterval) {
        guard vblank.isFinite else { return }
        gridOrigin = vblank
        if lastSlot != nil { lastSlot = slot(containing: lastFrameStart) }
    }

    /// A frame started at `start`: it takes the slot it falls in.
    mutating func didDraw(startedAt start: TimeInterval) {
        if gridOrigin == nil { gridOrigin = start }
        lastFrameStart = start
        lastSlot = max(lastSlot ?? .min, slot(containing: start))
    }
}
