import Foundation

/// An interruptible, scrubbable, reversible animation of view properties (Apple's
/// `UIViewPropertyAnimator`).
///
/// The animations closures run at once (at `init`, `addAnimations`): the views' model
/// values take the new values there, and the animator shows the way from the old ones
/// on top of them with additive layer animations, so `UIView.animate` blocks on the
/// same views compose with it. Everything runs on the layer tree's clock: slow
/// animations and manual clocks apply.
///
/// How it moves (the choices where Apple's reference is silent, after what UIKit does):
/// - Running on a cubic curve, the animator follows the curve through its time
///   fraction: paused and started again, it goes on along the same curve. Reversed, it
///   goes back along the same curve.
/// - Paused, `fractionComplete` is the time fraction; with `scrubsLinearly` (the
///   default) a fraction set while paused shows that fraction of the way, ignoring the
///   curve, as UIKit's does; started again, it goes on along the curve from the point
///   of it that shows the same values, so nothing jumps.
/// - A spring runs from where the views appear to the end (or the start, reversed)
///   over the remaining time; `continueAnimation(withTimingParameters:durationFactor:)`
///   with new parameters or a positive factor does the same over `durationFactor`
///   times the original duration. Delay factors apply on the animator's own curve;
///   such a fresh run takes every property along together.
/// - `isUserInteractionEnabled` false keeps the animated views from touches while the
///   animator is active.
@MainActor
open class UIViewPropertyAnimator: UIViewImplicitlyAnimating {
    /// The time the animations take, running from start to end.
    public let duration: TimeInterval
    /// The delay `runningPropertyAnimator` started it with.
    public internal(set) var delay: TimeInterval = 0
    /// What paces it.
    public let timingParameters: (any UITimingCurveProvider)?
    public internal(set) var state = UIViewAnimatingState.inactive
    public internal(set) var isRunning = false
    /// Whether the animator can be paused and stopped once started (true). A
    /// non-interruptible one runs to its end: `pauseAnimation()` and `stopAnimation(_:)`
    /// while it runs are refused with a logged error, and it finishes as usual (Apple's
    /// isInterruptible reference). Changing it while the animator is active is refused
    /// the same way and the value kept, where UIKit raises (UIViewPropertyAnimator.h:
    /// "Raises if set on an active animator").
    open var isInterruptible: Bool {
        get { interruptible }
        set { setWhileInactive(\.interruptible, newValue, name: "isInterruptible") }
    }

    /// Whether the animated views take touches while the animator is active (true).
    /// Changing it while the animator is active is refused with a logged error and the
    /// value kept, where UIKit raises (UIViewPropertyAnimator.h: "Raises if set on an
    /// active animator").
    open var isUserInteractionEnabled: Bool {
        get { userInteractionEnabled }
        set { setWhileInactive(\.userInteractionEnabled, newValue, name: "isUserInteractionEnabled") }
    }

    var interruptible = true
    var userInteractionEnabled = true
    /// Accepted: hit-testing here always uses the views' model frames.
    open var isManualHitTestingEnabled = false
    open var scrubsLinearly = true
    open var pausesOnCompletion = false

    /// One animated property of one view.
    struct Track {
        let view: UIView
        let key: String
        let from: Any
        let to: Any
        /// `from − to`, which the additive animation runs down to `zero`.
        let difference: Any
        let delayFactor: Double
    }

    /// How the views move now.
    enum Motion {
        /// Along the cubic curve: time fraction τ₀ at layer time t₀, and on at
        /// `1 / duration` per second (down when `backwards`).
        case alongCurve(fraction: Double, at: CFTimeInterval, backwards: Bool)
        /// From the value fractions `start` to `target` over `span` seconds from `at`.
        case fresh(start: [Double], target: Double, at: CFTimeInterval, span: TimeInterval, provider: any UITimingCurveProvider)
        /// Still, at these value fractions; `fraction` is the time fraction.
        case paused(values: [Double], fraction: Double, scrubbedLinearly: Bool)
    }

    var tracks: [Track] = []
    /// Animations added before the animator became active: they run when it does.
    var pendingAnimations: [(animations: @MainActor () -> Void, delayFactor: Double)] = []
    var recordingDelay = 0.0
    /// The pending animations are being run: nothing has moved yet.
    var isActivating = false
    var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []
    var motion = Motion.paused(values: [], fraction: 0, scrubbedLinearly: false)
    /// Counts restarts, so a clock animation of an earlier run cannot end this one.
    var generation = 0
    var pendingStart: DelayedCall?
    var fallbackClock: DelayedCall?
    var blockedViews: [UIView] = []
    let identifier = UIViewPropertyAnimator.nextIdentifier()
    /// The time fraction a fresh run started from.
    var freshStartFraction = 0.0
    /// The application current when the animator was made: its clock and timers run
    /// the animator.
    let application = UIApplication.shared
    var engine: CAAnimationEngine { application.animationEngine }

    // MARK: - Making one

