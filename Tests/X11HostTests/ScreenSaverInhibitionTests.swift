import Foundation
import XCTest
@testable import X11Host

/// The kiosk's hold on the desktop screensaver, against a real `dbus-daemon` started by
/// the test and a screensaver service of the test's own on it (on a thread of its own,
/// as a desktop's runs in another process).
final class ScreenSaverInhibitionTests: XCTestCase {
    /// A private session bus, with its address.
    private final class PrivateBus {
        let process = Process()
        let address: String
        let folder: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("bus-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            address = "unix:path=\(folder.appendingPathComponent("bus").path)"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
            process.arguments = ["--session", "--nofork", "--nopidfile", "--address=\(address)"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let socket = folder.appendingPathComponent("bus").path
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: socket), Date() < deadline { usleep(2000) }
        }

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// What the fake screensaver heard, in order: "Inhibit app reason", "UnInhibit 7".
    private final class Heard: @unchecked Sendable {
        private let lock = NSLock()
        private var calls: [String] = []
        var all: [String] { lock.withLock { calls } }
        func note(_ call: String) { lock.withLock { calls.append(call) } }
    }

    /// Serves `org.freedesktop.ScreenSaver` on `address` from a thread: answers Inhibit
    /// with cookie 7, and UnInhibit; returns once the name is owned.
    private func startScreenSaver(on address: String, heard: Heard) throws {
        let ready = DispatchSemaphore(value: 0)
        let thread = Thread {
            guard let bus = try? SessionBusConnection(address: address, timeout: 10) else {
                ready.signal()
                return
            }
            _ = try? bus.call(destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus",
                              interface: "org.freedesktop.DBus", member: "RequestName",
                              arguments: ["org.freedesktop.ScreenSaver", UInt32(4)])
            ready.signal()
            while let message = try? bus.receive() {
                guard message.type == 1, let member = message.member else { continue }
                heard.note(([member] + message.arguments).joined(separator: " "))
                try? bus.reply(to: message, arguments: member == "Inhibit" ? [UInt32(7)] : [])
            }
        }
        thread.start()
        XCTAssertEqual(ready.wait(timeout: .now() + 10), .success)
    }

    func testTheKioskInhibitsTheScreensaverAndEndsItAtClose() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let heard = Heard()
        try startScreenSaver(on: bus.address, heard: heard)

        let (inhibition, phrase) = ScreenSaverInhibition.inhibit(
            application: "kiosk-test", reason: "a touch screen", environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        XCTAssertEqual(phrase, "screensaver inhibited over D-Bus")
        XCTAssertEqual(inhibition?.cookie, 7)
        XCTAssertEqual(inhibition?.path, "/org/freedesktop/ScreenSaver")
        XCTAssertEqual(heard.all, ["Inhibit kiosk-test a touch screen"])
        inhibition?.end()
        let deadline = Date().addingTimeInterval(10)
        while heard.all.count < 2, Date() < deadline { usleep(2000) }
        XCTAssertEqual(heard.all, ["Inhibit kiosk-test a touch screen", "UnInhibit 7"])
    }

    func testWithoutAServiceOrABusTheKioskSaysSoAndGoesOn() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let (none, phrase) = ScreenSaverInhibition.inhibit(
            application: "kiosk-test", reason: "r", environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        XCTAssertNil(none)
        XCTAssertTrue(phrase.hasPrefix("desktop screensaver NOT inhibited: the session bus has no screensaver service "
            + "(org.freedesktop.DBus.Error.ServiceUnknown"), phrase)

        let (noBus, noBusPhrase) = ScreenSaverInhibition.inhibit(application: "kiosk-test", reason: "r", environment: [:])
        XCTAssertNil(noBus)
        XCTAssertEqual(noBusPhrase, "no session bus, so no desktop screensaver to inhibit")

        let (gone, gonePhrase) = ScreenSaverInhibition.inhibit(
            application: "kiosk-test", reason: "r",
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=\(bus.folder.path)/nothing-here"])
        XCTAssertNil(gone)
        XCTAssertTrue(gonePhrase.hasPrefix("desktop screensaver NOT inhibited (cannot connect to the session bus at unix:path="),
                      gonePhrase)
    }

    func testAddressesNameTheirSocket() {
        XCTAssertEqual(SessionBusConnection.socketAddress("unix:path=/run/user/1000/bus")?.path, "/run/user/1000/bus")
        XCTAssertEqual(SessionBusConnection.socketAddress("unix:abstract=/tmp/dbus-x,guid=ab")?.isAbstract, true)
        XCTAssertEqual(SessionBusConnection.socketAddress("tcp:host=a,port=1;unix:path=/b")?.path, "/b")
        XCTAssertNil(SessionBusConnection.socketAddress("tcp:host=a,port=1"))
    }
}
