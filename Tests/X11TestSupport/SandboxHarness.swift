import CX11
import Foundation
import HeadlessXorg
import SandboxDebugging
import TouchSandbox
import UIKit
import X11Host
import XCTest

/// The real sandbox application in this process, on the shared headless server, with
/// every batch it consumed recorded: a test sends input frame k+1 only after
/// `waitForBatches(k)` saw the app consume frame k.
@MainActor
package final class SandboxHarness {
    package let server: HeadlessXorg
    package let app: SandboxApp
    package let runner: X11ApplicationRunner
    package let pixels: WindowPixelReader
    /// Every batch the app was given, first in its input chain.
    private let recorder: BatchRecorder
    package var batches: [[TouchSample]] { recorder.batches }

    /// Launches the sandbox through `UIApplicationMain`'s runner, as `touch-sandbox` does.
    package init(scene: any Scene.Type = SceneCatalog.defaultScene, size: CGSize = CGSize(width: 1024, height: 768)) throws {
        server = try HeadlessXorg.shared()
        pixels = try WindowPixelReader(displayName: server.display)
        app = SandboxApp(sceneType: scene)
        runner = X11ApplicationRunner(options: X11Host.Options(display: server.display, size: size,
                                                               title: SandboxApp.title(for: scene)))
        let recorder = BatchRecorder()
        self.recorder = recorder
        runner.configureHost = { [app] host, window in
            app.decorate(host, showing: window)
            host.addInputFilter(recorder)
        }
        runner.launch(delegate: SandboxAppDelegate(sceneType: scene))
        // Mapped and drawn once: the first frame shows the scene's background.
        XCTAssertTrue(waitForPixel(at: CGPoint(x: 5, y: 100)) { $0 == Self.background }, "the window shows its first frame")
    }

    package static let background: UInt32 = 0x1C1C1E

    /// The XI device id the server gave a named device.
    package func deviceID(_ name: String) -> Int? {
        host.touchDevices.first { $0.name == name }?.id
    }

    /// Runs the main run loop until `count` batches were consumed (or 5 s passed).
    @discardableResult
    package func waitForBatches(_ count: Int, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        let ok = runLoop(until: { self.batches.count >= count })
        XCTAssertTrue(ok, "the app consumed \(batches.count) of \(count) batches", file: file, line: line)
        return ok
    }

    /// Runs the main run loop until `condition` holds or `timeout` passes.
    package func runLoop(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
        X11TestSupport.runLoop(timeout: timeout, until: condition)
    }

    /// Polls the window's pixel at a point (window points, scale 1), running the app's
    /// loop meanwhile, until `condition` holds.
    package func waitForPixel(at point: CGPoint, timeout: TimeInterval = 5, until condition: (UInt32) -> Bool) -> Bool {
        runLoop(timeout: timeout) {
            pixels.pixel(of: host.window.id, x: Int(point.x), y: Int(point.y)).map(condition) ?? false
        }
    }

    /// Runs the loop until `value` gives something (or 5 s pass), and returns it.
    package func runLoopValue<T>(_ value: () -> T?) -> T? {
        var found: T?
        _ = runLoop { found = value(); return found != nil }
        return found
    }

    package func pixel(at point: CGPoint) -> UInt32? {
        pixels.pixel(of: host.window.id, x: Int(point.x), y: Int(point.y))
    }

    /// The colour a spot's translucent fill has over the scene's background (at the
    /// fill's opacity for a touch that is the app's, unless told otherwise).
    package static func spotFill(for id: TouchSample.ID, alpha: Double = TouchSpotsOverlay.fillAlpha) -> UInt32 {
        let color = TouchSpotsOverlay.color(for: id)
        func channel(_ value: Double, _ shift: UInt32) -> UInt32 {
            let under = Double((background >> shift) & 0xFF) / 255
            return UInt32(((value * alpha + under * (1 - alpha)) * 255).rounded())
        }
        return channel(color.red, 16) << 16 | channel(color.green, 8) << 8 | channel(color.blue, 0)
    }

    /// A point inside a spot's fill, clear of its outline and its id label.
    package static func fillProbe(_ center: CGPoint) -> CGPoint {
        CGPoint(x: center.x, y: center.y - 12)
    }

    /// The X window showing the scene.
    package var host: X11Host { app.host! }

    package func close() {
        runner.shutdown()
    }
}

