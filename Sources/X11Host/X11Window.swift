import CairoRenderer
import CX11
import Foundation

/// A top-level X window that shows frames drawn offscreen.
///
/// The window has no background (`None`), so the server never clears it before an
/// Expose: the only pixels ever shown are whole frames copied from a `FrameBuffer`.
@MainActor
public final class X11Window {
    public let connection: X11Connection
    public let id: Window
    /// The window's size in device pixels.
    public private(set) var pixelSize: (width: Int, height: Int)
    private let graphicsContext: GC
    private let visual: UnsafeMutablePointer<Visual>
    private let depth: Int32
    let deleteWindowAtom: Atom

    public init(connection: X11Connection, pixelWidth: Int, pixelHeight: Int, title: String) throws(X11HostError) {
        let display = connection.display
        let screen = XDefaultScreen(display)
        depth = XDefaultDepth(display, screen)
        visual = XDefaultVisual(display, screen)
        let bitsPerPixel = Self.bitsPerPixel(display, depth: depth)
        guard (depth == 24 || depth == 32) && bitsPerPixel == 32 else {
            throw .unsupportedVisual(connection.name, depth: depth, bitsPerPixel: bitsPerPixel)
        }
        self.connection = connection
        pixelSize = (pixelWidth, pixelHeight)
        id = XCreateSimpleWindow(display, XRootWindow(display, screen), 0, 0, UInt32(pixelWidth),
                                 UInt32(pixelHeight), 0, XBlackPixel(display, screen), XBlackPixel(display, screen))
        XSetWindowBackgroundPixmap(display, id, Pixmap(0))
        graphicsContext = XCreateGC(display, id, 0, nil)
        deleteWindowAtom = XInternAtom(display, "WM_DELETE_WINDOW", 0)
        var protocols = [deleteWindowAtom]
        XSetWMProtocols(display, id, &protocols, 1)
        var classHint = XClassHint()
        "touch-sandbox".withCString { name in
            "TouchSandbox".withCString { className in
                classHint.res_name = UnsafeMutablePointer(mutating: name)
                classHint.res_class = UnsafeMutablePointer(mutating: className)
                XSetClassHint(display, id, &classHint)
            }
        }
        setTitle(title)
        XSelectInput(display, id, ExposureMask | StructureNotifyMask | KeyPressMask | KeyReleaseMask)
        selectInputEvents()
    }

    /// Sets the title: UTF-8 in `_NET_WM_NAME` for modern window managers, and a
    /// Latin-1 `WM_NAME` (characters outside Latin-1 replaced: the em dash by a hyphen,
    /// others by "?") for old ones.
    public func setTitle(_ title: String) {
        let display = connection.display
        let utf8 = Array(title.utf8)
        XChangeProperty(display, id, XInternAtom(display, "_NET_WM_NAME", 0), XInternAtom(display, "UTF8_STRING", 0),
                        8, PropModeReplace, utf8, Int32(utf8.count))
        let latin1 = title.unicodeScalars.map { scalar -> UInt8 in
            if scalar == "\u{2014}" || scalar == "\u{2013}" { return UInt8(ascii: "-") }
            return scalar.value < 256 ? UInt8(scalar.value) : UInt8(ascii: "?")
        }
        XChangeProperty(display, id, XA_WM_NAME, XA_STRING, 8, PropModeReplace, latin1, Int32(latin1.count))
    }

    public func map() {
        XMapWindow(connection.display, id)
        connection.flush()
    }

    public func destroy() {
        XFreeGC(connection.display, graphicsContext)
        XDestroyWindow(connection.display, id)
        connection.flush()
    }

    /// Records a new size from a ConfigureNotify; returns whether it changed.
    func noteSize(width: Int, height: Int) -> Bool {
        guard width != pixelSize.width || height != pixelSize.height else { return false }
        pixelSize = (width, height)
        return true
    }

    /// Copies the given pixel rectangles of a frame to the window (the whole frame when
    /// `rects` is empty) and flushes.
    public func present(_ frame: FrameBuffer, rects: [(x: Int, y: Int, width: Int, height: Int)]) {
        let display = connection.display
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
                                       frame.pixels.assumingMemoryBound(to: CChar.self),
                                       UInt32(frame.pixelWidth), UInt32(frame.pixelHeight), 32,
                                       Int32(frame.stride)) else { return }
        let whole = [(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)]
        for rect in rects.isEmpty ? whole : rects {
            XPutImage(display, id, graphicsContext, image, Int32(rect.x), Int32(rect.y), Int32(rect.x),
                      Int32(rect.y), UInt32(rect.width), UInt32(rect.height))
        }
        // The pixels belong to the frame buffer: free only the XImage structure.
        image.pointee.data = nil
        XFree(image)
        connection.flush()
    }

    // MARK: - Input selection

    /// Touches and pointer events from every master device on this window, and device
    /// hierarchy changes from every device on the root window. The three touch events
    /// must be selected together or the server answers BadValue.
    private func selectInputEvents() {
        let display = connection.display
        let windowEvents = [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_ButtonPress, XI_ButtonRelease, XI_Motion]
        select(windowEvents, device: XIAllMasterDevices, on: id)
        select([XI_HierarchyChanged, XI_DeviceChanged], device: XIAllDevices,
               on: XRootWindow(display, XDefaultScreen(display)))
    }

    private func select(_ events: [Int32], device: Int32, on window: Window) {
        let length = Int((events.max() ?? 0) >> 3) + 1
        var bits = [UInt8](repeating: 0, count: length)
        for event in events {
            bits[Int(event >> 3)] |= UInt8(1 << (event & 7))
        }
        bits.withUnsafeMutableBufferPointer { buffer in
            var mask = XIEventMask(deviceid: device, mask_len: Int32(length), mask: buffer.baseAddress)
            XISelectEvents(connection.display, window, &mask, 1)
        }
    }

    private static func bitsPerPixel(_ display: OpaquePointer, depth: Int32) -> Int32 {
        var count: Int32 = 0
        guard let formats = XListPixmapFormats(display, &count) else { return 0 }
        defer { XFree(formats) }
        for index in 0..<Int(count) where formats[index].depth == depth {
            return formats[index].bits_per_pixel
        }
        return 0
    }
}
