/// One `UIView.animate` call: its parameters while its `animations` closure runs, and
/// the animations it added until they have all stopped, when it calls its completion.
///
/// While the closure runs, the block is the current one: a change to a view's layer
/// property asks the view for an action (`UIView.action(for:forKey:)`), which returns
/// a `ViewPropertyAnimationAction` for this block (run by a `PropertyChangeAction`).
@MainActor
final class UIViewAnimationBlock {
    let duration: TimeInterval
    let delay: TimeInterval
    let options: UIView.AnimationOptions
    /// Damping ratio and initial velocity for the spring variant.
    let spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    private var completion: (@MainActor (Bool) -> Void)?

    /// Animations added and not yet stopped.
    private var running = 0
    private var allFinished = true
    /// The closure has returned: when nothing runs any more, the completion is due.
    private var isSealed = false

    init(
        duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
        spring: (dampingRatio: CGFloat, velocity: CGFloat)?, completion: (@MainActor (Bool) -> Void)?
    ) {
        self.duration = duration
        self.delay = delay
        self.options = options
        self.spring = spring
        self.completion = completion
    }

    // MARK: - The current block

    /// Innermost last.
    private static var stack: [UIViewAnimationBlock] = []

    /// The parameters a block started inside another block's `animations` runs with:
    /// as UIKit documents for the override options, it takes the outer block's
    /// duration unless `.overrideInheritedDuration`, its curve unless
    /// `.overrideInheritedCurve`, and its other options and its kind (curve or spring)
    /// unless `.overrideInheritedOptions`. Its delay and completion stay its own. A
    /// block outside any other keeps what it was given.
    static func inheriting(
        duration: TimeInterval, options: UIView.AnimationOptions, spring: (dampingRatio: CGFloat, velocity: CGFloat)?
    ) -> (TimeInterval, UIView.AnimationOptions, (dampingRatio: CGFloat, velocity: CGFloat)?) {
        guard let outer = stack.last, animationsEnabled else { return (duration, options, spring) }
        let inheritedDuration = options.contains(.overrideInheritedDuration) ? duration : outer.duration
        var inheritedOptions = options
        var inheritedSpring = spring
        if !options.contains(.overrideInheritedOptions) {
            let notPassedOn: UIView.AnimationOptions = [
                .curveMask, .transitionMask, .overrideInheritedDuration, .overrideInheritedCurve, .overrideInheritedOptions,
            ]
            inheritedOptions.formUnion(outer.options.subtracting(notPassedOn))
            inheritedSpring = outer.spring
        }
        if !options.contains(.overrideInheritedCurve) {
            inheritedOptions.subtract(.curveMask)
            inheritedOptions.formUnion(outer.options.intersection(.curveMask))
        }
        return (inheritedDuration, inheritedOptions, inheritedSpring)
    }
    /// `UIView.areAnimationsEnabled`.
    static var animationsEnabled = true

    /// The keys of the layer properties a view animates in a block: those behind
    /// `frame`, `bounds`, `center`, `transform`, `alpha` and `backgroundColor`, and
    /// `cornerRadius` (which UIKit animates in blocks since iOS 11).
    static let animatableKeys: Set<String> = ["position", "bounds", "transform", "opacity", "backgroundColor", "cornerRadius"]

    /// What `UIView.action(for:forKey:)` answers: an animation for the current block,
    /// or `NSNull` (no action) outside blocks, with animations disabled, for the other
    /// keys, for a layer that is not the view's own, and for a view whose layer is not
    /// yet in a tree (nothing is on screen to animate from).
    static func action(for view: UIView, layer: CALayer, forKey event: String) -> (any CAAction)? {
        guard animationsEnabled, layer === view.layer, layer.superlayer != nil, animatableKeys.contains(event) else {
            return NSNull()
        }
        // A keyframe block's or an animator's closure records, unless a block was
        // started inside it.
        if let recorder = ViewChangeRecording.current, ViewChangeRecording.blockDepth == stack.count {
            return PropertyChangeAction(ViewChangeRecordingAction(recorder: recorder, view: view).run)
        }
        guard let block = stack.last else { return NSNull() }
        return PropertyChangeAction(ViewPropertyAnimationAction(block: block, view: view).run)
    }

