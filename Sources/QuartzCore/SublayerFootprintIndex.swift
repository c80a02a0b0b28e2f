import CoreGraphics
import Foundation

/// The footprints and extents (`LayerDamageState`) of a layer's many sublayers, summed
/// over ranges of their order in a complete binary tree: so that a frame's cost does not
/// grow with how many siblings stand still.
///
/// Without it, a finger dragging one view over N static siblings cost every frame two
/// passes over all N though the damage is the same at every N: collecting the parent's
/// footprint unions every sibling's (`FootprintWalk.update`), and drawing each damage
/// rectangle tests every sibling's footprint (`renderTree`). With it:
///
/// - **collecting** updates only the sublayers marked since the last frame, which the
///   marking recorded (`LayerDamageState.dueSublayers`), each a leaf and its O(log N)
///   ancestors, and reads the union of all at the root;
/// - **drawing** descends only into ranges whose union meets a damage rectangle, so a
///   rectangle costs O(log N) plus the sublayers it meets, in their order. Siblings added
///   in reading order (rows of a grid, a list) make ranges that are near each other on
///   screen, so the descent prunes well; any order stays correct.
///
/// A layer keeps one only while it has at least `minimumCount` sublayers. It holds for
/// the sublayers as they were when it was built, under the transform and clip its
/// layer's sublayers were collected under: inserting or removing a sublayer drops it,
/// and a collection under another transform or clip, or one that recomputes the whole
/// subtree, builds it again from every sublayer (the cost that was paid anyway).
struct SublayerFootprintIndex {
    /// The fewest sublayers a layer keeps an index for (tests lower it, so the property
    /// tests exercise the index on every layer).
    @MainActor package static var minimumCount = 32

    /// How many sublayers it covers.
    let count: Int
    /// The first leaf's node: leaves are `leafBase ..< leafBase + count`, node 1 the root.
    private let leafBase: Int
    private var footprints: [CGRect]
    /// Unknown (`nil`) when a sublayer's is (`FootprintWalk.extent(of:under:)`).
    private var extents: [WindowBox?]
    /// The superlayer-to-window transform and clip its sublayers were collected under.
    let parentToWindow: CGAffineTransform
    let clip: CGRect

    /// An index of `sublayers` (in their order) with their `coverages`, collected under
    /// `parentToWindow` and `clip`. Each sublayer keeps its position
    /// (`LayerDamageState.indexedPosition`), true for as long as the index is kept:
    /// inserting or removing a sublayer drops it.
    @MainActor
    init(sublayers: [CALayer], coverages: [Coverage], parentToWindow: CGAffineTransform, clip: CGRect) {
        count = sublayers.count
        var base = 1
        while base < count { base *= 2 }
        leafBase = base
        footprints = Array(repeating: .null, count: 2 * base)
        extents = Array(repeating: .empty, count: 2 * base)
        for (position, sublayer) in sublayers.enumerated() {
            sublayer.damageState.indexedPosition = position
            footprints[base + position] = coverages[position].footprint
            extents[base + position] = coverages[position].extent
        }
        self.parentToWindow = parentToWindow
        self.clip = clip
        for node in stride(from: base - 1, through: 1, by: -1) {
            combine(node)
        }
    }

    /// Whether it was collected under `parentToWindow` and `clip`.
    func holds(parentToWindow: CGAffineTransform, clip: CGRect) -> Bool {
        self.parentToWindow == parentToWindow && self.clip == clip
    }

    /// The union of every sublayer's footprint.
    var footprint: CGRect { footprints[1] }

    /// The union of every sublayer's extent, unknown when any is.
    var extent: WindowBox? { extents[1] }

    /// Where `sublayer`, one of the sublayers indexed, is among them.
    @MainActor
    func position(of sublayer: CALayer) -> Int? {
        let position = sublayer.damageState.indexedPosition
        return position < count ? position : nil
    }

    /// Replaces the coverage of the sublayer at `position`.
    mutating func set(_ position: Int, to coverage: Coverage) {
        var node = leafBase + position
        footprints[node] = coverage.footprint
        extents[node] = coverage.extent
        node /= 2
        while node >= 1 {
            combine(node)
            node /= 2
        }
    }

    /// Calls `body` with the position of every sublayer whose footprint may meet one of
    /// `rects`, in ascending order.
    func forEachPosition(meeting rects: [CGRect], _ body: (Int) -> Void) {
        visit(1, rects, body)
    }

    private func visit(_ node: Int, _ rects: [CGRect], _ body: (Int) -> Void) {
        let box = footprints[node]
        guard !box.isNull, rects.anyIntersects(box) else { return }
        guard node < leafBase else {
            body(node - leafBase)
            return
        }
        visit(2 * node, rects, body)
        visit(2 * node + 1, rects, body)
    }

    private mutating func combine(_ node: Int) {
        footprints[node] = footprints[2 * node].union(footprints[2 * node + 1])
        if let left = extents[2 * node], let right = extents[2 * node + 1] {
            extents[node] = left.union(right)
        } else {
            extents[node] = nil
        }
    }
}
