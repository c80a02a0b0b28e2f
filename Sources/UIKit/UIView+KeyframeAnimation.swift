import Foundation

// UIKit's keyframe block animations.
//
// `animateKeyframes` runs its closure, in which each `addKeyframe` names a stretch of
// the whole duration (relative start and length, 0…1) and the changes made in it. A
// view property changed in keyframes gets one `CAKeyframeAnimation` over the whole
// duration: its old value until its first keyframe starts, each keyframe's value
// reached at that keyframe's end and held until the next one starts. Changes made in
// the closure outside any keyframe count as a keyframe over the whole duration.
//
// As in UIKit, the whole animation is paced by a curve, ease-in-ease-out unless the
// options carry one of `UIView.AnimationOptions`' curve bits (UIKit has no keyframe
// constants for them; `KeyframeAnimationOptions(rawValue: AnimationOptions.curveLinear.rawValue)`
// is the known way), and the keyframes are joined by the calculation mode. The
// completion, touch blocking during the animation and the other options behave as in
// `UIView.animate`.

extension UIView {
    /// How a keyframe block animates, with UIKit's names and raw values.
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)

        /// Straight lines between the keyframes' values (the default).
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        /// Each value shown from its keyframe's start, without interpolation.
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        /// An even pace through the values; keyframe times are ignored.
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        /// A smooth curve through the values (`CAAnimationCalculationMode.cubic`).
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        /// A smooth curve at an even pace; keyframe times are ignored.
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)

        /// The Core Animation mode the calculation bits name.
        var calculationMode: CAAnimationCalculationMode {
            switch (rawValue >> 10) & 0x7 {
            case 1: .discrete
            case 2: .paced
            case 3: .cubic
            case 4: .cubicPaced
            default: .linear
            }
        }

        /// The bits a keyframe block shares with `UIView.AnimationOptions` (the curve
        /// bits included, which UIKit honours though it names none here).
        var animationOptions: UIView.AnimationOptions {
            UIView.AnimationOptions(rawValue: rawValue & ~(UInt(0x7) << 10))
        }
    }

    /// Animates the keyframes `animations` adds (with `addKeyframe`) over `duration`
    /// seconds after `delay`; `completion` gets whether every animation ran to its end.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        let (duration, inheritedOptions, _) = UIViewAnimationBlock.inheriting(
            duration: duration, options: options.animationOptions.union(.overrideInheritedCurve), spring: nil)
        guard duration > 0, UIViewAnimationBlock.animationsEnabled else {
            performWithoutAnimation(animations)
            CAAnimationEngine.current.performOnNextTick { completion?(true) }
            return
        }
        let keyframes = UIViewKeyframeBlock(
            duration: duration, delay: delay, options: inheritedOptions,
            calculationMode: options.calculationMode, completion: completion)
        keyframes.run(animations)
    }

    /// Inside `animateKeyframes`' closure: the changes `animations` makes happen over
    /// the stretch that starts `frameStartTime` and lasts `frameDuration`, both
    /// fractions 0…1 of the whole duration. Outside one it changes the views at once,
    /// as UIKit's does.
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping @MainActor () -> Void
    ) {
        guard let keyframes = UIViewKeyframeBlock.current else {
            return performWithoutAnimation(animations)
        }
        keyframes.addKeyframe(start: frameStartTime, duration: frameDuration, animations)
    }
}
