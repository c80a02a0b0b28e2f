import CCairo

// Drawings kept as pixels: what `CanvasStamp` and `PlateStamps` render once and copy.

extension Canvas {
    /// A new ARGB image surface of `width` × `height` pixels (transparent), drawn by
    /// `draw` on a canvas over it whose points are its pixels; the caller owns it
    /// (`cairo_surface_destroy`).
    static func renderedSurface(width: Int, height: Int, _ draw: (Canvas) -> Void) -> OpaquePointer {
        let image = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        let context = cairo_create(image)!
        draw(Canvas(context: context))
        cairo_destroy(context)
        cairo_surface_flush(image)
        return image
    }

    /// Composites all of `image` with its top-left corner on the device pixel (`x`,
    /// `y`), whatever the canvas's transform.
    func copy(_ image: OpaquePointer, toDeviceX x: Int, y: Int) {
        let width = Double(cairo_image_surface_get_width(image)), height = Double(cairo_image_surface_get_height(image))
        cairo_save(context)
        cairo_identity_matrix(context)
        cairo_set_source_surface(context, image, Double(x), Double(y))
        cairo_rectangle(context, Double(x), Double(y), width, height)
        cairo_fill(context)
        cairo_restore(context)
    }
}
