import CCairo
import Foundation

/// PNG files from Cairo surfaces, encoded in memory: Cairo's own
/// `cairo_surface_write_to_png` opens the path itself (truncating it, following a link,
/// waiting on a FIFO) and leaves half a file on a full disk, so files are written from
/// these bytes by `OutputFile` instead.
enum CairoPNG {
    /// The surface as PNG bytes, or nil when Cairo cannot encode it.
    static func encode(_ surface: OpaquePointer) -> Data? {
        let writer = ByteWriter()
        let status = withExtendedLifetime(writer) {
            cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<ByteWriter>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(writer).toOpaque())
        }
        return status == CAIRO_STATUS_SUCCESS ? writer.data : nil
    }

    private final class ByteWriter {
        var data = Data()
    }
}
