import CX11
import Foundation

/// Reads pixels back from a window through a connection of its own, the way another
/// client (a test, the latency probe) sees what the server shows.
public final class WindowPixelReader {
    private let display: OpaquePointer

    public init(displayName: String) throws(X11HostError) {
        guard let display = XOpenDisplay(displayName) else { throw .cannotOpenDisplay(displayName) }
        self.display = display
    }

    deinit {
        XCloseDisplay(display)
    }

    /// The pixel at a window position in device pixels, as 0xRRGGBB, or nil when the
    /// window is gone or the position is outside it.
    public func pixel(of window: UInt, x: Int, y: Int) -> UInt32? {
        row(of: window, x: x, y: y, width: 1)?.first
    }

    /// `width` pixels of one row from a window position, as 0xRRGGBB, in one round
    /// trip; nil when the window is gone or the row leaves it.
    public func row(of window: UInt, x: Int, y: Int, width: Int) -> [UInt32]? {
        guard width > 0, let image = XGetImage(display, Window(window), Int32(x), Int32(y), UInt32(width), 1,
                                               UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { XDestroyImageStructure(image) }
        return (0..<width).map { UInt32(truncatingIfNeeded: XGetPixelValue(image, Int32($0), 0)) & 0xFF_FFFF }
    }

    /// Polls a pixel until `condition` holds or `timeout` passes; returns the last value.
    public func waitForPixel(of window: UInt, x: Int, y: Int, timeout: TimeInterval,
                             until condition: (UInt32) -> Bool) -> UInt32? {
        let deadline = Date().addingTimeInterval(timeout)
        var value = pixel(of: window, x: x, y: y)
        while !(value.map(condition) ?? false) && Date() < deadline {
            usleep(200)
            value = pixel(of: window, x: x, y: y)
        }
        return value
    }
}

/// `XGetPixel` and `XDestroyImage` are macros calling through the image's function table.
private func XGetPixelValue(_ image: UnsafeMutablePointer<XImage>, _ x: Int32, _ y: Int32) -> UInt {
    image.pointee.f.get_pixel(image, x, y)
}

private func XDestroyImageStructure(_ image: UnsafeMutablePointer<XImage>) {
    _ = image.pointee.f.destroy_image(image)
}
