import Foundation

/// What a pinch and a rotation share: two fingers, a measurement of them that must pass
/// a hysteresis before the gesture begins, and the same ways to end. Each recognizer
/// adds only its measurement (`startMeasuring`, `measure`) and calls the `pair…`
/// methods from its `touches…` overrides.
///
/// The contract, for both:
/// - With one finger down the recognizer waits in `possible`; the measurement starts
///   when the second finger goes down, from where both fingers are then.
/// - It begins on the first move whose measurement passes the hysteresis, and the
///   values in the began action count from the start; every later move is `changed`.
/// - It ends when both fingers have lifted (Apple's UIPinchGestureRecognizer and
///   UIRotationGestureRecognizer references: "the gesture ends when the user lifts
///   both fingers"); while one finger is left it measures nothing and reports nothing.
///   It is cancelled when a touch is cancelled while it recognizes.
/// - It fails if a finger lifts or is cancelled before it began, or if a third finger
///   goes down before it began. A third finger after it began is ignored
///   (`ignore(_:for:)`).
/// - Every state change is guarded by the current state, so a subclass that sets
///   `failed` and then calls `super` causes no illegal transition.
@MainActor
protocol TwoFingerGesture: UIGestureRecognizer {
    var fingerPair: FingerPair { get set }
    /// The fingers have just become two: measure from here, at `time`.
    func startMeasuring(_ pair: FingerPair, at time: TimeInterval)
    /// The fingers are where they are at `time`: update the values. Returns whether
    /// the change since `startMeasuring` passes the hysteresis.
    func measure(_ pair: FingerPair, at time: TimeInterval) -> Bool
}

extension TwoFingerGesture {
    func pairTouchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        switch state {
        case .possible:
            fingerPair.add(touches)
            if fingerPair.count > 2 {
                state = .failed
            } else if fingerPair.isComplete {
                startMeasuring(fingerPair, at: FingerPair.latestTimestamp(of: touches))
            }
        case .began, .changed:
            for touch in touches { ignore(touch, for: event) }
        case .ended, .cancelled, .failed:
            break
        }
    }

    func pairTouchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        // One finger alone is not yet a gesture: wait for the second.
        guard fingerPair.isComplete else { return }
        let passedHysteresis = measure(fingerPair, at: FingerPair.latestTimestamp(of: touches))
        switch state {
        case .possible:
            if passedHysteresis { state = .began }
        case .began, .changed:
            state = .changed
        case .ended, .cancelled, .failed:
            break
        }
    }

    func pairTouchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        // The lift may carry the fingers' last move.
        if fingerPair.isComplete { _ = measure(fingerPair, at: FingerPair.latestTimestamp(of: touches)) }
        fingerPair.remove(touches)
        switch state {
        case .possible:
            state = .failed
        case .began, .changed:
            if fingerPair.count == 0 { state = .ended }
        case .ended, .cancelled, .failed:
            break
        }
    }

    func pairTouchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        fingerPair.remove(touches)
        switch state {
        case .possible:
            state = .failed
        case .began, .changed:
            state = .cancelled
        case .ended, .cancelled, .failed:
            break
        }
    }
}

/// The fingers of a two-finger gesture, in the order they went down.
@MainActor
struct FingerPair {
    private(set) var touches: [UITouch] = []

    var count: Int {
        touches.count
    }

    var isComplete: Bool {
        touches.count == 2
    }

    /// From the first finger to the second, in window coordinates; zero unless there are
    /// exactly two.
    var span: CGPoint {
        guard isComplete else { return .zero }
        let first = touches[0].locationInWindow
        let second = touches[1].locationInWindow
        return CGPoint(x: second.x - first.x, y: second.y - first.y)
    }

    /// The distance between the two fingers.
    var distance: CGFloat {
        let span = span
        return (span.x * span.x + span.y * span.y).squareRoot()
    }

    /// The direction from the first finger to the second, in radians, clockwise on
    /// screen from the x axis (window y points down); `nil` when the fingers touch.
    var angle: CGFloat? {
        let span = span
        guard span != .zero else { return nil }
        return CGFloat(atan2(Double(span.y), Double(span.x)))
    }

    mutating func add(_ newTouches: Set<UITouch>) {
        touches += newTouches.filter { !touches.contains($0) }.sorted { $0.beginOrder < $1.beginOrder }
    }

    mutating func remove(_ goneTouches: Set<UITouch>) {
        touches.removeAll { goneTouches.contains($0) }
    }

    mutating func removeAll() {
        touches.removeAll()
    }

    /// When the latest of `touches` changed; the time a measurement is taken at.
    static func latestTimestamp(of touches: Set<UITouch>) -> TimeInterval {
        touches.latestTimestamp ?? 0
    }
}
