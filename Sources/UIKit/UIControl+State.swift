extension UIControl {
    /// The states a control can be in at once, with UIKit's raw values. A control's
    /// `state` is `.normal` (the empty set) or a combination of the others; per-state
    /// settings such as `UIButton.setTitle(_:for:)` are looked up by the exact
    /// combination and fall back to `.normal`.
    public struct State: OptionSet, Hashable, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// No other state: enabled, not highlighted, not selected.
        public static let normal: State = []
        /// A finger is down on the control, within its tracking area (`isHighlighted`).
        public static let highlighted = State(rawValue: 1 << 0)
        /// `isEnabled` is false.
        public static let disabled = State(rawValue: 1 << 1)
        /// `isSelected` is true.
        public static let selected = State(rawValue: 1 << 2)
        /// The control has focus (never set here: there is no focus engine).
        public static let focused = State(rawValue: 1 << 3)
    }
}
