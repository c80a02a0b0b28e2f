import Foundation

/// Distances inward from each edge of a rectangle, as UIKit's `UIEdgeInsets`: positive
/// values shrink a rectangle (`CGRect.inset(by:)`), negative ones grow it.
public struct UIEdgeInsets: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var top: CGFloat
    public var left: CGFloat
    public var bottom: CGFloat
    public var right: CGFloat

    public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// All four zero.
    public init() {
        self.init(top: 0, left: 0, bottom: 0, right: 0)
    }

    public static let zero = UIEdgeInsets()

    public var description: String {
        "UIEdgeInsets(top: \(top), left: \(left), bottom: \(bottom), right: \(right))"
    }
}

extension CGRect {
    /// The rectangle with each edge moved inward by the matching inset (outward for a
    /// negative one), as UIKit's `inset(by:)` (`UIEdgeInsetsInsetRect`): the origin moves
    /// by `left` and `top`, the size shrinks by both insets of its axis, and nothing is
    /// clamped (insets larger than the rectangle leave a negative size, as in UIKit).
    public func inset(by insets: UIEdgeInsets) -> CGRect {
        CGRect(x: origin.x + insets.left, y: origin.y + insets.top,
               width: size.width - insets.left - insets.right, height: size.height - insets.top - insets.bottom)
    }
}
