import CX11
import FileSafety
import Foundation
import HeadlessXorg
import UIKit
import X11Host
import X11TestSupport
import XCTest

/// A kiosk maps a touchscreen that spans several monitors to its own, on the shared
/// headless server, where two `xrandr --setmonitor` halves LEFT and RIGHT split the
/// dummy screen and both inputtest touchscreens start at the identity matrix. Every
/// test puts the monitors, the matrices and the state files back as it found them
/// (identity, none), since the whole suite shares the server.
final class TouchscreenMappingTests: XCTestCase {
    static let devices = ["touchscreen", "touchscreen-2"]

    // MARK: - Geometry (no server)

    func testAMonitorsMatrixCoversExactlyThatMonitor() {
        let screen = (width: 3200, height: 1080)
        let right = KioskScreenMonitor(name: "DP-1", x: 1920, y: 0, width: 1280, height: 1024)
        let left = KioskScreenMonitor(name: "HDMI-1", x: 0, y: 0, width: 1920, height: 1080)
        let matrix = TouchscreenMapping.matrix(for: right, screen: screen)
        XCTAssertEqual(matrix, [Float(1280.0 / 3200), 0, Float(1920.0 / 3200), 0, Float(1024.0 / 1080), 0, 0, 0, 1])
        XCTAssertEqual(TouchscreenMapping.monitor(coveredBy: matrix, among: [left, right], screen: screen), right)
        XCTAssertNil(TouchscreenMapping.monitor(coveredBy: TouchscreenMapping.identity, among: [left, right], screen: screen))
        // Rotated half a turn, it still covers the same rectangle.
        let upsideDown: [Float] = [-0.4, 0, 1, 0, -Float(1024.0 / 1080), Float(1024.0 / 1080), 0, 0, 1]
        XCTAssertEqual(TouchscreenMapping.monitor(coveredBy: upsideDown, among: [left, right], screen: screen), right)
    }

    // MARK: - On the headless server

