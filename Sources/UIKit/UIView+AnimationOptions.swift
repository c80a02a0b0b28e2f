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

        /// A block inside another block's `animations` animates with its own
        /// duration, not the outer block's.
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        /// Accepted: views here draw their content once per change, so content is
        /// always drawn as it animates.
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        /// With `transition(from:to:duration:options:completion:)`: hide the view that
        /// leaves and show the one that comes instead of removing and adding them.
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        /// A block inside another block's `animations` animates with its own curve.
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        /// A block inside another block's `animations` inherits neither the outer
        /// block's options nor its kind (curve or spring).
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)

        /// The default curve.
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)

        /// Accepted and ignored: frames come as the host paces them.
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)

        /// The curve bits alone.
        static let curveMask = AnimationOptions(rawValue: 0xF << 16)
        /// The transition bits alone.
        static let transitionMask = AnimationOptions(rawValue: 0xF << 20)

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
