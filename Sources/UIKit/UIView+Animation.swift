import Foundation

// UIKit's block animation API.
//
// Inside `animations`, setting a view property that lives on its layer (`frame`,
// `bounds`, `center`, `transform`, `alpha`, `backgroundColor`, and the layer's
// `cornerRadius`) sets the model at once and adds an animation to the view's layer
// from the old value (see `ViewPropertyAnimationAction`: geometry and transform animate
// additively, so a new animation interrupts an old one without a jump); other changes
// simply happen.
// The completion runs from the frame tick (the animated layers' engine's `tick()`) once every
// animation the block added has stopped: `finished` is true if all ran to their end,
// false if any was removed or replaced by a later block first. A block that animated
// nothing, or ran with a zero duration, completes at the next tick, finished.
//
// While a block's animations without `.allowUserInteraction` run on a view, that view
// and its subtree are skipped by hit-testing, as in UIKit.

extension UIView {
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        runBlock(duration: duration, delay: delay, options: options, spring: nil, animations: animations, completion: completion)
    }

    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        runBlock(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: completion)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping @MainActor () -> Void) {
        runBlock(duration: duration, delay: 0, options: [], spring: nil, animations: animations, completion: nil)
    }

    /// Animates along a spring with damping ratio `dampingRatio` (1: no overshoot,
    /// less: bouncier) that comes to rest at the end of `duration`; `velocity` is the
    /// initial speed in whole distances per second. The curve options are ignored.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
        animations: @escaping @MainActor () -> Void, completion: (@MainActor (Bool) -> Void)? = nil
    ) {
        runBlock(
            duration: duration, delay: delay, options: options, spring: (dampingRatio, velocity),
            animations: animations, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` with animations disabled, even inside an animation
    /// block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        let wasEnabled = UIViewAnimationBlock.animationsEnabled
        UIViewAnimationBlock.animationsEnabled = false
        actionsWithoutAnimation()
        UIViewAnimationBlock.animationsEnabled = wasEnabled
    }

    /// When false, animation blocks change their properties at once (completions still
    /// run, at the next tick).
    public class var areAnimationsEnabled: Bool {
        UIViewAnimationBlock.animationsEnabled
    }

    public class func setAnimationsEnabled(_ enabled: Bool) {
        UIViewAnimationBlock.animationsEnabled = enabled
    }

    private class func runBlock(
        duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
        spring: (dampingRatio: CGFloat, velocity: CGFloat)?, animations: @MainActor () -> Void,
        completion: (@MainActor (Bool) -> Void)?
    ) {
        let (duration, options, spring) = UIViewAnimationBlock.inheriting(duration: duration, options: options, spring: spring)
        guard duration > 0 else {
            performWithoutAnimation(animations)
            CAAnimationEngine.current.performOnNextTick { completion?(true) }
            return
        }
        UIViewAnimationBlock(duration: duration, delay: delay, options: options, spring: spring, completion: completion)
            .run(animations)
    }
}
