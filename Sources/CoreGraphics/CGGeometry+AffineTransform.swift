// Applying transforms to Foundation's geometry types, with Core Graphics' names. The
// types themselves are Foundation's and are only extended here.

extension CGPoint {
    /// The point moved by `t` (linear part and translation).
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size as a vector through `t`'s linear part; translation does not apply, and
    /// the result may be negative (as `CGSizeApplyAffineTransform`).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle containing the four transformed corners
    /// (as `CGRectApplyAffineTransform`). The null rectangle stays null.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        if isNull { return self }
        let corners = (
            CGPoint(x: minX, y: minY).applying(t), CGPoint(x: maxX, y: minY).applying(t),
            CGPoint(x: minX, y: maxY).applying(t), CGPoint(x: maxX, y: maxY).applying(t))
        let left = Swift.min(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let right = Swift.max(corners.0.x, corners.1.x, corners.2.x, corners.3.x)
        let top = Swift.min(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        let bottom = Swift.max(corners.0.y, corners.1.y, corners.2.y, corners.3.y)
        return CGRect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
