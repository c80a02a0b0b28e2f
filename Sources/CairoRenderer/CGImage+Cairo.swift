import CCairo
import CoreGraphics

// A Cairo surface over an image's own pixels, made once per image and kept with it: the
// image's pixels are already in a layout Cairo draws (see `CGImage`), so drawing a
// layer's contents or backing store never copies them.

extension CGImage {
    /// The surface drawing this image; valid while the image lives.
    var cairoSurface: OpaquePointer {
        if let cached = engineCache as? CairoImageSurface { return cached.surface }
        let surface = cairo_image_surface_create_for_data(
            pixels.assumingMemoryBound(to: UInt8.self), isAlphaOnly ? CAIRO_FORMAT_A8 : CAIRO_FORMAT_ARGB32,
            Int32(width), Int32(height), Int32(bytesPerRow))!
        engineCache = CairoImageSurface(surface: surface)
        return surface
    }
}

/// Owns a surface kept in `CGImage.engineCache`.
final class CairoImageSurface {
    let surface: OpaquePointer

    init(surface: OpaquePointer) {
        self.surface = surface
    }

    deinit {
        cairo_surface_destroy(surface)
    }
}
