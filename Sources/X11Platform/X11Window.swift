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
    /// What kiosk mode did to the window (`enterKiosk(_:)`); nil for a normal window.
    public private(set) var kiosk: KioskScreenPlacement?
    /// The invisible cursor a kiosk window shows instead of the pointer; nil when the
    /// window has the default cursor.
    public private(set) var invisibleCursor: Cursor?
    /// How many times the kiosk window asked the window manager again for its monitor.
    private var placementCorrections = 0

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

    /// Maps the window. A kiosk window without a window manager then takes the
    /// keyboard focus (no window manager gives focus to an override-redirect window);
    /// one under a window manager that can span monitors asks to cover its monitor.
    public func map() {
        let display = connection.display
        XMapWindow(display, id)
        if let kiosk {
            if kiosk.windowManager == nil {
                // The map above is done by the time the server reads this (no window
                // manager redirects it), so the window is viewable as focus requires.
                XSetInputFocus(display, id, Int32(RevertToPointerRoot), UInt(CurrentTime))
            } else if kiosk.windowManagerSpansMonitors, let index = kiosk.monitorIndex {
                sendFullscreenMonitors(index)
            }
        }
        connection.flush()
    }

    public func destroy() {
        let display = connection.display
        if let invisibleCursor {
            XFreeCursor(display, invisibleCursor)
            self.invisibleCursor = nil
        }
        if kiosk?.isScreenSaverSuspended == true {
            KioskScreen.resumeScreenSaver(on: connection)
            kiosk?.isScreenSaverSuspended = false
        }
        XFreeGC(display, graphicsContext)
        XDestroyWindow(display, id)
        connection.flush()
    }

    // MARK: - Kiosk

    /// Makes the window, not yet mapped, a kiosk window as `placement` says: over the
    /// monitor's rectangle (sized to it: the window must have been made at the
    /// monitor's size), fullscreen through `_NET_WM_STATE_FULLSCREEN` when a window
    /// manager runs or override-redirect when none does, with an invisible cursor when
    /// `hidesCursor`, and the screen saver suspended while the connection lasts
    /// (`KioskScreen.suspendScreenSaver`; `destroy()` resumes it). Returns what was done.
    @discardableResult
    public func enterKiosk(_ placement: KioskScreenPlacement) -> KioskScreenPlacement {
        let display = connection.display
        let monitor = placement.monitor
        var done = placement
        XMoveResizeWindow(display, id, Int32(monitor.x), Int32(monitor.y), UInt32(monitor.width),
                          UInt32(monitor.height))
        pixelSize = (monitor.width, monitor.height)
        // The position is the monitor's: a window manager places a fullscreen window on
        // the monitor it starts on.
        var hints = XSizeHints()
        hints.flags = USPosition | USSize | PPosition | PSize
        hints.x = Int32(monitor.x)
        hints.y = Int32(monitor.y)
        hints.width = Int32(monitor.width)
        hints.height = Int32(monitor.height)
        XSetWMNormalHints(display, id, &hints)
        if placement.windowManager != nil {
            // Set before mapping, the window manager manages it fullscreen from the
            // start instead of showing a normal window first.
            var state = [XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)]
            _ = state.withUnsafeMutableBytes { bytes in
                XChangeProperty(display, id, XInternAtom(display, "_NET_WM_STATE", 0), XA_ATOM, 32, PropModeReplace,
                                bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), 1)
            }
        } else {
            var attributes = XSetWindowAttributes()
            attributes.override_redirect = 1
            XChangeWindowAttributes(display, id, UInt(CWOverrideRedirect), &attributes)
        }
        if placement.hidesCursor {
            hideCursor()
        }
        done.isScreenSaverSuspended = KioskScreen.suspendScreenSaver(on: connection)
        kiosk = done
        connection.flush()
        return done
    }

    /// Records what became of the desktop screensaver's inhibition, for the kiosk's
    /// log line.
    func noteSessionScreenSaver(_ phrase: String) {
        kiosk?.sessionScreenSaver = phrase
    }

    /// Defines a cursor whose one pixel is masked out: the pointer vanishes over the
    /// window while touches and clicks work as before. Made once, defined again by
    /// `concealCursor()` after `revealCursor()`.
    private func hideCursor() {
        let display = connection.display
        if let invisibleCursor {
            XDefineCursor(display, id, invisibleCursor)
            isCursorRevealed = false
            return
        }
        // Made from data, so the mask is known to be empty (a new pixmap's contents
        // are undefined).
        var empty: [CChar] = [0]
        let bitmap = XCreateBitmapFromData(display, id, &empty, 1, 1)
        // The colours do not matter: no pixel is drawn.
        var foreground = XColor()
        var background = XColor()
        let cursor = XCreatePixmapCursor(display, bitmap, bitmap, &foreground, &background, 0, 0)
        XFreePixmap(display, bitmap)
        XDefineCursor(display, id, cursor)
        invisibleCursor = cursor
    }

    /// Whether a kiosk window shows the pointer again for now (`revealCursor()`).
    public private(set) var isCursorRevealed = false

    /// A mouse was used over a kiosk window that shows the cursor on mouse use: the
    /// pointer shows again (the parent's cursor, as before kiosk mode).
    func revealCursor() {
        guard kiosk?.showsCursorOnMouseUse == true, invisibleCursor != nil, !isCursorRevealed else { return }
        isCursorRevealed = true
        XUndefineCursor(connection.display, id)
        connection.flush()
    }

    /// A finger touched: the pointer a mouse brought back goes again.
    func concealCursor() {
        guard isCursorRevealed else { return }
        hideCursor()
        connection.flush()
    }

    /// Under a window manager, checks that it showed the kiosk window where it should,
    /// and asks again when not, at most three times (a manager that insists is not
    /// fought); returns the log line when it asked. Two ways it goes wrong:
    /// - the window is not shown: a manager that was still starting (a kiosk started
    ///   with the session) can lose the request to map it; it is mapped again;
    /// - it is fullscreen on another monitor: a manager without
    ///   `_NET_WM_FULLSCREEN_MONITORS` picks the monitor itself; it is taken out of
    ///   fullscreen, moved onto the monitor and made fullscreen again.
    /// `X11Host` calls it half a second after mapping, and again after each request: the
    /// window's own state says fullscreen from before it was mapped, so the state alone
    /// cannot tell the manager's placement from a passing one.
    func correctKioskPlacement() -> String? {
        guard let kiosk, kiosk.windowManager != nil, placementCorrections < 3 else { return nil }
        let display = connection.display
        let root = XDefaultRootWindow(display)
        var attributes = XWindowAttributes()
        guard XGetWindowAttributes(display, id, &attributes) != 0 else { return nil }
        let monitor = kiosk.monitor
        guard attributes.map_state == IsViewable else {
            placementCorrections += 1
            XMapWindow(display, id)
            connection.flush()
            return "kiosk: the window manager did not show the window (it may have been starting); asked it again"
        }
        var x: Int32 = 0, y: Int32 = 0
        var child: Window = 0
        XTranslateCoordinates(display, id, root, 0, 0, &x, &y, &child)
        let placed = [Int(x), Int(y), Int(attributes.width), Int(attributes.height)]
        guard placed != [monitor.x, monitor.y, monitor.width, monitor.height], isFullscreen else { return nil }
        placementCorrections += 1
        let fullscreen = Int(XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0))
        sendToWindowManager("_NET_WM_STATE", (0, fullscreen, 0, 1, 0))
        // Gravity from the window's hints; x, y, width and height given; from an application.
        let flags = (1 << 8) | (1 << 9) | (1 << 10) | (1 << 11) | (1 << 12)
        sendToWindowManager("_NET_MOVERESIZE_WINDOW", (flags, monitor.x, monitor.y, monitor.width, monitor.height))
        sendToWindowManager("_NET_WM_STATE", (1, fullscreen, 0, 1, 0))
        connection.flush()
        return "kiosk: the window manager put the window at \(placed[2])x\(placed[3])+\(placed[0])+\(placed[1]), "
            + "not on monitor \(monitor); asked it again"
    }

    /// Whether `_NET_WM_STATE` lists fullscreen: the manager has acted on the request.
    private var isFullscreen: Bool {
        let display = connection.display
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, id, XInternAtom(display, "_NET_WM_STATE", 0), 0, 64, 0, XA_ATOM, &type,
                                 &format, &count, &remaining, &data) == Success, let data else { return false }
        defer { XFree(data) }
        let fullscreen = XInternAtom(display, "_NET_WM_STATE_FULLSCREEN", 0)
        return data.withMemoryRebound(to: Atom.self, capacity: Int(count)) { atoms in
            (0..<Int(count)).contains { atoms[$0] == fullscreen }
        }
    }

    /// An EWMH request about this window: a client message to the root window.
    private func sendToWindowManager(_ message: String, _ data: (Int, Int, Int, Int, Int)) {
        let display = connection.display
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = XInternAtom(display, message, 0)
        event.xclient.format = 32
        event.xclient.data.l = data
        XSendEvent(display, XDefaultRootWindow(display), 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
    }

    /// Asks the window manager to make the fullscreen window cover monitor `index`
    /// exactly (top, bottom, left and right edges all on it), as EWMH says: a client
    /// message to the root window, source indication 1 (an application).
    private func sendFullscreenMonitors(_ index: Int) {
        sendToWindowManager("_NET_WM_FULLSCREEN_MONITORS", (index, index, index, index, 1))
    }

    /// Records a new size from a ConfigureNotify; returns whether it changed.
    func noteSize(width: Int, height: Int) -> Bool {
        guard width != pixelSize.width || height != pixelSize.height else { return false }
        pixelSize = (width, height)
        return true
    }

    /// Copies the given pixel rectangles of a frame to the window (the whole frame when
    /// `rects` is empty) and flushes.
    /// A point of the window (pixels) in the root window's coordinates.
    func rootPoint(x: Int, y: Int) -> (x: Int, y: Int) {
        var rootX: Int32 = 0, rootY: Int32 = 0
        var child: Window = 0
        let display = connection.display
        XTranslateCoordinates(display, id, XDefaultRootWindow(display), Int32(x), Int32(y), &rootX, &rootY, &child)
        return (Int(rootX), Int(rootY))
    }

    public func present(_ frame: FrameBuffer, rects: [FrameBuffer.PixelRect]) {
        let display = connection.display
        guard let image = XCreateImage(display, visual, UInt32(depth), ZPixmap, 0,
                                       frame.pixels.assumingMemoryBound(to: CChar.self),
                                       UInt32(frame.pixelWidth), UInt32(frame.pixelHeight), 32,
                                       Int32(frame.stride)) else { return }
        let whole = [FrameBuffer.PixelRect(x: 0, y: 0, width: frame.pixelWidth, height: frame.pixelHeight)]
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

    /// Touches and pointer events (with the pointer's entering, for the scroll
    /// valuators: `XI2ScrollTranslator`) from every master device on this window, and
    /// device hierarchy and class changes from every device on the root window. The three touch events
    /// must be selected together or the server answers BadValue. `TouchOwnership` makes
    /// the server send touches as they happen even while another client's grab owns
    /// them (see `XI2InputTranslator`), instead of withholding them until it lets go.
    private func selectInputEvents() {
        let display = connection.display
        let windowEvents = [XI_TouchBegin, XI_TouchUpdate, XI_TouchEnd, XI_TouchOwnership,
                            XI_ButtonPress, XI_ButtonRelease, XI_Motion, XI_Enter]
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
