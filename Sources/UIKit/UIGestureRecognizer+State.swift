extension UIGestureRecognizer {
    /// Where a recognizer is in its state machine (Apple, "Gesture Recognizers":
    /// "Gesture Recognizers Operate in a Finite State Machine").
    ///
    /// Legal transitions, and the only ones a recognizer makes; anything else set by a
    /// subclass is logged under `UIKitDebug` category `gestures`, counted in
    /// `UIGestureRecognizer.illegalTransitionCount`, and ignored:
    ///
    /// | from | to |
    /// |---|---|
    /// | possible | began, ended (recognized), failed |
    /// | began, changed | changed, ended, cancelled |
    ///
    /// `possible` is never set by a subclass: every recognizer returns to it by itself
    /// after a terminal state (ended, cancelled, failed), once the event under way has
    /// been delivered.
    public enum State: Int, Sendable, CustomStringConvertible {
        case possible
        case began
        case changed
        case ended
        case cancelled
        case failed

        /// A discrete recognizer's success; the same state as `ended`.
        public static var recognized: State { .ended }

        /// Ended, cancelled or failed: the recognizer is done until it resets.
        public var isTerminal: Bool {
            switch self {
            case .ended, .cancelled, .failed: true
            case .possible, .began, .changed: false
            }
        }

        /// Began or changed: a continuous gesture under way.
        var isRecognizing: Bool {
            self == .began || self == .changed
        }

        /// Whether a recognizer may go from `self` to `next`.
        func allowsTransition(to next: State) -> Bool {
            switch (self, next) {
            case (.possible, .began), (.possible, .ended), (.possible, .failed): true
            case (.began, .changed), (.began, .ended), (.began, .cancelled): true
            case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
            default: false
            }
        }

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }
    }
}
