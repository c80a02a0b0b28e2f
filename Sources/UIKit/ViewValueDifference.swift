import Foundation

/// The arithmetic of additive view animations: how far an old value of a layer key
/// views animate lies from the new one, as the value an additive animation starts
/// from (its model being the new value).
@MainActor
enum ViewValueDifference {
    /// `old − new`, so that `new + difference = old`, and the key's zero (what an
    /// additive animation ends on). Transforms compose: new⁻¹ followed by old, so that
    /// new followed by it is old; `nil` when new cannot be undone (scaled to nothing)
    /// or the key is not one views animate.
    static func of(old: Any, new: Any, forKey key: String) -> (difference: Any, zero: Any)? {
        switch (key, old, new) {
        case ("position", let old as CGPoint, let new as CGPoint):
            return (CGPoint(x: old.x - new.x, y: old.y - new.y), CGPoint.zero)
        case ("bounds", let old as CGRect, let new as CGRect):
            return (CGRect(x: old.origin.x - new.origin.x, y: old.origin.y - new.origin.y,
                           width: old.width - new.width, height: old.height - new.height), CGRect.zero)
        case ("transform", let old as CATransform3D, let new as CATransform3D):
            let affine = CATransform3DGetAffineTransform(new)
            guard affine.determinant != 0, affine.determinant.isFinite else { return nil }
            return (CATransform3DMakeAffineTransform(affine.inverted()).concatenating(old), CATransform3DIdentity)
        case ("opacity", let old as Float, let new as Float):
            return (old - new, Float(0))
        case ("cornerRadius", let old as CGFloat, let new as CGFloat):
            return (old - new, CGFloat(0))
        case ("backgroundColor", let old as CGColor, let new as CGColor):
            return (CGColor(red: old.red - new.red, green: old.green - new.green, blue: old.blue - new.blue,
                            alpha: old.alpha - new.alpha), CGColor(red: 0, green: 0, blue: 0, alpha: 0))
        default:
            return nil
        }
    }

    /// `fraction` of a difference: the value a fraction of the way from the zero to it.
    static func part(_ fraction: Double, of difference: Any) -> Any {
        switch difference {
        case let value as CGPoint: CGPoint.zero.interpolated(to: value, fraction: fraction)
        case let value as CGRect: CGRect.zero.interpolated(to: value, fraction: fraction)
        case let value as CATransform3D: CATransform3DIdentity.interpolated(to: value, fraction: fraction)
        case let value as Float: Float(0).interpolated(to: value, fraction: fraction)
        case let value as CGFloat: CGFloat(0).interpolated(to: value, fraction: fraction)
        case let value as CGColor:
            CGColor(red: value.red * fraction, green: value.green * fraction, blue: value.blue * fraction,
                    alpha: value.alpha * fraction)
        default: difference
        }
    }

    /// `base + part`, the inverse of `of(old:new:forKey:)`'s subtraction: the value an
    /// additive animation showing `part` on top of the model `base` shows.
    static func applying(_ part: Any, to base: Any, forKey key: String) -> Any {
        switch (part, base) {
        case (let part as CGPoint, let base as CGPoint): CGPoint(x: base.x + part.x, y: base.y + part.y)
        case (let part as CGRect, let base as CGRect):
            CGRect(x: base.origin.x + part.origin.x, y: base.origin.y + part.origin.y,
                   width: base.width + part.width, height: base.height + part.height)
        case (let part as CATransform3D, let base as CATransform3D): base.concatenating(part)
        case (let part as Float, let base as Float): base + part
        case (let part as CGFloat, let base as CGFloat): base + part
        case (let part as CGColor, let base as CGColor):
            CGColor(red: base.red + part.red, green: base.green + part.green, blue: base.blue + part.blue,
                    alpha: base.alpha + part.alpha)
        default: base
        }
    }
}
