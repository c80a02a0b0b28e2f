import CCairo
import CoreGraphics
import Foundation

/// A small drawing rendered once into pixels and then copied wherever it is drawn: for
/// marks drawn many times a frame at changing places (a touch spot with its number).
///
/// Cairo rasterises a curve by compositing it span by span, about 15 µs for a filled
/// circle 44 points wide on the machines we measure on (`BENCHMARKS.md`), and a frame
/// draws a mark once for every damage rectangle it reaches; a copy of the same pixels
/// costs a fraction of that. The copy lands on whole device pixels, with the drawing
/// rendered at the quarter-pixel nearest to where it was asked for, so a stamp is at
/// most an eighth of a pixel from its place, and draws the same pixels in every damage
/// rectangle (no antialiasing is cut at a rectangle's side).
///
/// The drawing is made in points around the anchor at (0, 0) and must stay within
/// `reach` of it. Where the canvas is rotated or skewed, or scaled so far that the reach
/// passes `largestReach` device pixels, the stamp is drawn in place.
@MainActor
public final class CanvasStamp {
    /// How far the drawing reaches from its anchor, in points, on every side.
    public let reach: CGFloat
    private let drawing: (Canvas) -> Void
    /// The rendered pixels by scale and quarter-pixel phase.
    private var images: [Key: OpaquePointer] = [:]

    private struct Key: Hashable {
        var scale: CGFloat
        var phaseX: Int
        var phaseY: Int
    }

    /// Quarter pixels: the steps a stamp's rendering is offset by.
    static let phases = 4
    /// The farthest reach, in device pixels, rendered as a stamp (up to sixteen
    /// renderings of 1 MB each); a larger one is drawn in place.
    static let largestReach: CGFloat = 256

    public init(reach: CGFloat, drawing: @escaping (Canvas) -> Void) {
        self.reach = reach
        self.drawing = drawing
    }

    isolated deinit {
        for image in images.values { cairo_surface_destroy(image) }
    }

    /// Copies the stamp with its anchor at `anchor` (canvas points).
    func draw(at anchor: CGPoint, in canvas: Canvas) {
        let context = canvas.context
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        // Rotated or skewed, or scaled so far that the renderings would be huge: in place.
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.xx == matrix.yy,
              reach * matrix.xx <= Self.largestReach else {
            return drawDirectly(at: anchor, in: canvas)
        }
        let scale = matrix.xx
        let deviceX = matrix.xx * anchor.x + matrix.x0, deviceY = matrix.yy * anchor.y + matrix.y0
        let quarters = (x: (deviceX * Double(Self.phases)).rounded(), y: (deviceY * Double(Self.phases)).rounded())
        guard quarters.x.magnitude < 1e9, quarters.y.magnitude < 1e9 else { return }
        let wholeX = Int((quarters.x / Double(Self.phases)).rounded(.down))
        let wholeY = Int((quarters.y / Double(Self.phases)).rounded(.down))
        let key = Key(scale: scale, phaseX: Int(quarters.x) - wholeX * Self.phases,
                      phaseY: Int(quarters.y) - wholeY * Self.phases)
        let padding = Int((reach * scale).rounded(.up)) + 1
        canvas.copy(images[key] ?? render(key, padding: padding), toDeviceX: wholeX - padding, y: wholeY - padding)
    }

    /// The drawing in pixels, its anchor at the padding plus the key's phase.
    private func render(_ key: Key, padding: Int) -> OpaquePointer {
        if images.count >= 256 {
            for image in images.values { cairo_surface_destroy(image) }
            images.removeAll()
        }
        let side = 2 * padding + 1
        let image = Canvas.renderedSurface(width: side, height: side) { canvas in
            cairo_translate(canvas.context, Double(padding) + Double(key.phaseX) / Double(Self.phases),
                            Double(padding) + Double(key.phaseY) / Double(Self.phases))
            cairo_scale(canvas.context, key.scale, key.scale)
            drawing(canvas)
        }
        images[key] = image
        return image
    }

    private func drawDirectly(at anchor: CGPoint, in canvas: Canvas) {
        cairo_save(canvas.context)
        cairo_translate(canvas.context, anchor.x, anchor.y)
        drawing(canvas)
        cairo_restore(canvas.context)
    }
}

extension Canvas {
    /// Draws `stamp` with its anchor at `anchor` (see `CanvasStamp`).
    @MainActor
    public func draw(_ stamp: CanvasStamp, at anchor: CGPoint) {
        stamp.draw(at: anchor, in: self)
    }
}
