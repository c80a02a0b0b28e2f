import CCairo
import CoreGraphics

/// `CGContext`'s drawing done with Cairo on a Cairo context: how `UIView.draw(_:)`,
/// `CALayer.draw(in:)`, `render(in:)` and the renderer's frames reach pixels.
///
/// Cairo keeps what Core Graphics keeps in the backend (transform, clip, path, both
/// fixed in device space as they are built), so most calls map one to one. Paint comes
/// with each call from the `CGContext`.
class CairoContextBackend: CGContextBackend {
    let cairo: OpaquePointer
    /// How many transparency layers are open; painting inside one is not yet in the
    /// target surface.
    private(set) var openTransparencyLayers = 0

    /// Draws on `cairo`, which the caller keeps alive for the backend's life.
    init(cairo: OpaquePointer) {
        self.cairo = cairo
    }

    /// Called after each painting call reached the target surface; bitmap backends copy
    /// the pixels out here.
    func didPaint() {}

    // MARK: - State

    func saveGState() { cairo_save(cairo) }
    func restoreGState() { cairo_restore(cairo) }

    func concatenate(_ transform: CGAffineTransform) {
        var matrix = cairo_matrix_t(transform)
        cairo_transform(cairo, &matrix)
    }

    // MARK: - Path

    func beginPath() { cairo_new_path(cairo) }
    func move(to point: CGPoint) { cairo_move_to(cairo, point.x, point.y) }
    func addLine(to point: CGPoint) { cairo_line_to(cairo, point.x, point.y) }

    func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) {
        cairo_curve_to(cairo, control1.x, control1.y, control2.x, control2.y, end.x, end.y)
    }

    func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat) {
        if delta >= 0 {
            cairo_arc(cairo, center.x, center.y, radius, startAngle, startAngle + delta)
        } else {
            cairo_arc_negative(cairo, center.x, center.y, radius, startAngle, startAngle + delta)
        }
    }

    func closePath() { cairo_close_path(cairo) }

    // MARK: - Painting

    func fillPath(using rule: CGPathFillRule, color: CGColor, preservingPath: Bool) {
        setSource(color)
        cairo_set_fill_rule(cairo, rule.cairoFillRule)
        if preservingPath { cairo_fill_preserve(cairo) } else { cairo_fill(cairo) }
        painted()
    }

    func strokePath(color: CGColor, style: CGStrokeStyle) {
        setSource(color)
        cairo_set_line_width(cairo, style.lineWidth)
        cairo_set_line_cap(cairo, cairo_line_cap_t(UInt32(style.lineCap.rawValue)))
        cairo_set_line_join(cairo, cairo_line_join_t(UInt32(style.lineJoin.rawValue)))
        cairo_set_miter_limit(cairo, style.miterLimit)
        if style.dashLengths.isEmpty {
            cairo_set_dash(cairo, nil, 0, 0)
        } else {
            let lengths = style.dashLengths.map(Double.init)
            cairo_set_dash(cairo, lengths, Int32(lengths.count), style.dashPhase)
        }
        cairo_stroke(cairo)
        painted()
    }

    func clip(using rule: CGPathFillRule) {
        cairo_set_fill_rule(cairo, rule.cairoFillRule)
        cairo_clip(cairo)
    }

    func fillShadow(using rule: CGPathFillRule, shadow: CGShadowStyle) {
        ShadowPainter.paintShadow(ofPathIn: cairo, rule: rule.cairoFillRule, shadow: shadow)
        painted()
    }

    func draw(_ image: CGImage, in rect: CGRect, alpha: CGFloat) {
        guard rect.width != 0, rect.height != 0 else { return }
        cairo_save(cairo)
        // Core Graphics puts the image's first row at the rectangle's maximum y.
        cairo_translate(cairo, rect.minX, rect.maxY)
        cairo_scale(cairo, rect.width / CGFloat(image.width), -rect.height / CGFloat(image.height))
        let pattern = cairo_pattern_create_for_surface(image.cairoSurface)!
        // Padding keeps the image's edges sharp where it is scaled, instead of fading
        // them into the transparent outside.
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(cairo, pattern)
        cairo_pattern_destroy(pattern)
        cairo_new_path(cairo)
        cairo_rectangle(cairo, 0, 0, Double(image.width), Double(image.height))
        if alpha >= 1 {
            cairo_fill(cairo)
        } else {
            cairo_clip(cairo)
            cairo_paint_with_alpha(cairo, alpha)
        }
        cairo_restore(cairo)
        painted()
    }

    func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_new_path(cairo)
        cairo_rectangle(cairo, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(cairo)
        cairo_restore(cairo)
        painted()
    }

    func showText(_ text: String, at origin: CGPoint, font: TextFont, color: CGColor) {
        CairoText.select(font, in: cairo)
        setSource(color)
        CairoText.show(text, at: origin, font: font, in: cairo)
        painted()
    }

    func beginTransparencyLayer() {
        openTransparencyLayers += 1
        cairo_push_group(cairo)
    }

    func endTransparencyLayer(alpha: CGFloat) {
        guard openTransparencyLayers > 0 else { return }
        openTransparencyLayers -= 1
        cairo_pop_group_to_source(cairo)
        cairo_paint_with_alpha(cairo, alpha)
        painted()
    }

    // MARK: - Helpers

    private func setSource(_ color: CGColor) {
        cairo_set_source_rgba(cairo, color.red, color.green, color.blue, color.alpha)
    }

    private func painted() {
        if openTransparencyLayers == 0 { didPaint() }
    }
}

extension cairo_matrix_t {
    init(_ t: CGAffineTransform) {
        self.init(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
    }
}

extension CGPathFillRule {
    var cairoFillRule: cairo_fill_rule_t {
        self == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING
    }
}