    public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = max(0, duration)
        timingParameters = parameters
    }

    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve,
                            animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration,
                  timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat,
                            animations: (@MainActor () -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// An animator already running: the options' curve paces it, `.allowUserInteraction`
    /// keeps the views touchable, and `completion` hears where it ended.
    public class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
        animations: @escaping @MainActor () -> Void,
        completion: (@MainActor (UIViewAnimatingPosition) -> Void)? = nil
    ) -> Self {
        let curve = UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 0xF)) ?? .easeInOut
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        animator.isUserInteractionEnabled = options.contains(.allowUserInteraction)
        animator.delay = delay
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: - Animations and completions

    open func addAnimations(_ animation: @escaping @MainActor () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Adds animations that run over the part of the animator's time after
    /// `delayFactor` (0…1) of it. As in UIKit, the closure runs when the animator
    /// becomes active (started, paused or scrubbed), and at once when it already is:
    /// then its changes run over what is left of the time, from where they are.
    open func addAnimations(_ animation: @escaping @MainActor () -> Void, delayFactor: CGFloat) {
        let delay = min(max(Double(delayFactor), 0), 1)
        switch state {
        case .stopped:
            UIKitDebug.log(.animation, "animator: animations added to a stopped animator are ignored")
        case .inactive:
            pendingAnimations.append((animation, delay))
        case .active:
            recordingDelay = max(Double(fractionComplete), delay)
            let before = tracks.count
            ViewChangeRecording.record(into: self, animation)
            if tracks.count > before { restart() }
        }
    }

    open func addCompletion(_ completion: @escaping @MainActor (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: - Running

    open func startAnimation() {
        switch state {
        case .stopped:
            UIKitDebug.log(.animation, "animator: a stopped animator cannot start again; finish it first")
            return
        case .inactive:
            activate()
        case .active:
            guard !isRunning else { return }
        }
        pendingStart?.cancel()
        pendingStart = nil
        isRunning = true
        restart()
    }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard delay > 0 else { return startAnimation() }
        if state == .inactive { activate() }
        pendingStart?.cancel()
        pendingStart = application.schedule(afterDelay: delay) { [weak self] in
            self?.pendingStart = nil
            self?.startAnimation()
        }
    }

    open func pauseAnimation() {
        switch state {
        case .stopped:
            return UIKitDebug.log(.animation, "animator: a stopped animator cannot pause")
        case .inactive:
            activate()
        case .active:
            guard isRunning else { return }
            guard isInterruptible else {
                return UIKitDebug.log(.animation, level: .error,
                                      "animator: pauseAnimation() refused: the animator is not interruptible and runs to its end")
            }
        }
        pendingStart?.cancel()
        pendingStart = nil
        let fraction = Double(fractionComplete)
        motion = .paused(values: currentValues(), fraction: fraction, scrubbedLinearly: false)
        isRunning = false
        restart()
    }

    open var isReversed = false {
        didSet {
            guard isReversed != oldValue, state == .active, isRunning else { return }
            // Going back from where it is: along the curve from the same time fraction.
            restartRunning(fromFraction: Double(fractionComplete), values: currentValues())
        }
    }

    /// The time fraction, 0 at the start and 1 at the end. Set while paused (or
    /// inactive, which pauses it), it shows that point (see the type's notes on
    /// `scrubsLinearly`); set while running, it is ignored, as UIKit's is.
    open var fractionComplete: CGFloat {
        get { CGFloat(timeFraction(at: engine.currentTime)) }
        set {
            guard !isRunning, state != .stopped else { return }
            if state == .inactive { pauseAnimation() }
            let fraction = min(max(Double(newValue), 0), 1)
            let values = tracks.map { track -> Double in
                let local = Self.localFraction(fraction, delay: track.delayFactor)
                return scrubsLinearly ? local : curveValue(local)
            }
            motion = .paused(values: values, fraction: fraction, scrubbedLinearly: scrubsLinearly)
            restart()
        }
    }

    /// Continues a paused animator from where its views are, to its end (its start when
    /// reversed), with `parameters` as the timing (`nil` keeps the animator's own).
    ///
    /// The time left becomes `durationFactor` times the animator's original `duration`,
    /// whatever was left before (Apple's reference: "a multiplying factor to apply to
    /// the animation's original duration"; UIViewPropertyAnimator.h: it "is used to
    /// specify the remaining time", as if the animation "was started from its current
    /// position with a new duration"): 1 takes a whole `duration` from here, and
    /// `1 - fractionComplete` keeps the original pace. A factor of 0 (or less) keeps the
    /// time that was left and, without new parameters, the animator's own curve from
    /// where it is: the common resume idiom, `continueAnimation(withTimingParameters:
    /// nil, durationFactor: 0)` after a pan scrubbed the animator, finishes over the
    /// rest of the original duration on iOS.
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        guard state == .active else {
            return UIKitDebug.log(.animation, "animator: only an active animator can continue")
        }
        let fraction = Double(fractionComplete)
        let left = durationFactor > 0
            ? Double(durationFactor) * duration
            : (isReversed ? fraction : 1 - fraction) * duration
        if let parameters {
            runFresh(provider: parameters, span: left)
        } else if durationFactor > 0 {
            runFresh(provider: timingParameters ?? UICubicTimingParameters(), span: left)
        } else {
            startAnimation()
        }
    }

    // MARK: - Stopping

    /// Stops where the views are. With `withoutFinishing` the animator becomes inactive
    /// at once and its completions never run; otherwise it waits, stopped, for
    /// `finishAnimation(at:)`. The views' model values become what they show.
    open func stopAnimation(_ withoutFinishing: Bool) {
        guard state == .active else { return }
        guard isInterruptible || !isRunning else {
            return UIKitDebug.log(.animation, level: .error,
                                  "animator: stopAnimation(_:) refused: the animator is not interruptible and runs to its end")
        }
        // Each property's model becomes what it shows (several tracks may move one).
        for track in tracks {
            let shown = track.view.layer.presentationOrSelf()
            if let value = ViewChangeRecordingAction.modelValue(of: shown, forKey: track.key) {
                Self.setModel(of: track, toValue: value)
            }
        }
        removeAnimations()
        pendingStart?.cancel()
        isRunning = false
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { finishUp() }
    }

    /// Ends a stopped animator with its properties at `finalPosition` and runs the
    /// completions with it.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        guard state == .stopped else {
            return UIKitDebug.log(.animation, "animator: finishAnimation(at:) needs a stopped animator")
        }
        setModels(to: finalPosition)
        state = .inactive
        complete(at: finalPosition)
    }
}
