import CairoRenderer
import Foundation
import UIKit

/// The Inspect tool's drawing: the selected view, followed live as it moves. It is
/// outlined in purple where it is drawn (its presentation) and tinted; while an
/// animation moves it away from its model, the model frame shows dashed in yellow (the
/// frames overlay's colour: where UIKit hit-tests it). Its name sits on a plate above it
/// (below it where that would be above `topInset`); outlines and plate stop at the panels.
@MainActor
public final class InspectOverlay: DebugOverlay {
    public var isVisible = false
    /// The selected view, weakly.
    public private(set) weak var selection: UIView?
    /// Labels stay at least this far below the screen's top (as the other overlays').
    public var topInset: CGFloat = 0
    /// Panels the outlines stop at (`DebugLayerView.onPanelsPlaced`), in window points.
    public var avoidedRects: [CGRect] = []

    static let color = DebugPalette.purple
    static let lineWidth: CGFloat = 3
    static let labelSize: CGFloat = 13

    /// What is drawn now: the quads and the label's plate.
    private struct Drawing {
        var drawn: [CGPoint]
        var model: [CGPoint]?
        var label: String
        var plate: CGRect
    }

    private var drawnReaches: [CGRect] = []
    private let measurer = TextMeasurer()

    public init() {}

    /// Selects `view` (nil: none); returns the rectangles to redraw.
    @discardableResult
    public func select(_ view: UIView?) -> [CGRect] {
        selection = view
        let now = reaches(of: drawing())
        defer { drawnReaches = now }
        return drawnReaches + now
    }

    private func drawing() -> Drawing? {
        guard isVisible, let view = selection, view.window != nil else { return nil }
        let drawn = ViewOutline.corners(of: view, presentation: true)
        let model = ViewOutline.corners(of: view, presentation: false)
        let label = ViewOutline.name(of: view)
        let box = ViewOutline.boundingBox(of: drawn)
        let width = measurer.width(of: label, size: Self.labelSize) + 10
        let screen = UIScreen.main.bounds
        let y = box.minY - 23 >= topInset ? box.minY - 23 : min(box.maxY + 3, screen.maxY - 20)
        let plate = CGRect(x: max(0, min(box.minX, screen.maxX - width)), y: y, width: width, height: 20)
        return Drawing(drawn: drawn, model: model == drawn ? nil : model, label: label, plate: plate)
    }

    private func reaches(of drawing: Drawing?) -> [CGRect] {
        guard let drawing else { return [] }
        var reaches = [ViewOutline.reach(of: drawing.drawn, lineWidth: Self.lineWidth), drawing.plate]
        if let model = drawing.model { reaches.append(ViewOutline.reach(of: model)) }
        return reaches
    }

    /// Where the selection was drawn and is now, when it moved (an animation, a layout).
    public func damageForFrame(in window: UIWindow) -> [CGRect] {
        let now = reaches(of: drawing())
        guard now != drawnReaches else { return [] }
        defer { drawnReaches = now }
        return drawnReaches + now
    }

    public func draw(in canvas: Canvas, window: UIWindow) {
        guard let drawing = drawing() else { return }
        let clip = canvas.clipBounds
        canvas.withClip(excluding: avoidedRects.filter(clip.intersects)) { draw(drawing, in: canvas, clip: clip) }
    }

    private func draw(_ drawing: Drawing, in canvas: Canvas, clip: CGRect) {
        if let model = drawing.model, clip.intersects(ViewOutline.reach(of: model)) {
            canvas.strokePolygon(model, with: AnimationFramesOverlay.modelColor, lineWidth: 2, dash: AnimationFramesOverlay.modelDash)
        }
        if clip.intersects(ViewOutline.reach(of: drawing.drawn)) {
            canvas.fill(ViewOutline.path(of: drawing.drawn), with: Self.color.withAlpha(0.18))
            canvas.strokePolygon(drawing.drawn, with: Self.color, lineWidth: Self.lineWidth)
        }
        if clip.intersects(drawing.plate) {
            canvas.fillPlate(drawing.plate, radius: 4, with: DebugPalette.opaquePlate)
            canvas.fillPlate(CGRect(x: drawing.plate.minX, y: drawing.plate.minY, width: 3, height: drawing.plate.height),
                             radius: 1.5, with: Self.color)
            canvas.drawText(drawing.label, at: CGPoint(x: drawing.plate.minX + 6, y: drawing.plate.maxY - 5),
                            size: Self.labelSize, color: DebugPalette.primaryText)
        }
    }
}
