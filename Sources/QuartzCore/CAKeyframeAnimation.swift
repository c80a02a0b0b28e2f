import Foundation

/// How a keyframe animation moves between its values, with Core Animation's names.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// Straight interpolation between neighbouring values, at `keyTimes`.
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    /// Each value held until the next key time, without interpolation.
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    /// Linear, with key times spread so the value moves at an even pace (`keyTimes` and
    /// `timingFunctions` are ignored).
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    /// A smooth curve through the values: a Catmull–Rom spline, shaped by
    /// `tensionValues`, `continuityValues` and `biasValues` (`KochanekBartelsSpline`),
    /// reaching each value at its key time.
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    /// The `cubic` curve (with evenly spaced key times) travelled at one constant speed
    /// along its length; `keyTimes` and `timingFunctions` are ignored.
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

/// Whether a layer moving along a keyframe path turns to follow it.
public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The layer's rotation is the path's direction of travel.
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    /// The path's direction plus half a turn.
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// An animation of one property through a sequence of values, or (for a point property
/// such as `position`) along a path.
///
/// Key times are fractions 0…1 of the basic duration, one per value (for `.discrete`
/// one more is also accepted, as Core Animation documents). Without them the values are
/// evenly spaced: `.linear` spends an equal time between neighbours, `.discrete` shows
/// each value for an equal share. `timingFunctions` (one per pair of neighbours) pace
/// each stretch after the animation's own `timingFunction` has paced the whole. Key
/// times of the wrong count are ignored, with a debug log line.
///
/// A `path` takes precedence over `values`: its elements' end points are the keyframes
/// and each element (line, curve, closing line) is one stretch; in `.paced` mode the
/// stretches take time in proportion to their length. Within a curve the Bézier
/// parameter moves evenly, which is close to, but not exactly, an even speed;
/// `.cubicPaced` moves along the path at an exactly even speed, and `.cubic` follows the
/// path's own segments as `.linear` does.
///
/// The cubic modes interpolate numbers, points, sizes, rectangles and colours (each
/// component along its own spline; a colour's may overshoot 0…1 on the way, which the
/// renderer clamps). Transforms have no cubic form here: they move as in `.linear`
/// (`.cubicPaced`: as in `.paced`), decomposed, since a spline through matrix entries
/// would shear a rotation.
@MainActor
open class CAKeyframeAnimation: CAPropertyAnimation {
    public required init() {
        super.init()
    }

    open var values: [Any]?
    open var path: CGPath?
    open var keyTimes: [NSNumber]?
    open var timingFunctions: [CAMediaTimingFunction]?
    open var calculationMode: CAAnimationCalculationMode = .linear
    /// Only with a `path`: turn the layer to follow it (`nil`, the default, does not).
    open var rotationMode: CAAnimationRotationMode?
    /// For the cubic modes, per keyframe: positive tightens the curve at it (1 stops the
    /// motion there), negative rounds it. Missing entries are 0.
    open var tensionValues: [NSNumber]?
    /// For the cubic modes, per keyframe: how the curve turns through it (−1 a corner
    /// along the straight chords, in the Kochanek–Bartels form). Missing entries are 0.
    open var continuityValues: [NSNumber]?
    /// For the cubic modes, per keyframe: positive shoots past it in the direction it
    /// came from, negative turns early towards the next. Missing entries are 0.
    open var biasValues: [NSNumber]?

    open override func copy() -> Any {
        let copy = super.copy() as! CAKeyframeAnimation
        copy.values = values
        copy.path = path
        copy.keyTimes = keyTimes
        copy.timingFunctions = timingFunctions
        copy.calculationMode = calculationMode
        copy.rotationMode = rotationMode
        copy.tensionValues = tensionValues
        copy.continuityValues = continuityValues
        copy.biasValues = biasValues
        return copy
    }

    // MARK: - Engine

    /// The stretches between keyframes, resolved for the layer.
    private var track: KeyframeTrack?

    override func resolve(for layer: CALayer) -> String? {
        if let problem = super.resolve(for: layer) { return problem }
        guard let property else { return nil }
        var track: KeyframeTrack
        if let path {
            guard property.kind == .point else { return "a path animates points, not \"\(keyPath ?? "")\"" }
            track = KeyframeTrack(path: path)
        } else {
            var converted: [CAAnimatedValue] = []
            for (index, value) in (values ?? []).enumerated() {
                let (resolved, problem) = convert(value, named: "values[\(index)]")
                if let problem { return problem }
                if let resolved { converted.append(resolved) }
            }
            track = KeyframeTrack(values: converted)
        }
        let mode = calculationMode
        if mode == .paced {
            track.pace()
        } else if mode != .cubicPaced, let keyTimes {
            let times = keyTimes.map(\.doubleValue)
            let accepted = mode == .discrete ? [track.keyframeCount, track.keyframeCount + 1] : [track.keyframeCount]
            if accepted.contains(times.count) {
                track.times = times
            } else {
                QuartzCoreDebug.log(
                    .animation, "\(times.count) keyTimes for \(track.keyframeCount) keyframes of \"\(keyPath ?? "")\": ignored")
            }
        }
        if mode != .paced, mode != .cubicPaced { track.segmentTimingFunctions = timingFunctions }
        if mode == .cubic || mode == .cubicPaced {
            track.interpolateCubically(
                tension: (tensionValues ?? []).map(\.doubleValue), continuity: (continuityValues ?? []).map(\.doubleValue),
                bias: (biasValues ?? []).map(\.doubleValue))
        }
        if mode == .cubicPaced { track.paceByArcLength() }
        self.track = track
        return nil
    }

    override func apply(to presentation: CALayer, atParentTime time: CFTimeInterval, defaultDuration: CFTimeInterval) {
        guard let track, let progress = pacedProgress(atParentTime: time, defaultDuration: defaultDuration),
            let value = calculationMode == .discrete ? track.discreteValue(at: progress) : track.value(at: progress)
        else { return }
        let cycleChange = track.firstValue.flatMap { first in track.lastValue.map { $0.subtracting(first) } }
        write(
            value, cycleChange: cycleChange,
            completedCycles: completedCycles(atParentTime: time, defaultDuration: defaultDuration),
            into: presentation)
        if let rotationMode, path != nil, let angle = track.direction(at: progress) {
            let turn = rotationMode == .rotateAutoReverse ? angle + .pi : angle
            let affine = CATransformComponent.rotation.setting(CGFloat(turn), in: presentation.affineTransform())
            presentation.transform = presentation.transform.replacingAffinePart(with: affine)
        }
    }
}
