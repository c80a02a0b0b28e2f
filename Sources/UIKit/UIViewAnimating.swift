import Foundation

/// Where an animator is in its life.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started, or finished: the views show their model values.
    case inactive = 0
    /// Started: running or paused.
    case active = 1
    /// Stopped without finishing: waits for `finishAnimation(at:)`.
    case stopped = 2
}

/// Where an animator's properties end up when it finishes.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// The values the animations set.
    case end = 0
    /// The values before the animations.
    case start = 1
    /// Where they appear at that moment.
    case current = 2
}

/// An animation one can start, pause, scrub, reverse and stop (Apple's `UIViewAnimating`).
@MainActor
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animating object one can add animations and completions to while it runs
/// (Apple's `UIViewImplicitlyAnimating`).
@MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping @MainActor () -> Void)
    func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}
