// Where each gravity puts contents of a given size inside the bounds.

extension CALayerContentsGravity {
    /// The rectangle, in bounds coordinates (y-down), that contents of `size` points
    /// occupy in `bounds`. Unknown gravities resize, as Core Animation's default does.
    package func rect(for size: CGSize, in bounds: CGRect) -> CGRect {
        switch self {
        case .resizeAspect, .resizeAspectFill:
            guard size.width > 0, size.height > 0 else { return bounds }
            let fit = min(bounds.width / size.width, bounds.height / size.height)
            let fill = max(bounds.width / size.width, bounds.height / size.height)
            let factor = self == .resizeAspect ? fit : fill
            let scaled = CGSize(width: size.width * factor, height: size.height * factor)
            return CGRect(x: bounds.midX - scaled.width / 2, y: bounds.midY - scaled.height / 2,
                          width: scaled.width, height: scaled.height)
        case .center, .top, .bottom, .left, .right, .topLeft, .topRight, .bottomLeft, .bottomRight:
            let x: CGFloat
            switch self {
            case .left, .topLeft, .bottomLeft: x = bounds.minX
            case .right, .topRight, .bottomRight: x = bounds.maxX - size.width
            default: x = bounds.midX - size.width / 2
            }
            let y: CGFloat
            switch self {
            case .top, .topLeft, .topRight: y = bounds.minY
            case .bottom, .bottomLeft, .bottomRight: y = bounds.maxY - size.height
            default: y = bounds.midY - size.height / 2
            }
            return CGRect(origin: CGPoint(x: x, y: y), size: size)
        default:
            return bounds
        }
    }
}
