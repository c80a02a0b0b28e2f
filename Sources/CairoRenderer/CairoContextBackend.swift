import CCairo
import CoreGraphics

/// Draws a `CGContext`'s operations with Cairo: the backend the renderer injects into
/// `UIView.draw(_:)` and `CALayer.draw(in:)`.
final class CairoContextBackend: CGContextBackend {
    let cairo: OpaquePointer
    /// Cairo has no global alpha: fills and strokes multiply their colour's alpha by it.
    private var alphaStack: [CGFloat] = [1]
    private var fillColor = CGColor.black
    private var strokeColor = CGColor.black

    init(cairo: OpaquePointer) {
        self.cairo = cairo
    }

    func saveGState() {
        cairo_save(cairo)
        alphaStack.append(alphaStack.last ?? 1)
    }

    func restoreGState() {
        cairo_restore(cairo)
        if alphaStack.count > 1 { alphaStack.removeLast() }
    }

    func concatenate(_ transform: CGAffineTransform) {
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        cairo_transform(cairo, &matrix)
    }

    func setFillColor(_ color: CGColor) { fillColor = color }
    func setStrokeColor(_ color: CGColor) { strokeColor = color }
    func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cairo, width) }
    func setAlpha(_ alpha: CGFloat) { alphaStack[alphaStack.count - 1] = alpha }

    func clip(to rect: CGRect) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cairo)
    }

    func fill(_ rect: CGRect) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        paint(fillColor, fill: true)
    }

    func stroke(_ rect: CGRect) {
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        paint(strokeColor, fill: false)
    }

    func fillEllipse(in rect: CGRect) {
        ellipse(rect)
        paint(fillColor, fill: true)
    }

    func strokeEllipse(in rect: CGRect) {
        ellipse(rect)
        paint(strokeColor, fill: false)
    }

    private func ellipse(_ rect: CGRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, rect.midX, rect.midY)
        cairo_scale(cairo, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * Double.pi)
        cairo_restore(cairo)
    }

    private func paint(_ color: CGColor, fill: Bool) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha * (alphaStack.last ?? 1))
        if fill { cairo_fill(cairo) } else { cairo_stroke(cairo) }
    }
}