/// Whether two 0xRRGGBB colours differ by at most `tolerance` in every channel.
package func colorsMatch(_ a: UInt32, _ b: UInt32, tolerance: Int32 = 3) -> Bool {
    (0..<3).allSatisfy { channel in
        let shift = UInt32(channel * 8)
        return abs(Int32((a >> shift) & 0xFF) - Int32((b >> shift) & 0xFF)) <= tolerance
    }
}

/// Runs `body` with a connection of its own to the display `name` (another client).
package func withDisplay<T>(_ name: String, _ body: (OpaquePointer) throws -> T) throws -> T {
    let display = try XCTUnwrap(XOpenDisplay(name))
    defer { XCloseDisplay(display) }
    return try body(display)
}

/// Enables or disables an input device the way `xinput disable` does: through its
/// "Device Enabled" property.
package func setDeviceEnabled(_ enabled: Bool, device: Int, display displayName: String) {
    guard let display = XOpenDisplay(displayName) else { return XCTFail("cannot open \(displayName)") }
    defer { XCloseDisplay(display) }
    let property = XInternAtom(display, "Device Enabled", 0)
    var value: UInt8 = enabled ? 1 : 0
    XIChangeProperty(display, Int32(device), property, XA_INTEGER, 8, PropModeReplace, &value, 1)
    XSync(display, 0)
}

/// A runner for a program of one's own on the shared headless server, with a 640 × 480
/// screen; the caller shuts it down.
@MainActor
package func makeRunner() throws -> (server: HeadlessXorg, runner: X11ApplicationRunner) {
    let server = try HeadlessXorg.shared()
    let runner = X11ApplicationRunner(options: X11Host.Options(display: server.display, size: CGSize(width: 640, height: 480)))
    return (server, runner)
}

/// Runs the main run loop until `condition` holds or `timeout` passes; false on timeout.
@MainActor
package func runLoop(timeout: TimeInterval = 5, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        _ = RunLoop.main.run(mode: .default, before: Date().addingTimeInterval(0.002))
    }
    return true
}

/// Runs a test body on the main actor. XCTest on Linux runs tests on the main thread but
/// cannot call `@MainActor` test methods, so each test body enters the actor here.
package func onMainActor(_ body: @MainActor () throws -> Void) rethrows {
    try MainActor.assumeIsolated(body)
}

/// Asserts a sample's phase and position; XI2 carries positions as 16.16 fixed point.
package func assertSample(_ sample: TouchSample?, _ phase: TouchSample.Phase, at point: CGPoint,
                  file: StaticString = #filePath, line: UInt = #line) {
    let precision = 2.0 / 65536
    guard let sample else { return XCTFail("no sample", file: file, line: line) }
    XCTAssertEqual(sample.phase, phase, file: file, line: line)
    XCTAssertEqual(sample.location.x, point.x, accuracy: precision, file: file, line: line)
    XCTAssertEqual(sample.location.y, point.y, accuracy: precision, file: file, line: line)
}

/// A 320 × 240 host on the shared headless server, for a test of the platform alone;
/// close it with `closeHeadlessHost(_:)`.
@MainActor
package func openHeadlessHost() throws -> (server: HeadlessXorg, host: X11Host) {
    let server = try HeadlessXorg.shared()
    let host = try X11Host(configuration: X11Host.Configuration(display: server.display, size: CGSize(width: 320, height: 240)))
    return (server, host)
}

/// Closes a host from `openHeadlessHost()`, and its connection.
@MainActor
package func closeHeadlessHost(_ host: X11Host) {
    host.close()
    host.connection.close()
}
