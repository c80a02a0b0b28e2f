import CCairo
import CoreGraphics
import Foundation

/// A drawing surface in points for the scene and the debugging overlays. It wraps a Cairo
/// context so that nothing outside the renderer talks to Cairo.
public struct Canvas {
    let context: OpaquePointer

    /// An RGBA colour with components in 0…1 (straight, not premultiplied, alpha).
    public struct Color: Equatable, Sendable {
        public var red, green, blue, alpha: Double

        public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }

        /// A colour from a 0xRRGGBB literal.
        public init(hex: UInt32, alpha: Double = 1) {
            self.init(red: Double((hex >> 16) & 0xFF) / 255, green: Double((hex >> 8) & 0xFF) / 255,
                      blue: Double(hex & 0xFF) / 255, alpha: alpha)
        }

        public func withAlpha(_ alpha: Double) -> Color {
            Color(red: red, green: green, blue: blue, alpha: alpha)
        }

        public static let white = Color(red: 1, green: 1, blue: 1)
    }

    public enum FontWeight: Sendable {
        case regular, bold
    }

    /// A dash pattern for strokes: `on` points drawn, `off` points skipped, repeating
    /// from the start of each stroked path.
    public struct Dash: Equatable, Sendable {
        public var on: CGFloat
        public var off: CGFloat

        public init(on: CGFloat, off: CGFloat) {
            self.on = on
            self.off = off
        }
    }

    // MARK: - Clip

    /// The bounding box of the area drawing can reach (the frame's dirty rectangles),
    /// so that callers can skip what lies wholly outside it.
    public var clipBounds: CGRect {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(context, &x1, &y1, &x2, &y2)
        return CGRect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    /// The clip as rectangles in points, or nil when it is not made of rectangles.
    public var clipRectangles: [CGRect]? {
        guard let list = cairo_copy_clip_rectangle_list(context) else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS else { return nil }
        return (0..<Int(list.pointee.num_rectangles)).map { index in
            let rect = list.pointee.rectangles[index]
            return CGRect(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        }
    }

    /// Makes everything drawing can reach (the clip) transparent black, as a new frame
    /// buffer is.
    public func clear() {
        cairo_save(context)
        cairo_set_operator(context, CAIRO_OPERATOR_CLEAR)
        cairo_paint(context)
        cairo_restore(context)
    }

    // MARK: - Transform

    /// Runs `body` with `transform` applied to everything it draws (before the canvas's
    /// own mapping from points to pixels), then puts the canvas back as it was.
    public func withTransform(_ transform: CGAffineTransform, _ body: () -> Void) {
        cairo_save(context)
        var matrix = cairo_matrix_t(xx: transform.a, yx: transform.b, xy: transform.c, yy: transform.d,
                                    x0: transform.tx, y0: transform.ty)
        cairo_transform(context, &matrix)
        body()
        cairo_restore(context)
    }

    /// Runs `body` with drawing kept out of `excluded` (rectangles in points: panels an
    /// overlay's strokes must not cross), then puts the clip back as it was.
    public func withClip(excluding excluded: [CGRect], _ body: () -> Void) {
        guard !excluded.isEmpty else { return body() }
        cairo_save(context)
        let bounds = clipBounds
        cairo_new_path(context)
        cairo_rectangle(context, bounds.minX, bounds.minY, bounds.width, bounds.height)
        for rect in excluded { cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height) }
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_EVEN_ODD)
        cairo_clip(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
        body()
        cairo_restore(context)
    }

    // MARK: - Shapes

    public func fill(_ rect: CGRect, with color: Color) {
        set(color)
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        cairo_fill(context)
    }

    public func fillCircle(center: CGPoint, radius: CGFloat, with color: Color) {
        set(color)
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        cairo_fill(context)
    }

    /// Strokes a circle, solid or dashed.
    public func strokeCircle(center: CGPoint, radius: CGFloat, with color: Color, lineWidth: CGFloat = 1,
                             dash: Dash? = nil) {
        cairo_new_sub_path(context)
        cairo_arc(context, center.x, center.y, radius, 0, 2 * Double.pi)
        stroke(with: color, lineWidth: lineWidth, dash: dash)
    }

    public func fillRoundedRect(_ rect: CGRect, radius: CGFloat, with color: Color) {
        set(color)
        roundedRectPath(rect, radius: radius)
        cairo_fill(context)
    }

    /// Strokes the outline of `rect`, solid or dashed.
    public func strokeRect(_ rect: CGRect, with color: Color, lineWidth: CGFloat = 1, dash: Dash? = nil) {
        cairo_rectangle(context, rect.minX, rect.minY, rect.width, rect.height)
        stroke(with: color, lineWidth: lineWidth, dash: dash)
    }

    /// Strokes the closed polygon through `corners` (a rotated rectangle's four corners,
    /// say), solid or dashed, with mitred corners.
    public func strokePolygon(_ corners: some Sequence<CGPoint>, with color: Color, lineWidth: CGFloat = 1,
                              dash: Dash? = nil) {
        cairo_new_path(context)
        for corner in corners {
            cairo_line_to(context, corner.x, corner.y)
        }
        cairo_close_path(context)
        stroke(with: color, lineWidth: lineWidth, dash: dash)
    }

    /// Strokes one straight line with round ends.
    public func strokeLine(from start: CGPoint, to end: CGPoint, with color: Color, lineWidth: CGFloat = 1) {
        cairo_move_to(context, start.x, start.y)
        cairo_line_to(context, end.x, end.y)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        stroke(with: color, lineWidth: lineWidth, dash: nil)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
    }

    /// Strokes the open line through `points` as one stroke, with round ends and joins
    /// (so a translucent line is evenly translucent where its pieces meet).
    public func strokePolyline(_ points: some Sequence<CGPoint>, with color: Color, lineWidth: CGFloat = 1) {
        cairo_new_path(context)
        for point in points {
            cairo_line_to(context, point.x, point.y)
        }
        cairo_set_line_cap(context, CAIRO_LINE_CAP_ROUND)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_ROUND)
        stroke(with: color, lineWidth: lineWidth, dash: nil)
        cairo_set_line_cap(context, CAIRO_LINE_CAP_BUTT)
        cairo_set_line_join(context, CAIRO_LINE_JOIN_MITER)
    }

    /// Fills `path` (in a space that `transform` maps onto the canvas) by `rule`.
    public func fill(_ path: CGPath, transform: CGAffineTransform = .identity, rule: CGPathFillRule = .winding,
                     with color: Color) {
        append(path, transform: transform)
        set(color)
        cairo_set_fill_rule(context, rule == .evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
        cairo_fill(context)
        cairo_set_fill_rule(context, CAIRO_FILL_RULE_WINDING)
    }

    /// Strokes `path` (in a space that `transform` maps onto the canvas); the line width
    /// is in canvas points, whatever the transform scales.
    public func stroke(_ path: CGPath, transform: CGAffineTransform = .identity, with color: Color,
                       lineWidth: CGFloat = 1, dash: Dash? = nil) {
        append(path, transform: transform)
        stroke(with: color, lineWidth: lineWidth, dash: dash)
    }

    // MARK: - Text

    /// Draws one line of text with its baseline's left end at `origin`. Uses DejaVu Sans
    /// (the `fonts-dejavu-core` package), falling back to fontconfig's sans-serif.
    public func drawText(_ text: String, at origin: CGPoint, size: CGFloat, color: Color,
                         weight: FontWeight = .regular) {
        let font = selectFont(size: size, weight: weight)
        set(color)
        CairoText.show(text, at: origin, font: font, in: context)
    }

    /// The advance width of a line of text.
    public func measureText(_ text: String, size: CGFloat, weight: FontWeight = .regular) -> CGFloat {
        CairoText.advance(of: text, font: selectFont(size: size, weight: weight), in: context)
    }

    // MARK: - Helpers

    private func set(_ color: Color) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// Strokes and clears the current path; the dash is reset afterwards so that the
    /// other strokes stay solid.
    private func stroke(with color: Color, lineWidth: CGFloat, dash: Dash?) {
        set(color)
        cairo_set_line_width(context, lineWidth)
        if let dash {
            withUnsafeTemporaryAllocation(of: Double.self, capacity: 2) { lengths in
                lengths[0] = dash.on
                lengths[1] = dash.off
                cairo_set_dash(context, lengths.baseAddress, 2, 0)
            }
            cairo_stroke(context)
            cairo_set_dash(context, nil, 0, 0)
        } else {
            cairo_stroke(context)
        }
    }

    /// Replaces the current path with `path` mapped through `transform`. Cairo fixes
    /// path points in device space as they are added, so the transform is undone before
    /// painting and line widths stay in canvas points.
    private func append(_ path: CGPath, transform: CGAffineTransform) {
        cairo_new_path(context)
        cairo_save(context)
        var matrix = cairo_matrix_t(transform)
        cairo_transform(context, &matrix)
        path.applyWithBlock { element in
            let points = element.pointee.points
            switch element.pointee.type {
            case .moveToPoint:
                cairo_move_to(context, points[0].x, points[0].y)
            case .addLineToPoint:
                cairo_line_to(context, points[0].x, points[0].y)
            case .addQuadCurveToPoint:
                // Cairo has cubics only; a quadratic raised to a cubic is the same curve.
                var x = 0.0, y = 0.0
                cairo_get_current_point(context, &x, &y)
                let control = points[0], end = points[1]
                cairo_curve_to(context, x + 2 / 3 * (control.x - x), y + 2 / 3 * (control.y - y),
                               end.x + 2 / 3 * (control.x - end.x), end.y + 2 / 3 * (control.y - end.y), end.x, end.y)
            case .addCurveToPoint:
                cairo_curve_to(context, points[0].x, points[0].y, points[1].x, points[1].y, points[2].x, points[2].y)
            case .closeSubpath:
                cairo_close_path(context)
            }
        }
        cairo_restore(context)
    }

    /// Selects DejaVu Sans at `size` and `weight`; returns it.
    private func selectFont(size: CGFloat, weight: FontWeight) -> TextFont {
        cairo_select_font_face(context, TextFont.systemFamily, CAIRO_FONT_SLANT_NORMAL,
                               weight == .bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(context, size)
        return TextFont(size: size, weight: weight == .bold ? .bold : .regular)
    }

    private func roundedRectPath(_ rect: CGRect, radius: CGFloat) {
        let r = min(radius, rect.width / 2, rect.height / 2)
        cairo_new_sub_path(context)
        cairo_arc(context, rect.maxX - r, rect.minY + r, r, -Double.pi / 2, 0)
        cairo_arc(context, rect.maxX - r, rect.maxY - r, r, 0, Double.pi / 2)
        cairo_arc(context, rect.minX + r, rect.maxY - r, r, Double.pi / 2, Double.pi)
        cairo_arc(context, rect.minX + r, rect.minY + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }
}
