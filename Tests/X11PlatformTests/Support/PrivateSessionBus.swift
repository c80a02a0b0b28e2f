import Foundation
import XCTest
@testable import X11Host
@testable import X11Platform

/// A D-Bus session bus of the test's own: a real `dbus-daemon --session` listening on a
/// socket in a unique temporary folder, as a desktop session runs one.
final class PrivateSessionBus {
    private let process = Process()
    /// What `DBUS_SESSION_BUS_ADDRESS` says for this bus.
    let address: String
    let folder: URL

    /// Starts the daemon and returns once its socket exists.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let socket = folder.appendingPathComponent("bus").path
        address = "unix:path=\(socket)"
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(2000) }
    }

    /// Ends the daemon (its clients see the bus close) and removes its folder.
    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A desktop's screensaver as the kiosk meets it: `org.freedesktop.ScreenSaver` served
/// on a bus from a thread of its own (a desktop's runs in another process), answering
/// `Inhibit` with cookie 7, and watching each inhibitor's connection as a desktop does,
/// since a desktop drops an inhibition when its holder leaves the bus.
final class FakeScreenSaver: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String] = []
    private var inhibitors: Set<String> = []

    /// What it heard, in order: `Inhibit app reason`, `UnInhibit 7`, and
    /// `the inhibitor left the bus` when a connection that inhibited closed.
    var heard: [String] { lock.withLock { calls } }

    /// Starts serving on `address`; returns once the service's name is owned.
    /// A service that `answers: false` hears calls and never replies, as a desktop too
    /// busy to answer in time.
    init(on address: String, answers: Bool = true, file: StaticString = #filePath, line: UInt = #line) {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            // The time limit is how long the service waits for the next message.
            guard let bus = try? SessionBusConnection(address: address, timeout: 60) else {
                ready.signal()
                return
            }
            _ = try? bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                              interface: "org.freedesktop.DBus", member: "AddMatch",
                              arguments: ["type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged'"])
            _ = try? bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                              interface: "org.freedesktop.DBus", member: "RequestName",
                              arguments: ["org.freedesktop.ScreenSaver", UInt32(4)])
            ready.signal()
            // Ends when the bus closes.
            while let message = try? bus.receive() {
                handle(message, on: bus, answering: answers)
            }
        }
        thread.start()
        XCTAssertEqual(ready.wait(timeout: .now() + 10), .success, "the screensaver service started", file: file, line: line)
    }

    /// Waits until it has heard `count` things, for 10 s at most, and returns what it heard.
    func waitUntilHeard(_ count: Int) -> [String] {
        let deadline = Date().addingTimeInterval(10)
        while heard.count < count, Date() < deadline { usleep(2000) }
        return heard
    }

    private func handle(_ message: SessionBusConnection.Message, on bus: SessionBusConnection, answering: Bool) {
        guard let member = message.member else { return }
        switch message.type {
        case 1:  // A method call.
            lock.withLock {
                calls.append(([member] + message.arguments).joined(separator: " "))
                if member == "Inhibit", let sender = message.sender { inhibitors.insert(sender) }
            }
            if answering { try? bus.reply(to: message, arguments: member == "Inhibit" ? [UInt32(7)] : []) }
        case 4 where member == "NameOwnerChanged" && message.arguments.count == 3 && message.arguments[2].isEmpty:
            // A name lost its owner: a unique name (`:1.5`) only when its connection closed.
            lock.withLock {
                if inhibitors.remove(message.arguments[0]) != nil { calls.append("the inhibitor left the bus") }
            }
        default:
            break
        }
    }
}
