import Foundation

extension Array where Element == CGRect {
    /// Whether any of the rectangles meets `rect` (`CGRect.intersects(_:)`).
    ///
    /// Here, outside any actor, for the renderer's and the overlays' per-layer and
    /// per-rectangle tests: the same `contains(where:)` written on the main actor checks
    /// the executor at every element (README, "Closures on the main actor"). On `Array`,
    /// not `Sequence`: a generic method called from another module runs unspecialized,
    /// through witness tables, which cost more than the check it saves.
    package func anyIntersects(_ rect: CGRect) -> Bool {
        contains { $0.intersects(rect) }
    }
}
