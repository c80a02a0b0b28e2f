import CoreGraphics
import Foundation
@testable import QuartzCore

/// Checks what `DamageTracker` keeps against the tree as it is, right after
/// `takeDamage()`: every footprint it keeps covers the footprint computed afresh (a
/// subtree it skipped as out of view must truly be), and every extent it knows,
/// placed where its layer is now, covers the extent computed afresh. Both are
/// conservative, so covering is the test, not equality: a layer drawn by its delegate
/// since its footprint was taken counts a little less now.
@MainActor
struct FootprintCheck {
    let scale: CGFloat
    /// Room for rounding: a box recomputed with other operations in another order.
    private let slack: CGFloat = 1e-6

    /// The first layer whose kept footprint or extent misses what it covers now.
    func firstStale(in root: CALayer, bounds: CGRect) -> String? {
        var problem: String?
        _ = visit(root, parentToWindow: .identity, clip: bounds, path: "root", problem: &problem)
        return problem
    }

    /// The fresh footprint and extent of `layer`'s subtree, checking the kept ones on
    /// the way; `nil` extent when hidden or transparent.
    private func visit(_ layer: CALayer, parentToWindow: CGAffineTransform, clip: CGRect, path: String,
                       problem: inout String?) -> Coverage {
        let walk = FootprintWalk(scale: scale)
        let shown = layer.presentationOrSelf()
        guard !shown.isHidden, shown.opacity > 0 else { return Coverage(footprint: .null, extent: .empty) }
        let toWindow = shown.boundsToSuperlayer.concatenating(parentToWindow)
        let own = walk.ownFootprint(shown, model: layer, toWindow: toWindow)
        let mask = shown.masksToBounds ? shown.bounds.applying(toWindow) : nil
        let childClip = mask.map { clip.intersection($0) } ?? clip
        var footprint = own.intersection(clip)
        var below = WindowBox.empty
        for (index, sublayer) in (layer.sublayers ?? []).enumerated() {
            let coverage = visit(sublayer, parentToWindow: toWindow, clip: childClip, path: "\(path).\(index)",
                                 problem: &problem)
            footprint = footprint.union(coverage.footprint)
            below = below.union(coverage.extent ?? .empty)
        }
        let extent = WindowBox(own).union(mask.map { below.intersection(WindowBox($0)) } ?? below)
        let kept = layer.damageState.footprint
        if problem == nil, !footprint.isEmpty, !covers(WindowBox(kept), WindowBox(footprint)) {
            problem = "layer \(path) keeps footprint \(kept), shows \(footprint)"
        }
        if problem == nil, let keptExtent = walk.extent(of: layer, under: parentToWindow), !extent.isEmpty,
           !covers(keptExtent, extent) {
            problem = "layer \(path) keeps extent \(keptExtent), reaches \(extent)"
        }
        return Coverage(footprint: footprint, extent: extent)
    }

    private func covers(_ outer: WindowBox, _ inner: WindowBox) -> Bool {
        !outer.isEmpty && outer.minX - slack <= inner.minX && outer.minY - slack <= inner.minY
            && inner.maxX <= outer.maxX + slack && inner.maxY <= outer.maxY + slack
    }
}
