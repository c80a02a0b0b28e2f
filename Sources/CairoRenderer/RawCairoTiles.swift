import CCairo
import CoreGraphics

/// Rounded, bordered rectangles drawn with direct Cairo calls only: the reference the
/// render benchmark compares `LayerRenderer` against (what the same picture costs at
/// least). Kept here so that only the renderer talks to Cairo.
public struct RawCairoTiles {
    /// One rectangle: centred at `position`, turned by `transform` about its centre.
    public struct Tile {
        public var position: CGPoint
        public var size: CGSize
        public var transform: CGAffineTransform
        public var fill: CGColor
        public var border: CGColor

        public init(position: CGPoint, size: CGSize, transform: CGAffineTransform, fill: CGColor, border: CGColor) {
            self.position = position
            self.size = size
            self.transform = transform
            self.fill = fill
            self.border = border
        }
    }

    public var tiles: [Tile]
    public var cornerRadius: CGFloat
    public var borderWidth: CGFloat

    public init(tiles: [Tile], cornerRadius: CGFloat, borderWidth: CGFloat) {
        self.tiles = tiles
        self.cornerRadius = cornerRadius
        self.borderWidth = borderWidth
    }

    /// Fills `buffer` with white, then draws every tile: fill, then the border inside it.
    public func draw(into buffer: FrameBuffer) {
        let cairo = cairo_create(buffer.surface)!
        defer { cairo_destroy(cairo) }
        cairo_set_source_rgb(cairo, 1, 1, 1)
        cairo_paint(cairo)
        for tile in tiles {
            cairo_save(cairo)
            cairo_translate(cairo, tile.position.x, tile.position.y)
            var matrix = cairo_matrix_t(xx: tile.transform.a, yx: tile.transform.b, xy: tile.transform.c,
                                        yy: tile.transform.d, x0: tile.transform.tx, y0: tile.transform.ty)
            cairo_transform(cairo, &matrix)
            cairo_translate(cairo, -tile.size.width / 2, -tile.size.height / 2)
            roundedRect(cairo, CGRect(origin: .zero, size: tile.size), cornerRadius)
            cairo_set_source_rgba(cairo, tile.fill.red, tile.fill.green, tile.fill.blue, tile.fill.alpha)
            cairo_fill(cairo)
            let inset = borderWidth / 2
            roundedRect(cairo, CGRect(origin: .zero, size: tile.size).insetBy(dx: inset, dy: inset), cornerRadius - inset)
            cairo_set_source_rgba(cairo, tile.border.red, tile.border.green, tile.border.blue, tile.border.alpha)
            cairo_set_line_width(cairo, borderWidth)
            cairo_stroke(cairo)
            cairo_restore(cairo)
        }
        cairo_surface_flush(buffer.surface)
    }

    private func roundedRect(_ cairo: OpaquePointer, _ rect: CGRect, _ radius: CGFloat) {
        let half = Double.pi / 2
        cairo_new_path(cairo)
        cairo_move_to(cairo, rect.minX + radius, rect.minY)
        cairo_arc(cairo, rect.maxX - radius, rect.minY + radius, radius, -half, 0)
        cairo_arc(cairo, rect.maxX - radius, rect.maxY - radius, radius, 0, half)
        cairo_arc(cairo, rect.minX + radius, rect.maxY - radius, radius, half, 2 * half)
        cairo_arc(cairo, rect.minX + radius, rect.minY + radius, radius, 2 * half, 3 * half)
        cairo_close_path(cairo)
    }
}
