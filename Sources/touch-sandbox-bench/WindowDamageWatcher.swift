import CXDamage
import Foundation

/// Waits for a pixel of a window to change, woken by the server's DAMAGE extension when
/// something is drawn over it, through a connection of its own: the latency probe's eye.
///
/// Reading the pixel every 0.2 ms instead (`WindowPixelReader.waitForPixel`) misses the
/// moment by up to a polling interval, and on a two-core machine the polling itself
/// (the probe and the server waking 4,000 times a second) takes turns from the client
/// being measured. Here the probe sleeps in `poll(2)` until the server reports drawing
/// that covers the pixel, then reads it once to check.
final class WindowDamageWatcher {
    private let display: OpaquePointer
    private let window: Window
    private let damage: Damage
    private let notifyEvent: Int32

    enum WatchError: Error, CustomStringConvertible {
        case cannotOpen(String)
        case noDamageExtension(String)

        var description: String {
            switch self {
            case let .cannotOpen(name): return "cannot open X display \(name) to watch a window's damage"
            case let .noDamageExtension(name):
                return "X display \(name) has no DAMAGE extension: measure with --probe poll instead"
            }
        }
    }

    init(displayName: String, window: UInt) throws {
        guard let display = XOpenDisplay(displayName) else { throw WatchError.cannotOpen(displayName) }
        var eventBase: Int32 = 0, errorBase: Int32 = 0
        guard XDamageQueryExtension(display, &eventBase, &errorBase) != 0 else {
            XCloseDisplay(display)
            throw WatchError.noDamageExtension(displayName)
        }
        // Announcing the version the client speaks is part of the handshake.
        var major: Int32 = 1, minor: Int32 = 1
        _ = XDamageQueryVersion(display, &major, &minor)
        self.display = display
        self.window = Window(window)
        // Every drawing request's rectangle, each in its own event: nothing to subtract.
        damage = XDamageCreate(display, Window(window), Int32(XDamageReportRawRectangles))
        notifyEvent = eventBase + Int32(XDamageNotify)
        XSync(display, 0)
    }

    deinit {
        // Closing the connection frees the damage object with it; destroying it first
        // would be an X error (fatal in Xlib) if the watched client had already gone.
        XCloseDisplay(display)
    }

    /// The pixel at a window position, as 0xRRGGBB. The window must exist: a window
    /// gone is an X error, which Xlib's handler ends the process on (the probe watches
    /// a client it started and keeps running).
    func pixel(x: Int, y: Int) -> UInt32? {
        guard let image = XGetImage(display, window, Int32(x), Int32(y), 1, 1, UInt(bitPattern: -1), ZPixmap)
        else { return nil }
        defer { _ = image.pointee.f.destroy_image(image) }
        return UInt32(truncatingIfNeeded: image.pointee.f.get_pixel(image, 0, 0)) & 0xFF_FFFF
    }

    /// Forgets the drawing reported so far (before a touch is injected, so that only
    /// what it causes wakes the wait).
    func discardReports() {
        XSync(display, 1)
    }

    /// Waits until the pixel at (`x`, `y`) satisfies `condition` or `timeout` passes,
    /// reading it each time the server reports drawing over it (and every 50 ms, in
    /// case a change comes some other way); returns the last value read.
    func waitForPixel(x: Int, y: Int, timeout: TimeInterval, until condition: (UInt32) -> Bool) -> UInt32? {
        let deadline = Date().addingTimeInterval(timeout)
        var value = pixel(x: x, y: y)
        while !(value.map(condition) ?? false) {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { break }
            if takeReportCovering(x: x, y: y) || !waitForEvents(milliseconds: Int32(min(remaining, 0.05) * 1000) + 1) {
                value = pixel(x: x, y: y)
            }
        }
        return value
    }

    /// Takes every report the connection holds; whether one covers (`x`, `y`).
    private func takeReportCovering(x: Int, y: Int) -> Bool {
        var covers = false
        while XPending(display) > 0 {
            var event = XEvent()
            XNextEvent(display, &event)
            guard event.type == notifyEvent else { continue }
            let area = withUnsafeBytes(of: &event) { $0.load(as: XDamageNotifyEvent.self) }.area
            if x >= Int(area.x), x < Int(area.x) + Int(area.width), y >= Int(area.y), y < Int(area.y) + Int(area.height) {
                covers = true
            }
        }
        return covers
    }

    /// Sleeps until the connection has something to read or `milliseconds` pass; false
    /// when the time ran out.
    private func waitForEvents(milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
        return poll(&descriptor, 1, milliseconds) > 0
    }
}
