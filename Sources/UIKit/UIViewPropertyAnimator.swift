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
    public private(set) var delay: TimeInterval = 0
    /// What paces it.
    public let timingParameters: (any UITimingCurveProvider)?
    public private(set) var state = UIViewAnimatingState.inactive
    public private(set) var isRunning = false
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

    private var interruptible = true
    private var userInteractionEnabled = true
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

    private(set) var tracks: [Track] = []
    /// Animations added before the animator became active: they run when it does.
    private var pendingAnimations: [(animations: @MainActor () -> Void, delayFactor: Double)] = []
    private var recordingDelay = 0.0
    /// The pending animations are being run: nothing has moved yet.
    private var isActivating = false
    private var completions: [@MainActor (UIViewAnimatingPosition) -> Void] = []
    private var motion = Motion.paused(values: [], fraction: 0, scrubbedLinearly: false)
    /// Counts restarts, so a clock animation of an earlier run cannot end this one.
    private var generation = 0
    private var pendingStart: DelayedCall?
    private var fallbackClock: DelayedCall?
    private var blockedViews: [UIView] = []
    private let identifier = UIViewPropertyAnimator.nextIdentifier()

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
        pendingStart = UIApplication.shared.schedule(afterDelay: delay) { [weak self] in
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
        get { CGFloat(timeFraction(at: CAAnimationEngine.currentTime)) }
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

    // MARK: - Internals

    /// Sets a property UIKit lets change only while the animator is not active; while
    /// it is, refuses with a logged error and keeps the value.
    private func setWhileInactive(_ property: ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>, _ value: Bool,
                                  name: String) {
        guard state != .active else {
            return UIKitDebug.log(.animation, level: .error,
                                  "animator: \(name) cannot change while the animator is active; it stays \(self[keyPath: property])")
        }
        self[keyPath: property] = value
    }

    private static var lastIdentifier = 0

    private static func nextIdentifier() -> Int {
        lastIdentifier += 1
        return lastIdentifier
    }

    private func activate() {
        state = .active
        isActivating = true
        for pending in pendingAnimations {
            recordingDelay = pending.delayFactor
            ViewChangeRecording.record(into: self, pending.animations)
        }
        isActivating = false
        pendingAnimations = []
        motion = .paused(values: tracks.map { _ in 0 }, fraction: 0, scrubbedLinearly: false)
        showPaused()
        if !isUserInteractionEnabled {
            blockedViews = Array(Set(tracks.map { ObjectIdentifier($0.view) })).compactMap { id in
                tracks.first { ObjectIdentifier($0.view) == id }?.view
            }
            for view in blockedViews { view.nonInteractiveAnimationCount += 1 }
        }
    }

    /// The cubic curve, when the timing is one.
    private var curve: CAMediaTimingFunction? {
        timingParameters?.cubicTimingParameters?.timingFunction
            ?? (timingParameters == nil ? CAMediaTimingFunction(name: .easeInEaseOut) : nil)
    }

    private func curveValue(_ fraction: Double) -> Double {
        curve?.solve(forInput: fraction) ?? fraction
    }

    /// A track's own time fraction for the animator's: 0 until its delay, then on to 1.
    static func localFraction(_ fraction: Double, delay: Double) -> Double {
        guard delay < 1 else { return fraction >= 1 ? 1 : 0 }
        return min(max((fraction - delay) / (1 - delay), 0), 1)
    }

    private func timeFraction(at now: CFTimeInterval) -> Double {
        switch motion {
        case .paused(_, let fraction, _):
            return fraction
        case .alongCurve(let fraction, let start, let backwards):
            let moved = duration > 0 ? (now - start) / duration : 1
            return min(max(backwards ? fraction - moved : fraction + moved, 0), 1)
        case .fresh(_, let target, let start, let span, _):
            let done = span > 0 ? min(max((now - start) / span, 0), 1) : 1
            let from = freshStartFraction
            return from + (target - from) * done
        }
    }

    /// The time fraction a fresh run started from.
    private var freshStartFraction = 0.0

    /// Where each track appears now, as the fraction of the way from its start value
    /// to its end value.
    private func currentValues() -> [Double] {
        let now = CAAnimationEngine.currentTime
        switch motion {
        case .paused(let values, _, _):
            return values.count == tracks.count ? values : tracks.map { _ in 0 }
        case .alongCurve:
            let fraction = timeFraction(at: now)
            return tracks.map { curveValue(Self.localFraction(fraction, delay: $0.delayFactor)) }
        case .fresh(let start, let target, let began, let span, let provider):
            let done = span > 0 ? min(max((now - began) / span, 0), 1) : 1
            let eased: Double
            if let spring = provider.springTimingParameters {
                eased = spring.progress(at: now - began, duration: span)
            } else {
                eased = provider.cubicTimingParameters?.timingFunction.solve(forInput: done) ?? done
            }
            return start.map { $0 + (target - $0) * eased }
        }
    }

    /// Runs again from the current motion's state (after pausing, reversing, adding).
    private func restart() {
        if isRunning {
            let values = currentValues()
            restartRunning(fromFraction: Double(fractionComplete), values: values)
        } else {
            showPaused()
        }
    }

    private func restartRunning(fromFraction fraction: Double, values: [Double]) {
        let now = CAAnimationEngine.currentTime
        guard curve != nil else {
            let left = (isReversed ? fraction : 1 - fraction) * duration
            return runFresh(provider: timingParameters ?? UICubicTimingParameters(), span: left, values: values)
        }
        var start = fraction
        if case .paused(let shown, _, true) = motion, let value = shown.first, let curve {
            // Scrubbed linearly: go on from the point of the curve that shows the same.
            start = Self.inverse(of: curve, at: value)
        }
        motion = .alongCurve(fraction: start, at: now, backwards: isReversed)
        attachAnimations()
    }

    private func runFresh(provider: any UITimingCurveProvider, span: TimeInterval, values: [Double]? = nil) {
        let values = values ?? currentValues()
        freshStartFraction = Double(fractionComplete)
        isRunning = true
        motion = .fresh(start: values, target: isReversed ? 0 : 1, at: CAAnimationEngine.currentTime,
                        span: max(span, 0), provider: provider)
        attachAnimations()
    }

    /// The time fraction at which `curve` shows `value` (bisection: the curves are
    /// monotonic in time).
    static func inverse(of curve: CAMediaTimingFunction, at value: Double) -> Double {
        var low = 0.0, high = 1.0
        for _ in 0..<60 {
            let middle = (low + high) / 2
            if curve.solve(forInput: middle) < value { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    private func key(_ index: Int) -> String { "animator-\(identifier)-\(index)" }
    private var clockKey: String { "animator-\(identifier)-clock" }

    /// Shows the paused values with animations that hold them and need no frames.
    private func showPaused() {
        guard case .paused(let values, _, _) = motion else { return }
        generation += 1
        fallbackClock?.cancel()
        tracks.first?.view.layer.removeAnimation(forKey: clockKey)
        for (index, track) in tracks.enumerated() {
            let hold = CABasicAnimation(keyPath: track.key)
            hold.isAdditive = true
            let shown = ViewValueDifference.part(1 - values[index], of: track.difference)
            hold.fromValue = shown
            hold.toValue = shown
            hold.duration = 1e-6
            hold.beginTime = track.view.layer.currentLocalTime - 1
            hold.fillMode = .forwards
            hold.isRemovedOnCompletion = false
            track.view.layer.add(hold, forKey: key(index))
        }
    }

    /// Attaches the running animations for the current motion, and the clock that
    /// tells the animator it reached its end.
    private func attachAnimations() {
        generation += 1
        fallbackClock?.cancel()
        let now = CAAnimationEngine.currentTime
        var remaining: TimeInterval = 0
        for (index, track) in tracks.enumerated() {
            let animation: CABasicAnimation
            switch motion {
            case .alongCurve(let fraction, let start, _):
                guard let curve else { continue }
                let span = duration * (1 - track.delayFactor)
                if isReversed {
                    animation = CABasicAnimation(keyPath: track.key)
                    animation.fromValue = ViewValueDifference.part(0, of: track.difference)
                    animation.toValue = track.difference
                    animation.timingFunction = Self.mirrored(curve)
                    animation.beginTime = Self.layerTime(start - (1 - fraction) * duration, on: track.view.layer)
                    remaining = fraction * duration
                } else {
                    animation = CABasicAnimation(keyPath: track.key)
                    animation.fromValue = track.difference
                    animation.toValue = ViewValueDifference.part(0, of: track.difference)
                    animation.timingFunction = curve
                    animation.beginTime = Self.layerTime(
                        start - fraction * duration + track.delayFactor * duration, on: track.view.layer)
                    remaining = (1 - fraction) * duration
                }
                animation.duration = max(span, 1e-9)
            case .fresh(let startValues, let target, let start, let span, let provider):
                if let spring = provider.springTimingParameters {
                    animation = spring.animation(keyPath: track.key, duration: span)
                } else {
                    animation = CABasicAnimation(keyPath: track.key)
                    animation.timingFunction = provider.cubicTimingParameters?.timingFunction
                    animation.duration = max(span, 1e-9)
                }
                animation.fromValue = ViewValueDifference.part(1 - startValues[index], of: track.difference)
                animation.toValue = ViewValueDifference.part(1 - target, of: track.difference)
                animation.beginTime = Self.layerTime(start, on: track.view.layer)
                remaining = max(remaining, animation.duration)
            case .paused:
                return showPaused()
            }
            animation.isAdditive = true
            animation.fillMode = .both
            animation.isRemovedOnCompletion = false
            track.view.layer.add(animation, forKey: key(index))
        }
        if case .alongCurve(let fraction, _, _) = motion {
            remaining = (isReversed ? fraction : 1 - fraction) * duration
        } else if case .fresh(_, _, _, let span, let provider) = motion, provider.springTimingParameters == nil {
            remaining = span
        }
        let generation = generation
        if let layer = tracks.first?.view.layer {
            let clock = CAAnimation()
            clock.beginTime = Self.layerTime(now, on: layer)
            clock.duration = max(remaining, 1e-9)
            clock.delegate = AnimatorClock { [weak self] in self?.reachedEnd(generation: generation) }
            layer.add(clock, forKey: clockKey)
        } else {
            fallbackClock = UIApplication.shared.schedule(afterDelay: remaining) { [weak self] in
                self?.reachedEnd(generation: generation)
            }
        }
    }

    /// `treeTime`, a time on the animator's clock (the layer tree's time line), in
    /// `layer`'s own time, where its animations run (`CALayer+MediaTiming`): the same
    /// instant, so a layer whose time is shifted by its or an ancestor's timing starts
    /// the animator's animations when the animator does.
    private static func layerTime(_ treeTime: CFTimeInterval, on layer: CALayer) -> CFTimeInterval {
        treeTime + layer.currentLocalTime - CAAnimationEngine.currentTime
    }

    /// The curve run backwards in time: C′(x) = 1 − C(1 − x).
    static func mirrored(_ curve: CAMediaTimingFunction) -> CAMediaTimingFunction {
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        curve.getControlPoint(at: 1, values: &c1)
        curve.getControlPoint(at: 2, values: &c2)
        return CAMediaTimingFunction(controlPoints: 1 - c2[0], 1 - c2[1], 1 - c1[0], 1 - c1[1])
    }

    private func reachedEnd(generation: Int) {
        guard generation == self.generation, state == .active, isRunning else { return }
        let position: UIViewAnimatingPosition = isReversed ? .start : .end
        if pausesOnCompletion {
            isRunning = false
            let value: Double = isReversed ? 0 : 1
            motion = .paused(values: tracks.map { _ in value }, fraction: value, scrubbedLinearly: false)
            showPaused()
            return
        }
        setModels(to: position)
        removeAnimations()
        isRunning = false
        state = .inactive
        complete(at: position)
    }

    private func removeAnimations() {
        generation += 1
        fallbackClock?.cancel()
        tracks.first?.view.layer.removeAnimation(forKey: clockKey)
        for (index, track) in tracks.enumerated() {
            track.view.layer.removeAnimation(forKey: key(index))
        }
    }

    private func complete(at position: UIViewAnimatingPosition) {
        finishUp()
        let completions = completions
        self.completions = []
        for completion in completions { completion(position) }
    }

    /// Lets go of the views: touches reach them again, and the tracks are done.
    private func finishUp() {
        for view in blockedViews { view.nonInteractiveAnimationCount -= 1 }
        blockedViews = []
        tracks = []
        motion = .paused(values: [], fraction: 0, scrubbedLinearly: false)
        isReversed = false
    }

    /// Sets the properties' models to their values at the end (the last track of a
    /// property wins) or at the start (the first track's start wins); `.current` leaves
    /// them (stopping already set them to what they showed).
    private func setModels(to position: UIViewAnimatingPosition) {
        switch position {
        case .end: for track in tracks { Self.setModel(of: track, toValue: track.to) }
        case .start: for track in tracks.reversed() { Self.setModel(of: track, toValue: track.from) }
        case .current: break
        }
    }

    /// Sets a track's property's model to `value`, without animating.
    static func setModel(of track: Track, toValue value: Any) {
        UIView.performWithoutAnimation {
            switch (track.key, value) {
            case ("position", let point as CGPoint): track.view.layer.position = point
            case ("bounds", let rect as CGRect): track.view.layer.bounds = rect
            case ("transform", let transform as CATransform3D): track.view.layer.transform = transform
            case ("opacity", let opacity as Float): track.view.layer.opacity = opacity
            case ("cornerRadius", let radius as CGFloat): track.view.layer.cornerRadius = radius
            case ("backgroundColor", let color as CGColor): track.view.backgroundColor = UIColor(cgColor: color)
            default: break
            }
        }
    }
}

extension UIViewPropertyAnimator: ViewChangeRecorder {
    func record(view: UIView, key: String, previous: Any, new: Any) {
        // Before it starts, a property changed twice keeps its first start. Once
        // active, a change adds a track from the old end on top of the running one
        // (additive, as UIKit's), so nothing jumps.
        var from = previous
        if isActivating, let earlier = tracks.last(where: { $0.view === view && $0.key == key }) {
            from = earlier.from
            tracks.removeAll { $0.view === view && $0.key == key }
        }
        guard let difference = ViewValueDifference.of(old: from, new: new, forKey: key) else { return }
        tracks.append(Track(view: view, key: key, from: from, to: new, difference: difference.difference,
                            delayFactor: recordingDelay))
    }
}

/// The delegate of an animator's clock animation: says when the run reached its end.
@MainActor
private final class AnimatorClock: CAAnimationDelegate {
    let reached: @MainActor () -> Void

    init(reached: @escaping @MainActor () -> Void) {
        self.reached = reached
    }

    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        if flag { reached() }
    }
}
