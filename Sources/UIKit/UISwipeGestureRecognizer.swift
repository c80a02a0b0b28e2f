import Foundation

/// A discrete recognizer of a quick, straight stroke in a permitted direction
/// (Neuburg, "Touches": "UISwipeGestureRecognizer (discrete)"; Apple, "Gesture
/// Recognizers": listing 1-4).
///
/// It recognizes (`ended`, one action) while the fingers are still moving, once all
/// `numberOfTouchesRequired` fingers are down and their centroid has moved
/// `GestureThresholds.swipeMinimumDistance` along one of the `direction`s, measured
/// from the centroid of where they went down. It fails when:
/// - `GestureThresholds.swipeMaximumDuration` has passed since the first finger went
///   down (a timer; a move stamped later also fails it): too slow, that is a drag;
/// - once the centroid has moved `directionJudgingDistance`, the stroke is more than
///   `GestureThresholds.swipeMaximumAngle` off every axis, or along an axis in a
///   direction not permitted, or it leaves the direction it first took;
/// - more fingers than required go down, or the fingers move the minimum distance
///   before all of them are down;
/// - a finger lifts, or is cancelled, before it recognizes.
/// Directions are in window coordinates: `up` is toward the top of the window.
///
/// `direction` is the set of permitted directions, not the direction detected (Neuburg,
/// "Touches"; DESIGN.md settles Sadun's reading, in Dr. Dobb's, in UIKit's favour).
/// `location(in:)` and `location(ofTouch:in:)` give where the swipe began, as in UIKit:
/// the centroid of where its fingers went down, and each finger's starting point.
@MainActor
open class UISwipeGestureRecognizer: UIGestureRecognizer {
    /// Directions a swipe may take; UIKit's raw values.
    public struct Direction: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let right = Direction(rawValue: 1 << 0)
        public static let left = Direction(rawValue: 1 << 1)
        public static let up = Direction(rawValue: 1 << 2)
        public static let down = Direction(rawValue: 1 << 3)
    }

    /// The directions that count as this swipe (a set: `[.left, .right]` takes both).
    /// Default `.right`, as in UIKit.
    open var direction: Direction = .right
    /// How many fingers make the swipe. Default 1; values below 1 count as 1. Read when
    /// a gesture's first finger goes down.
    open var numberOfTouchesRequired = 1

    /// See `GestureThresholds.swipeDirectionJudgingDistance`.
    static let directionJudgingDistance = GestureThresholds.swipeDirectionJudgingDistance

    // Unchecked (read per delivered touch): main actor, never accessed inout across a call.
    /// The fingers of the swipe under way, in the order they went down.
    @exclusivity(unchecked) private var fingers: [UITouch] = []
    private var touchesRequired = 1
    /// The direction the stroke took when first judged.
    private var judgedDirection: Direction?
    private var deadline: DelayedCall?
    /// Set once recognized: recognition may be held back by a recognizer this one
    /// requires to fail, and touches until the reset are not a new gesture.
    private var hasRecognized = false

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, !hasRecognized else { return }
        if fingers.isEmpty {
            touchesRequired = max(1, numberOfTouchesRequired)
        }
        fingers.append(contentsOf: touches.sorted { $0.beginOrder < $1.beginOrder })
        guard fingers.count <= touchesRequired else {
            return failIfPossible("\(fingers.count) fingers down, \(touchesRequired) required")
        }
        if deadline == nil, let start = startTime {
            deadline = scheduleDeadline(at: start + GestureThresholds.swipeMaximumDuration) { recognizer in
                recognizer.failIfPossible(.described(String(format: "not a swipe within %.3f s", GestureThresholds.swipeMaximumDuration)))
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, !hasRecognized else { return }
        judgeStroke()
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible, !hasRecognized else { return }
        // A lift may come with a last change of place: it counts.
        judgeStroke()
        failIfPossible("a finger lifted before the swipe was long enough")
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        guard !hasRecognized else { return }
        failIfPossible("a touch was cancelled")
    }

    open override func reset() {
        deadline?.cancel()
        deadline = nil
        fingers = []
        judgedDirection = nil
        hasRecognized = false
        super.reset()
    }

    // MARK: - Location

    /// The fingers of the swipe.
    open override var numberOfTouches: Int {
        fingers.isEmpty ? super.numberOfTouches : fingers.count
    }

    /// Where the swipe began: the centroid of where its fingers went down.
    open override func location(in view: UIView?) -> CGPoint {
        guard !fingers.isEmpty else { return super.location(in: view) }
        return convertFromWindow(startCentroid, to: view)
    }

    /// Where the swipe's finger at `touchIndex` (in the order they went down) went down.
    open override func location(ofTouch touchIndex: Int, in view: UIView?) -> CGPoint {
        guard !fingers.isEmpty else { return super.location(ofTouch: touchIndex, in: view) }
        guard fingers.indices.contains(touchIndex) else {
            UIKitDebug.log(.gestures, "\(traceName): location(ofTouch: \(touchIndex)) with \(fingers.count) touch(es); using location(in:)")
            return location(in: view)
        }
        return convertFromWindow(fingers[touchIndex].startLocationInWindow, to: view)
    }

    // MARK: - Private

    private var startTime: TimeInterval? {
        fingers.first?.startTimestamp
    }

    private var startCentroid: CGPoint {
        let count = CGFloat(max(fingers.count, 1))
        // A loop, not `reduce`: its closure checked the main actor's executor per finger,
        // on every move.
        var sum = CGPoint.zero
        for finger in fingers {
            sum.x += finger.startLocationInWindow.x
            sum.y += finger.startLocationInWindow.y
        }
        return CGPoint(x: sum.x / count, y: sum.y / count)
    }

    /// Judges the stroke so far: recognizes, fails, or waits.
    private func judgeStroke() {
        guard let startTime else { return }
        let now = UIGestureRecognizer.centroid(of: fingers)
        let start = startCentroid
        let dx = now.x - start.x
        let dy = now.y - start.y
        let length = hypot(dx, dy)
        guard fingers.count == touchesRequired else {
            if length >= GestureThresholds.swipeMinimumDistance {
                // Formatted, not converted with Int(_:), which traps on a length too large for it.
                failIfPossible(.described(String(format: "moved %.0f pt", length) + " with \(fingers.count) of \(touchesRequired) fingers down"))
            }
            return
        }
        let elapsed = (fingers.latestTimestamp ?? startTime) - startTime
        guard elapsed < GestureThresholds.swipeMaximumDuration else {
            return failIfPossible(.measured(.init("moving after", elapsed, .seconds, limit: GestureThresholds.swipeMaximumDuration)))
        }
        guard length >= UISwipeGestureRecognizer.directionJudgingDistance else { return }
        // The axis nearest the stroke, and the stroke's angle off it.
        let (axis, along, across): (Direction, CGFloat, CGFloat) =
            abs(dx) >= abs(dy) ? (dx >= 0 ? .right : .left, abs(dx), abs(dy)) : (dy >= 0 ? .down : .up, abs(dy), abs(dx))
        let angle = atan2(across, along)
        guard angle <= GestureThresholds.swipeMaximumAngle else {
            return failIfPossible(.measured(.init("", angle * 180 / .pi, .degrees, "off the nearest axis",
                                                  limit: GestureThresholds.swipeMaximumAngle * 180 / .pi)))
        }
        guard direction.contains(axis) else {
            return failIfPossible("moving \(UISwipeGestureRecognizer.name(of: axis)), not a permitted direction")
        }
        if let judgedDirection, judgedDirection != axis {
            return failIfPossible("turned from \(UISwipeGestureRecognizer.name(of: judgedDirection)) to \(UISwipeGestureRecognizer.name(of: axis))")
        }
        judgedDirection = axis
        guard along >= GestureThresholds.swipeMinimumDistance else { return }
        deadline?.cancel()
        hasRecognized = true
        state = .ended
    }

    private static func name(of direction: Direction) -> String {
        switch direction {
        case .right: "right"
        case .left: "left"
        case .up: "up"
        default: "down"
        }
    }
}