    /// How many blocks' closures are running.
    static var depth: Int { stack.count }

    /// Runs `animations` with this block current, then seals it.
    func run(_ animations: () -> Void) {
        UIViewAnimationBlock.stack.append(self)
        animations()
        UIViewAnimationBlock.stack.removeLast()
        isSealed = true
        if running == 0 {
            // Nothing animated: UIKit still calls the completion, later, as finished.
            CAAnimationEngine.current.performOnNextTick { [self] in finish() }
        }
    }

    // MARK: - Tracking

    /// Adds `animation` to `layer` (the view's layer or one inside it) under `key`,
    /// counted by this block and, unless `.allowUserInteraction`, keeping `view` from
    /// touches until it stops.
    func add(_ animation: CAAnimation, forKey key: String, to layer: CALayer, of view: UIView) {
        let interactive = options.contains(.allowUserInteraction)
        animation.delegate = ViewAnimationTracker(block: self, view: view, blocksTouches: !interactive)
        // Counted before adding, so replacing this key's running animation (whose stop
        // uncounts it) never lets the count touch zero in between.
        running += 1
        if !interactive { view.nonInteractiveAnimationCount += 1 }
        layer.add(animation, forKey: key)
    }

    /// `finished` is false for an animation removed early, except one replaced while
    /// this block's own closure still runs (setting a property twice in one block).
    func animationStopped(finished: Bool) {
        running -= 1
        if !finished, isSealed { allFinished = false }
        if isSealed, running == 0 { finish() }
    }

    private func finish() {
        guard let completion else { return }
        self.completion = nil
        completion(allFinished)
    }
}

/// What the action a view returns inside an animation block runs (through a
/// `PropertyChangeAction`, which takes the layer's change without the arguments
/// dictionary): adds a `CABasicAnimation` (or `CASpringAnimation`) for the changed key
/// to the view's layer.
///
/// `position`, `bounds` and `transform` (behind `center`, `frame`, `bounds` and
/// `transform`) animate additively, as UIKit's have since iOS 8 (WWDC 2014 session 236,
/// "Building Interruptible and Responsive Interactions"): the animation runs the
/// difference between the old and the new value down to nothing on top of the model,
/// under a key of its own. Animating the property again mid-flight adds a second
/// difference on top of the first, so the view goes on from where it appears, with no
/// jump, and the first animation still runs out (its completion gets `true`).
///
/// With `.beginFromCurrentState`, and for the other keys (`opacity`, `backgroundColor`,
/// `cornerRadius`), the animation is absolute and keyed by the property: it replaces
/// the property's animations in flight (their completions get `false`) and starts from
/// where the property appears (`.beginFromCurrentState`) or from its old model value.
@MainActor
struct ViewPropertyAnimationAction {
    let block: UIViewAnimationBlock
    let view: UIView

    /// The keys UIKit animates additively.
    static let additiveKeys: Set<String> = ["position", "bounds", "transform"]

