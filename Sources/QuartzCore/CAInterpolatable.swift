/// A value an animation can move between: `interpolated(to:fraction:)` is the value a
/// fraction of the way from `self` to `other`, as Core Animation interpolates a property
/// between `fromValue` and `toValue`.
///
/// `fraction` is not clamped: values beyond 0…1 extrapolate along the same line, as
/// springs and overshooting timing functions need. At fraction 0 the result is `self`
/// and at 1 it is `other` (up to rounding).
public protocol CAInterpolatable {
    func interpolated(to other: Self, fraction: Double) -> Self
}

extension Double: CAInterpolatable {
    public func interpolated(to other: Double, fraction: Double) -> Double {
        self + (other - self) * fraction
    }
}

extension CGFloat: CAInterpolatable {
    public func interpolated(to other: CGFloat, fraction: Double) -> CGFloat {
        self + (other - self) * CGFloat(fraction)
    }
}

/// Layer opacity is a `Float`, as in Core Animation.
extension Float: CAInterpolatable {
    public func interpolated(to other: Float, fraction: Double) -> Float {
        Float(Double(self).interpolated(to: Double(other), fraction: fraction))
    }
}

extension CGPoint: CAInterpolatable {
    public func interpolated(to other: CGPoint, fraction: Double) -> CGPoint {
        CGPoint(x: x.interpolated(to: other.x, fraction: fraction), y: y.interpolated(to: other.y, fraction: fraction))
    }
}

extension CGSize: CAInterpolatable {
    public func interpolated(to other: CGSize, fraction: Double) -> CGSize {
        CGSize(
            width: width.interpolated(to: other.width, fraction: fraction),
            height: height.interpolated(to: other.height, fraction: fraction))
    }
}

/// Origin and size move independently, as Core Animation animates `bounds` and `frame`.
extension CGRect: CAInterpolatable {
    public func interpolated(to other: CGRect, fraction: Double) -> CGRect {
        CGRect(
            origin: origin.interpolated(to: other.origin, fraction: fraction),
            size: size.interpolated(to: other.size, fraction: fraction))
    }
}

/// Component-wise in RGBA, unpremultiplied, as Core Animation interpolates colours in
/// a shared RGB space. Components may leave 0…1 when extrapolating; the renderer clamps.
extension CGColor: CAInterpolatable {
    public func interpolated(to other: CGColor, fraction: Double) -> CGColor {
        CGColor(
            red: red.interpolated(to: other.red, fraction: fraction),
            green: green.interpolated(to: other.green, fraction: fraction),
            blue: blue.interpolated(to: other.blue, fraction: fraction),
            alpha: alpha.interpolated(to: other.alpha, fraction: fraction))
    }
}
