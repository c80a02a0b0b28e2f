import Synchronization

/// An application's own time: the host clock's seconds, scaled by a speed, and frozen
/// and stepped on demand. One per animation engine (`CAAnimationEngine.appClock`), and
/// so one per application: what `CACurrentMediaTime()`, animations, display links,
/// delayed calls, timers and gesture recognizers all read.
///
/// Time is a straight line through an anchor: `now = anchorTime + (host - anchorHost) ×
/// speed`, or `anchorTime` while frozen. Every change (a speed, a freeze, a resume)
/// starts a new line where the old one stood, so app time never jumps: resuming after
/// ten seconds frozen goes on from the frozen instant, not ten seconds later. A step
/// moves the frozen instant forward by exactly what it is told.
///
/// The host clock (`base`) is what input timestamps, the display's vertical blanks and
/// the host's wakes are on; `time(atHostTime:)` and `hostTime(atTime:)` convert. At speed
/// 1 and never frozen the two are the same number, so an app that never uses freezing
/// sees the host clock exactly as before.
///
/// Thread-safe (`CACurrentMediaTime()` reads it from any thread).
public final class AppClock: MediaClock {
    private struct Line {
        var base: any MediaClock
        var anchorHost: TimeInterval
        var anchorTime: TimeInterval
        var speed: Double = 1
        var isFrozen = false
        /// Frames stepped since the anchor, each `stepInterval` long: counted, not added
        /// up, so thirty steps of 1/60 s reach a deadline half a second away exactly.
        var steppedFrames = 0
        var stepInterval: TimeInterval = 0
        /// The app time at which the clock was last frozen, while it is.
        var frozenAt: TimeInterval?

        /// Host time exactly, bit for bit, for an unchanged line: `(host - a) + a` can
        /// round away from `host`, and a timer due at an instant must fire at it.
        var isIdentity: Bool { !isFrozen && speed == 1 && anchorHost == anchorTime && steppedFrames == 0 }

        /// The anchor's app time with the steps since it.
        var steppedAnchor: TimeInterval {
            steppedFrames == 0 ? anchorTime : anchorTime + Double(steppedFrames) * stepInterval
        }

        func time(atHostTime host: TimeInterval) -> TimeInterval {
            if isIdentity { return host }
            return isFrozen ? steppedAnchor : steppedAnchor + (host - anchorHost) * speed
        }

        /// The host moment at which app time reaches `time` (running), rounded up where
        /// the division rounded down: a wake there finds what is due at `time` due.
        func hostTime(atTime time: TimeInterval) -> TimeInterval {
            if isIdentity { return time }
            var host = anchorHost + (time - steppedAnchor) / speed
            while self.time(atHostTime: host) < time { host = host.nextUp }
            return host
        }

        /// Starts a new line at the host's now, where the old one stands.
        mutating func rebase() {
            let host = base.now
            anchorTime = time(atHostTime: host)
            anchorHost = host
            steppedFrames = 0
        }
    }

    private let line: Mutex<Line>
    /// Whether the line is the identity (`Line.isIdentity`), kept beside it so the
    /// conversions on every touch's and frame's path need no lock while nobody froze,
    /// stepped or slowed the app.
    private let identity = Atomic<Bool>(true)

    /// Changes the line, and keeps `identity` in step.
    private func change(_ body: (inout Line) -> Void) {
        line.withLock { line in
            body(&line)
            identity.store(line.isIdentity, ordering: .releasing)
        }
    }

    /// A clock that reads `base`'s seconds, at speed 1 and running.
    public init(base: any MediaClock = MonotonicClock()) {
        let now = base.now
        line = Mutex(Line(base: base, anchorHost: now, anchorTime: now))
    }

    /// Seconds of app time now.
    public var now: TimeInterval {
        line.withLock { $0.time(atHostTime: $0.base.now) }
    }

    /// The host clock the app's time is derived from: the monotonic clock in a host, a
    /// test's `ManualClock`. Setting it starts the app's time line again at the new
    /// clock's now (app time then reads the new clock's seconds), keeping the speed and
    /// whether it is frozen.
    public var base: any MediaClock {
        get { line.withLock { $0.base } }
        set {
            change { line in
                let now = newValue.now
                line = Line(base: newValue, anchorHost: now, anchorTime: now, speed: line.speed, isFrozen: line.isFrozen,
                            stepInterval: line.stepInterval, frozenAt: line.isFrozen ? now : nil)
            }
        }
    }

