/// A layer transform interpolates as Core Animation interpolates it: its screen-plane
/// (affine) part through its decomposition (`CATransformDecomposition`), so a quarter
/// turn stays a rotation halfway instead of shrinking, and the entries that do not show
/// here (z and perspective) linearly.
extension CATransform3D: CAInterpolatable {
    public func interpolated(to other: CATransform3D, fraction: Double) -> CATransform3D {
        let affine = CATransform3DGetAffineTransform(self)
            .interpolated(to: CATransform3DGetAffineTransform(other), fraction: fraction)
        func mix(_ a: CGFloat, _ b: CGFloat) -> CGFloat { a.interpolated(to: b, fraction: fraction) }
        return CATransform3D(
            m11: affine.a, m12: affine.b, m13: mix(m13, other.m13), m14: mix(m14, other.m14),
            m21: affine.c, m22: affine.d, m23: mix(m23, other.m23), m24: mix(m24, other.m24),
            m31: mix(m31, other.m31), m32: mix(m32, other.m32), m33: mix(m33, other.m33), m34: mix(m34, other.m34),
            m41: affine.tx, m42: affine.ty, m43: mix(m43, other.m43), m44: mix(m44, other.m44))
    }

    /// `self` with its affine part replaced by `affine`, the other entries kept: how a
    /// `transform.rotation.z`-style animation writes its component into a transform.
    func replacingAffinePart(with affine: CGAffineTransform) -> CATransform3D {
        var result = self
        result.m11 = affine.a
        result.m12 = affine.b
        result.m21 = affine.c
        result.m22 = affine.d
        result.m41 = affine.tx
        result.m42 = affine.ty
        return result
    }
}
