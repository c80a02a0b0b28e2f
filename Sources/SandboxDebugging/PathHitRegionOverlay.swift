import CairoRenderer
import Foundation
import UIKit

/// The path hit-region overlay: every layer that hit-tests by a path (`hitTestsByPath`:
/// a `hitTestPath`, or a `CAShapeLayer` with `hitTestsByShape`) has that path filled
/// translucent and outlined, in window points, by the fill rule the hit-test uses, so
/// the parts of its bounds that touches pass through show untinted.
///
/// The region follows the geometry hit-testing uses: the model tree, or the
/// presentation tree below a view with `hitTestsPresentation`. Layers that hit-test by
/// their bounds (UIKit's default, and a shape layer's) are left alone. A view's own
/// layer decides `UIView.point(inside:with:)`; a sublayer's path decides only
/// `CALayer.hitTest(_:)`, but is tinted too, since it is a path hit region all the same. Like the
/// model-versus-presentation overlay it reads the layers when drawn, and damages where
/// it drew and will draw when a region moved (`damageForFrame(in:)`).
@MainActor
public final class PathHitRegionOverlay: DebugOverlay {
    /// One path-hit-tested layer as the overlay draws it.
    public struct Region {
        public var layer: CALayer
        public var path: CGPath
        public var rule: CGPathFillRule
        /// The path's space (the layer's bounds space) to window points.
        public var transform: CGAffineTransform
    }

    public static let color = DebugPalette.purple
    public static let fillAlpha = 0.3

    // Unchecked (read for every batch, by `DebugOverlays.isDormant`): main actor, set by plain
    // assignment only, never held inout across a call.
    @exclusivity(unchecked) public var isVisible = false
    /// What each region reached in the last frame.
    private var drawnReaches: [CGRect] = []
    /// The frame's regions, found for its damage and kept for its rectangles.
    private var keptRegions = KeptForFrame<[(region: Region, reach: CGRect)]>()

    public init() {}

    /// Where the regions were drawn and will be, when any moved or changed.
    public func damageForFrame(in window: UIWindow) -> [CGRect] {
        guard isVisible else { return [] }
        let reaches = keptRegions.value(in: window, { placedRegions(in: window) }).map(\.reach)
        return reaches == drawnReaches ? [] : drawnReaches + reaches
    }

    private static func reach(of region: Region) -> CGRect {
        region.path.boundingBox.applying(region.transform).insetBy(dx: -2, dy: -2)
    }

    /// The regions now, each with what it reaches.
    private func placedRegions(in window: UIWindow) -> [(region: Region, reach: CGRect)] {
        regions(in: window).map { ($0, Self.reach(of: $0)) }
    }

    /// The path-hit-tested layers of `window` now, in drawing order.
    public func regions(in window: UIWindow) -> [Region] {
        var found: [Region] = []
        WindowLayers.forEach(in: window) { placement in
            if let region = Self.region(of: placement) { found.append(region) }
        }
        return found
    }

    /// The path `contains(_:)` tests for the layer, with its rule, as hit-testing places it.
    static func region(of placement: LayerPlacement) -> Region? {
        guard placement.layer.hitTestsByPath else { return nil }
        let tested = placement.isHitTestedByPresentation ? placement.shown : placement.layer
        let transform = placement.isHitTestedByPresentation ? placement.shownToWindow : placement.modelToWindow
        if let path = tested.hitTestPath {
            return Region(layer: placement.layer, path: path, rule: tested.hitTestFillRule, transform: transform)
        }
        guard let shape = tested as? CAShapeLayer, let path = shape.path else { return nil }
        return Region(layer: placement.layer, path: path, rule: shape.fillRule.pathFillRule, transform: transform)
    }

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard isVisible else { return }
        let clip = canvas.clipBounds
        drawnReaches.removeAll(keepingCapacity: true)
        for (region, reach) in keptRegions.value(in: window, { placedRegions(in: window) }) {
            drawnReaches.append(reach)
            guard clip.intersects(reach) else { continue }
            canvas.fill(region.path, transform: region.transform, rule: region.rule,
                        with: Self.color.withAlpha(Self.fillAlpha))
            canvas.stroke(region.path, transform: region.transform, with: Self.color, lineWidth: 1.5)
        }
    }
}
