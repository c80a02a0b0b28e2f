/// The one place that decides when a touch repeats the previous tap, so that its
/// `tapCount` counts up (Neuburg, "Touches": "two touches in roughly the same place in
/// quick succession, and the first one is brief").
///
/// A new touch continues the previous tap's count when all of these hold, and starts
/// again at 1 otherwise:
/// - the previous touch ended (not cancelled) in the same window, was held at most
///   `maximumTapDuration`, and never strayed more than `maximumDistance` from where it
///   began: it was a tap;
/// - the new touch begins at most `maximumInterval` after that tap ended;
/// - it begins at most `maximumDistance` from where that tap ended.
///
/// The values are close to what iOS uses for double taps (its recognizers allow about
/// 0.35 s between taps and a finger's width of movement).
public enum TapCountThresholds {
    public static let maximumInterval: TimeInterval = 0.35
    public static let maximumDistance: CGFloat = 45
    public static let maximumTapDuration: TimeInterval = 0.5
}

/// The last completed tap, from which the next touch's `tapCount` is derived.
@MainActor
struct TapHistory {
    private struct Tap {
        weak var window: UIWindow?
        var location: CGPoint
        var endTime: TimeInterval
        var count: Int
    }

    private var lastTap: Tap?

    /// The tap count for a touch beginning now at `location` in `window`.
    func tapCount(beganAt location: CGPoint, in window: UIWindow, at time: TimeInterval) -> Int {
        guard let lastTap, lastTap.window === window,
            time - lastTap.endTime <= TapCountThresholds.maximumInterval,
            distance(location, lastTap.location) <= TapCountThresholds.maximumDistance
        else { return 1 }
        return lastTap.count + 1
    }

    /// Notes a touch that just finished: a tap continues the series, anything else
    /// breaks it.
    mutating func record(_ touch: UITouch) {
        guard touch.phase == .ended, let window = touch.window,
            touch.timestamp - touch.startTimestamp <= TapCountThresholds.maximumTapDuration,
            touch.greatestDistanceFromStart <= TapCountThresholds.maximumDistance
        else {
            lastTap = nil
            return
        }
        lastTap = Tap(window: window, location: touch.locationInWindow, endTime: touch.timestamp, count: touch.tapCount)
    }

    mutating func reset() {
        lastTap = nil
    }

    private func distance(_ a: CGPoint, _ b: CGPoint) -> CGFloat {
        let dx = a.x - b.x
        let dy = a.y - b.y
        return (dx * dx + dy * dy).squareRoot()
    }
}
