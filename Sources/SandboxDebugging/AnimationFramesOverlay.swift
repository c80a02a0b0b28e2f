import CairoRenderer
import Foundation
import UIKit

/// The model-versus-presentation overlay: for every layer with animations in flight, its
/// model frame dashed (where UIKit hit-tests and converts it) and its presentation frame
/// solid (where it is drawn now), both in window points through the whole layer tree's
/// transforms, joined centre to centre and labelled with the layer's view (or class) and
/// its animation keys.
///
/// It reads the layer tree when drawn, as the renderer does, so it moves exactly with
/// the scene; at each frame it damages where it drew and where it will draw
/// (`damageForFrame(in:)`) when those differ.
@MainActor
public final class AnimationFramesOverlay: DebugOverlay {
    /// One animated layer as the overlay draws it.
    public struct Frames: Equatable {
        /// The layer's view's class name, or the layer's class name (and `name`).
        public var title: String
        /// `animationKeys()`, or "animation" for animations added without a key.
        public var keys: [String]
        /// The model bounds' corners in window points (top left, top right, bottom
        /// right, bottom left).
        public var model: [CGPoint]
        /// The presentation bounds' corners in window points.
        public var presentation: [CGPoint]
    }

    public static let modelColor = DebugPalette.yellow
    public static let presentationColor = DebugPalette.cyan
    public static let lineWidth: CGFloat = 2
    public static let modelDash = Canvas.Dash(on: 6, off: 4)
    static let labelSize: CGFloat = 13

    // Unchecked (read for every batch, by `DebugOverlays.isDormant`): main actor, set by plain
    // assignment only, never held inout across a call.
    @exclusivity(unchecked) public var isVisible = false
    /// What each drawn layer's outlines and plate reached in the last frame, two
    /// rectangles a layer (see `Drawing.reaches`).
    private var drawnReaches: [CGRect] = []
    /// The frame's drawings, made for its damage and kept for its rectangles.
    private var keptDrawings = KeptForFrame<[Drawing]>()
    /// The model outlines, copied: a model frame keeps its shape while it animates.
    private let modelOutlines = OutlineStamps(color: modelColor, lineWidth: lineWidth, dash: modelDash)
    private let measurer = TextMeasurer()

    public init() {}

    /// Where the outlines were drawn and will be, when any moved.
    public func damageForFrame(in window: UIWindow) -> [CGRect] {
        guard isVisible else { return [] }
        let reaches = keptDrawings.value(in: window, { drawings(in: window) }).flatMap(\.reaches)
        return reaches == drawnReaches ? [] : drawnReaches + reaches
    }

    /// One animated layer's outlines, label and plate, and what they reach.
    private struct Drawing {
        var model: Quad
        var shown: Quad
        var label: String
        var plate: CGRect
        /// The outlines with the line joining their centres, then the plate, apart: their
        /// union would take in the wide gap beside the outlines above a long label,
        /// three times the pixels of the two.
        var reaches: [CGRect]
    }

    /// Every animated layer's drawing now, in drawing order.
    private func drawings(in window: UIWindow) -> [Drawing] {
        var drawings: [Drawing] = []
        WindowLayers.forEach(in: window) { placement in
            if placement.isAnimating { drawings.append(drawing(of: placement)) }
        }
        return drawings
    }

    /// The outlines, the label and its plate, and everything they reach.
    private func drawing(of placement: LayerPlacement) -> Drawing {
        let model = Quad(placement.layer.bounds, through: placement.modelToWindow)
        let shown = Quad(placement.shown.bounds, through: placement.shownToWindow)
        // `TileView · position, bounds` on a plate under the presentation frame.
        let keys = (placement.layer.animationKeys() ?? ["animation"]).joined(separator: ", ")
        let label = "\(Self.title(of: placement)) · \(keys)"
        let box = shown.boundingBox
        let plate = CGRect(x: box.minX, y: box.maxY + 3, width: measurer.width(of: label, size: Self.labelSize) + 8,
                           height: 19)
        let outlines = model.boundingBox.union(box).insetBy(dx: -Self.lineWidth, dy: -Self.lineWidth)
        return Drawing(model: model, shown: shown, label: label, plate: plate, reaches: [outlines, plate])
    }

    /// The animated layers of `window` now, in drawing order.
    public func frames(in window: UIWindow) -> [Frames] {
        var found: [Frames] = []
        WindowLayers.forEach(in: window) { placement in
            guard placement.isAnimating else { return }
            found.append(Frames(
                title: Self.title(of: placement), keys: placement.layer.animationKeys() ?? ["animation"],
                model: Array(Quad(placement.layer.bounds, through: placement.modelToWindow)),
                presentation: Array(Quad(placement.shown.bounds, through: placement.shownToWindow))))
        }
        return found
    }

    static func title(of placement: LayerPlacement) -> String {
        if let view = placement.view { return "\(type(of: view))" }
        let layer = placement.layer
        return layer.name.map { "\(type(of: layer)) \"\($0)\"" } ?? "\(type(of: layer))"
    }

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard isVisible else { return }
        let clip = canvas.clipBounds
        drawnReaches.removeAll(keepingCapacity: true)
        for drawing in keptDrawings.value(in: window, { drawings(in: window) }) {
            drawnReaches += drawing.reaches
            let (model, shown, plate) = (drawing.model, drawing.shown, drawing.plate)
            // Each part only where it can reach the canvas: a frame draws its damage
            // rectangle by rectangle, and the outlines and the label are apart.
            if clip.intersects(drawing.reaches[0]) {
                canvas.strokeLine(from: model.center, to: shown.center, with: Self.modelColor.withAlpha(0.6),
                                  lineWidth: 1)
                modelOutlines.draw(model, in: canvas)
                canvas.strokePolygon(shown, with: Self.presentationColor, lineWidth: Self.lineWidth)
            }
            if clip.intersects(drawing.reaches[1]) {
                canvas.fillPlate(plate, radius: 3, with: DebugPalette.plate)
                canvas.drawText(drawing.label, at: CGPoint(x: plate.minX + 4, y: plate.maxY - 4), size: Self.labelSize,
                                color: Self.presentationColor)
            }
        }
    }
}
