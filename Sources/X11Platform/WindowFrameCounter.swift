import CX11
import Foundation

/// Counts the frames drawn into another client's window, from a connection of its own,
/// through the DAMAGE extension: frames per second counted from outside the app (the fps
/// benchmark's). The server reports once the window's damage stops being empty; the
/// counter subtracts it at once to hear the next. A frame sends its rectangles one after
/// another, so reports within half a 60 Hz interval of the frame counted last belong to
/// it.
public final class WindowFrameCounter {
    private let display: OpaquePointer
    private let damage: UInt
    private let notifyEvent: Int32
    private let library: DamageLibrary
    /// `XDamageReportNonEmpty`.
    private static let reportNonEmpty: Int32 = 3

    public init(displayName: String, window: UInt) throws(WindowDamageWatcher.WatchError) {
        guard let library = DamageLibrary.shared else { throw .noLibrary }
        let (display, notifyEvent) = try library.open(displayName)
        self.display = display
        self.library = library
        self.notifyEvent = notifyEvent
        damage = library.create(display, window, Self.reportNonEmpty)
        XSync(display, 0)
    }

    deinit {
        // Closing the connection frees the damage object with it.
        XCloseDisplay(display)
    }

    /// The frames drawn in the next `seconds`.
    public func count(for seconds: TimeInterval) -> Int {
        let deadline = Date().addingTimeInterval(seconds)
        var frames = 0
        var frameStart = -TimeInterval.infinity
        while true {
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { return frames }
            while XPending(display) > 0 {
                var event = XEvent()
                XNextEvent(display, &event)
                guard event.type == notifyEvent else { continue }
                library.subtract(display, damage, 0, 0)
                let now = ProcessInfo.processInfo.systemUptime
                if now - frameStart >= 0.5 / 60 {
                    frames += 1
                    frameStart = now
                }
            }
            XFlush(display)
            var descriptor = pollfd(fd: XConnectionNumber(display), events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, Int32(remaining * 1000) + 1)
        }
    }
}
