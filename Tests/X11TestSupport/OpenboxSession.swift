import CX11
import Foundation
import XCTest

/// Debian's `openbox` running on the test server as its window manager, with a
/// configuration of the test's own that makes no window fullscreen or maximised by
/// itself: what it does to a kiosk window, it does because the window asked (or, with
/// `applications`, because a per-application rule of the test's placed it).
@MainActor
package final class OpenboxSession {
    private let process = Process()
    private let folder: URL

    /// Starts openbox on `display` and returns once it manages the screen: its EWMH
    /// check window exists and names itself, and, with `untilItFramesWindows`, a window
    /// mapped now is framed (a window mapped while openbox is still starting can be
    /// lost). `applications` is the body of the configuration's `<applications>`
    /// element: per-application rules, as a person writes them in `rc.xml`. Throws a
    /// one-line error saying how to install it when it is missing.
    package init(display: String, untilItFramesWindows: Bool = true, applications: String = "") throws {
        let executable = ["/usr/bin/openbox", "/usr/local/bin/openbox"].first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let executable else {
            throw NSError(domain: "OpenboxSession", code: 1, userInfo: [NSLocalizedDescriptionKey:
                "openbox is not installed; install it (apt-get install -y openbox) to run the window-manager tests"])
        }
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("openbox-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let configuration = folder.appendingPathComponent("rc.xml")
        try Data("""
            <?xml version="1.0" encoding="UTF-8"?>
            <openbox_config xmlns="http://openbox.org/3.4/rc"><applications>\(applications)</applications></openbox_config>
            """.utf8).write(to: configuration)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["--config-file", configuration.path, "--sm-disable"]
        // The person's own home and caches: a fresh font cache would take openbox
        // seconds to build, during which it answers no window.
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        guard let probe = XOpenDisplay(display) else { throw NSError(domain: "OpenboxSession", code: 2) }
        defer { XCloseDisplay(probe) }
        let managing = runLoop(timeout: 10) { Self.managesScreen(probe) }
            && (!untilItFramesWindows || Self.framesANewWindow(probe))
        guard managing else {
            let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? "gone"
            stop()
            throw NSError(domain: "OpenboxSession", code: 3, userInfo: [NSLocalizedDescriptionKey:
                "openbox did not take over the screen of \(display) within 10 s (\(status.split(separator: "\n").prefix(3).joined(separator: ", ")))"])
        }
    }

    /// Ends openbox and waits for it to exit.
    package func stop() {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: folder)
    }

    /// Maps a small window and waits until the window manager reparents it into a
    /// frame, then destroys it: a fresh window each second (openbox, still starting,
    /// may leave one mapped before it was ready unmanaged), for 10 s at most.
    private static func framesANewWindow(_ display: OpaquePointer) -> Bool {
        let root = XDefaultRootWindow(display)
        for _ in 0..<10 {
            let window = XCreateSimpleWindow(display, root, 0, 0, 10, 10, 0, 0, 0)
            defer {
                XDestroyWindow(display, window)
                XSync(display, 0)
            }
            XSelectInput(display, window, StructureNotifyMask)
            XMapWindow(display, window)
            XSync(display, 0)
            var reparented = false
            let framed = runLoop(timeout: 1) {
                while XPending(display) > 0 {
                    var event = XEvent()
                    XNextEvent(display, &event)
                    if event.type == ReparentNotify, event.xreparent.window == window, event.xreparent.parent != root {
                        reparented = true
                    }
                }
                return reparented
            }
            if framed { return true }
        }
        return false
    }

    /// Whether an EWMH window manager's check window is set on the root and names
    /// itself, as openbox sets it once it manages the screen.
    private static func managesScreen(_ display: OpaquePointer) -> Bool {
        let root = XDefaultRootWindow(display)
        let check = XInternAtom(display, "_NET_SUPPORTING_WM_CHECK", 0)
        guard let child = window(display, root, check) else { return false }
        let previous = XSetErrorHandler { _, _ in 0 }
        defer {
            XSync(display, 0)
            XSetErrorHandler(previous)
        }
        return window(display, child, check) == child
    }

    private static func window(_ display: OpaquePointer, _ window: Window, _ property: Atom) -> Window? {
        var type: Atom = 0
        var format: Int32 = 0
        var count: UInt = 0
        var remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XGetWindowProperty(display, window, property, 0, 1, 0, XA_WINDOW, &type, &format, &count, &remaining,
                                 &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard count == 1 else { return nil }
        return data.withMemoryRebound(to: Window.self, capacity: 1) { $0.pointee }
    }
}