    func testAKioskMapsASpanningTouchscreenToItsMonitorUntilItCloses() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let (width, height) = server.screenSize
            let names = Self.monitorNames(probe)
            let right = halves(of: server)[1]
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), TouchscreenMapping.identity)

            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "RIGHT")))
            var lines: [String] = []
            host.log = { lines.append($0) }
            let recorder = BatchRecorder()
            host.addInputFilter(recorder)
            host.start()
            XSync(host.connection.display, 0)

            let mapped = TouchscreenMapping.matrix(for: right, screen: server.screenSize)
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), mapped)
            XCTAssertEqual(Self.matrix(probe, "touchscreen-2"), mapped)
            let spans = Self.list(names)
            XCTAssertEqual(lines.dropFirst().first, "kiosk: " + Self.devices.map {
                "touchscreen \"\($0)\" spans \(spans); mapped to RIGHT for the kiosk (restored at exit)"
            }.joined(separator: "; "))
            let file = TouchscreenMapping.stateFile(display: server.display, device: "touchscreen")
            let saved = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any]
            XCTAssertEqual((saved?["matrix"] as? [Double])?.map { Float($0) }, TouchscreenMapping.identity)

            // The finger in the device's middle is in the middle of RIGHT, where the
            // window is: the server delivers it there, at the window's centre.
            try server.touchscreen.touches([(1, .begin, CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2))])
            XCTAssertTrue(runLoop { !recorder.batches.isEmpty }, "the touch reached the kiosk window")
            let sample = try XCTUnwrap(recorder.batches.first?.first)
            XCTAssertEqual(sample.phase, .began)
            XCTAssertEqual(sample.location.x, host.size.width / 2, accuracy: 0.5)
            XCTAssertEqual(sample.location.y, host.size.height / 2, accuracy: 0.5)
            try server.touchscreen.touches([(1, .end, CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2))])
            XCTAssertTrue(runLoop { recorder.batches.count >= 2 }, "the touch ended in the kiosk window")

            Self.closeAndExpectEveryMatrixPutBack(host, server: server, probe: probe)
        }
    }

    func testAMatrixACrashedKioskLeftIsRestoredAndItsFileRemoved() throws {
        try onHeadlessServer(withHalves: false) { server, probe in
            // What a kiosk on the right half writes and sets, and then never undoes.
            let file = try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: TouchscreenMapping.identity)
            let half: [Float] = [0.5, 0, 0.5, 0, 1, 0, 0, 0, 1]
            Self.setMatrix(probe, "touchscreen", half)
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), half)

            let line = try TouchscreenMapping.restoreLeftovers(display: server.display)
            XCTAssertEqual(line, "touch mapping: restored the matrix a previous kiosk left on touchscreen \"touchscreen\"")
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), TouchscreenMapping.identity)
            XCTAssertFalse(FileManager.default.fileExists(atPath: file.path))
            XCTAssertEqual(try TouchscreenMapping.restoreLeftovers(display: server.display),
                           "touch mapping: nothing to restore on \(server.display)")
        }
    }

    /// A kiosk on RIGHT was killed: its state file holds the touchscreen's original
    /// matrix and the device is still mapped to RIGHT. The next kiosk, on LEFT, puts the
    /// original back before it looks at the touchscreens (left on RIGHT, the touchscreen
    /// would be "mapped to RIGHT, not the kiosk's LEFT; left as it is"), so it maps it to
    /// LEFT, and touches land under the finger there.
    func testTheNextKioskStartRestoresTheMatrixACrashedKioskLeft() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let (width, height) = server.screenSize
            let (left, right) = (halves(of: server)[0], halves(of: server)[1])
            try Self.plantStateFile(display: server.display, device: "touchscreen", matrix: TouchscreenMapping.identity)
            Self.setMatrix(probe, "touchscreen", TouchscreenMapping.matrix(for: right, screen: server.screenSize))

            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "LEFT")))
            var lines: [String] = []
            host.log = { lines.append($0) }
            let recorder = BatchRecorder()
            host.addInputFilter(recorder)
            host.start()
            XCTAssertEqual(lines.dropFirst().first,
                           "kiosk: touch mapping: restored the matrix a previous kiosk left on touchscreen \"touchscreen\"; "
                           + Self.devices.map {
                               "touchscreen \"\($0)\" spans \(Self.list(Self.monitorNames(probe))); mapped to LEFT for the kiosk (restored at exit)"
                           }.joined(separator: "; "))
            let mapped = TouchscreenMapping.matrix(for: left, screen: server.screenSize)
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), mapped)

            // The device's middle is LEFT's middle, the window's centre.
            let middle = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
            try server.touchscreen.touches([(1, .begin, middle)])
            XCTAssertTrue(runLoop { !recorder.batches.isEmpty }, "the touch reached the kiosk window")
            let sample = try XCTUnwrap(recorder.batches.first?.first)
            XCTAssertEqual(sample.location.x, host.size.width / 2, accuracy: 0.5)
            XCTAssertEqual(sample.location.y, host.size.height / 2, accuracy: 0.5)
            try server.touchscreen.touches([(1, .end, middle)])
            XCTAssertTrue(runLoop { recorder.batches.count >= 2 })

            Self.closeAndExpectEveryMatrixPutBack(host, server: server, probe: probe)
        }
    }

    /// A kiosk's touchscreen disabled and enabled (`xinput disable/enable`) keeps the
    /// kiosk's matrix: the server keeps the device, its id and its properties. One that
    /// comes back with the server's default matrix, as a touchscreen unplugged and
    /// plugged in again does (stood for here by setting the identity while it is
    /// disabled: with AutoAddDevices off the test server has no real hotplug), is mapped
    /// to the kiosk's monitor again. Either way its touches land under the finger on the
    /// kiosk's monitor, and the original comes back at the end.
    func testATouchscreenThatComesBackStillLandsOnTheKiosksMonitor() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let (width, height) = server.screenSize
            let right = halves(of: server)[1]
            let mapped = TouchscreenMapping.matrix(for: right, screen: server.screenSize)
            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "RIGHT")))
            var lines: [String] = []
            host.log = { lines.append($0) }
            let recorder = BatchRecorder()
            host.addInputFilter(recorder)
            host.start()
            let touchscreen = server.secondTouchscreen
            let device = try XCTUnwrap(Self.deviceID(probe, "touchscreen-2"))
            XCTAssertEqual(Self.matrix(probe, "touchscreen-2"), mapped)

            /// A tap on the device's middle, RIGHT's middle: the window's centre.
            @MainActor func tapLandsInTheMiddle(_ id: UInt32, _ message: String) throws {
                let middle = CGPoint(x: CGFloat(width) / 2, y: CGFloat(height) / 2)
                let before = recorder.batches.count
                try touchscreen.touches([(id, .begin, middle)])
                XCTAssertTrue(runLoop { recorder.batches.count > before }, "\(message): \(recorder.batches)")
                try touchscreen.touches([(id, .end, middle)])
                XCTAssertTrue(runLoop { recorder.batches.count > before + 1 }, "\(message): \(recorder.batches)")
                let began = recorder.batches.dropFirst(before).first?.first
                XCTAssertEqual(began?.phase, .began, message)
                XCTAssertEqual(began?.location.x ?? 0, host.size.width / 2, accuracy: 0.5, message)
                XCTAssertEqual(began?.location.y ?? 0, host.size.height / 2, accuracy: 0.5, message)
            }

            // Disabled and enabled: the matrix stays, nothing to do.
            setDeviceEnabled(false, device: Int(device), display: server.display)
            XCTAssertTrue(runLoop { !host.touchDevices.contains { $0.name == "touchscreen-2" } }, "disabled")
            setDeviceEnabled(true, device: Int(device), display: server.display)
            XCTAssertTrue(runLoop { host.touchDevices.contains { $0.name == "touchscreen-2" } }, "enabled")
            XCTAssertEqual(Self.deviceID(probe, "touchscreen-2"), device, "the same device")
            XCTAssertEqual(Self.matrix(probe, "touchscreen-2"), mapped, "xinput disable/enable keeps the matrix")
            XCTAssertFalse(lines.contains { $0.contains("came back") }, "\(lines)")
            try touchscreen.reconnect()
            try tapLandsInTheMiddle(1, "after disable/enable")

            // Back with the server's default matrix: mapped again.
            setDeviceEnabled(false, device: Int(device), display: server.display)
            XCTAssertTrue(runLoop { !host.touchDevices.contains { $0.name == "touchscreen-2" } }, "disabled")
            Self.setMatrix(probe, "touchscreen-2", TouchscreenMapping.identity)
            setDeviceEnabled(true, device: Int(device), display: server.display)
            XCTAssertTrue(runLoop { Self.matrix(probe, "touchscreen-2") == mapped }, "mapped to RIGHT again")
            XCTAssertEqual(lines.last, "kiosk: touchscreen \"touchscreen-2\" came back with another matrix; mapped to RIGHT again")
            try touchscreen.reconnect()
            try tapLandsInTheMiddle(2, "after coming back with the default matrix")

            Self.closeAndExpectEveryMatrixPutBack(host, server: server, probe: probe)
        }
    }

    /// A touchscreen that arrives while the kiosk runs goes through the start's rule:
    /// touchscreen-2, on LEFT alone at the start (another screen's, left as it is),
    /// comes back spanning both halves (X's default matrix, as a touchscreen plugged in
    /// has), so the kiosk saves that matrix and maps it to RIGHT, and puts it back at
    /// the end.
    func testATouchscreenArrivingWhileTheKioskRunsIsMappedByTheStartsRule() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let (left, right) = (halves(of: server)[0], halves(of: server)[1])
            Self.setMatrix(probe, "touchscreen-2", TouchscreenMapping.matrix(for: left, screen: server.screenSize))
            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration(monitor: "RIGHT")))
            var lines: [String] = []
            host.log = { lines.append($0) }
            host.start()
            let spans = Self.list(Self.monitorNames(probe))
            XCTAssertEqual(lines.dropFirst().first, "kiosk: touchscreen \"touchscreen\" spans \(spans); mapped to RIGHT for the "
                + "kiosk (restored at exit); touchscreen \"touchscreen-2\" is mapped to LEFT, not the kiosk's RIGHT; left as it is")

            let device = try XCTUnwrap(Self.deviceID(probe, "touchscreen-2"))
            setDeviceEnabled(false, device: Int(device), display: server.display)
            XCTAssertTrue(runLoop { !host.touchDevices.contains { $0.name == "touchscreen-2" } }, "disabled")
            Self.setMatrix(probe, "touchscreen-2", TouchscreenMapping.identity)
            setDeviceEnabled(true, device: Int(device), display: server.display)
            let mapped = TouchscreenMapping.matrix(for: right, screen: server.screenSize)
            XCTAssertTrue(runLoop { Self.matrix(probe, "touchscreen-2") == mapped }, "mapped to RIGHT")
            XCTAssertEqual(lines.last, "kiosk: touchscreen \"touchscreen-2\" spans \(spans); mapped to RIGHT for the kiosk (restored at exit)")
            try server.secondTouchscreen.reconnect()

            Self.closeAndExpectEveryMatrixPutBack(host, server: server, probe: probe)
        }
    }

    func testWithNoMonitorConfiguredTheKioskTakesTheTouchscreensMonitor() throws {
        try onHeadlessServer(withHalves: true) { server, probe in
            let (width, height) = server.screenSize
            let right = halves(of: server)[1]
            let mapped = TouchscreenMapping.matrix(for: right, screen: server.screenSize)
            Self.setMatrix(probe, "touchscreen", mapped)

            let host = try X11Host(options: X11Host.Options(display: server.display, kiosk: KioskConfiguration()))
            var lines: [String] = []
            host.log = { lines.append($0) }
            host.start()
            XCTAssertEqual(host.window.kiosk?.monitor.name, "RIGHT")
            XCTAssertEqual(host.size, CGSize(width: width / 2, height: height))
            XCTAssertEqual(lines.dropFirst().first, "kiosk: touchscreen \"touchscreen\" is mapped to RIGHT already; "
                + "touchscreen \"touchscreen-2\" spans \(Self.list(Self.monitorNames(probe))); mapped to RIGHT for the kiosk (restored at exit)")
            host.close()
            host.connection.close()
            // The kiosk did not change the first one, so it is left as it was.
            XCTAssertEqual(Self.matrix(probe, "touchscreen"), mapped)
            XCTAssertEqual(Self.matrix(probe, "touchscreen-2"), TouchscreenMapping.identity)
        }
    }

    // MARK: - Helpers (the test's own Xlib calls, not the code under test)

    /// Closes the kiosk host and checks that every touchscreen has its matrix from before
    /// the kiosk (the identity) and that no state file is left.
    @MainActor
    static func closeAndExpectEveryMatrixPutBack(_ host: X11Host, server: HeadlessXorg, probe: OpaquePointer,
                                          file: StaticString = #filePath, line: UInt = #line) {
        host.close()
        host.connection.close()
        expectEveryMatrixPutBack(server: server, probe: probe, file: file, line: line)
    }

    /// Checks that every touchscreen has its matrix from before the kiosk (the identity)
    /// and that no state file is left.
    static func expectEveryMatrixPutBack(server: HeadlessXorg, probe: OpaquePointer,
                                         file: StaticString = #filePath, line: UInt = #line) {
        for device in devices {
            XCTAssertEqual(matrix(probe, device), TouchscreenMapping.identity,
                           "\(device): its matrix before the kiosk mapped it", file: file, line: line)
            XCTAssertFalse(FileManager.default.fileExists(
                atPath: TouchscreenMapping.stateFile(display: server.display, device: device).path), device,
                file: file, line: line)
        }
    }

    /// Runs `body` on the main actor with the shared server and a connection of the
    /// test's own to it (with the LEFT and RIGHT halves defined, if asked), and puts
    /// the monitors, the matrices and the state files back afterwards.
    func onHeadlessServer(withHalves: Bool, _ body: @MainActor (HeadlessXorg, OpaquePointer) throws -> Void) throws {
        try onMainActor {
            let server = try HeadlessXorg.shared()
            let probe = try XCTUnwrap(XOpenDisplay(server.display))
            defer { XCloseDisplay(probe) }
            if withHalves { try addHalves(server) }
            defer { Self.cleanUp(server, probe) }
            try body(server, probe)
        }
    }

    /// Removes LEFT and RIGHT, sets both touchscreens back to the identity and removes
    /// their state files, whatever the test left.
    private static func cleanUp(_ server: HeadlessXorg, _ probe: OpaquePointer) {
        removeHalves(server)
        for device in devices {
            setMatrix(probe, device, TouchscreenMapping.identity)
            try? FileManager.default.removeItem(at: TouchscreenMapping.stateFile(display: server.display, device: device))
        }
    }

    /// Writes the state file a kiosk that never ended leaves, in the state folder as a
    /// kiosk makes it (mode 0700); `writtenFor` is the display the file says.
    @discardableResult
    static func plantStateFile(display: String, device: String, matrix: [Float], writtenFor: String? = nil) throws -> URL {
        let file = TouchscreenMapping.stateFile(display: display, device: device)
        try PrivateFolder.prepare(file.deletingLastPathComponent().path)
        try JSONSerialization.data(withJSONObject: ["display": writtenFor ?? display, "device": device,
                                                     "matrix": matrix.map(Double.init)]).write(to: file)
        return file
    }

    static func deviceID(_ display: OpaquePointer, _ name: String) -> Int32? {
        var count: Int32 = 0
        guard let infos = XIQueryDevice(display, XIAllDevices, &count) else { return nil }
        defer { XIFreeDeviceInfo(infos) }
        return (0..<Int(count)).first { String(cString: infos[$0].name) == name }.map { infos[$0].deviceid }
    }

    static func matrix(_ display: OpaquePointer, _ name: String) -> [Float]? {
        guard let id = deviceID(display, name) else { return nil }
        let float = XInternAtom(display, "FLOAT", 0)
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, remaining: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard XIGetProperty(display, id, XInternAtom(display, "Coordinate Transformation Matrix", 0), 0, 9, 0, float,
                            &type, &format, &count, &remaining, &data) == Success, let data else { return nil }
        defer { XFree(data) }
        guard type == float, format == 32, count == 9 else { return nil }
        return UnsafeRawPointer(data).withMemoryRebound(to: Float.self, capacity: 9) { Array(UnsafeBufferPointer(start: $0, count: 9)) }
    }

    static func setMatrix(_ display: OpaquePointer, _ name: String, _ matrix: [Float]) {
        guard let id = deviceID(display, name) else { return XCTFail("no device \(name)") }
        var values = matrix
        values.withUnsafeMutableBytes { bytes in
            XIChangeProperty(display, id, XInternAtom(display, "Coordinate Transformation Matrix", 0),
                             XInternAtom(display, "FLOAT", 0), 32, PropModeReplace,
                             bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 9)
        }
        XSync(display, 0)
    }

    static func monitorNames(_ display: OpaquePointer) -> [String] {
        var count: Int32 = 0
        guard let list = XRRGetMonitors(display, XDefaultRootWindow(display), 1, &count) else { return [] }
        defer { XRRFreeMonitors(list) }
        return (0..<Int(count)).map { index in
            XGetAtomName(display, list[index].name).map { atom in
                defer { XFree(atom) }
                return String(cString: atom)
            } ?? ""
        }
    }

    /// `A`, `A and B`, `A, B and C`, as the log line lists monitors.
    static func list(_ names: [String]) -> String {
        names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " and " + names.last!
    }
}
