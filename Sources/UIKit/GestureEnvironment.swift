/// The recognizers' arbiter (under construction: the delivery engine lands next).
@MainActor
final class GestureEnvironment {
    func recognizer(_ recognizer: UIGestureRecognizer, requests newState: UIGestureRecognizer.State) {
        let old = recognizer.storedState
        guard old.allowsTransition(to: newState) else {
            UIGestureRecognizer.illegalTransitionCount += 1
            UIKitDebug.log(.gestures, "\(recognizer.traceName): illegal transition \(old) → \(newState) ignored")
            return
        }
        recognizer.storedState = newState
        if newState != .failed { recognizer.sendActions() }
    }

    func recognizer(_ recognizer: UIGestureRecognizer, ignores touch: UITouch) {}

    func abandon(_ recognizer: UIGestureRecognizer, reason: String) {}
}
