/// Core Animation's timing properties, as `CAAnimation` has them. See
/// `CAAnimationTiming` for the arithmetic they drive.
///
/// Layers do not adopt it here: a layer's own `speed` and `timeOffset` (a layer time
/// space, used on Apple platforms to pause a subtree) are not implemented, so every
/// animation's `beginTime` is on the one layer tree time line (`CAAnimationEngine.currentTime`,
/// the media clock unless animations are slowed: `CAAnimationEngine+SlowAnimations.swift`).
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
