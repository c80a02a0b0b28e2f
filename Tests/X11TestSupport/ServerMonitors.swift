import CX11
import Foundation
import HeadlessXorg
import X11Host
import XCTest

/// Runs `xrandr` on the test server (what a person types to define monitors). With
/// `check`, a failure fails the test; without, its complaints are not printed (cleaning
/// up deletes monitors a test may not have added).
package func xrandr(_ server: HeadlessXorg, _ arguments: String..., check: Bool = true,
            file: StaticString = #filePath, line: UInt = #line) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/xrandr")
    process.arguments = ["--display", server.display] + arguments
    if !check { process.standardError = FileHandle.nullDevice }
    try process.run()
    process.waitUntilExit()
    if check {
        XCTAssertEqual(process.terminationStatus, 0, "xrandr \(arguments.joined(separator: " "))", file: file, line: line)
    }
}

/// Splits the server's screen into two RandR monitors, LEFT and RIGHT, as
/// `xrandr --setmonitor` splits one wide panel; `removeHalves` undoes it.
package func addHalves(_ server: HeadlessXorg) throws {
    for monitor in halves(of: server) {
        try xrandr(server, "--setmonitor", monitor.name,
                   "\(monitor.width)/100x\(monitor.height)/100+\(monitor.x)+\(monitor.y)", "none")
    }
}

/// The monitors `addHalves` defines, as the kiosk finds them: LEFT, then RIGHT.
package func halves(of server: HeadlessXorg) -> [KioskScreenMonitor] {
    let half = server.screenSize.width / 2, height = server.screenSize.height
    return [KioskScreenMonitor(name: "LEFT", x: 0, y: 0, width: half, height: height),
            KioskScreenMonitor(name: "RIGHT", x: half, y: 0, width: half, height: height)]
}

package func removeHalves(_ server: HeadlessXorg) {
    try? xrandr(server, "--delmonitor", "LEFT", check: false)
    try? xrandr(server, "--delmonitor", "RIGHT", check: false)
}

/// Makes the screen a desk of two monitors side by side, as two screens plugged in
/// give: LEFT takes the screen's one output (so its automatic monitor goes) and RIGHT
/// is added beside it; `removeHalves` undoes it and the output's monitor comes back.
/// Unlike `addHalves`, no monitor overlaps another, as with real monitors.
package func addTwoMonitorDesk(_ server: HeadlessXorg) throws {
    let half = server.screenSize.width / 2, height = server.screenSize.height
    try xrandr(server, "--setmonitor", "LEFT", "\(half)/100x\(height)/100+0+0", "DUMMY0")
    try xrandr(server, "--setmonitor", "RIGHT", "\(half)/100x\(height)/100+\(half)+0", "none")
}

/// A window's atom-list property (`_NET_WM_STATE`, the root's `_NET_SUPPORTED`), read
/// by the test's own connection.
package func windowAtoms(_ display: OpaquePointer, _ window: Window, _ property: Atom) -> [Atom] {
    var type: Atom = 0
    var format: Int32 = 0
    var count: UInt = 0
    var remaining: UInt = 0
    var data: UnsafeMutablePointer<UInt8>?
    guard XGetWindowProperty(display, window, property, 0, 1024, 0, XA_ATOM, &type, &format, &count, &remaining,
                             &data) == Success, let data else { return [] }
    defer { XFree(data) }
    return data.withMemoryRebound(to: Atom.self, capacity: Int(count)) { Array(UnsafeBufferPointer(start: $0, count: Int(count))) }
}
