import CX11
import Foundation

/// The top-level windows of a display, for tools that find a client's window.
public enum WindowList {
    /// The root window's children, bottom to top (the newest mapped last, without a
    /// window manager), that are mapped.
    public static func topLevelWindows(display name: String) -> [UInt] {
        guard let display = XOpenDisplay(name) else { return [] }
        defer { XCloseDisplay(display) }
        var root: Window = 0, parent: Window = 0
        var children: UnsafeMutablePointer<Window>?
        var count: UInt32 = 0
        guard XQueryTree(display, XDefaultRootWindow(display), &root, &parent, &children, &count) != 0,
              let children else { return [] }
        defer { XFree(children) }
        return (0..<Int(count)).compactMap { index in
            var attributes = XWindowAttributes()
            XGetWindowAttributes(display, children[index], &attributes)
            return attributes.map_state == IsViewable ? UInt(children[index]) : nil
        }
    }
}
