import CX11
import Foundation

/// Another program's window, as a benchmark stands one under an overlay: a plain,
/// override-redirect window on a connection of its own, filled with a background colour
/// the server paints, counting the Expose events it gets (what a program beneath must
/// repaint when a window over it changes shape).
@MainActor
public final class ExposureCountingWindow {
    private let display: OpaquePointer
    private let window: Window
    /// The root window of the display, for reading the screen's pixels.
    public let rootWindow: UInt

    /// Maps the window at `frame` (root pixels) in `background` (0xRRGGBB).
    public init(displayName: String, frame: CGRect, background: UInt) throws(X11HostError) {
        guard let display = XOpenDisplay(displayName) else { throw .cannotOpenDisplay(displayName) }
        self.display = display
        let root = XDefaultRootWindow(display)
        rootWindow = UInt(root)
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = background
        window = XCreateWindow(display, root, Int32(frame.minX), Int32(frame.minY), UInt32(frame.width), UInt32(frame.height), 0,
                               Int32(CopyFromParent), UInt32(InputOutput), nil, UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XSelectInput(display, window, ExposureMask)
        XMapRaised(display, window)
        XSync(display, 0)
    }

    /// The Expose events since the last call, and the pixels they cover.
    public func takeExposures() -> (count: Int, pixels: Int) {
        var count = 0, pixels = 0
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == Expose else { continue }
            count += 1
            pixels += Int(event.xexpose.width) * Int(event.xexpose.height)
        }
        return (count, pixels)
    }

    public func close() {
        XDestroyWindow(display, window)
        XCloseDisplay(display)
    }
}
