import CCairo
import CoreGraphics

/// Label plates (filled rounded rectangles) on whole device pixels, each size and colour
/// rendered once and then copied: a debugging overlay draws its label's plate in every
/// damage rectangle it reaches, and the next touch's label has a plate of the same size.
///
/// Cairo rasterises the corners' curves row by row, about 50,000 instructions for a
/// 260 × 20 plate (callgrind, `BENCHMARKS.md`); a copy of the rendered pixels costs a few
/// thousand. The plate is snapped to whole device pixels, each side to the nearest, so
/// it draws the same pixels wherever it is copied, and stays inside the pixels its
/// unsnapped rectangle touches (damage rectangles are rounded outwards to whole pixels).
/// Where the canvas is rotated or skewed, the plate is filled in place, unsnapped.
@MainActor
final class PlateStamps {
    static let shared = PlateStamps()

    private struct Key: Hashable {
        var width: Int
        var height: Int
        /// The corner radius in device pixels, in quarter pixels.
        var quarterRadius: Int
        var red, green, blue, alpha: Double
    }

    /// The rendered plates; emptied when it reaches `capacity`.
    private var images: [Key: OpaquePointer] = [:]
    /// Plates rendered so far (the rest were copies).
    private(set) var renderCount = 0
    /// Plates kept at once: a few overlays' labels at a few widths each.
    static let capacity = 64
    /// The largest plate side, in device pixels, rendered as a stamp; a larger one is
    /// filled in place (it would take megabytes to keep).
    static let largestSide = 2048

    /// Fills `rect` (canvas points) with `radius` corners in `color`, snapped to whole
    /// device pixels (see the type's description).
    func fill(_ rect: CGRect, radius: CGFloat, color: Canvas.Color, in canvas: Canvas) {
        let context = canvas.context
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        let left = (matrix.xx * rect.minX + matrix.x0).rounded(), right = (matrix.xx * rect.maxX + matrix.x0).rounded()
        let top = (matrix.yy * rect.minY + matrix.y0).rounded(), bottom = (matrix.yy * rect.maxY + matrix.y0).rounded()
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.xx == matrix.yy,
              left.magnitude < 1e9, top.magnitude < 1e9,
              right - left <= Double(Self.largestSide), bottom - top <= Double(Self.largestSide) else {
            return canvas.fillRoundedRect(rect, radius: radius, with: color)
        }
        guard right > left, bottom > top else { return }
        let key = Key(width: Int(right - left), height: Int(bottom - top),
                      quarterRadius: Int((radius * matrix.xx * 4).rounded()),
                      red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        let image = images[key] ?? render(key)
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, image, left, top)
        cairo_rectangle(context, left, top, right - left, bottom - top)
        cairo_fill(context)
        cairo_restore(context)
    }

    private func render(_ key: Key) -> OpaquePointer {
        if images.count >= Self.capacity {
            for image in images.values { cairo_surface_destroy(image) }
            images.removeAll()
        }
        renderCount += 1
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(key.width), Int32(key.height))!
        let context = cairo_create(image)!
        Canvas(context: context).fillRoundedRect(
            CGRect(x: 0, y: 0, width: key.width, height: key.height), radius: Double(key.quarterRadius) / 4,
            with: Canvas.Color(red: key.red, green: key.green, blue: key.blue, alpha: key.alpha))
        cairo_destroy(context)
        cairo_surface_flush(image)
        images[key] = image
        return image
    }
}

extension Canvas {
    /// Fills a label's plate: `rect` with `radius` corners, snapped to whole device
    /// pixels and copied from a rendering kept for its size and colour (`PlateStamps`),
    /// so that a plate drawn in many damage rectangles, or again for the next label of
    /// its size, is rendered once.
    @MainActor
    public func fillPlate(_ rect: CGRect, radius: CGFloat, with color: Color) {
        PlateStamps.shared.fill(rect, radius: radius, color: color, in: self)
    }
}
