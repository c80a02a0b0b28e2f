extension UIView {
    /// How a view fits its content to its bounds, with UIKit's names and raw values.
    public enum ContentMode: Int, Sendable {
        case scaleToFill = 0
        case scaleAspectFit = 1
        case scaleAspectFill = 2
        /// Stretched like `scaleToFill`, and redrawn whenever the size changes.
        case redraw = 3
        case center = 4
        case top = 5
        case bottom = 6
        case left = 7
        case right = 8
        case topLeft = 9
        case topRight = 10
        case bottomLeft = 11
        case bottomRight = 12

        /// The layer gravity UIKit maps the mode to.
        public var contentsGravity: CALayerContentsGravity {
            switch self {
            case .scaleToFill, .redraw: .resize
            case .scaleAspectFit: .resizeAspect
            case .scaleAspectFill: .resizeAspectFill
            case .center: .center
            case .top: .top
            case .bottom: .bottom
            case .left: .left
            case .right: .right
            case .topLeft: .topLeft
            case .topRight: .topRight
            case .bottomLeft: .bottomLeft
            case .bottomRight: .bottomRight
            }
        }
    }
}
