/// One scalar part of a layer transform that Core Animation exposes through a key path
/// such as `transform.rotation.z` or `transform.scale`, read and written as pure
/// functions of an affine transform.
///
/// Reading decomposes the transform (`CATransformDecomposition`); writing replaces the
/// one part and recomposes, leaving the other parts as they were, which is how a
/// `CABasicAnimation(keyPath: "transform.rotation.z")` combines with the model
/// transform's scale and translation.
///
/// Only the parts an affine transform has are offered: `transform.rotation.x` / `.y`
/// and `transform.scale.z` (always 0, 0 and 1 here) and the 3-D translation's z are not.
public enum CATransformComponent: Hashable, Sendable {
    /// `transform.rotation.z`, also spelt `transform.rotation`: radians.
    case rotation
    /// `transform.scale`: the average of all three scale factors, as Core Animation
    /// defines it. The z factor of an affine transform is 1, so reading a uniform
    /// scale s gives (2s + 1)/3; writing s sets x and y (and notionally z) to s.
    case scale
    /// `transform.scale.x`
    case scaleX
    /// `transform.scale.y`
    case scaleY
    /// `transform.translation.x`
    case translationX
    /// `transform.translation.y`
    case translationY

    /// The component a key path names, with or without its `transform.` or
    /// `sublayerTransform.` prefix; `nil` for anything else.
    public init?(keyPath: String) {
        var path = Substring(keyPath)
        for prefix in ["transform.", "sublayerTransform."] where path.hasPrefix(prefix) {
            path = path.dropFirst(prefix.count)
        }
        switch path {
        case "rotation", "rotation.z": self = .rotation
        case "scale": self = .scale
        case "scale.x": self = .scaleX
        case "scale.y": self = .scaleY
        case "translation.x": self = .translationX
        case "translation.y": self = .translationY
        default: return nil
        }
    }

    /// The component's value in `t`.
    public func value(in t: CGAffineTransform) -> CGFloat {
        let parts = CATransformDecomposition(t)
        switch self {
        case .rotation: return parts.rotation
        case .scale: return (parts.scaleX + parts.scaleY + 1) / 3
        case .scaleX: return parts.scaleX
        case .scaleY: return parts.scaleY
        case .translationX: return t.tx
        case .translationY: return t.ty
        }
    }

    /// `t` with this component set to `value` and every other part kept. Translations
    /// are set directly, so they leave the linear part bit for bit unchanged.
    public func setting(_ value: CGFloat, in t: CGAffineTransform) -> CGAffineTransform {
        var result = t
        var parts = CATransformDecomposition(t)
        switch self {
        case .translationX:
            result.tx = value
            return result
        case .translationY:
            result.ty = value
            return result
        case .rotation: parts.rotation = value
        case .scale: (parts.scaleX, parts.scaleY) = (value, value)
        case .scaleX: parts.scaleX = value
        case .scaleY: parts.scaleY = value
        }
        return parts.transform
    }
}
