import CairoRenderer
import CoreGraphics

/// Dashed outlines of upright rectangles, each shape rendered once and then copied
/// (`CanvasStamp`): the frames overlay's model outline.
///
/// Why: Cairo tessellates every dash of a stroke before it clips, over 100,000
/// instructions for a dashed 100 × 100 outline, and the frames overlay draws a layer's
/// model outline in every damage rectangle it reaches, every frame of the animation;
/// the model frame keeps its shape for the whole animation (a touched view growing keeps
/// its model bounds), so the next frames, and the next touch's view of the same size,
/// copy it. A copy lands on whole device pixels from a rendering at the nearest quarter
/// pixel, so it is at most an eighth of a pixel from where a stroke in place would be.
///
/// A rotated or skewed outline, or one reaching past `largestReach` points from its
/// centre, is stroked in place. At most `capacity` shapes are kept; then all are dropped.
@MainActor
final class OutlineStamps {
    let color: Canvas.Color
    let lineWidth: CGFloat
    let dash: Canvas.Dash
    private var stamps: [Shape: CanvasStamp] = [:]

    /// The most shapes kept at once.
    static let capacity = 8
    /// The farthest an outline reaches from its centre (points, line included) to be
    /// kept: larger renderings cost more memory than their strokes cost time.
    static let largestReach: CGFloat = 128

    /// An outline's corners relative to its centre: its shape, where its dashes start
    /// (at the first corner) included.
    private struct Shape: Hashable {
        var topLeftX, topLeftY, bottomRightX, bottomRightY: CGFloat
    }

    init(color: Canvas.Color, lineWidth: CGFloat, dash: Canvas.Dash) {
        self.color = color
        self.lineWidth = lineWidth
        self.dash = dash
    }

    /// How many shapes are kept now.
    var count: Int { stamps.count }

    /// Draws `quad`'s outline, dashed from its top-left corner as
    /// `Canvas.strokePolygon(_:with:lineWidth:dash:)` draws it.
    func draw(_ quad: Quad, in canvas: Canvas) {
        let center = quad.center
        let shape = Shape(topLeftX: quad.topLeft.x - center.x, topLeftY: quad.topLeft.y - center.y,
                          bottomRightX: quad.bottomRight.x - center.x, bottomRightY: quad.bottomRight.y - center.y)
        let reach = max(abs(shape.topLeftX), abs(shape.topLeftY), abs(shape.bottomRightX), abs(shape.bottomRightY))
            + lineWidth
        let isUpright = quad.topLeft.y == quad.topRight.y && quad.bottomLeft.y == quad.bottomRight.y
            && quad.topLeft.x == quad.bottomLeft.x && quad.topRight.x == quad.bottomRight.x
        guard isUpright, reach <= Self.largestReach, reach.isFinite else {
            return canvas.strokePolygon(quad, with: color, lineWidth: lineWidth, dash: dash)
        }
        canvas.draw(stamp(for: shape, reach: reach), at: center)
    }

    private func stamp(for shape: Shape, reach: CGFloat) -> CanvasStamp {
        if let stamp = stamps[shape] { return stamp }
        if stamps.count >= Self.capacity { stamps.removeAll() }
        let corners = [CGPoint(x: shape.topLeftX, y: shape.topLeftY), CGPoint(x: shape.bottomRightX, y: shape.topLeftY),
                       CGPoint(x: shape.bottomRightX, y: shape.bottomRightY), CGPoint(x: shape.topLeftX, y: shape.bottomRightY)]
        let (color, lineWidth, dash) = (color, lineWidth, dash)
        let stamp = CanvasStamp(reach: reach) { canvas in
            canvas.strokePolygon(corners, with: color, lineWidth: lineWidth, dash: dash)
        }
        stamps[shape] = stamp
        return stamp
    }
}
