import Foundation

/// Synthetic fingers for a window: taps, drags, pinches and rotations, fed through
/// `UIWindow.inject(_:)` exactly as the host feeds real input.
///
/// Time: every gesture starts at the clock's `now` and spreads its samples over its
/// duration. With a `ManualClock` the injector moves that clock to each step's time and
/// runs due delayed calls (`UIApplication.runPendingTimers()`) before injecting the
/// step, so timers fire where they would with real fingers; give it the window's
/// application's clock (the default) for that. With any other clock the samples are
/// stamped as if spread over the duration but are sent at once, without waiting.
///
/// Each finger gets a new number on `device`; numbers are never reused by one injector.
@MainActor
public final class TouchInjector {
    /// The device number synthetic fingers use by default, distinct from real devices.
    public nonisolated static let defaultDevice = -1

    public let window: UIWindow
    public let clock: any MediaClock
    public let device: Int
    private var nextNumber: UInt32 = 1
    /// The time of the latest sample sent, so steps never go backwards even when a
    /// non-manual clock is read between them.
    private var lastTime = -TimeInterval.infinity

    /// Fingers for `window`, on `clock` (nil: the clock of the window's application).
    public init(window: UIWindow, clock: (any MediaClock)? = nil, device: Int = TouchInjector.defaultDevice) {
        self.window = window
        self.clock = clock ?? window.application.clock
        self.device = device
    }

    // MARK: - Fingers one sample at a time

    /// A fresh ID for a new finger.
    public func makeID() -> TouchSample.ID {
        defer { nextNumber &+= 1 }
        return TouchSample.ID(device: device, number: nextNumber)
    }

    /// Puts a new finger down at `point` now; returns its ID.
    @discardableResult
    public func touchDown(at point: CGPoint) -> TouchSample.ID {
        let id = makeID()
        send([sample(id, .began, point, at: now)])
        return id
    }

    /// Moves a finger to `point` now.
    public func move(_ id: TouchSample.ID, to point: CGPoint) {
        send([sample(id, .moved, point, at: now)])
    }

    /// Lifts a finger at `point` now.
    public func touchUp(_ id: TouchSample.ID, at point: CGPoint) {
        send([sample(id, .ended, point, at: now)])
    }

    /// Lets `seconds` pass: moves a manual clock and runs due delayed calls.
    public func wait(_ seconds: TimeInterval) {
        advanceClock(to: now + seconds)
    }

    /// Injects one batch, after moving a manual clock to its newest timestamp.
    public func send(_ batch: [TouchSample]) {
        if let newest = batch.map(\.timestamp).max() { advanceClock(to: newest) }
        window.inject(batch)
    }

    // MARK: - Gestures

    /// A tap at `point`, lifted after `duration`. With a zero duration the begin and
    /// the end go in one batch (as a quick tap read in one go), which `inject` splits
    /// into two events.
    @discardableResult
    public func tap(at point: CGPoint, duration: TimeInterval = 0) -> TouchSample.ID {
        let id = makeID()
        let start = now
        if duration <= 0 {
            send([sample(id, .began, point, at: start), sample(id, .ended, point, at: start)])
        } else {
            send([sample(id, .began, point, at: start)])
            send([sample(id, .ended, point, at: start + duration)])
        }
        return id
    }

    /// One finger from `start` to `end` in `steps` equal moves spread over `duration`,
    /// then lifted at `end`.
    @discardableResult
    public func drag(from start: CGPoint, to end: CGPoint, duration: TimeInterval = 0.3, steps: Int = 10) -> TouchSample.ID {
        let id = makeID()
        let t0 = now
        let count = max(steps, 1)
        send([sample(id, .began, start, at: t0)])
        for step in 1...count {
            let fraction = CGFloat(step) / CGFloat(count)
            send([sample(id, .moved, interpolate(start, end, fraction), at: t0 + duration * Double(fraction))])
        }
        send([sample(id, .ended, end, at: t0 + duration)])
        return id
    }

    /// Two fingers on either side of `center` along `angle` (radians), their distance
    /// going from `startDistance` to `endDistance` in `steps` moves over `duration`.
    /// Both fingers begin in one batch, move together, and end in one batch.
    @discardableResult
    public func pinch(center: CGPoint, from startDistance: CGFloat, to endDistance: CGFloat, angle: CGFloat = 0,
                      duration: TimeInterval = 0.3, steps: Int = 10) -> [TouchSample.ID] {
        twoFingers(center: center, duration: duration, steps: steps) { fraction in
            (startDistance + (endDistance - startDistance) * fraction, angle)
        }
    }

    /// Two fingers `2 × radius` apart on either side of `center`, turning from
    /// `startAngle` by `rotation` radians (positive: clockwise on screen) in `steps`
    /// moves over `duration`.
    @discardableResult
    public func rotate(center: CGPoint, radius: CGFloat, from startAngle: CGFloat = 0, by rotation: CGFloat,
                       duration: TimeInterval = 0.3, steps: Int = 10) -> [TouchSample.ID] {
        twoFingers(center: center, duration: duration, steps: steps) { fraction in
            (2 * radius, startAngle + rotation * fraction)
        }
    }

    // MARK: - Private

    private var now: TimeInterval {
        max(clock.now, lastTime)
    }

    private func advanceClock(to time: TimeInterval) {
        lastTime = max(lastTime, time)
        guard let manual = clock as? ManualClock else { return }
        window.application.advance(manual, to: time)
    }

    private func sample(_ id: TouchSample.ID, _ phase: TouchSample.Phase, _ point: CGPoint, at time: TimeInterval) -> TouchSample {
        TouchSample(id: id, phase: phase, location: point, timestamp: time)
    }

    private func interpolate(_ a: CGPoint, _ b: CGPoint, _ fraction: CGFloat) -> CGPoint {
        CGPoint(x: a.x + (b.x - a.x) * fraction, y: a.y + (b.y - a.y) * fraction)
    }

    /// Drives two fingers placed symmetrically about `center`; `shape` gives their
    /// distance and direction at each fraction of the gesture.
    private func twoFingers(center: CGPoint, duration: TimeInterval, steps: Int,
                            shape: (CGFloat) -> (distance: CGFloat, angle: CGFloat)) -> [TouchSample.ID] {
        let ids = [makeID(), makeID()]
        let t0 = now
        let count = max(steps, 1)
        func positions(_ fraction: CGFloat) -> [CGPoint] {
            let (distance, angle) = shape(fraction)
            let dx = CGFloat(cos(Double(angle))) * distance / 2
            let dy = CGFloat(sin(Double(angle))) * distance / 2
            return [CGPoint(x: center.x - dx, y: center.y - dy), CGPoint(x: center.x + dx, y: center.y + dy)]
        }
        let start = positions(0)
        send([sample(ids[0], .began, start[0], at: t0), sample(ids[1], .began, start[1], at: t0)])
        for step in 1...count {
            let fraction = CGFloat(step) / CGFloat(count)
            let points = positions(fraction)
            let time = t0 + duration * Double(fraction)
            send([sample(ids[0], .moved, points[0], at: time), sample(ids[1], .moved, points[1], at: time)])
        }
        let end = positions(1)
        send([sample(ids[0], .ended, end[0], at: t0 + duration), sample(ids[1], .ended, end[1], at: t0 + duration)])
        return ids
    }
}
