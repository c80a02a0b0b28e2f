import Foundation

/// A continuous recognizer of fingers pressed and held, possibly after some taps
/// (Neuburg, "Touches": "UILongPressGestureRecognizer (continuous)").
///
/// The gesture is `numberOfTapsRequired` taps (0 by default), then a press: the same
/// number of fingers, `numberOfTouchesRequired`, going down and staying down.
/// - It begins (`began`) once the press's fingers have all been down together for
///   `minimumPressDuration`, measured from the last of them going down (a timer; at
///   once when the duration is 0), none having moved more than `allowableMovement`
///   from where it went down.
/// - Once begun the fingers may drag anywhere: each move is `changed`. Fingers added
///   then are ignored (they go to their views). It ends (`ended`) when any of the
///   press's fingers lifts, and is `cancelled` if one is cancelled.
/// - Before it begins it fails when a finger moves more than `allowableMovement`, a
///   press finger lifts, more fingers than required go down, or a touch is cancelled.
/// - The taps before the press are judged as `UITapGestureRecognizer` judges its taps
///   (see `TapSequence`), with `allowableMovement` as their movement limit; the press
///   must begin within `GestureThresholds.maximumIntervalBetweenTaps` of the last tap
///   lifting, within `GestureThresholds.maximumDistanceBetweenTaps` of it.
///
/// `numberOfTouches`, `location(in:)` and `location(ofTouch:in:)` describe the
/// press's fingers (before the press, the tap under way or the last tap).
@MainActor
open class UILongPressGestureRecognizer: UIGestureRecognizer {
    /// How many taps come before the press (Neuburg, "Touches": "the count of taps
    /// before the tap that stays down"). Default 0; negative values count as 0. Read
    /// when a gesture's first finger goes down.
    open var numberOfTapsRequired = 0
    /// How many fingers make each tap and the press. Default 1; values below 1 count as
    /// 1. Read when a gesture's first finger goes down.
    open var numberOfTouchesRequired = 1
    /// How long the press's fingers are held before the gesture begins, in seconds.
    /// Default `GestureThresholds.minimumPressDuration` (0.5 s, as in UIKit).
    open var minimumPressDuration: TimeInterval = GestureThresholds.minimumPressDuration
    /// How far, in points, a finger may move before the gesture begins; once begun,
    /// fingers move freely. Default `GestureThresholds.longPressAllowableMovement`
    /// (10 pt, as in UIKit).
    open var allowableMovement: CGFloat = GestureThresholds.longPressAllowableMovement

    /// The taps and the press of the gesture under way; nil until its first finger.
    private var taps: TapSequence?
    private var tapsRequired = 0
    /// The timer of the moment under way: a tap held too long, the next tap or the
    /// press late, or the press held long enough.
    private var deadline: DelayedCall?
    /// Set once the press has lasted long enough: the began may be held back by a
    /// recognizer this one requires to fail, and no other judgement applies after it.
    private var hasBegun = false

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        if hasBegun {
            for touch in touches { ignore(touch, for: event) }
            return
        }
        guard state == .possible else { return }
        if taps == nil {
            tapsRequired = max(0, numberOfTapsRequired)
            taps = TapSequence(touchesRequired: max(1, numberOfTouchesRequired), allowableMovement: allowableMovement)
        }
        guard var taps else { return }
        let beginsGroup = taps.currentFingers.isEmpty
        let verdict = taps.fingersWentDown(touches)
        self.taps = taps
        if case .failed(let reason) = verdict { return failIfPossible(reason) }
        if isPressing {
            deadline?.cancel()
            guard taps.hasAllFingersDown else { return }
            let lastDown = taps.currentFingers.map(\.startTimestamp).max() ?? event.timestamp
            let beginTime = lastDown + minimumPressDuration
            if beginTime <= application.animationEngine.now {
                beginPress()
            } else {
                replaceDeadline(at: beginTime) { $0.beginPress() }
            }
        } else if beginsGroup, let start = taps.currentTapStartTime {
            let tapNumber = taps.completedTaps + 1
            replaceDeadline(at: start + GestureThresholds.maximumTapDuration) { press in
                press.failIfPossible(.described(String(format: "tap %d still down after %.3f s", tapNumber,
                                                         GestureThresholds.maximumTapDuration)))
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        if state.isRecognizing {
            if touches.contains(where: pressFingers.contains) { state = .changed }
            return
        }
        guard state == .possible, !hasBegun, let taps else { return }
        if case .failed(let reason) = taps.fingersMoved(touches) { failIfPossible(reason) }
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        if state.isRecognizing {
            if touches.contains(where: pressFingers.contains) { state = .ended }
            return
        }
        if hasBegun {
            // Its began is still held by a recognizer it requires to fail: with the
            // press over, it could never end, so it gives up.
            return failIfPossible("the press lifted while its began waited for another recognizer to fail")
        }
        guard state == .possible, var taps else { return }
        if isPressing {
            let heldFor = (touches.latestTimestamp ?? event.timestamp) - (taps.currentTapStartTime ?? event.timestamp)
            return failIfPossible(.measured(.init("press lifted after", heldFor, .seconds, minimum: minimumPressDuration)))
        }
        let verdict = taps.fingersLifted(touches)
        self.taps = taps
        switch verdict {
        case .undecided:
            break
        case .failed(let reason):
            failIfPossible(reason)
        case .tapCompleted:
            let completed = taps.completedTaps
            let next = completed == tapsRequired ? "the press" : "tap \(completed + 1)"
            replaceDeadline(at: taps.lastTapEndTime + GestureThresholds.maximumIntervalBetweenTaps) { press in
                press.failIfPossible(.described(String(format: "%@ did not begin within %.3f s", next,
                                                         GestureThresholds.maximumIntervalBetweenTaps)))
            }
        }
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        if state.isRecognizing {
            if touches.contains(where: pressFingers.contains) { state = .cancelled }
            return
        }
        failIfPossible("a touch was cancelled")
    }

    open override func reset() {
        deadline?.cancel()
        deadline = nil
        taps = nil
        hasBegun = false
        super.reset()
    }

    // MARK: - Location

    /// The press's fingers (before the press: those of the tap under way, or of the
    /// last tap, where they lifted), for `numberOfTouches` and the locations.
    override var describedTouches: [UITouch] {
        describedFingers ?? super.describedTouches
    }

    // MARK: - Private

    /// Whether the taps are done and the fingers going down now are the press.
    private var isPressing: Bool {
        (taps?.completedTaps ?? 0) >= tapsRequired
    }

    private var pressFingers: [UITouch] {
        isPressing ? taps?.currentFingers ?? [] : []
    }

    private var describedFingers: [UITouch]? {
        guard let fingers = taps?.describedFingers, !fingers.isEmpty else { return nil }
        return fingers
    }

    private func beginPress() {
        guard state == .possible, !hasBegun, taps?.hasAllFingersDown == true else { return }
        deadline?.cancel()
        hasBegun = true
        state = .began
    }

    private func replaceDeadline(at time: TimeInterval, _ action: @escaping @MainActor (UILongPressGestureRecognizer) -> Void) {
        deadline?.cancel()
        deadline = scheduleDeadline(at: time) { recognizer in
            guard let press = recognizer as? UILongPressGestureRecognizer else { return }
            action(press)
        }
    }
}
