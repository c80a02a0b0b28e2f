/// An affine transform taken apart into the steps Core Animation interpolates: scale,
/// shear, rotation and translation, applied in that order.
///
/// Core Animation does not interpolate a transform's matrix entries (halfway between
/// a quarter turn and none would shrink the layer); it decomposes both ends,
/// interpolates the parts, and recomposes. This is the plane version of its 3-D
/// decomposition (the one CSS transforms also specify):
///
/// - the image of the x axis, `(a, b)`, gives `scaleX` and `rotation`;
/// - the image of the y axis, `(c, d)`, less its part along x, gives `scaleY`, and that
///   part over `scaleY` gives `shear`;
/// - a mirror (negative determinant) makes one scale negative: `scaleX` when `a < d`,
///   else `scaleY`, as the CSS 2-D decomposition chooses. (Core Animation, working in
///   3-D, would turn a mirror into a half turn about the x axis, which no affine
///   transform can show.)
///
/// Rotations interpolate the short way round (at most half a turn), as Core Animation's
/// quaternion interpolation does; `transform.rotation.z` key-path animations, which
/// interpolate the angle itself, are the way to spin further.
public struct CATransformDecomposition: Hashable, Sendable {
    public var scaleX: CGFloat
    public var scaleY: CGFloat
    /// Shear of y along x, relative to `scaleY` (0 for transforms built from scales,
    /// rotations and translations).
    public var shear: CGFloat
    /// Radians from +x towards +y (clockwise on a y-down screen).
    public var rotation: CGFloat
    public var translation: CGPoint

    public init(scaleX: CGFloat, scaleY: CGFloat, shear: CGFloat, rotation: CGFloat, translation: CGPoint) {
        self.scaleX = scaleX
        self.scaleY = scaleY
        self.shear = shear
        self.rotation = rotation
        self.translation = translation
    }

    /// The parts of `t`. Defined for every transform; for a singular one (determinant
    /// 0) recomposing may not give `t` back, which is why interpolation treats
    /// singular ends separately.
    public init(_ t: CGAffineTransform) {
        var scaleX = hypot(t.a, t.b)
        if t.determinant < 0, t.a < t.d { scaleX = -scaleX }
        let rotation = scaleX == 0 ? 0 : CGFloat(Foundation.atan2(Double(t.b / scaleX), Double(t.a / scaleX)))
        let (cosine, sine) = (CGFloat(Foundation.cos(Double(rotation))), CGFloat(Foundation.sin(Double(rotation))))
        // Components of the y-axis image along the rotated y and x axes; the first is
        // signed, so it carries the mirror when scaleX does not.
        let scaleY = -sine * t.c + cosine * t.d
        let alongX = cosine * t.c + sine * t.d
        self.init(
            scaleX: scaleX, scaleY: scaleY, shear: scaleY == 0 ? 0 : alongX / scaleY, rotation: rotation,
            translation: CGPoint(x: t.tx, y: t.ty))
    }

    /// The transform these parts make: scale, then shear, then rotate, then translate.
    public var transform: CGAffineTransform {
        let (cosine, sine) = (CGFloat(Foundation.cos(Double(rotation))), CGFloat(Foundation.sin(Double(rotation))))
        return CGAffineTransform(
            a: scaleX * cosine, b: scaleX * sine,
            c: scaleY * (-sine + shear * cosine), d: scaleY * (cosine + shear * sine),
            tx: translation.x, ty: translation.y)
    }

    /// The parts a fraction of the way to `other`: each interpolated linearly, the
    /// rotation along the shorter arc (an exact half turn keeps the sign of the
    /// difference of the angles as the IEEE remainder gives it).
    public func interpolated(to other: CATransformDecomposition, fraction: Double) -> CATransformDecomposition {
        let turn = (other.rotation - rotation).remainder(dividingBy: 2 * .pi)
        return CATransformDecomposition(
            scaleX: scaleX.interpolated(to: other.scaleX, fraction: fraction),
            scaleY: scaleY.interpolated(to: other.scaleY, fraction: fraction),
            shear: shear.interpolated(to: other.shear, fraction: fraction),
            rotation: rotation + turn * CGFloat(fraction),
            translation: translation.interpolated(to: other.translation, fraction: fraction))
    }
}

/// Transforms interpolate through their decompositions (see `CATransformDecomposition`).
///
/// A singular end (determinant 0 or not finite, such as a scale to zero) cannot be
/// decomposed faithfully; Core Animation then does not animate, and a transform
/// animated to or from `scaleX: 0, y: 0` jumps. Here the result is `self` at fraction
/// ≤ 0 and `other` at any later fraction.
extension CGAffineTransform: CAInterpolatable {
    public func interpolated(to other: CGAffineTransform, fraction: Double) -> CGAffineTransform {
        guard isDecomposable, other.isDecomposable else { return fraction > 0 ? other : self }
        return CATransformDecomposition(self)
            .interpolated(to: CATransformDecomposition(other), fraction: fraction)
            .transform
    }

    private var isDecomposable: Bool {
        let det = determinant
        return det != 0 && det.isFinite && tx.isFinite && ty.isFinite
    }
}
