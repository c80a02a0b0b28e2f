// How an animator moves its views: the additive layer animations it attaches, the
// curve or spring that paces them, and the model values it settles at the end. The
// public contract is in UIViewPropertyAnimator.swift.

extension UIViewPropertyAnimator {
    /// Sets a property UIKit lets change only while the animator is not active; while
    /// it is, refuses with a logged error and keeps the value.
    func setWhileInactive(_ property: ReferenceWritableKeyPath<UIViewPropertyAnimator, Bool>, _ value: Bool,
                          name: String) {
        guard state != .active else {
            return UIKitDebug.log(.animation, level: .error,
                                  "animator: \(name) cannot change while the animator is active; it stays \(self[keyPath: property])")
        }
        self[keyPath: property] = value
    }

    static var lastIdentifier = 0

    static func nextIdentifier() -> Int {
        lastIdentifier += 1
        return lastIdentifier
    }

    func activate() {
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
            var seen = Set<ObjectIdentifier>()
            blockedViews = tracks.map(\.view).filter { seen.insert(ObjectIdentifier($0)).inserted }
            for view in blockedViews { view.nonInteractiveAnimationCount += 1 }
        }
    }

    /// The cubic curve, when the timing is one.
    var curve: CAMediaTimingFunction? {
        timingParameters?.cubicTimingParameters?.timingFunction
            ?? (timingParameters == nil ? CAMediaTimingFunction(name: .easeInEaseOut) : nil)
    }

    func curveValue(_ fraction: Double) -> Double {
        curve?.solve(forInput: fraction) ?? fraction
    }

    /// A track's own time fraction for the animator's: 0 until its delay, then on to 1.
    static func localFraction(_ fraction: Double, delay: Double) -> Double {
        guard delay < 1 else { return fraction >= 1 ? 1 : 0 }
        return min(max((fraction - delay) / (1 - delay), 0), 1)
    }

    func timeFraction(at now: CFTimeInterval) -> Double {
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

    /// Where each track appears now, as the fraction of the way from its start value
    /// to its end value.
    func currentValues() -> [Double] {
        let now = engine.currentTime
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
    func restart() {
        if isRunning {
            let values = currentValues()
            restartRunning(fromFraction: Double(fractionComplete), values: values)
        } else {
            showPaused()
        }
    }

    func restartRunning(fromFraction fraction: Double, values: [Double]) {
        let now = engine.currentTime
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

    func runFresh(provider: any UITimingCurveProvider, span: TimeInterval, values: [Double]? = nil) {
        let values = values ?? currentValues()
        freshStartFraction = Double(fractionComplete)
        isRunning = true
        motion = .fresh(start: values, target: isReversed ? 0 : 1, at: engine.currentTime,
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

    func key(_ index: Int) -> String { "animator-\(identifier)-\(index)" }
    var clockKey: String { "animator-\(identifier)-clock" }

    /// Shows the paused values with animations that hold them and need no frames.
    func showPaused() {
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
    func attachAnimations() {
        generation += 1
        fallbackClock?.cancel()
        let now = engine.currentTime
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
                } else {
                    animation = CABasicAnimation(keyPath: track.key)
                    animation.fromValue = track.difference
                    animation.toValue = ViewValueDifference.part(0, of: track.difference)
                    animation.timingFunction = curve
                    animation.beginTime = Self.layerTime(
                        start - fraction * duration + track.delayFactor * duration, on: track.view.layer)
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
            fallbackClock = application.schedule(afterDelay: remaining) { [weak self] in
                self?.reachedEnd(generation: generation)
            }
        }
    }

    /// `treeTime`, a time on the animator's clock (the layer tree's time line), in
    /// `layer`'s own time, where its animations run (`CALayer+MediaTiming`): the same
    /// instant, so a layer whose time is shifted by its or an ancestor's timing starts
    /// the animator's animations when the animator does.
    static func layerTime(_ treeTime: CFTimeInterval, on layer: CALayer) -> CFTimeInterval {
        treeTime + layer.currentLocalTime - layer.animationEngine.currentTime
    }

    /// The curve run backwards in time: C′(x) = 1 − C(1 − x).
    static func mirrored(_ curve: CAMediaTimingFunction) -> CAMediaTimingFunction {
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        curve.getControlPoint(at: 1, values: &c1)
        curve.getControlPoint(at: 2, values: &c2)
        return CAMediaTimingFunction(controlPoints: 1 - c2[0], 1 - c2[1], 1 - c1[0], 1 - c1[1])
    }

    func reachedEnd(generation: Int) {
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

    func removeAnimations() {
        generation += 1
        fallbackClock?.cancel()
        tracks.first?.view.layer.removeAnimation(forKey: clockKey)
        for (index, track) in tracks.enumerated() {
            track.view.layer.removeAnimation(forKey: key(index))
        }
    }

    func complete(at position: UIViewAnimatingPosition) {
        finishUp()
        let completions = completions
        self.completions = []
        for completion in completions { completion(position) }
    }

    /// Lets go of the views: touches reach them again, and the tracks are done.
    func finishUp() {
        for view in blockedViews { view.nonInteractiveAnimationCount -= 1 }
        blockedViews = []
        tracks = []
        motion = .paused(values: [], fraction: 0, scrubbedLinearly: false)
        isReversed = false
    }

    /// Sets the properties' models to their values at the end (the last track of a
    /// property wins) or at the start (the first track's start wins); `.current` leaves
    /// them (stopping already set them to what they showed).
    func setModels(to position: UIViewAnimatingPosition) {
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
