import CCairo
import CoreGraphics

/// Shadows with Cairo, which has none: the path is filled into an alpha-only (A8)
/// surface in device pixels, blurred there, and painted in the shadow colour through
/// it as a mask, offset.
///
/// The blur approximates a Gaussian of standard deviation `blur / 2` device pixels
/// (`blur` scaled by the transform) with three box blurs in each direction (three boxes
/// come within a few percent of the Gaussian); Core Animation's `shadowRadius` is that
/// blur. Cost grows with the shadow's area, not with the radius.
enum ShadowPainter {
    static func paintShadow(ofPathIn cairo: OpaquePointer, rule: cairo_fill_rule_t, shadow: CGShadowStyle) {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cairo, &matrix)
        let scale = sqrt(abs(matrix.xx * matrix.yy - matrix.xy * matrix.yx))
        let sigma = max(shadow.blur, 0) * scale / 2
        let boxRadius = sigma > 0.3 ? max(1, Int(((sqrt(4 * sigma * sigma + 1) - 1) / 2).rounded())) : 0
        let padding = Double(boxRadius * 3 + 1)
        var offsetX = Double(shadow.offset.width), offsetY = Double(shadow.offset.height)
        cairo_user_to_device_distance(cairo, &offsetX, &offsetY)

        // The device box of the path, grown by the blur, cut to the clip (moved back by
        // the offset, since that is where the shadow lands).
        guard var box = deviceExtents(ofFillIn: cairo) else { return }
        box = box.insetBy(dx: -padding, dy: -padding)
        if let clip = deviceClipExtents(of: cairo) {
            box = box.intersection(clip.offsetBy(dx: -offsetX, dy: -offsetY).insetBy(dx: -padding, dy: -padding))
        }
        box = box.integral
        guard !box.isNull, box.width >= 1, box.height >= 1, box.width * box.height < 64_000_000 else { return }

        let width = Int32(box.width), height = Int32(box.height)
        let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, width, height)!
        defer { cairo_surface_destroy(mask) }
        let maskCairo = cairo_create(mask)!
        var maskMatrix = matrix
        maskMatrix.x0 -= box.minX
        maskMatrix.y0 -= box.minY
        cairo_set_matrix(maskCairo, &maskMatrix)
        let path = cairo_copy_path(cairo)
        cairo_append_path(maskCairo, path)
        cairo_path_destroy(path)
        cairo_set_fill_rule(maskCairo, rule)
        cairo_fill(maskCairo)
        cairo_destroy(maskCairo)
        cairo_surface_flush(mask)
        if boxRadius > 0 {
            blur(cairo_image_surface_get_data(mask), width: Int(width), height: Int(height),
                 stride: Int(cairo_image_surface_get_stride(mask)), radius: boxRadius)
            cairo_surface_mark_dirty(mask)
        }

        cairo_save(cairo)
        cairo_identity_matrix(cairo)
        cairo_set_source_rgba(cairo, shadow.color.red, shadow.color.green, shadow.color.blue, shadow.color.alpha)
        cairo_mask_surface(cairo, mask, box.minX + offsetX, box.minY + offsetY)
        cairo_restore(cairo)
    }

    /// Three box blurs of `radius` across the rows, then three down the columns.
    private static func blur(_ pixels: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int, radius: Int) {
        var line = [UInt8](repeating: 0, count: max(width, height))
        for _ in 0..<3 {
            for y in 0..<height {
                boxBlur(pixels + y * stride, count: width, step: 1, radius: radius, scratch: &line)
            }
        }
        for _ in 0..<3 {
            for x in 0..<width {
                boxBlur(pixels + x, count: height, step: stride, radius: radius, scratch: &line)
            }
        }
    }

    /// One box blur along `count` samples `step` bytes apart, with zero outside: each
    /// sample becomes the mean of the `2·radius + 1` around it, from a running sum.
    private static func boxBlur(
        _ start: UnsafeMutablePointer<UInt8>, count: Int, step: Int, radius: Int, scratch: inout [UInt8]
    ) {
        for i in 0..<count { scratch[i] = start[i * step] }
        let window = 2 * radius + 1
        var sum = 0
        for i in 0..<min(radius, count) { sum += Int(scratch[i]) }
        for i in 0..<count {
            let entering = i + radius, leaving = i - radius - 1
            if entering < count { sum += Int(scratch[entering]) }
            if leaving >= 0 { sum -= Int(scratch[leaving]) }
            start[i * step] = UInt8((sum + window / 2) / window)
        }
    }

    private static func deviceExtents(ofFillIn cairo: OpaquePointer) -> CGRect? {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(cairo, &x1, &y1, &x2, &y2)
        guard x2 > x1 || y2 > y1 else { return nil }
        return deviceBox(cairo, x1, y1, x2, y2)
    }

    private static func deviceClipExtents(of cairo: OpaquePointer) -> CGRect? {
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cairo, &x1, &y1, &x2, &y2)
        return deviceBox(cairo, x1, y1, x2, y2)
    }

    /// The device bounding box of a user-space rectangle's corners.
    private static func deviceBox(_ cairo: OpaquePointer, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> CGRect {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for (cornerX, cornerY) in [(x1, y1), (x2, y1), (x1, y2), (x2, y2)] {
            var x = cornerX, y = cornerY
            cairo_user_to_device(cairo, &x, &y)
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }
}
