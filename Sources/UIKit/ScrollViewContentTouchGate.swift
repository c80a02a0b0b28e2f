import Foundation

/// What stands between a touch in a scroll view and the content's view it landed on:
/// an internal recognizer on the scroll view (UIKit has a private one too) that never
/// sends actions.
///
/// - With `delaysContentTouches` it keeps the touch's began from the view (its
///   `delaysTouchesBegan`) for `ScrollViewMeasurements.contentTouchDelay`, or until the
///   touch lifts sooner, then lets it go (fails): the view hears began, then the rest.
///   A scroll that starts meanwhile cuts the touch off, so the view never hears of it.
/// - Before it lets a touch go, the scroll view is asked
///   `touchesShouldBegin(_:with:in:)`; a no, or a touch that caught the content while it
///   moved by itself, makes it recognize instead: recognizing with
///   `cancelsTouchesInView`, it cuts the touch off before its view heard anything.
/// - It never prevents another recognizer, so the scroll view's pan and the content's
///   recognizers are unaffected by it.
@MainActor
final class ScrollViewContentTouchGate: UIGestureRecognizer {
    override init() {
        super.init()
        delaysTouchesEnded = false
    }

    override func canPrevent(_ preventedGestureRecognizer: UIGestureRecognizer) -> Bool {
        false
    }

    override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesBegan(touches, with: event)
        guard let scrollView = view as? UIScrollView else { return }
        scrollView.trackedTouches.removeAll { $0.touch?.isFinished ?? true }
        scrollView.trackedTouches.append(contentsOf: touches.map { UIScrollView.TrackedTouch(touch: $0) })
        if scrollView.catchMotion() {
            UIKitDebug.log(.gestures, "UIScrollView: a touch caught the moving content; the content does not hear of it")
            state = .ended
            return
        }
        guard state == .possible else { return }
        if delaysTouchesBegan {
            guard let time = touches.map(\.timestamp).max() else { return }
            deadline?.cancel()
            deadline = scheduleDeadline(at: time + ScrollViewMeasurements.contentTouchDelay) { gate in
                (gate as? ScrollViewContentTouchGate)?.letGo(with: nil)
            }
        } else {
            letGo(with: event)
        }
    }

    override func touchesEnded(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesEnded(touches, with: event)
        letGo(with: event)
    }

    override func touchesCancelled(_ touches: Set<UITouch>, with event: UIEvent) {
        super.touchesCancelled(touches, with: event)
        failIfPossible(.described("its touches were cancelled"))
    }

    override func reset() {
        deadline?.cancel()
        deadline = nil
        super.reset()
    }

    // MARK: - Private

    private var deadline: DelayedCall?

    /// The touches may reach their views, if the scroll view agrees: fails to let them
    /// go, or recognizes to keep them away.
    private func letGo(with event: UIEvent?) {
        guard state == .possible, let scrollView = view as? UIScrollView else { return }
        let touches = trackedTouches.filter { !$0.arbitration.viewDelivery.isCutOff }
        for touch in touches {
            guard let target = touch.view, target !== scrollView else { continue }
            if !scrollView.touchesShouldBegin(Set([touch]), with: event, in: target) {
                UIKitDebug.log(.gestures, "UIScrollView: touchesShouldBegin said no for \(type(of: target))")
                state = .ended
                return
            }
        }
        failIfPossible(.described("lets the touches reach the content"))
    }
}
