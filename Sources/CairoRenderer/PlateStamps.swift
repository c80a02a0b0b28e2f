import CCairo
import CoreGraphics

/// Label plates (filled rounded rectangles) on whole device pixels, each size, corner
/// radius and colour rendered once and then copied: a debugging overlay draws its
/// label's plate in every damage rectangle it reaches, and the next touch's label has a
/// plate of the same size.
///
/// Cairo rasterises the corners' curves row by row, about 50,000 instructions for a
/// 260 × 20 plate (callgrind, `BENCHMARKS.md`); a copy of the rendered pixels costs a few
/// thousand. The plate is snapped to whole device pixels, each side to the nearest (a
/// side halfway between two pixels goes to the greater, wherever the canvas's origin
/// is), so it draws the same pixels wherever it is copied, also in a damage rectangle's
/// scratch canvas, and stays inside the pixels its unsnapped rectangle touches (damage
/// rectangles are rounded outwards to whole pixels). Where the canvas is rotated or
/// skewed, the plate is larger than `largestPixels`, or its figures are not finite, it
/// is filled in place, unsnapped.
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

    /// The rendered plates; emptied when they would pass `byteBudget`.
    private var images: [Key: OpaquePointer] = [:]
    private var bytesKept = 0
    /// Plates rendered so far (the rest were copies).
    private(set) var renderCount = 0
    /// The memory the renderings may take together: some hundreds of label plates.
    static let byteBudget = 8 << 20
    /// The most pixels a plate rendered as a stamp has (a label 1,024 pixels wide at
    /// 64 high); a larger one is filled in place.
    static let largestPixels = 1024 * 64

    init() {}

    isolated deinit {
        for image in images.values { cairo_surface_destroy(image) }
    }

    /// Fills `rect` (canvas points) with `radius` corners in `color`, snapped to whole
    /// device pixels (see the type's description).
    func fill(_ rect: CGRect, radius: CGFloat, color: Canvas.Color, in canvas: Canvas) {
        let context = canvas.context
        var matrix = cairo_matrix_t()
        cairo_get_matrix(context, &matrix)
        // Halves up, not away from zero: a side at -0.5 in a scratch canvas and at 99.5
        // in the frame is the same side, and must land on the same pixel.
        func snapped(_ value: Double) -> Double { (value + 0.5).rounded(.down) }
        let left = snapped(matrix.xx * rect.minX + matrix.x0), right = snapped(matrix.xx * rect.maxX + matrix.x0)
        let top = snapped(matrix.yy * rect.minY + matrix.y0), bottom = snapped(matrix.yy * rect.maxY + matrix.y0)
        let deviceRadius = radius * matrix.xx
        guard matrix.xy == 0, matrix.yx == 0, matrix.xx > 0, matrix.xx == matrix.yy,
              left.magnitude < 1e9, top.magnitude < 1e9, right.magnitude < 1e9, bottom.magnitude < 1e9,
              (right - left) * (bottom - top) <= Double(Self.largestPixels), deviceRadius.isFinite,
              color.red.isFinite, color.green.isFinite, color.blue.isFinite, color.alpha.isFinite else {
            return canvas.fillRoundedRect(rect, radius: radius, with: color)
        }
        guard right > left, bottom > top else { return }
        let key = Key(width: Int(right - left), height: Int(bottom - top),
                      quarterRadius: Int((max(0, deviceRadius) * 4).rounded()),
                      red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
        canvas.copy(images[key] ?? render(key), toDeviceX: Int(left), y: Int(top))
    }

    private func render(_ key: Key) -> OpaquePointer {
        let bytes = key.width * key.height * 4
        if bytesKept + bytes > Self.byteBudget {
            for image in images.values { cairo_surface_destroy(image) }
            images.removeAll()
            bytesKept = 0
        }
        bytesKept += bytes
        renderCount += 1
        let image = Canvas.renderedSurface(width: key.width, height: key.height) { canvas in
            canvas.fillRoundedRect(
                CGRect(x: 0, y: 0, width: key.width, height: key.height), radius: Double(key.quarterRadius) / 4,
                with: Canvas.Color(red: key.red, green: key.green, blue: key.blue, alpha: key.alpha))
        }
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
