/// A 2-D affine transformation matrix, with Core Graphics' names and conventions.
///
/// The matrix is
///
///     | a  b  0 |
///     | c  d  0 |
///     | tx ty 1 |
///
/// and a point is a row vector multiplied on the left: `x' = a·x + c·y + tx`,
/// `y' = b·x + d·y + ty`. So `t1.concatenating(t2)` applies `t1` first, then `t2`, and
/// `t.translatedBy(x:y:)` / `scaledBy` / `rotated(by:)` apply the new step *before* `t`
/// (in `t`'s own coordinate space), exactly as `CGAffineTransformTranslate` and its
/// siblings do.
///
/// Foundation on Linux has `CGPoint`, `CGSize` and `CGRect` but no `CGAffineTransform`;
/// this is the one definition.
public struct CGAffineTransform: Hashable, Sendable {
    public var a: CGFloat
    public var b: CGFloat
    public var c: CGFloat
    public var d: CGFloat
    public var tx: CGFloat
    public var ty: CGFloat

    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.tx = tx
        self.ty = ty
    }

    /// All six entries zero, as `CGAffineTransform()` is in Apple's overlay (a zeroed C
    /// struct). This is *not* the identity: use `.identity` for that.
    public init() {
        self.init(a: 0, b: 0, c: 0, d: 0, tx: 0, ty: 0)
    }

    /// The transform that changes nothing.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// A transform that moves every point by `(tx, ty)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) {
        self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty)
    }

    /// A transform that scales about the origin.
    public init(scaleX sx: CGFloat, y sy: CGFloat) {
        self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0)
    }

    /// A transform that rotates about the origin by `angle` radians. In UIKit's flipped
    /// coordinates (y down) a positive angle turns clockwise on screen.
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(Foundation.cos(Double(angle)))
        let sine = CGFloat(Foundation.sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    public var isIdentity: Bool {
        self == .identity
    }

    /// `t1.concatenating(t2)` is the transform that applies `self` and then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c,
            b: a * t2.b + b * t2.d,
            c: c * t2.a + d * t2.c,
            d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx,
            ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// Translates first, then applies `self` (as `CGAffineTransformTranslate`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// Scales first, then applies `self` (as `CGAffineTransformScale`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// Rotates first, then applies `self` (as `CGAffineTransformRotate`).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The determinant of the linear part; zero (or not finite) means not invertible.
    public var determinant: CGFloat {
        a * d - b * c
    }

    /// The inverse transform. As Core Graphics documents, a transform that cannot be
    /// inverted (zero or non-finite determinant) is returned unchanged.
    public func inverted() -> CGAffineTransform {
        let det = determinant
        guard det != 0, det.isFinite else { return self }
        let ia = d / det
        let ib = -b / det
        let ic = -c / det
        let id = a / det
        return CGAffineTransform(
            a: ia, b: ib, c: ic, d: id,
            tx: -(tx * ia + ty * ic),
            ty: -(tx * ib + ty * id))
    }
}

extension CGAffineTransform: CustomStringConvertible {
    public var description: String {
        "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))"
    }
}
