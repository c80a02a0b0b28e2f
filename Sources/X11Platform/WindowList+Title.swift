import CX11
import Foundation

extension WindowList {
    /// A window's title as `X11Window.setTitle` writes it (UTF-8 `_NET_WM_NAME`), read
    /// through a connection of its own, or nil when the window is gone or has none. Tools
    /// that drive a client from outside (the soak test) read it to confirm what the
    /// client shows.
    public static func title(of window: UInt, display name: String) -> String? {
        guard let display = XOpenDisplay(name) else { return nil }
        defer { XCloseDisplay(display) }
        let property = XInternAtom(display, "_NET_WM_NAME", 0)
        let utf8 = XInternAtom(display, "UTF8_STRING", 0)
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, Window(window), property, 0, 1024, 0, utf8, &type, &format, &count,
                                 &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(count)), as: UTF8.self)
    }
}
