// Derived geometry: the frame, conversions between layers, and containment.

extension CALayer {
    /// The layer's extent in its superlayer: the bounding box of the bounds through
    /// the transform about the anchor point, placed at `position`.
    ///
    /// Setting it moves `position` so the anchor lands on the same relative point of the
    /// new frame and, as Core Animation does, sets the bounds size. With a transform that
    /// scales but does not rotate or shear, the size is divided by the scale so that the
    /// frame reads back as set. With a rotation or shear Core Animation calls the frame
    /// undefined; this implementation then keeps the bounds size and only moves the layer
    /// so that its frame's centre is the new frame's centre.
    public var frame: CGRect {
        get {
            let rect = CGRect(origin: .zero, size: bounds.size)
            let local = rect.offsetBy(dx: -anchorPoint.x * bounds.width, dy: -anchorPoint.y * bounds.height)
            let transform = affineTransform()
            let moved = transform.isIdentity ? local : local.applying(transform)
            return moved.offsetBy(dx: position.x, dy: position.y)
        }
        set {
            let transform = affineTransform()
            if transform.isIdentity {
                bounds.size = newValue.size
                position = CGPoint(
                    x: newValue.minX + anchorPoint.x * newValue.width,
                    y: newValue.minY + anchorPoint.y * newValue.height)
            } else if transform.b == 0, transform.c == 0, transform.a != 0, transform.d != 0 {
                bounds.size = CGSize(width: newValue.width / abs(transform.a), height: newValue.height / abs(transform.d))
                let current = frame
                position.x += newValue.minX - current.minX
                position.y += newValue.minY - current.minY
            } else {
                let current = frame
                position.x += newValue.midX - current.midX
                position.y += newValue.midY - current.midY
            }
        }
    }

    /// The transform from this layer's bounds space to the space its root layer sits in
    /// (the root's superlayer space), composed up the tree.
    public var transformToRootSpace: CGAffineTransform {
        var result = CGAffineTransform.identity
        var current: CALayer? = self
        while let layer = current {
            result = result.concatenating(layer.transformToSuperlayer)
            current = layer.superlayer
        }
        return result
    }

    /// Converts `p` from `layer`'s bounds space to this layer's. `nil` means the space
    /// the root of this layer's tree sits in. Layers of different trees are taken to
    /// share that root space, as UIKit treats windows on one screen.
    public func convert(_ p: CGPoint, from layer: CALayer?) -> CGPoint {
        let source = layer?.transformToRootSpace ?? .identity
        return p.applying(source).applying(transformToRootSpace.inverted())
    }

    /// Converts `p` from this layer's bounds space to `layer`'s (`nil`: root space).
    public func convert(_ p: CGPoint, to layer: CALayer?) -> CGPoint {
        let destination = layer?.transformToRootSpace ?? .identity
        return p.applying(transformToRootSpace).applying(destination.inverted())
    }

    /// Converts a rectangle from `layer`'s space: the bounding box of its corners.
    public func convert(_ r: CGRect, from layer: CALayer?) -> CGRect {
        let source = layer?.transformToRootSpace ?? .identity
        return r.applying(source.concatenating(transformToRootSpace.inverted()))
    }

    /// Converts a rectangle to `layer`'s space: the bounding box of its corners.
    public func convert(_ r: CGRect, to layer: CALayer?) -> CGRect {
        let destination = layer?.transformToRootSpace ?? .identity
        return r.applying(transformToRootSpace.concatenating(destination.inverted()))
    }

    /// Core Animation's hit-test of this subtree, shared by `hitTest(_:)`.
    func defaultHitTest(_ p: CGPoint) -> CALayer? {
        guard admitsHits(minimumOpacity: -.infinity) else { return nil }
        let local = pointFromSuperlayer(p)
        let inside = contains(local)
        if masksToBounds, !inside { return nil }
        for sublayer in sublayersInDrawingOrder.reversed() {
            if let hit = sublayer.hitTest(local) { return hit }
        }
        return inside ? self : nil
    }
}
