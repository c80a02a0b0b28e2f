import CoreGraphics
import Foundation

/// A box in window points, held by its edges: the damage walk's extents
/// (`LayerDamageState.extent`). Collecting after a scroll tests one extent per sublayer
/// of the scrolled layer, so their unions, moves and intersection tests are done here
/// inline rather than through Foundation's `CGRect` operations, which standardize their
/// operands and are calls into another module.
struct WindowBox: Equatable {
    var minX: CGFloat
    var minY: CGFloat
    var maxX: CGFloat
    var maxY: CGFloat

    /// Covers nothing: the union's identity (a hidden or transparent subtree's extent).
    static let empty = WindowBox(minX: .infinity, minY: .infinity, maxX: -.infinity, maxY: -.infinity)

    init(minX: CGFloat, minY: CGFloat, maxX: CGFloat, maxY: CGFloat) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The box of `rect`; `.empty` for the null rectangle.
    init(_ rect: CGRect) {
        guard !rect.isNull else {
            self = .empty
            return
        }
        let standard = rect.standardized
        self.init(minX: standard.origin.x, minY: standard.origin.y,
                  maxX: standard.origin.x + standard.size.width, maxY: standard.origin.y + standard.size.height)
    }

    /// Whether it covers nothing at all (`.empty`); a box of no area still counts.
    var isEmpty: Bool { minX > maxX || minY > maxY }

    /// The box covering both.
    @inline(__always)
    func union(_ other: WindowBox) -> WindowBox {
        WindowBox(minX: min(minX, other.minX), minY: min(minY, other.minY),
                  maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// The part inside `other` (`.empty` when they do not meet).
    @inline(__always)
    func intersection(_ other: WindowBox) -> WindowBox {
        let box = WindowBox(minX: max(minX, other.minX), minY: max(minY, other.minY),
                            maxX: min(maxX, other.maxX), maxY: min(maxY, other.maxY))
        return box.isEmpty ? .empty : box
    }

    /// Whether they share some area.
    @inline(__always)
    func overlaps(_ other: WindowBox) -> Bool {
        minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// Moved by (`dx`, `dy`).
    @inline(__always)
    func offsetBy(dx: CGFloat, dy: CGFloat) -> WindowBox {
        isEmpty ? self : WindowBox(minX: minX + dx, minY: minY + dy, maxX: maxX + dx, maxY: maxY + dy)
    }

    /// Grown by `amount` on every side.
    @inline(__always)
    func grown(by amount: CGFloat) -> WindowBox {
        isEmpty ? self : WindowBox(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }
}
