/// Core Animation's hierarchical timing, adopted as there by animations and layers: each
/// maps its parent's time to its own. An animation's parent is its layer (or its group):
/// `CAAnimationTiming` is the arithmetic. A layer's parent is its superlayer, and a
/// root's is the layer tree's time line (its engine's `currentTime`: the media
/// clock unless animations are slowed): `LayerTiming` is that map, and
/// `CALayer+MediaTiming.swift` tells how pausing a subtree with `speed` and
/// `timeOffset` works.
@MainActor
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}