    func run(_ change: PropertyChange) {
        let layer = change.layer, event = change.key
        let options = block.options
        let animation: CABasicAnimation
        if let spring = block.spring {
            animation = ViewPropertyAnimationAction.springAnimation(
                keyPath: event, duration: block.duration, dampingRatio: spring.dampingRatio, velocity: spring.velocity)
        } else {
            animation = CABasicAnimation(keyPath: event)
            animation.timingFunction = options.timingFunction
        }
        var key = event
        if !options.contains(.beginFromCurrentState), Self.additiveKeys.contains(event),
           let previous = change.previousValue,
           let new = ViewChangeRecordingAction.modelValue(of: layer, forKey: event),
           let difference = ViewValueDifference.of(old: previous, new: new, forKey: event) {
            animation.isAdditive = true
            animation.fromValue = difference.difference
            animation.toValue = difference.zero
            key = Self.freeKey(for: event, on: layer)
        } else {
            animation.fromValue = options.contains(.beginFromCurrentState)
                ? change.previousPresentationValue : change.previousValue
            // Absolute: it replaces what animates the property, additive parts included.
            for other in layer.animationKeys() ?? [] where Self.isKey(other, for: event) && other != event {
                layer.removeAnimation(forKey: other)
            }
        }
        animation.duration = block.duration
        if block.delay > 0 {
            animation.beginTime = layer.currentLocalTime + block.delay
            // The old value shows during the delay, though the model already has the new.
            animation.fillMode = .backwards
        }
        if options.contains(.repeat) { animation.repeatCount = .infinity }
        animation.autoreverses = options.contains(.autoreverse)
        block.add(animation, forKey: key, to: layer, of: view)
    }

    /// Whether `key` is the property's own animation key or one of its additive ones
    /// (`position`, `position-2`, …).
    static func isKey(_ key: String, for property: String) -> Bool {
        key == property || (key.hasPrefix(property + "-") && Int(key.dropFirst(property.count + 1)) != nil)
    }

    /// The property's name when nothing animates under it, else `name-2`, `name-3`, …:
    /// the first free one.
    static func freeKey(for property: String, on layer: CALayer) -> String {
        let taken = Set(layer.animationKeys() ?? [])
        guard taken.contains(property) else { return property }
        var number = 2
        while taken.contains("\(property)-\(number)") { number += 1 }
        return "\(property)-\(number)"
    }

    /// A spring whose `settlingDuration` (`CASpringSolver.settlingDuration`) is `duration`,
    /// with mass 1 and the given damping ratio; UIKit's documentation of the spring
    /// method calls `duration` the animation's total duration. A ratio of 0 or less
    /// never settles: it oscillates once per `duration`, undamped.
    static func springAnimation(keyPath: String, duration: TimeInterval, dampingRatio: CGFloat, velocity: CGFloat) -> CASpringAnimation {
        let animation = CASpringAnimation(keyPath: keyPath)
        animation.mass = 1
        animation.initialVelocity = velocity
        guard dampingRatio > 0, duration > 0 else {
            animation.stiffness = duration > 0 ? pow(2 * .pi / duration, 2) : 100
            animation.damping = 0
            return animation
        }
        // With mass 1 and a fixed ratio the settling time scales as 1/ω₀ at rest, and
        // nearly so with an initial velocity: a few proportional steps converge.
        var omega = 1.0
        for _ in 0..<12 {
            let solver = CASpringSolver(
                mass: 1, stiffness: CGFloat(omega * omega), damping: 2 * dampingRatio * CGFloat(omega),
                initialVelocity: velocity)
            let settling = solver.settlingDuration
            guard settling > 0, settling.isFinite else { break }
            omega *= settling / duration
        }
        animation.stiffness = CGFloat(omega * omega)
        animation.damping = 2 * dampingRatio * CGFloat(omega)
        return animation
    }
}

/// The delegate of each animation a block adds: tells the block it stopped, and lets
/// the view take touches again.
@MainActor
final class ViewAnimationTracker: CAAnimationDelegate {
    let block: UIViewAnimationBlock
    /// Weak so an animation that outlives its view (its layer held elsewhere) does not
    /// keep it.
    weak var view: UIView?
    let blocksTouches: Bool

    init(block: UIViewAnimationBlock, view: UIView, blocksTouches: Bool) {
        self.block = block
        self.view = view
        self.blocksTouches = blocksTouches
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if blocksTouches { view?.nonInteractiveAnimationCount -= 1 }
        block.animationStopped(finished: flag)
    }
}
