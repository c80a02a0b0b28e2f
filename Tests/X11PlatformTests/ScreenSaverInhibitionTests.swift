import Foundation
import HeadlessXorg
import X11TestSupport
import XCTest
@testable import X11Host
@testable import X11Platform

/// The kiosk's hold on the desktop screensaver, against a real `dbus-daemon` started by
/// the test and a screensaver service of the test's own on it (`FakeScreenSaver`):
/// asked and ended in process, and by a `touch-sandbox --kiosk` that exits cleanly or
/// is killed.
final class ScreenSaverInhibitionTests: XCTestCase {
    func testTheKioskInhibitsTheScreensaverAndEndsItAtClose() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let screenSaver = FakeScreenSaver(on: bus.address)

        let (inhibition, phrase) = ScreenSaverInhibition.inhibit(
            application: "kiosk-test", reason: "a touch screen", environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address])
        XCTAssertEqual(phrase, "screensaver inhibited over D-Bus")
        XCTAssertEqual(inhibition?.cookie, 7)
        XCTAssertEqual(inhibition?.path, "/org/freedesktop/ScreenSaver")
        XCTAssertEqual(screenSaver.heard, ["Inhibit kiosk-test a touch screen"])
        inhibition?.end()
        XCTAssertEqual(screenSaver.waitUntilHeard(3),
                       ["Inhibit kiosk-test a touch screen", "UnInhibit 7", "the inhibitor left the bus"])
    }

    func testWithoutAServiceOrABusTheKioskSaysSoAndGoesOn() throws {
        let bus = try PrivateSessionBus()
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

    /// A call the bus did not answer in time may still have inhibited: the kiosk says it
    /// is not inhibited and does not ask again at the older path (`/ScreenSaver`), which
    /// would make a second inhibition nobody ends. Only a service that answers "no such
    /// object" is asked there.
    func testAnUnansweredCallIsNotAskedAgain() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let screenSaver = FakeScreenSaver(on: bus.address, answers: false)
        let (none, phrase) = ScreenSaverInhibition.inhibit(
            application: "kiosk-test", reason: "r", environment: ["DBUS_SESSION_BUS_ADDRESS": bus.address], timeout: 0.2)
        XCTAssertNil(none)
        XCTAssertEqual(phrase, "desktop screensaver NOT inhibited: the screensaver service did not answer "
            + "(the session bus closed or did not answer in time)")
        XCTAssertEqual(screenSaver.waitUntilHeard(2), ["Inhibit kiosk-test r", "the inhibitor left the bus"])
    }

    // MARK: - A kiosk program

    /// The sandbox in kiosk mode asks as itself, says so in its kiosk line, and at a
    /// clean exit (SIGTERM closes its windows) lets the screensaver go before it leaves
    /// the bus.
    func testAKioskThatExitsEndsItsInhibition() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let screenSaver = FakeScreenSaver(on: bus.address)
        let kiosk = try startKiosk(bus: bus)
        XCTAssertEqual(screenSaver.waitUntilHeard(1), [Self.inhibit])
        kill(kiosk.process.processIdentifier, SIGTERM)
        kiosk.process.waitUntilExit()
        XCTAssertEqual(screenSaver.waitUntilHeard(3), [Self.inhibit, "UnInhibit 7", "the inhibitor left the bus"])
        let errors = String(decoding: kiosk.errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        XCTAssertTrue(errors.split(separator: "\n").contains {
            $0.hasPrefix("touch-sandbox: kiosk: fullscreen on ") && $0.hasSuffix("; screensaver inhibited over D-Bus")
        }, errors)
    }

    /// A kiosk killed outright says nothing more, but its bus connection closes with the
    /// process, and a desktop's screensaver drops an inhibition whose holder left: the
    /// hold cannot outlive the kiosk.
    func testAKilledKioskLeavesTheBusAndWithItItsInhibition() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let screenSaver = FakeScreenSaver(on: bus.address)
        let kiosk = try startKiosk(bus: bus)
        XCTAssertEqual(screenSaver.waitUntilHeard(1), [Self.inhibit])
        kill(kiosk.process.processIdentifier, SIGKILL)
        kiosk.process.waitUntilExit()
        XCTAssertEqual(screenSaver.waitUntilHeard(2), [Self.inhibit, "the inhibitor left the bus"])
    }

    /// A kiosk asked to end after it was made but before it started (the moment a
    /// program builds its scenes in) gives the screensaver back: CI once sent SIGTERM in
    /// that moment, and the signal's default action ended the process with the
    /// inhibition still held. From the kiosk host's initializer on, the signals are
    /// handled and the host is closed by them.
    func testAKioskEndedBeforeItStartedStillLetsTheScreensaverGo() throws {
        let bus = try PrivateSessionBus()
        defer { bus.stop() }
        let screenSaver = FakeScreenSaver(on: bus.address)
        let server = try HeadlessXorg.shared()
        let address = bus.address
        try onMainActor {
            let previous = ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"]
            setenv("DBUS_SESSION_BUS_ADDRESS", address, 1)
            defer {
                if let previous { setenv("DBUS_SESSION_BUS_ADDRESS", previous, 1) } else { unsetenv("DBUS_SESSION_BUS_ADDRESS") }
            }
            let host = try X11Host(options: X11Host.Options(display: server.display,
                                                            kiosk: KioskConfiguration(idleTimeout: 0)))
            var action = sigaction()
            sigaction(SIGTERM, nil, &action)
            XCTAssertNotEqual(unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self), 0,
                              "SIGTERM no longer has its default action once a kiosk host exists")
            XCTAssertEqual(screenSaver.heard, ["Inhibit \(ProgramName.current) kiosk mode: a touch screen people walk up to"])
            // What the signal's handler does before it exits; it closes the host and
            // its connection.
            TerminationSignals.shutDown(by: .terminate)
            XCTAssertTrue(host.isClosed)
            XCTAssertEqual(screenSaver.waitUntilHeard(3).dropFirst(), ["UnInhibit 7", "the inhibitor left the bus"])
        }
    }

    private static let inhibit = "Inhibit touch-sandbox kiosk mode: a touch screen people walk up to"

    /// `touch-sandbox --kiosk` on the shared headless server with `bus` as its session
    /// bus; its standard error is kept for reading after it exits.
    private func startKiosk(bus: PrivateSessionBus) throws -> (process: Process, errors: Pipe) {
        let server = try HeadlessXorg.shared()
        let process = Process()
        // The sandbox is built beside the test bundle.
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
            .appendingPathComponent("touch-sandbox")
        process.arguments = ["--display", server.display, "--kiosk", "--idle", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, errors)
    }

    // MARK: - Addresses

    func testAddressesNameTheirSocket() {
        XCTAssertEqual(SessionBusConnection.socketAddress("unix:path=/run/user/1000/bus")?.path, "/run/user/1000/bus")
        XCTAssertEqual(SessionBusConnection.socketAddress("unix:abstract=/tmp/dbus-x,guid=ab")?.isAbstract, true)
        XCTAssertEqual(SessionBusConnection.socketAddress("tcp:host=a,port=1;unix:path=/b")?.path, "/b")
        XCTAssertNil(SessionBusConnection.socketAddress("tcp:host=a,port=1"))
    }
}
