import Foundation

/// A discrete recognizer of one or more taps, each made with one or more fingers down
/// together (Neuburg, "Touches": "UITapGestureRecognizer (discrete)").
///
/// It recognizes (`ended`, one action) when the last finger of the
/// `numberOfTapsRequired`-th tap lifts. Each tap must (see `TapSequence`):
/// - have exactly `numberOfTouchesRequired` fingers, all down at the same moment;
/// - keep every finger within `GestureThresholds.tapAllowableMovement` of where it went
///   down;
/// - lift less than `GestureThresholds.maximumTapDuration` after its first finger went
///   down (a finger still down then fails the recognizer at that moment, by a timer);
/// - after the first, begin less than `GestureThresholds.maximumIntervalBetweenTaps`
///   after the previous tap lifted (else it fails when that time is up, by a timer)
///   and land within `GestureThresholds.maximumDistanceBetweenTaps` of where a finger
///   of the previous tap lifted.
/// Anything else fails it, as does a cancelled touch.
///
/// In its action, `numberOfTouches`, `location(in:)` and `location(ofTouch:in:)`
/// describe the fingers of the last tap where they lifted (their centroid for
/// `location(in:)`), although they are no longer down; during a tap, its fingers.
///
/// Prevention: a tap recognizer never prevents another `UITapGestureRecognizer` that
/// requires more taps (Neuburg, "Touches": a single tap, by recognizing, does not make
/// a double tap fail), so both a single-tap and a double-tap recognizer see a double
/// tap unless one is made to `require(toFail:)` the other.
@MainActor
open class UITapGestureRecognizer: UIGestureRecognizer {
    /// How many taps make the gesture. Default 1; values below 1 count as 1. Read when a
    /// gesture's first finger goes down.
    open var numberOfTapsRequired = 1
    /// How many fingers each tap is made with, down together. Default 1; values below 1
    /// count as 1. Read when a gesture's first finger goes down.
    open var numberOfTouchesRequired = 1

    /// The taps of the gesture under way; nil until its first finger goes down.
    private var taps: TapSequence?
    private var tapsRequired = 1
    /// The timer of the moment under way: the tap held too long, or the next tap late.
    private var deadline: DelayedCall?
    /// Set once the last tap completes: recognition may be held back by a recognizer
    /// this one requires to fail, and touches until the reset are not a new gesture.
    private var hasRecognized = false

    // MARK: - Touches

    open override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard state == .possible, !hasRecognized else { return }
        if taps == nil {
            tapsRequired = max(1, numberOfTapsRequired)
            taps = TapSequence(touchesRequired: max(1, numberOfTouchesRequired),
                               allowableMovement: GestureThresholds.tapAllowableMovement)
        }
        guard var taps else { return }
        let beginsTap = taps.currentFingers.isEmpty
        let verdict = taps.fingersWentDown(touches)
        self.taps = taps
        guard verdict == .undecided else { return judge(verdict) }
        if beginsTap, let start = taps.currentTapStartTime {
            let tapNumber = taps.completedTaps + 1
            replaceDeadline(at: start + GestureThresholds.maximumTapDuration) { tap in
                tap.failIfPossible(.described(String(format: "tap %d still down after %.3f s", tapNumber,
                                                     GestureThresholds.maximumTapDuration)))
            }
        }
    }

    open override func touchesMoved(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesMoved(touches, with: event)
        guard state == .possible, !hasRecognized, let taps else { return }
        judge(taps.fingersMoved(touches))
    }

    open override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        guard state == .possible, !hasRecognized, var taps else { return }
        let verdict = taps.fingersLifted(touches)
        self.taps = taps
        judge(verdict)
    }

    open override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        guard !hasRecognized else { return }
        failIfPossible("a touch was cancelled")
    }

    open override func reset() {
        deadline?.cancel()
        deadline = nil
        taps = nil
        hasRecognized = false
        super.reset()
    }

    // MARK: - Location

    /// The fingers of the tap under way, or of the last tap once it has lifted (where
    /// they lifted), for `numberOfTouches` and the locations.
    override var describedTouches: [UITouch] {
        describedFingers ?? super.describedTouches
    }

    // MARK: - Prevention

    /// False for a `UITapGestureRecognizer` that requires more taps than this one (a
    /// single tap does not make a double tap fail); otherwise the default, true.
    open override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        if let otherTap = preventedGestureRecognizer as? UITapGestureRecognizer,
            otherTap.numberOfTapsRequired > numberOfTapsRequired {
            return false
        }
        return super.canPrevent(preventedGestureRecognizer)
    }

    // MARK: - Private

    private var describedFingers: [UITouch]? {
        guard let fingers = taps?.describedFingers, !fingers.isEmpty else { return nil }
        return fingers
    }

    private func judge(_ verdict: TapSequence.Verdict) {
        switch verdict {
        case .undecided:
            break
        case .failed(let reason):
            failIfPossible(reason)
        case .tapCompleted:
            guard let taps else { return }
            if taps.completedTaps >= tapsRequired {
                deadline?.cancel()
                hasRecognized = true
                state = .ended
                return
            }
            let completed = taps.completedTaps
            replaceDeadline(at: taps.lastTapEndTime + GestureThresholds.maximumIntervalBetweenTaps) { tap in
                tap.failIfPossible(.described(String(format: "tap %d did not begin within %.3f s", completed + 1,
                                                       GestureThresholds.maximumIntervalBetweenTaps)))
            }
        }
    }

    private func replaceDeadline(at time: TimeInterval, _ action: @escaping @MainActor (UITapGestureRecognizer) -> Void) {
        deadline?.cancel()
        deadline = scheduleDeadline(at: time) { recognizer in
            guard let tap = recognizer as? UITapGestureRecognizer else { return }
            action(tap)
        }
    }
}
