/// What an animation tells its delegate about its life on a layer.
///
/// For every animation attached with `CALayer.add(_:forKey:)`:
/// - `animationDidStart(_:)` is called at the first frame tick
///   (its layer's engine's `tick()`) at or after its `beginTime`;
/// - `animationDidStop(_:finished:)` is called exactly once: with `true` at the first
///   tick at or after the end of its active duration, or with `false` when it is
///   removed before that (`removeAnimation(forKey:)`, `removeAllAnimations()`, or
///   replaced by another animation added for the same key). An animation removed before
///   it began gets only the stop.
///
/// The animation passed is the copy attached to the layer, not the object given to
/// `add(_:forKey:)`. Both methods default to doing nothing.
@MainActor
public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}

extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}
