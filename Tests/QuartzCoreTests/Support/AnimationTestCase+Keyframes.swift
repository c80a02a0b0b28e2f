import QuartzCore

extension AnimationTestCase {
    /// Attaches to `layer`, for the key "k", a 4 s keyframe animation of `keyPath` in
    /// `mode` that begins at t = 10 (the clock is set there) and holds its end value,
    /// after `configure` has set its values or path.
    func attachKeyframes(_ keyPath: String, mode: CAAnimationCalculationMode = .linear, to layer: CALayer,
                         _ configure: (CAKeyframeAnimation) -> Void) {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.duration = 4
        animation.calculationMode = mode
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        configure(animation)
        clock.now = 10
        layer.add(animation, forKey: "k")
    }
}