    /// Seconds of app time per host second: 1 is real time, 0.1 ten times slower. Must
    /// be finite and positive (ignored otherwise, and the setter returns false through
    /// `setSpeed(_:)`). Changing it never makes time jump.
    public var speed: Double {
        line.withLock { $0.speed }
    }

    /// Sets the speed from now on; returns false (and changes nothing) for a speed that
    /// is not finite and positive.
    @discardableResult
    public func setSpeed(_ speed: Double) -> Bool {
        guard speed.isFinite, speed > 0 else { return false }
        change { line in
            line.rebase()
            line.speed = speed
        }
        return true
    }

    /// Whether app time stands still (`freeze()`); only `step(by:)` moves it then.
    public var isFrozen: Bool {
        if identity.load(ordering: .acquiring) { return false }
        return line.withLock { $0.isFrozen }
    }

    /// Holds app time where it is now. Freezing a frozen clock changes nothing.
    public func freeze() {
        change { line in
            guard !line.isFrozen else { return }
            line.rebase()
            line.isFrozen = true
            line.frozenAt = line.anchorTime
        }
    }

    /// Freezes the clock at app time `time` (finite, else nothing changes and it returns
    /// false), forwards or backwards: for a re-execution that owns the app's time and
    /// starts each run from the same instant. Whoever moves it back must make anew what
    /// kept the later time (pending calls, animations, the touch router's newest stamp).
    @discardableResult
    public func freeze(at time: TimeInterval) -> Bool {
        guard time.isFinite else { return false }
        change { line in
            if !line.isFrozen {
                line.rebase()
                line.isFrozen = true
            }
            line.anchorTime = time
            line.steppedFrames = 0
            line.frozenAt = time
        }
        return true
    }

    /// The app time at which the clock was frozen, while it is (nil while it runs): with
    /// `now`, how far steps have moved it since.
    public var frozenAt: TimeInterval? {
        line.withLock { $0.frozenAt }
    }

    /// Lets app time run again from where it stands, at the current speed.
    public func resume() {
        change { line in
            guard line.isFrozen else { return }
            line.anchorTime = line.steppedAnchor
            line.steppedFrames = 0
            line.anchorHost = line.base.now
            line.isFrozen = false
            line.frozenAt = nil
        }
    }

    /// Moves app time forward by `frames` frames of `interval` seconds each (both
    /// positive and finite, else nothing moves and it returns false). Meant for a frozen
    /// clock, where it is the only way time moves. The frames are counted from the
    /// line's anchor, not added up, so a deadline a whole number of frames away is
    /// reached exactly.
    @discardableResult
    public func step(frames: Int, of interval: TimeInterval) -> Bool {
        guard frames > 0, interval.isFinite, interval > 0 else { return false }
        change { line in
            if !line.isFrozen {
                line.rebase()
            } else if line.stepInterval != interval, line.steppedFrames > 0 {
                line.anchorTime = line.steppedAnchor
                line.steppedFrames = 0
            }
            line.stepInterval = interval
            line.steppedFrames += frames
        }
        return true
    }

    /// The app time a moment of the host clock falls at: where input stamped by the
    /// host (an X server's event time) lands on the app's time line. While frozen, every
    /// moment lands on the frozen instant.
    public func time(atHostTime host: TimeInterval) -> TimeInterval {
        if identity.load(ordering: .acquiring) { return host }
        return line.withLock { $0.time(atHostTime: host) }
    }

    /// The host clock's moment at which app time reads `time`: when a host must wake for
    /// something due then, or how to stamp input made at that app time. While frozen, an
    /// instant up to the frozen one reads as the host's now, and a later one never comes
    /// (nil).
    public func hostTime(atTime time: TimeInterval) -> TimeInterval? {
        if identity.load(ordering: .acquiring) { return time }
        return line.withLock { line in
            guard line.isFrozen else { return line.hostTime(atTime: time) }
            return time <= line.steppedAnchor ? line.base.now : nil
        }
    }
}
