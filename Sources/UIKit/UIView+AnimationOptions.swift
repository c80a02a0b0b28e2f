extension UIView {
    /// How a `UIView.animate` block animates, with UIKit's names and raw values.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Accepted and ignored: there is no constraint layout here, so there is no
        /// layout pass to run inside the block.
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        /// The animated views keep receiving touches (hit-tested by their model
        /// geometry, as in UIKit). Without it they ignore touches until the animation
        /// stops.
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        /// Start from where a property appears (its presentation value, mid-animation
        /// or not), replacing the property's animations in flight (their completions
        /// get `false`). Without it, `center`, `frame`, `bounds` and `transform`
        /// animate additively on top of those in flight, which run out
        /// (`ViewPropertyAnimationAction`).
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        /// Repeat for ever.
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        /// Play each cycle forwards then backwards; the model keeps the new values, so
        /// without `.repeat` the view jumps to them at the end, as in UIKit.
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)

        /// The default curve.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        /// The timing function the curve bits name.
        var timingFunction: CAMediaTimingFunction {
            switch (rawValue >> 16) & 0xF {
            case 1: CAMediaTimingFunction(name: .easeIn)
            case 2: CAMediaTimingFunction(name: .easeOut)
            case 3: CAMediaTimingFunction(name: .linear)
            default: CAMediaTimingFunction(name: .easeInEaseOut)
            }
        }
    }
}
