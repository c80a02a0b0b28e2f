// Converting points and rectangles between views, through any chain of transforms.
//
// Each view maps its bounds space into its superview's through its layer (anchor,
// transform, position). Chaining those up to the top of the tree gives a view's
// "screen" transform: for a view in a window, up through the window's own frame; for a
// view in no window, up through its root view's frame, as if that root sat on the
// screen. Any view converts to any other through that shared space, so views in
// different windows convert as UIKit converts them, through the screen.
//
// `nil` means the window: the receiver's window's base coordinates (its bounds space),
// or the root view's superview space when the receiver is in no window. A window
// converting to `nil` converts to itself.

extension UIView {
    /// This view's bounds space to the screen (or the root's superview space).
    var transformToScreen: CGAffineTransform {
        layer.transformToRootSpace
    }

    /// The space `nil` names for this view, as a transform from it to the screen.
    private var windowBaseToScreen: CGAffineTransform {
        if let window = (self as? UIWindow) ?? window { return window.transformToScreen }
        return .identity
    }

    private func transformTo(_ view: UIView?) -> CGAffineTransform {
        let destination = view?.transformToScreen ?? windowBaseToScreen
        return transformToScreen.concatenating(destination.inverted())
    }

    private func transformFrom(_ view: UIView?) -> CGAffineTransform {
        let source = view?.transformToScreen ?? windowBaseToScreen
        return source.concatenating(transformToScreen.inverted())
    }

    /// Converts `point` from this view's coordinates to `view`'s (`nil`: the window's).
    public func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
        if let view, view.superview === self { return view.layer.pointFromSuperlayer(point) }
        if let view, superview === view { return layer.pointToSuperlayer(point) }
        return point.applying(transformTo(view))
    }

    /// Converts `point` from `view`'s coordinates (`nil`: the window's) to this view's.
    public func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
        if let view, superview === view { return layer.pointFromSuperlayer(point) }
        if let view, view.superview === self { return view.layer.pointToSuperlayer(point) }
        return point.applying(transformFrom(view))
    }

    /// Converts a rectangle to `view`'s coordinates: the bounding box of its corners, so
    /// a rotated rectangle grows, as in UIKit.
    public func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
        rect.applying(transformTo(view))
    }

    /// Converts a rectangle from `view`'s coordinates: the bounding box of its corners.
    public func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
        rect.applying(transformFrom(view))
    }
}
