import CoreGraphics
import Foundation

/// The affine map between a layer's bounds space and its superlayer's space, kept
/// ready with its inverse.
///
/// A layer recomputes it whenever `bounds`, `position`, `anchorPoint` or the transform
/// changes, so the hot paths that map points inward (hit-testing thousands of layers per
/// touch) read one stored value instead of four dynamically dispatched properties and a
/// matrix inversion.
struct SuperlayerMapping {
    /// The layer's bounds, for containment tests on the same hot path.
    private(set) var bounds: CGRect
    /// The anchor point in bounds coordinates.
    private(set) var anchor: CGPoint
    private(set) var position: CGPoint
    private(set) var transform: CGAffineTransform
    private(set) var inverse: CGAffineTransform
    private(set) var isIdentity: Bool
    /// The transform collapses the layer to a line or a point (or is not finite).
    private(set) var isSingular: Bool

    static let identity = SuperlayerMapping(
        bounds: .zero, anchorPoint: CGPoint(x: 0.5, y: 0.5), position: .zero, transform: .identity)

    init(bounds: CGRect, anchorPoint: CGPoint, position: CGPoint, transform: CGAffineTransform) {
        self.bounds = bounds
        self.anchor = CGPoint(
            x: bounds.minX + anchorPoint.x * bounds.width,
            y: bounds.minY + anchorPoint.y * bounds.height)
        self.position = position
        self.transform = transform
        self.isIdentity = transform.isIdentity
        let determinant = transform.determinant
        self.isSingular = determinant == 0 || !determinant.isFinite
        self.inverse = isSingular ? .identity : transform.inverted()
    }

    /// Bounds space to superlayer space.
    @inline(__always)
    func toSuperlayer(_ p: CGPoint) -> CGPoint {
        let x = p.x - anchor.x
        let y = p.y - anchor.y
        if isIdentity { return CGPoint(x: x + position.x, y: y + position.y) }
        return CGPoint(
            x: transform.a * x + transform.c * y + transform.tx + position.x,
            y: transform.b * x + transform.d * y + transform.ty + position.y)
    }

    /// Superlayer space to bounds space; a singular transform maps everything to the
    /// anchor, since the layer has collapsed.
    @inline(__always)
    func fromSuperlayer(_ p: CGPoint) -> CGPoint {
        let x = p.x - position.x
        let y = p.y - position.y
        if isIdentity { return CGPoint(x: x + anchor.x, y: y + anchor.y) }
        if isSingular { return anchor }
        return CGPoint(
            x: inverse.a * x + inverse.c * y + inverse.tx + anchor.x,
            y: inverse.b * x + inverse.d * y + inverse.ty + anchor.y)
    }

    /// Whether `p`, in bounds space, lies in the bounds: half-open (the maximum edges are
    /// outside) and empty for a null or empty rectangle, exactly as `CGRect.contains`
    /// decides, without the call into Foundation.
    @inline(__always)
    func boundsContain(_ p: CGPoint) -> Bool {
        // `size`, not `width`/`height`, which Foundation already standardises.
        let origin = bounds.origin, size = bounds.size
        let minX = size.width < 0 ? origin.x + size.width : origin.x
        let minY = size.height < 0 ? origin.y + size.height : origin.y
        return p.x >= minX && p.x < minX + abs(size.width) && p.y >= minY && p.y < minY + abs(size.height)
    }
}
