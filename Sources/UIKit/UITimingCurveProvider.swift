import Foundation

extension UIView {
    /// The built-in curves, with UIKit's raw values.
    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0
        case easeIn = 1
        case easeOut = 2
        case linear = 3

        /// The Core Animation curve of the same name.
        var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }
}

/// Which kind of timing a provider gives.
public enum UITimingCurveType: Int, Sendable {
    case builtin, cubic, spring, composed
}

/// What paces a property animator: a cubic curve or a spring.
@MainActor
public protocol UITimingCurveProvider: AnyObject {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve from (0, 0) to (1, 1): a built-in one or two control
/// points of one's own.
@MainActor
public final class UICubicTimingParameters: UITimingCurveProvider {
    public let animationCurve: UIView.AnimationCurve
    public let controlPoint1: CGPoint
    public let controlPoint2: CGPoint
    public let timingCurveType: UITimingCurveType

    /// The default curve, ease-in-ease-out.
    public convenience init() {
        self.init(animationCurve: .easeInOut)
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        var c1: [Float] = [0, 0], c2: [Float] = [0, 0]
        curve.timingFunction.getControlPoint(at: 1, values: &c1)
        curve.timingFunction.getControlPoint(at: 2, values: &c2)
        controlPoint1 = CGPoint(x: CGFloat(c1[0]), y: CGFloat(c1[1]))
        controlPoint2 = CGPoint(x: CGFloat(c2[0]), y: CGFloat(c2[1]))
        timingCurveType = .builtin
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        timingCurveType = .cubic
    }

    public var cubicTimingParameters: UICubicTimingParameters? { self }
    public var springTimingParameters: UISpringTimingParameters? { nil }

    /// The curve as Core Animation's timing function.
    var timingFunction: CAMediaTimingFunction {
        CAMediaTimingFunction(controlPoints: Float(controlPoint1.x), Float(controlPoint1.y),
                              Float(controlPoint2.x), Float(controlPoint2.y))
    }
}

/// A spring: by its damping ratio (it then comes to rest at the animator's duration)
/// or by mass, stiffness and damping (it then takes the time it takes to settle, and
/// the animator's duration is not used, as UIKit documents). `initialVelocity` is in
/// whole distances per second; the animator uses its `dx`, as UIKit does for
/// properties that are not points.
@MainActor
public final class UISpringTimingParameters: UITimingCurveProvider {
    public let initialVelocity: CGVector
    /// Set by the damping-ratio initialisers.
    let dampingRatio: CGFloat?
    /// Set by the physical initialiser.
    let physical: (mass: CGFloat, stiffness: CGFloat, damping: CGFloat)?

    /// Critically damped, starting at rest.
    public convenience init() {
        self.init(dampingRatio: 1)
    }

    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = ratio
        physical = nil
        initialVelocity = velocity
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        dampingRatio = nil
        physical = (mass, stiffness, damping)
        initialVelocity = velocity
    }

    public var timingCurveType: UITimingCurveType { .spring }
    public var cubicTimingParameters: UICubicTimingParameters? { nil }
    public var springTimingParameters: UISpringTimingParameters? { self }

    /// How far along the spring is `seconds` after it started, for a run of `duration`.
    func progress(at seconds: TimeInterval, duration: TimeInterval) -> Double {
        let spring = animation(keyPath: "opacity", duration: duration)
        return CASpringSolver(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                              initialVelocity: spring.initialVelocity).progress(at: max(0, seconds))
    }

    /// A spring animation of `keyPath` that comes to rest after `duration` seconds (or
    /// when its physics says, for a physical spring).
    func animation(keyPath: String, duration: TimeInterval) -> CASpringAnimation {
        if let physical {
            let spring = CASpringAnimation(keyPath: keyPath)
            (spring.mass, spring.stiffness, spring.damping) = physical
            spring.initialVelocity = initialVelocity.dx
            spring.duration = spring.settlingDuration
            return spring
        }
        let spring = ViewPropertyAnimationAction.springAnimation(
            keyPath: keyPath, duration: duration, dampingRatio: dampingRatio ?? 1, velocity: initialVelocity.dx)
        spring.duration = duration
        return spring
    }
}
