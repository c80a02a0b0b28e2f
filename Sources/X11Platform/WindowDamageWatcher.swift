import CX11
import Foundation

/// Waits for a pixel of a window to change, woken by the server's DAMAGE extension when
/// something is drawn over it, through a connection of its own: another client's eye on
/// the window, as `WindowPixelReader` is, without polling (the latency probe's).
///
/// Reading the pixel every 0.2 ms instead (`WindowPixelReader.waitForPixel`) misses the
/// moment by up to a polling interval, and on a two-core machine the polling itself
/// (the probe and the server waking 4,000 times a second) takes turns from the client
/// being measured. Here the watcher sleeps in `poll(2)` until the server reports drawing
/// that covers the pixel, then reads it once to check.
///
/// libXdamage is loaded when a watcher is made, not linked: nothing else here uses it,
/// so neither building the package nor an app needs it.
public final class WindowDamageWatcher {
    private let display: OpaquePointer
    private let window: UInt
    private let notifyEvent: Int32
    /// Reads the pixels, on a connection of its own, so that reading leaves this one's
    /// reports alone.
    private let reader: WindowPixelReader

    public enum WatchError: Error, CustomStringConvertible {
        case cannotOpen(String)
        case noLibrary
        case noDamageExtension(String)

        public var description: String {
            switch self {
            case let .cannotOpen(name): return "cannot open X display \(name) to watch a window's damage"
            case .noLibrary: return "libXdamage.so.1 is not installed (apt-get install libxdamage1), or watch by polling"
            case let .noDamageExtension(name): return "X display \(name) has no DAMAGE extension: watch by polling instead"
            }
        }
    }

    /// `XDamageReportRawRectangles`: every drawing request's rectangle in its own event,
    /// nothing to subtract. `XDamageNotify` is the extension's first event.
    private static let reportRawRectangles: Int32 = 0

    public init(displayName: String, window: UInt) throws(WatchError) {
        guard let library = DamageLibrary.shared else { throw .noLibrary }
        guard let reader = try? WindowPixelReader(displayName: displayName) else { throw .cannotOpen(displayName) }
        let (display, notifyEvent) = try library.open(displayName)
        self.display = display
        self.window = window
        self.reader = reader
        _ = library.create(display, UInt(window), Self.reportRawRectangles)
        self.notifyEvent = notifyEvent
        XSync(display, 0)
    }

    deinit {
        // Closing the connection frees the damage object with it; destroying it first
        // would be an X error (fatal in Xlib) if the watched client had already gone.
        XCloseDisplay(display)
    }

    /// The pixel at a window position, as 0xRRGGBB (`WindowPixelReader.pixel(of:x:y:)`).
    public func pixel(x: Int, y: Int) -> UInt32? {
        reader.pixel(of: window, x: x, y: y)
    }

    /// Forgets the drawing reported so far (before a touch is injected, so that only
    /// what it causes wakes the wait).
    public func discardReports() {
        XSync(display, 1)
    }

    /// Waits until the pixel at (`x`, `y`) satisfies `condition` or `timeout` passes,
    /// reading it each time the server reports drawing over it (and every 50 ms, in
    /// case a change comes some other way); returns the last value read.
    public func waitForPixel(x: Int, y: Int, timeout: TimeInterval, until condition: (UInt32) -> Bool) -> UInt32? {
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
            let area = withUnsafeBytes(of: &event) { $0.load(as: TSDamageNotifyEvent.self) }.area
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
